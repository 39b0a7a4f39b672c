/**
 * Every kind runs the same steps against the emulator, one table row per kind (hcloud acceptance style):
 * create with required fields only → read equals state → update every updatable field → change a
 * replace field → import by id shows no diff → delete (gone remotely; deleting again is fine). In both
 * API generations the emulator can answer in.
 */

import { z } from "zod";
import type { RunningEmulator } from "../../emulator";
import { FutrouClient } from "../../provider/api/client";
import {
  COLLECTIONS,
  GENERATIONS,
  type Generation,
  type Kind,
  PLAN_COLLECTIONS,
  type PlanKind,
} from "../../provider/api/contract";
import { Plan, Region } from "../../provider/api/models";
import { setWarningSink } from "../../provider/engineLog";
import { kinds } from "../../provider/registry";
import { generationsOf, keptNames } from "../../provider/spec";
import { argsOf, type Props, type Provider, type State, stable, startHarness } from "./harness";

interface Context {
  workspaceId: string;
  otherWorkspaceId: string;
  projectId: string;
  zones: [string, string];
  volumeId: string;
  storageId: string;
  plan: (kind: PlanKind) => string;
  region: (name: string) => string;
}

interface Row {
  kind: Kind;
  /** Required fields only. */
  required: (c: Context) => Props;
  /** A new value for every updatable field. */
  update: (c: Context) => Props;
  /** A change to a field in replaceOn. */
  replace: (c: Context) => Props;
  /** The emulator's tokens see one workspace, so moving there is refused (403) and nothing changes. */
  replaceRefused?: boolean;
  /** Updated fields a generation's API ignores (not in its request): the update sends them, nothing stores them. */
  ignoredIn?: Partial<Record<Generation, readonly string[]>>;
}

/**
 * What refresh's warning names per kind when only `updatedAt` moved: docs/drift.md, written out
 * here by hand (not derived from the specs, so the test checks the guide's sentence, not the code with itself).
 */
const UNSEEN: Record<Kind, Partial<Record<Generation | "both", readonly string[]>>> = {
  project: { both: [] },
  variable: { both: ["value"] },
  dnsZone: { both: ["projectId", "dnsPlanId"] },
  dnsRecord: { both: [] },
  cron: { both: [] },
  proxy: { "2026-08-02": ["projectId", "proxyPlanId", "regionId", "rules"], "2026-08-30": ["compress"] },
  volume: { both: ["projectId", "volumePlanId"] },
  storage: { both: [] },
  serverlet: {
    "2026-08-02": ["serverletPlanId", "projectId", "env", "volumes", "mounts", "ports", "scaling", "arch"],
    "2026-08-30": ["cpu", "ram", "env", "volumes", "ports", "networkId", "runtime"],
  },
};

const rows: Row[] = [
  {
    kind: "project",
    required: () => ({}),
    update: () => ({ name: "renamed-project", displayName: "Renamed project" }),
    replace: (c) => ({ workspaceId: c.otherWorkspaceId }),
    replaceRefused: true,
  },
  {
    kind: "variable",
    required: (c) => ({ key: "API_URL", value: "https://v1.example.com", workspaceId: c.workspaceId }),
    update: () => ({ value: "https://v2.example.com", isSecret: true, description: "where the API lives" }),
    replace: () => ({ key: "API_BASE_URL" }),
  },
  {
    kind: "dnsZone",
    required: () => ({ domain: "zone-a.example.com" }),
    update: (c) => ({ enableDnssec: true, projectId: c.projectId, dnsPlanId: c.plan("dns") }),
    replace: () => ({ domain: "zone-b.example.com" }),
  },
  {
    kind: "dnsRecord",
    required: (c) => ({ dnsId: c.zones[0], name: "www", type: "A", value: "203.0.113.10" }),
    update: () => ({ name: "@", type: "MX", value: "mx.example.com", ttl: 600, priority: 10 }),
    replace: (c) => ({ dnsId: c.zones[1] }),
  },
  {
    kind: "cron",
    required: () => ({ schedule: "*/5 * * * *", url: "https://example.com/hook" }),
    update: (c) => ({
      name: "nightly",
      schedule: "@daily",
      type: "code",
      method: "POST",
      url: "https://example.com/other",
      headers: { Authorization: "Bearer s3cret" },
      body: '{"full":true}',
      code: "export default () => 1",
      enabled: false,
      projectId: c.projectId,
      cronPlanId: c.plan("cron"),
      regionId: c.region("eu-west"),
    }),
    replace: (c) => ({ workspaceId: c.otherWorkspaceId }),
    replaceRefused: true,
  },
  {
    kind: "proxy",
    required: () => ({ domain: "app.example.com", target: "10.0.0.5" }),
    update: (c) => ({
      domain: "www.example.com",
      target: "backend.internal",
      port: 8080,
      type: "tcp",
      strategy: "primary-failover",
      enforceHttps: true,
      compress: true,
      followRedirects: true,
      preserveHeaders: false,
      preserveHost: false,
      preservePath: false,
      preserveQuery: false,
      verifyTls: false,
      rules: [
        // biome-ignore lint/suspicious/noThenProperty: types.go's proxy Rule is literally `{if, then}`
        { if: { host: "api.example.com", method: "get", path: "/v1", port: 443 }, then: [{ forward: "api:8080" }] },
      ],
      projectId: c.projectId,
      proxyPlanId: c.plan("proxy"),
      regionId: c.region("eu-west"),
    }),
    replace: (c) => ({ workspaceId: c.otherWorkspaceId }),
    replaceRefused: true,
    // The newest Proxy Model has no `compress`.
    ignoredIn: { "2026-08-30": ["compress"] },
  },
  {
    kind: "volume",
    required: () => ({}),
    update: (c) => ({ name: "data", sizeGb: 20, projectId: c.projectId, volumePlanId: c.plan("volume") }),
    replace: () => ({ type: "hdd" }),
  },
  {
    kind: "storage",
    required: () => ({}),
    update: (c) => ({ name: "files", storagePlanId: c.plan("storage"), public: true, projectId: c.projectId }),
    replace: (c) => ({ regionId: c.region("us-east") }),
  },
  {
    kind: "serverlet",
    required: () => ({ image: "nginx:1.27" }),
    update: (c) => ({
      name: "api",
      image: "nginx:1.28",
      serverletPlanId: c.plan("serverlet"),
      projectId: c.projectId,
      minInstances: 2,
      maxInstances: 3,
      cpu: 500,
      ram: 512,
      env: { LOG_LEVEL: "debug" },
      volumes: [{ volumeId: c.volumeId, mountPath: "/data" }],
      mounts: { "/files": c.storageId },
      ports: [{ port: 8080 }],
      scaling: { cpuPercent: 70, ramPercent: 80, upCooldown: 60, downCooldown: 300 },
      arch: "arm64",
      networkId: "net-1",
      runtime: "node22",
    }),
    replace: (c) => ({ regionId: c.region("us-east") }),
  },
];

test("every registered kind has a row", () => {
  expect(rows.map((r) => r.kind).sort()).toEqual(kinds().sort());
});

describe.each(GENERATIONS)("API generation %s", (generation) => {
  let emulator: RunningEmulator;
  let provider: (kind: Kind) => Provider;
  let ctx: Context;
  let api: FutrouClient;

  beforeAll(async () => {
    ({ emulator, provider } = await startHarness(generation));
    api = new FutrouClient({ baseUrl: emulator.url, token: emulator.token });
    // Fixtures made straight through the API carry the workspace, as the official CLI's creates do.
    const post = async (path: string, body: Props) =>
      (await api.create(path, { workspaceId: emulator.workspaceId, ...body }, z.looseObject({ id: z.string() }))).id;
    const plans = Object.fromEntries(
      await Promise.all(
        Object.entries(PLAN_COLLECTIONS).map(async ([k, path]) => [k, await api.list(path, Plan)] as const),
      ),
    );
    const regions = await api.list("/regions", Region);
    ctx = {
      workspaceId: emulator.workspaceId,
      otherWorkspaceId: emulator.createWorkspace({ name: "other" }).workspaceId,
      projectId: await post(COLLECTIONS.project, { name: "fixture" }),
      zones: [
        await post(COLLECTIONS.dnsZone, { domain: "records-one.example.com" }),
        await post(COLLECTIONS.dnsZone, { domain: "records-two.example.com" }),
      ],
      volumeId: await post(COLLECTIONS.volume, { name: "fixture-volume" }),
      storageId: await post(COLLECTIONS.storage, { name: "fixture-storage" }),
      plan: (k) => plans[k]?.find((p) => p.name === "standard")?.id as string,
      region: (name) => regions.find((r) => r.name === name)?.id as string,
    };
  });

  afterAll(() => emulator.close());

  /** The remote object behind a Pulumi id, straight from the emulator's store. */
  function remote(kind: Kind, state: State): Props | undefined {
    const apiId = state.id.split("/").pop();
    return emulator.inventory()[kind].find((o) => o.id === apiId);
  }

  describe.each(rows)("$kind", (row) => {
    const name = `my-${row.kind.toLowerCase()}`;

    test("create → read → update → replace → import → delete", async () => {
      const p = provider(row.kind);

      // create with required fields only
      const created = await p.create(name, row.required(ctx));
      expect(remote(row.kind, created)).toBeDefined();
      expect(created.outputs).not.toHaveProperty("id");

      // read equals state, and a second up changes nothing
      const read = await p.read(created);
      expect(read.id).toBe(created.id);
      // read reports inputs too (observed fields live, kept ones as applied): on an untouched object, the checked ones
      expect(read.inputs).toMatchObject(argsOf(created.inputs));
      expect(stable(row.kind, read.props as Props)).toEqual(stable(row.kind, created.outputs));
      expect((await p.up(created, name, row.required(ctx))).step).toBe("same");

      // the answer tells which generation gave it where the generations' shapes differ (a refresh that sees
      // only updatedAt move names the fields kept in that generation)
      const collection = COLLECTIONS[row.kind].replace("{dnsId}", String(created.inputs.dnsId));
      const answer = await api.get(`${collection}/${created.id.split("/").pop()}`, z.looseObject({ id: z.string() }));
      const published = (g: Generation) => [...p.spec.fields.published[g]].sort().join();
      const differ = GENERATIONS.some((g) => published(g) !== published(generation));
      expect(generationsOf(p.spec, answer)).toEqual(differ ? [generation] : GENERATIONS);

      // a change outside Pulumi that moves only updatedAt: refresh warns, naming the fields docs/drift.md
      // says refresh cannot see for this kind in this generation (and kinds it sees whole never warn)
      // a later updatedAt: the clock has moved past the millisecond of the last write
      const stamped = Date.now();
      while (Date.now() <= stamped) await new Promise((r) => setImmediate(r));
      await api.patch(`${collection}/${created.id.split("/").pop()}`, {}, z.looseObject({ id: z.string() }));
      const warnings: string[] = [];
      setWarningSink(async ({ message, status }) => {
        if (!status) warnings.push(message);
      });
      try {
        await p.read(created);
      } finally {
        setWarningSink(undefined);
      }
      const unseen = warnings.flatMap((w) => /may have changed: ([^.]*)\./.exec(w)?.[1]?.split(", ") ?? []);
      expect(unseen.sort()).toEqual([...(UNSEEN[row.kind][generation] ?? UNSEEN[row.kind].both ?? [])].sort());
      expect(warnings.length).toBe(unseen.length > 0 ? 1 : 0);

      // update every updatable field, in place
      const update = row.update(ctx);
      expect(Object.keys(update).sort()).toEqual(Object.keys(p.spec.update.shape).sort());
      const updated = await p.up(created, name, { ...row.required(ctx), ...update });
      expect(updated.step).toBe("update");
      expect(updated.diff.replaces).toBeUndefined();
      expect(updated.state.id).toBe(created.id);
      for (const [field, value] of Object.entries(update)) {
        if (row.ignoredIn?.[generation]?.includes(field)) continue;
        const actual = remote(row.kind, updated.state)?.[field];
        if (typeof value === "object" && value !== null) expect(actual).toMatchObject(value);
        else expect(actual).toBe(value);
      }
      const args = argsOf(updated.state.inputs);
      expect((await p.up(updated.state, name, args)).step).toBe("same");

      // change a replace field
      const replaceArgs = { ...args, ...row.replace(ctx) };
      const diff = await p.diff(updated.state, await p.check(updated.state.inputs, p.news(name, replaceArgs)));
      expect(diff.replaces).toEqual(Object.keys(row.replace(ctx)));
      let current = updated.state;
      if (row.replaceRefused) {
        await expect(p.up(current, name, replaceArgs)).rejects.toThrow(/workspaceId/);
        expect(remote(row.kind, current)).toBeDefined();
      } else {
        const replaced = await p.up(current, name, replaceArgs);
        expect(replaced.step).toBe("replace");
        expect(replaced.state.id).not.toBe(current.id);
        expect(remote(row.kind, current)).toBeUndefined();
        expect(remote(row.kind, replaced.state)).toBeDefined();
        current = replaced.state;
      }

      // import by id: one GET adopts it, one PATCH writes the kept fields the program sets (the API never says
      // them), a workspace the answer does not carry is confirmed with the list filter; the next up shows no diff
      emulator.resetStats();
      const importInputs = await p.check({}, { ...argsOf(current.inputs), __import: current.id });
      const imported = await p.raw.create(importInputs);
      const kept = keptNames(p.spec, generation).filter(
        (k) => k in p.spec.update.shape && importInputs[k] !== undefined,
      );
      const stats = emulator.stats();
      expect(stats.byMethod.POST).toBeUndefined();
      expect(stats.byMethod.PATCH ?? 0).toBe(kept.length > 0 ? 1 : 0);
      const workspaceCheck = keptNames(p.spec, generation).includes("workspaceId") ? 1 : 0;
      // (A serverlet polls its state after the PATCH.)
      if (!p.spec.ready) expect(stats.total).toBe(1 + workspaceCheck + (kept.length > 0 ? 1 : 0));
      expect(imported.id).toBe(current.id);
      // (The PATCH moves updatedAt.)
      const { updatedAt: _, ...importedOuts } = stable(row.kind, imported.outs as Props);
      const { updatedAt: __, ...currentOuts } = stable(row.kind, current.outputs);
      expect(importedOuts).toEqual(currentOuts);
      const afterImport = { id: imported.id, inputs: importInputs, outputs: imported.outs as Props };
      expect((await p.diff(afterImport, await p.check(importInputs, importInputs))).changes).toBe(false);

      // delete: gone remotely, refresh says gone, deleting again is fine
      await p.delete(afterImport);
      expect(remote(row.kind, afterImport)).toBeUndefined();
      expect(await p.read(afterImport)).toEqual({ id: "", props: {} });
      await expect(p.delete(afterImport)).resolves.toBeUndefined();
    });
  });
});
