/**
 * The converter's functions without the engine (provider/convert): which files it reads and how it refuses
 * the others, the requests adoption makes, and `ConvertState`'s list for `pulumi import --from futrou`.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { convertProgram, convertState } from "../../provider/convert";
import { writes } from "../e2e/engine";
import { scratch } from "./helpers";
import { deployedProject } from "./scenario";

const NO_API = { PATH: process.env.PATH } as NodeJS.ProcessEnv;

describe("the config the converter reads", () => {
  const tmp = scratch("convert-source");
  afterAll(() => tmp.remove());
  const folder = (name: string, files: Record<string, string>) => {
    const dir = join(tmp.dir, name);
    mkdirSync(dir, { recursive: true });
    for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
    return dir;
  };

  test("futrou.js is evaluated as `futrou config` does: its default export may be a function", async () => {
    const dir = folder("js", {
      "futrou.js": 'module.exports = async () => ({ proxies: [{ domain: "a.example", target: "10.0.0.1" }] });\n',
    });
    const result = await convertProgram(dir, join(dir, "out"), NO_API);
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const pcl = readFileSync(join(dir, "out", "main.pp"), "utf8");
    expect(pcl).toContain('resource aExample "futrou:index:Proxy" {');
    expect(pcl).toContain('domain = "a.example"');
    // Without a token nothing is looked up, and the user is told what adopting needs.
    expect(result.diagnostics.map((d) => d.summary)).toContainEqual(
      expect.stringContaining("FUTROU_API_TOKEN is not set: no object was looked up"),
    );
  });

  test("futrou.json wins over futrou.js, as in the CLI", async () => {
    const dir = folder("both", {
      "futrou.json": JSON.stringify({ crons: [{ name: "from-json", schedule: "@daily", url: "https://x.example" }] }),
      "futrou.js": "module.exports = { crons: [] };\n",
    });
    await convertProgram(dir, join(dir, "out"), NO_API);
    expect(readFileSync(join(dir, "out", "main.pp"), "utf8")).toContain('name = "from-json"');
  });

  test.each([
    [
      "a TypeScript config",
      { "futrou.ts": "export default {};\n" },
      /^futrou\.ts: a TypeScript config needs bun or deno.*`futrou config > futrou\.json`/,
    ],
    [
      "no config at all",
      {},
      /^no Futrou CLI config in .* \(looked for futrou\.json, futrou\.js, futrou\.cjs, futrou\.mjs, futrou\.ts\)/,
    ],
    ["a file that is not JSON", { "futrou.json": "{ nope" }, /^futrou\.json: not valid JSON/],
    ["a list that is not a list", { "futrou.json": '{"dns": {}}' }, /^futrou\.json: dns /],
  ])("%s is refused in one line naming the file, and nothing is written", async (_what, files, message) => {
    const dir = folder(_what.replaceAll(" ", "-"), files);
    const result = await convertProgram(dir, join(dir, "out"), NO_API);
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]?.severity).toBe("error");
    expect(result.diagnostics[0]?.summary).toMatch(message);
    expect(result.diagnostics[0]?.summary).not.toContain("\n");
    expect(existsSync(join(dir, "out", "main.pp"))).toBe(false);
  });

  test("what has no input in the provider is a comment and a warning, never dropped silently", async () => {
    const dir = folder("unmapped", {
      "futrou.json": JSON.stringify({ dns: [{ domain: "z.example", ttl: 3600, records: [] }] }),
    });
    const result = await convertProgram(dir, join(dir, "out"), NO_API);
    expect(result.diagnostics.map((d) => d.summary)).toContain(
      "dnsZone z.example: ttl = 3600: not mapped to the futrou provider, left out",
    );
    expect(readFileSync(join(dir, "out", "main.pp"), "utf8")).toContain(
      "# ttl = 3600: not mapped to the futrou provider",
    );
  });
});

describe("adoption against the API", () => {
  let emu: RunningEmulator;
  const tmp = scratch("convert-adopt");
  beforeAll(async () => {
    emu = await startEmulator({ generation: "2026-08-30", deployDelayMs: 0, quiet: true });
  });
  afterAll(async () => {
    await emu.close();
    tmp.remove();
  });

  test("one listing per collection and owner, and no write", async () => {
    const { file, ids } = await deployedProject(emu, "2026-08-30");
    writeFileSync(join(tmp.dir, "futrou.json"), JSON.stringify(file));
    emu.resetStats();
    const env = { FUTROU_API_URL: emu.url, FUTROU_API_TOKEN: emu.token } as NodeJS.ProcessEnv;
    const result = await convertProgram(tmp.dir, join(tmp.dir, "out"), env);
    expect(result.adoption?.adopted).toBe(8);
    const stats = emu.stats();
    expect(writes(stats)).toBe(0);
    // The token's workspaces, the projects, then serverlets, storages, zones, proxies and crons listed in the
    // workspace and in the project, and the one zone's records.
    expect(stats.byRoute).toEqual({
      "GET /workspaces": 1,
      "GET /projects": 1,
      "GET /serverlets": 2,
      "GET /storages": 2,
      "GET /dns": 2,
      "GET /proxies": 2,
      "GET /crons": 2,
      "GET /dns/{dnsId}/records": 1,
    });

    // `pulumi import --from futrou`: the same objects, by type, logical name and the provider's id.
    const state = await convertState(tmp.dir, env);
    expect(state.resources).toContainEqual({
      type: "futrou:index:DnsRecord",
      name: "shopExampleWwwA",
      id: `${ids["shop.example"]}/${ids.www}`,
    });
    expect(state.resources).toContainEqual({ type: "futrou:index:Serverlet", name: "web", id: ids.web });
    expect(state.resources).toHaveLength(8);
  });
});
