/**
 * One lifecycle, asserted the same way for every language that runs on the futrou provider plugin (Pulumi
 * YAML, Go through the Automation API's inline source, TypeScript on the generated SDK): the webapp stack
 * (project, volume, storage, serverlet, secret variable, proxy, DNS zone with two records, cron: every kind
 * in provider/api/contract.ts, so a new kind fails here until the programs use it) goes
 * through `up` → no-change `up` → an out-of-band edit through the API → `refresh` shows it → `up` repairs
 * it → `destroy`, against the emulator.
 */
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { FutrouClient } from "../../provider/api/client";
import { COLLECTIONS, type Kind } from "../../provider/api/contract";
import { DnsRecord, DnsZone, Serverlet } from "../../provider/kinds";
import { SECRET_SIG, SECRET_SIG_KEY } from "../../provider/secrets";
import { PASSPHRASE, PLUGIN_DIR, programStack, repoRoot, writes } from "../e2e/engine";

export { PLUGIN_DIR };
/** The SDKs `make sdks` generates from the plugin's schema. */
export const SDKS_DIR = join(repoRoot, "dist", "sdks");

export function requireBuilt(): void {
  if (!existsSync(join(PLUGIN_DIR, "pulumi-resource-futrou"))) {
    throw new Error("the provider plugin is not built: run `make build`");
  }
  if (!existsSync(join(SDKS_DIR, "nodejs", "bin", "index.js"))) {
    throw new Error("the generated SDKs are missing: run `make sdks`");
  }
}

/**
 * Runs a command without blocking this process's event loop (the emulator answers from it); resolves with
 * its stdout, rejects with its exit code and stderr.
 */
export function run(
  command: string,
  args: string[],
  opts: { cwd?: string; env?: NodeJS.ProcessEnv; input?: string } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: opts.cwd, env: opts.env ?? process.env });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => {
      stdout += d;
    });
    child.stderr.on("data", (d: Buffer) => {
      stderr += d;
    });
    child.stdin.end(opts.input ?? "");
    child.on("error", reject);
    child.on("exit", (code, signal) =>
      code === 0
        ? resolve(stdout)
        : // The CLI prints a failed step's diagnostics on stdout, the rest of its errors on stderr.
          reject(
            new Error(
              `${command} ${args.join(" ")} failed (${code ?? signal}):\n${stdout.slice(-3000)}\n${stderr.slice(-3000)}`,
            ),
          ),
    );
  });
}

export type Changes = Record<string, number>;

/** One language's way of running the webapp stack. */
export interface LanguageStack {
  up(): Promise<{ changes: Changes; outputs: Record<string, unknown> }>;
  refresh(): Promise<Changes>;
  destroy(): Promise<Changes>;
  /** The stack's state file as stored at rest. */
  stateAtRest(): Promise<string>;
  dispose(): Promise<void>;
}

export const DB_PASSWORD = "correct-horse-battery-staple-4242";

/** The webapp's colleague (`colleagueUserId`): a user who exists besides the token's own, new per stack. */
export function colleagueOf(emulator: RunningEmulator): string {
  return emulator.createWorkspace({ name: "colleague" }).userId;
}

/** A program the engine runs through its language host (YAML, TypeScript), driven by the Automation API. */
export async function automationStack(program: string, emulator: RunningEmulator): Promise<LanguageStack> {
  const ps = await programStack({
    program,
    env: { FUTROU_API_URL: emulator.url },
    config: {
      "futrou:apiToken": { value: emulator.token, secret: true },
      dbPassword: { value: DB_PASSWORD, secret: true },
      colleagueUserId: { value: colleagueOf(emulator) },
    },
  });
  const quiet = { onOutput: () => {} };
  return {
    async up() {
      const up = await ps.stack.up(quiet);
      return {
        changes: up.summary.resourceChanges ?? {},
        outputs: Object.fromEntries(Object.entries(up.outputs).map(([k, v]) => [k, v.value])),
      };
    },
    refresh: async () => (await ps.stack.refresh(quiet)).summary.resourceChanges ?? {},
    destroy: async () => (await ps.stack.destroy(quiet)).summary.resourceChanges ?? {},
    stateAtRest: () => ps.stateAtRest(),
    dispose: () => ps.dispose(),
  };
}
/** Every kind the provider has; the programs hold one of each, and two DNS records. */
const KINDS = Object.keys(COLLECTIONS) as Kind[];
const typeName = (kind: Kind) => `futrou:index:${kind[0]?.toUpperCase()}${kind.slice(1)}`;
/** The stack, one resource per kind, and the second DNS record. */
const RESOURCES = 1 + KINDS.length + 1;

export function describeLifecycle(
  language: string,
  start: (emulator: RunningEmulator) => Promise<LanguageStack>,
  timeoutMs = 900_000,
): void {
  describe(`${language} on the futrou plugin: up, no-change up, drift, refresh, repair, destroy`, () => {
    let emulator: RunningEmulator;
    let stack: LanguageStack;
    let api: FutrouClient;
    let image = "";

    beforeAll(async () => {
      requireBuilt();
      emulator = await startEmulator({ deployDelayMs: 100 });
      api = new FutrouClient({ baseUrl: emulator.url, token: emulator.token });
      stack = await start(emulator);
    }, timeoutMs);
    afterAll(async () => {
      await stack?.dispose();
      await emulator?.close();
    }, timeoutMs);

    it(
      "up creates every kind; the state holds futrou: types, no serialized code, no plain secret",
      async () => {
        const { changes, outputs } = await stack.up();
        expect(changes).toEqual({ create: RESOURCES });
        expect(outputs.serverletState).toBe("running");
        const inventory = emulator.inventory();
        for (const kind of KINDS.filter((k) => k !== "dnsRecord")) {
          expect([kind, inventory[kind]]).toEqual([kind, [expect.anything()]]);
        }
        expect(inventory.dnsRecord.filter((r) => !r.platform)).toHaveLength(2);
        image = String(inventory.serverlet[0]?.image);

        const state = await stack.stateAtRest();
        const resources: { type: string }[] = JSON.parse(state).checkpoint.latest.resources;
        expect(new Set(resources.map((r) => r.type))).toEqual(
          new Set(["pulumi:pulumi:Stack", "pulumi:providers:futrou", ...KINDS.map(typeName)]),
        );
        expect(state).not.toMatch(/pulumi-nodejs|__provider|require\(/);
        expect(state).not.toContain(DB_PASSWORD);
        expect(state).not.toContain(emulator.token);
        // The deploy token's bearer value is kept from the create answer, sealed: ciphertext at rest.
        const token = JSON.parse(state).checkpoint.latest.resources.find(
          (r: { type: string }) => r.type === typeName("apiToken"),
        )?.outputs?.token;
        expect(token).toEqual({ [SECRET_SIG_KEY]: SECRET_SIG, ciphertext: expect.any(String) });
      },
      timeoutMs,
    );

    it(
      "a second up changes nothing and writes nothing",
      async () => {
        emulator.resetStats();
        const { changes } = await stack.up();
        expect(changes).toEqual({ same: RESOURCES });
        expect(writes(emulator.stats())).toBe(0);
      },
      timeoutMs,
    );

    it(
      "an out-of-band edit shows in refresh, and the next up repairs it",
      async () => {
        const [app] = await api.list("/serverlets", Serverlet);
        const [zone] = await api.list("/dns", DnsZone);
        if (!app || !zone) throw new Error("the stack's serverlet or zone is missing");
        await api.patch(`/serverlets/${app.id}`, { image: `${image}-hotfix` }, Serverlet);
        const www = (await api.list(`/dns/${zone.id}/records`, DnsRecord)).find((r) => r.name === "www");
        if (!www) throw new Error("the stack's www record is missing");
        await api.delete(`/dns/${zone.id}/records/${www.id}`);

        expect(await stack.refresh()).toEqual({ update: 1, delete: 1, same: RESOURCES - 2 });

        const repair = await stack.up();
        expect(repair.changes).toEqual({ update: 1, create: 1, same: RESOURCES - 2 });
        expect((await api.get(`/serverlets/${app.id}`, Serverlet)).image).toBe(image);
        const records = await api.list(`/dns/${zone.id}/records`, DnsRecord);
        expect(records.filter((r) => r.name === "www")).toHaveLength(1);

        emulator.resetStats();
        expect((await stack.up()).changes).toEqual({ same: RESOURCES });
        expect(writes(emulator.stats())).toBe(0);
      },
      timeoutMs,
    );

    it(
      "destroy removes every object",
      async () => {
        expect(await stack.destroy()).toEqual({ delete: RESOURCES });
        const inventory = emulator.inventory();
        for (const kind of KINDS) expect([kind, inventory[kind]]).toEqual([kind, []]);
      },
      timeoutMs,
    );
  });
}

/**
 * What `python3 -m py_compile` cannot see in a program on the generated Python SDK (dist/sdks/python): each
 * `futrou.<Name>(` call that names no class or function of pulumi_futrou, and each `keyword=` argument that
 * no signature there takes. Returns them, one string each (empty when every name is the SDK's).
 */
export function unknownPythonNames(program: string): string[] {
  const dir = join(SDKS_DIR, "python", "pulumi_futrou");
  const sdk = readdirSync(dir)
    .filter((f) => f.endsWith(".py"))
    .map((f) => readFileSync(join(dir, f), "utf8"))
    .join("\n");
  const names = [...program.matchAll(/futrou\.(\w+)\(/g)].map((m) => m[1] ?? "");
  const keywords = [...program.matchAll(/\b([a-z_]+)=/g)].map((m) => m[1] ?? "");
  return [
    ...names.filter((n) => !new RegExp(`^(class|def) ${n}\\b`, "m").test(sdk)).map((n) => `futrou.${n}`),
    ...keywords.filter((k) => !new RegExp(`\\b${k}: `).test(sdk)).map((k) => `${k}=`),
  ];
}

/** The package's version (package.json), which the plugin is installed under. */
export const PACKAGE_VERSION = (JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { version: string })
  .version;

/**
 * The environment of `pulumi` commands run by hand in a scratch folder, as a user's shell would run them but
 * private to the test: its own PULUMI_HOME (plugin cache) and local file backend under root, the tests'
 * passphrase, no update check; plus `extra` (e.g. the emulator's FUTROU_API_URL and FUTROU_API_TOKEN).
 */
export function scratchPulumiEnv(root: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PULUMI_HOME: join(root, "home"),
    PULUMI_BACKEND_URL: `file://${root}`,
    PULUMI_CONFIG_PASSPHRASE: PASSPHRASE,
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DIY_BACKEND_GZIP: "false",
    ...extra,
  };
}
