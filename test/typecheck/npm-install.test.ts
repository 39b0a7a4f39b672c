/**
 * The install route the README gives a TypeScript user, run as written: `npm pack` in the clone, then
 * `npm install <tarball>` in a project. npm runs offline (`--offline`: from its cache, which `make install`
 * filled with the package's dependencies) and leaves the peer `@pulumi/pulumi` to the project
 * (`--legacy-peer-deps`). The project then has the package recorded as `file:…`, its dependencies, the
 * `futrou-emulator` and `pulumi-resource-futrou` bins, and the plugin folder, which the installation page's
 * `pulumi plugin install … --file "$(pwd)/node_modules/pulumi-futrou/dist/plugin"` copies into Pulumi's
 * plugin cache. The generated TypeScript SDK installs the same way from `dist/sdks/nodejs/bin` (npm links
 * the folder) and loads. Needs `make build` (the tarball is packed from dist/ with --ignore-scripts) and
 * `make sdks`.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureToolchainOnPath, repoRoot } from "../e2e/engine";
import { PACKAGE_VERSION, run, SDKS_DIR, scratchPulumiEnv } from "../languages/lifecycle";

jest.setTimeout(300_000);

describe("npm install of the packed tarball into a project", () => {
  let scratch: string;
  let project: string;

  beforeAll(() => {
    ensureToolchainOnPath();
    if (!existsSync(join(repoRoot, "dist", "plugin", "plugin.js"))) throw new Error("run `make build`");
    scratch = mkdtempSync(join(tmpdir(), "futrou-npm-install-"));
    project = join(scratch, "project");
    mkdirSync(project);
    writeFileSync(join(project, "package.json"), JSON.stringify({ name: "shop", private: true }));
    execFileSync("npm", ["pack", "--ignore-scripts", "--silent", "--pack-destination", scratch], { cwd: repoRoot });
  });
  afterAll(() => {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it("installs the package, its dependencies and its bins, recorded as file:", async () => {
    const tarball = join(scratch, `pulumi-futrou-${PACKAGE_VERSION}.tgz`);
    await run("npm", ["install", "--offline", "--legacy-peer-deps", "--no-audit", "--no-fund", tarball], {
      cwd: project,
    });
    const manifest = JSON.parse(readFileSync(join(project, "package.json"), "utf8")) as {
      dependencies: Record<string, string>;
    };
    expect(manifest.dependencies["pulumi-futrou"]).toMatch(/^file:.*pulumi-futrou-.*\.tgz$/);
    const modules = join(project, "node_modules");
    for (const path of ["undici", "zod", ".bin/futrou-emulator", ".bin/pulumi-resource-futrou"]) {
      expect([path, existsSync(join(modules, path))]).toEqual([path, true]);
    }
    for (const file of ["pulumi-resource-futrou", "plugin.js", "schema.json"]) {
      expect([file, existsSync(join(modules, "pulumi-futrou", "dist", "plugin", file))]).toEqual([file, true]);
    }
  });

  it("the plugin goes from the installed package into Pulumi's plugin cache with the documented command", async () => {
    const env = scratchPulumiEnv(scratch);
    await run(
      "sh",
      [
        "-c",
        `pulumi plugin install resource futrou ${PACKAGE_VERSION} --file "$(pwd)/node_modules/pulumi-futrou/dist/plugin"`,
      ],
      { cwd: project, env },
    );
    const listed = JSON.parse(await run("pulumi", ["plugin", "ls", "--json"], { env })) as { name: string }[];
    expect(listed.map((p) => p.name)).toEqual(["futrou"]);
  });

  it("the generated TypeScript SDK installs from dist/sdks/nodejs/bin and loads", async () => {
    await run(
      "npm",
      ["install", "--offline", "--legacy-peer-deps", "--no-audit", "--no-fund", join(SDKS_DIR, "nodejs", "bin")],
      {
        cwd: project,
      },
    );
    const sdk = JSON.parse(readFileSync(join(project, "node_modules", "@futrou", "pulumi", "package.json"), "utf8"));
    expect(sdk).toMatchObject({ name: "@futrou/pulumi", pulumi: { resource: true, name: "futrou" } });
    const exported = await run("node", ["-e", "console.log(Object.keys(require('@futrou/pulumi')).join(' '))"], {
      cwd: project,
    });
    expect(exported.split(" ")).toEqual(expect.arrayContaining(["Serverlet", "Project", "getRegions", "Provider"]));
  });
});
