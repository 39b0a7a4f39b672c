/**
 * The reference pages' YAML examples run: `pulumi preview` of each resource page's example, and of each
 * function page's example that needs no object of its own (regions and plans, which the emulator seeds),
 * on the futrou plugin from a private plugin cache, against the emulator. A property name, type or
 * reference the schema refuses fails the preview. (TypeScript, Go and Python examples are compiled in
 * reference.test.ts.)
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { referencePages, SCHEMA_FILE } from "../../scripts/reference-docs";
import { ensureToolchainOnPath } from "../e2e/engine";
import { PACKAGE_VERSION, PLUGIN_DIR, requireBuilt, run, scratchPulumiEnv } from "../languages/lifecycle";

jest.setTimeout(600_000);

/** Each page's YAML example: page name → program. */
const yamlExamples = [...referencePages(JSON.parse(readFileSync(SCHEMA_FILE, "utf8")))].flatMap(([page, text]) => {
  const code = /```yaml\n([\s\S]*?)\n```/.exec(text)?.[1];
  return code ? [[page.replace(/\.md$/, ""), code] as const] : [];
});
/** Functions that find an object by name would answer "not found" in an empty workspace. */
const runnable = yamlExamples.filter(([page]) => !page.startsWith("get") || /plans?$|regions$/.test(page));

describe("the reference pages' YAML examples preview against the emulator", () => {
  let emulator: RunningEmulator;
  let root: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    ensureToolchainOnPath();
    requireBuilt();
    emulator = await startEmulator({ deployDelayMs: 50, quiet: true });
    root = mkdtempSync(join(tmpdir(), "futrou-reference-yaml-"));
    env = scratchPulumiEnv(root, { FUTROU_API_URL: emulator.url, FUTROU_API_TOKEN: emulator.token });
    await run("pulumi", ["plugin", "install", "resource", "futrou", PACKAGE_VERSION, "--file", PLUGIN_DIR], { env });
  });
  afterAll(async () => {
    await emulator?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it("covers every resource page and the plan and region functions", () => {
    expect(runnable.map(([page]) => page)).toEqual(
      expect.arrayContaining(["serverlet", "dnsrecord", "proxy", "getregions", "getstorageplans", "getdnsplan"]),
    );
    expect(runnable.length).toBeGreaterThanOrEqual(17);
  });

  it.each(runnable.map(([page]) => page))("%s", async (page) => {
    const program = runnable.find(([p]) => p === page)?.[1] ?? "";
    const dir = join(root, page);
    mkdirSync(dir);
    writeFileSync(join(dir, "Pulumi.yaml"), `${program}\n`);
    await run("pulumi", ["stack", "init", `ex-${page}`], { cwd: dir, env });
    const out = await run("pulumi", ["preview", "--non-interactive", "--json"], { cwd: dir, env });
    const preview = JSON.parse(out) as { steps?: { op: string }[] };
    // The stack and each resource of the example plan a create (a function's example has none).
    const resources = program.match(/^ {4}type: futrou:index:/gm)?.length ?? 0;
    expect(preview.steps?.filter((s) => s.op === "create").length).toBe(1 + resources);
    expect(emulator.inventory().project).toEqual([]);
  });
});
