/**
 * The registries that stand in for the public ones (registries.ts), with what `make publish`
 * (scripts/publish.ts) sends them, read back by each language's own client: npm from Verdaccio, pip from
 * pypiserver, go from the module proxy folder that `make release` lays out (scripts/release.ts). A small
 * Python package and Go module stand in for the generated SDKs (this half has no `make sdks`); the npm package
 * is this repository's, packed as a release packs it.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { publishGo, publishNpm, publishPython } from "../../scripts/publish";
import { GO_MODULE, GO_PACKAGE, goProxyModule, version } from "../../scripts/release";
import { run } from "../languages/lifecycle";
import { type Registries, startRegistries } from "./registries";

jest.setTimeout(300_000);

describe("registries on this machine, published to as a release publishes", () => {
  let scratch: string;
  let release: string;
  let registries: Registries;
  const v = version();

  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), "futrou-registries-test-"));
    release = join(scratch, "release");
    mkdirSync(release);
    registries = await startRegistries(release);
  });
  afterAll(async () => {
    await registries?.stop();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it("npm: the published pulumi-futrou resolves from Verdaccio, and a version never published is not found", async () => {
    execFileSync("npm", ["pack", "--ignore-scripts", "--silent", "--pack-destination", release], {
      cwd: join(__dirname, "..", ".."),
    });
    const token = /:_authToken=(\S+)/.exec(readFileSync(registries.npmrc, "utf8"))?.[1];
    publishNpm([join(release, `pulumi-futrou-${v}.tgz`)], registries.npm, token);
    const env = { ...process.env, ...registries.env() };
    expect((await run("npm", ["view", "pulumi-futrou", "version"], { env })).trim()).toBe(v);
    expect((await run("npm", ["view", "pulumi-futrou", "dist.tarball"], { env })).trim()).toBe(
      `${registries.npm}pulumi-futrou/-/pulumi-futrou-${v}.tgz`,
    );
    // The released names have no uplink: nothing but what was published here.
    await expect(run("npm", ["view", "pulumi-futrou@99.0.0", "version"], { env })).rejects.toThrow(/E404|404/);
  });

  it("python: an uploaded wheel installs with pip from pypiserver", async () => {
    const project = join(scratch, "py");
    mkdirSync(join(project, "pulumi_futrou"), { recursive: true });
    writeFileSync(join(project, "pulumi_futrou", "__init__.py"), "VERSION = 'released'\n");
    writeFileSync(
      join(project, "pyproject.toml"),
      `[project]\nname = "pulumi_futrou"\nversion = "${v}"\n[build-system]\nrequires = ["setuptools"]\nbuild-backend = "setuptools.build_meta"\n`,
    );
    const out = join(scratch, "py-dist");
    execFileSync("/usr/bin/python3", ["-c", `from setuptools import build_meta as b; b.build_wheel("${out}")`], {
      cwd: project,
      stdio: "ignore",
    });
    const wheel = readdirSync(out).find((f) => f.endsWith(".whl")) ?? "";
    expect(wheel).toBe(`pulumi_futrou-${v}-py3-none-any.whl`);
    await publishPython([join(out, wheel)], registries.pypi.upload);
    const into = join(scratch, "py-download");
    await run("/usr/bin/python3", ["-m", "pip", "download", "--no-deps", "-d", into, `pulumi_futrou==${v}`], {
      env: { ...process.env, ...registries.env() },
    });
    expect(readdirSync(into)).toEqual([wheel]);
  });

  it("go: go mod tidy resolves the module from the proxy folder, at the release tag", async () => {
    const sdk = join(scratch, "go-sdk");
    // The generated SDK's layout: go.mod at the module root, the package in go/futrou.
    mkdirSync(join(sdk, "go", "futrou"), { recursive: true });
    writeFileSync(join(sdk, "go.mod"), `module ${GO_MODULE}\n\ngo 1.25\n`);
    writeFileSync(join(sdk, "go", "futrou", "futrou.go"), 'package futrou\n\nconst Name = "futrou"\n');
    goProxyModule(sdk, join(release, "goproxy"));
    publishGo(registries.goproxy, release);
    const user = join(scratch, "go-user");
    mkdirSync(user);
    writeFileSync(join(user, "go.mod"), `module shop\n\ngo 1.25\n\nrequire ${GO_MODULE} v${v}\n`);
    writeFileSync(
      join(user, "main.go"),
      `package main\n\nimport "${GO_PACKAGE}"\n\nfunc main() { println(futrou.Name) }\n`,
    );
    // A module cache of its own, so the module comes from the folder, not from an earlier run.
    const env = { ...process.env, ...registries.env(), GOMODCACHE: join(scratch, "gomodcache") };
    await run("go", ["mod", "tidy"], { cwd: user, env });
    expect(readFileSync(join(user, "go.sum"), "utf8")).toContain(`${GO_MODULE} v${v} h1:`);
    await run("go", ["build", "./..."], { cwd: user, env });
    execFileSync("chmod", ["-R", "u+w", join(scratch, "gomodcache")]);
  });
});
