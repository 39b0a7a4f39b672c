/**
 * `pulumi convert --from futrou` as a user of the release runs it, for TypeScript, Python and Go: the converter
 * and the provider installed from the release archives, the converted program's dependencies from the local
 * registries alone (`npm install`, `pip install -r requirements.txt` in a venv, `go mod tidy`), then `pulumi
 * up` adopts every deployed object of the Futrou CLI project and writes nothing to the API (the emulator's
 * request counts). released.test.ts calls `convertedPrograms(world)` in its describe, on the same registries.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { cliProject } from "../../bench/convert";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { PLUGIN_DOWNLOAD_URL } from "../../provider/schema";
import { hostTarget, type Target } from "../../scripts/build-binary";
import { releaseFiles } from "../../scripts/publish";
import { converterArchiveName, GO_MODULE, version } from "../../scripts/release";
import { repoRoot, writes } from "../e2e/engine";
import { run } from "./lifecycle";
import type { ReleasedWorld, User } from "./released-python-go";

/** DNS records in the converted project, beside its project, storage, serverlet, proxy, cron and zone. */
const RECORDS = 2;
const OBJECTS = RECORDS + 6;

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** How a user installs a converted program's dependencies, and which file names the released package. */
interface Language {
  name: "typescript" | "python" | "go";
  /** The language's own install, in the converted folder. */
  install(dir: string, env: NodeJS.ProcessEnv, timed: ReleasedWorld["timed"]): Promise<void>;
  /** What the converted folder asks for of the release, and what the install resolved it to. */
  released(dir: string): { asked: string; installed: string };
}

const LANGUAGES: Language[] = [
  {
    name: "typescript",
    async install(dir, env, timed) {
      await timed("convert typescript: npm install", () =>
        run("npm", ["install", "--no-audit", "--no-fund"], { cwd: dir, env }),
      );
    },
    released(dir) {
      const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
        dependencies: Record<string, string>;
      };
      const ours = Object.entries(manifest.dependencies).filter(([name]) => /futrou/.test(name));
      const installed = JSON.parse(
        readFileSync(join(dir, "node_modules", "@futrou", "pulumi", "package.json"), "utf8"),
      ) as { version: string };
      return { asked: ours.map(([name, range]) => `${name}@${range}`).join(" "), installed: installed.version };
    },
  },
  {
    name: "python",
    async install(dir, env, timed) {
      await timed("convert python: python3 -m venv venv", () =>
        run("python3", ["-m", "venv", "venv"], { cwd: dir, env }),
      );
      await timed("convert python: venv/bin/pip install -r requirements.txt", () =>
        run(join(dir, "venv", "bin", "pip"), ["install", "-r", "requirements.txt"], { cwd: dir, env }),
      );
    },
    released(dir) {
      const asked = readFileSync(join(dir, "requirements.txt"), "utf8")
        .split("\n")
        .filter((line) => /futrou/i.test(line))
        .join(" ");
      const dist = readdirSync(join(dir, "venv", "lib")).flatMap((python) =>
        readdirSync(join(dir, "venv", "lib", python, "site-packages")).filter((d) =>
          /^pulumi_futrou-.*\.dist-info$/.test(d),
        ),
      );
      return { asked, installed: dist.map((d) => d.replace(/^pulumi_futrou-(.*)\.dist-info$/, "$1")).join(" ") };
    },
  },
  {
    name: "go",
    async install(dir, env, timed) {
      await timed("convert go: go mod tidy", () => run("go", ["mod", "tidy"], { cwd: dir, env }));
    },
    released(dir) {
      const mod = readFileSync(join(dir, "go.mod"), "utf8");
      const asked = mod.match(new RegExp(`^\\s*(?:require\\s+)?${literal(GO_MODULE)} (\\S+)$`, "m"))?.[1] ?? "";
      const sum = readFileSync(join(dir, "go.sum"), "utf8");
      const installed = sum.match(new RegExp(`^${literal(GO_MODULE)} (v[^/\\s]+) h1:`, "m"))?.[1] ?? "";
      return { asked: `${GO_MODULE} ${asked}`, installed: installed.replace(/^v/, "") };
    },
  },
];

/** What the converted folder should ask for of the release, per language (the released version, no path). */
const ASKED: Record<Language["name"], RegExp> = {
  typescript: new RegExp(`^@futrou/pulumi@\\^?${literal(version())}$`),
  python: new RegExp(`^pulumi[-_]futrou(==|>=|~=)${literal(version())}$`, "i"),
  go: new RegExp(`^${literal(GO_MODULE)} v${literal(version())}$`),
};

/** `pluginsAsked`: the paths the release archives' server was asked for, so far. */
export function convertedPrograms(world: ReleasedWorld, pluginsAsked: () => string[]): void {
  describe("pulumi convert --from futrou, installed from the registries alone, adopts with no API write", () => {
    /** The API the Futrou CLI project was deployed to, apart from the templates' emulator. */
    let api: RunningEmulator;
    /** The project's futrou.json, as `futrou config pull` writes it. */
    let futrouJson = "";

    beforeAll(async () => {
      api = await startEmulator({ generation: "2026-08-30", deployDelayMs: 0, quiet: true });
      futrouJson = JSON.stringify(await cliProject(api, RECORDS), null, 2);
    });
    afterAll(async () => {
      await api?.close();
    });

    it.each(LANGUAGES)("$name: convert, install, up imports every object and writes nothing", async (language) => {
      const base = world.user(`convert-${language.name}`);
      const u: User = { dir: base.dir, env: { ...base.env, FUTROU_API_URL: api.url, FUTROU_API_TOKEN: api.token } };
      const label = `convert ${language.name}`;
      const pulumi = (args: string[], cwd = u.dir) =>
        world.timed(`${label}: pulumi ${args.join(" ")}`, () => run("pulumi", args, { cwd, env: u.env }));
      mkdirSync(u.dir);
      writeFileSync(join(u.dir, "futrou.json"), futrouJson);
      // The converter and the provider (for its schema) from the release, as the migration guide installs them.
      for (const kind of ["converter", "resource"]) {
        await pulumi(["plugin", "install", kind, "futrou", version(), "--server", PLUGIN_DOWNLOAD_URL]);
      }
      expect(pluginsAsked()).toContain(`/${converterArchiveName(hostTarget() as Target)}`);
      const out = join(u.dir, "..", "converted");
      await pulumi(["convert", "--from", "futrou", "--language", language.name, "--out", out, "--generate-only"]);
      for (const file of readdirSync(out)) {
        expect([file, readFileSync(join(out, file), "utf8").includes(repoRoot)]).toEqual([file, false]);
      }

      await language.install(out, u.env, world.timed);
      const { asked, installed } = language.released(out);
      expect(asked).toMatch(ASKED[language.name]);
      expect(installed).toBe(version());
      if (language.name === "typescript") expect(releaseFiles().npm).toContain(`futrou-pulumi-${version()}.tgz`);
      if (language.name === "python") expect(existsSync(join(out, "venv", "bin", "python"))).toBe(true);

      await run("pulumi", ["stack", "init", "dev"], { cwd: out, env: u.env });
      api.resetStats();
      await pulumi(["up", "--yes", "--skip-preview"], out);
      expect(writes(api.stats())).toBe(0);
      const state = JSON.parse(await run("pulumi", ["stack", "export"], { cwd: out, env: u.env })) as {
        deployment: { resources?: { type: string; id?: string }[] };
      };
      const adopted = (state.deployment.resources ?? []).filter((r) => r.type.startsWith("futrou:index:"));
      expect(adopted).toHaveLength(OBJECTS);
      // The next up has nothing to do.
      await pulumi(["up", "--yes", "--skip-preview", "--expect-no-changes"], out);
      expect(writes(api.stats())).toBe(0);
    });
  });
}
