/**
 * The providers driven directly (no engine) against the emulator: a burst of 300 creates held under the
 * API's rate limit by the client-side limiter, lost create answers recovered for every kind, and a
 * serverlet whose readiness polls fail after it was created is reported with its id, not forgotten.
 */
import type { dynamic } from "@pulumi/pulumi";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { FutrouClient } from "../../provider/api/client";
import type { Kind } from "../../provider/api/contract";
import { makeProvider, ResourceInitError } from "../../provider/kit";
import { specFor } from "../../provider/registry";
import { HIDDEN, type Props } from "../../provider/spec";
import { configOf } from "../provider/harness";

jest.setTimeout(120_000);

const NO_FAULTS = { rate429: 0, rate500: 0, rate503: 0, dropRate: 0, commitThenDropRate: 0 };

/** Not a record the platform made in a new zone (SOA, NS at `@`). */
const userMade = (o: Props): boolean => !["SOA", "NS"].includes(String(o.type)) || o.name !== "@";

let emulator: RunningEmulator;
const providers = new Map<Kind, dynamic.ResourceProvider>();

/** check + create, as the engine runs them for a new resource. */
async function create(kind: Kind, logical: string, args: Props): Promise<{ id: string; outs: Props }> {
  let p = providers.get(kind);
  if (!p) {
    p = makeProvider(specFor(kind));
    await p.configure?.({
      config: configOf({
        "futrou:apiUrl": emulator.url,
        "futrou:apiToken": emulator.token,
        "futrou:pollIntervalMs": "50",
        "futrou:readyTimeoutSeconds": "20",
      }) as dynamic.Config,
    });
    providers.set(kind, p);
  }
  const checked = await p.check?.({}, { ...args, [HIDDEN.name]: logical });
  expect(checked?.failures ?? []).toEqual([]);
  const { id, outs } = await p.create((checked?.inputs ?? args) as Props);
  return { id, outs: outs as Props };
}

beforeAll(async () => {
  // The API's documented 100 requests per second per token; a short Retry-After keeps fault tests quick.
  emulator = await startEmulator({ deployDelayMs: 300, retryAfterSeconds: 0.05, seed: 7, quiet: true });
});
afterEach(() => emulator.setFaults(NO_FAULTS));
afterAll(() => emulator.close());

test("a burst of 300 creates stays under the API's rate limit (client-side limiter)", async () => {
  const zone = await create("dnsZone", "burst-zone", { domain: "burst.example.com" });
  emulator.resetStats();
  const creates: Promise<unknown>[] = [];
  for (let i = 0; i < 60; i++) {
    creates.push(
      create("project", `burst-${i}`, {}),
      create("volume", `burst-${i}`, { sizeGb: 1 + i }),
      create("cron", `burst-${i}`, { schedule: "*/5 * * * *", url: `https://burst.example.com/${i}` }),
      create("variable", `burst-${i}`, { key: `BURST_${i}`, value: String(i), workspaceId: emulator.workspaceId }),
      create("dnsRecord", `burst-${i}`, { dnsId: zone.id, name: `host-${i}`, type: "A", value: `192.0.2.${i}` }),
    );
  }
  await Promise.all(creates);
  const stats = emulator.stats();
  const limited = stats.byStatus["429"] ?? 0;
  console.log(`burst of 300 creates: ${stats.total} requests, ${limited} answered 429`);
  expect(limited).toBeLessThanOrEqual(5);
  const inv = emulator.inventory();
  const records = inv.dnsRecord.filter(userMade);
  expect([inv.project, inv.volume, inv.cron, inv.variable, records].map((l) => l.length)).toEqual([60, 60, 60, 60, 60]);
});

test("every kind recovers a create whose answer was lost after it committed: one object, same id", async () => {
  const project = await create("project", "lost-parent", {});
  const zone = await create("dnsZone", "lost-parent", { domain: "lost-parent.example.com" });
  const app = await create("serverlet", "lost-parent", { image: "nginx:1" });
  const before = emulator.inventory();
  emulator.setFaults({ commitThenDropRate: 1 });
  emulator.resetStats();
  const made: [Kind, string][] = [];
  const cases: [Kind, Props][] = [
    ["project", { displayName: "Lost answer" }],
    ["variable", { key: "LOST", value: "x", serverletId: app.id }],
    ["dnsZone", { domain: "lost.example.com", projectId: project.id }],
    ["dnsRecord", { dnsId: zone.id, name: "@", type: "MX", value: "mail.example.com", priority: 10 }],
    ["cron", { schedule: "0 * * * *", url: "https://lost.example.com/" }],
    ["proxy", { domain: "lost.example.com", target: "10.0.0.1", port: 8080 }],
    ["volume", { sizeGb: 3 }],
    ["serverlet", { image: "nginx:2", projectId: project.id }],
  ];
  for (const [kind, args] of cases) made.push([kind, (await create(kind, `lost-${kind}`, args)).id]);
  expect(emulator.stats().byStatus.dropped).toBe(cases.length);
  const after = emulator.inventory();
  for (const [kind, id] of made) {
    const added = after[kind].filter((o) => userMade(o) && !before[kind].some((b) => b.id === o.id));
    const apiId = id.split("/").pop();
    expect({ kind, added: added.map((o) => o.id) }).toEqual({ kind, added: [apiId] });
  }
});

test("a serverlet whose readiness polls fail after it was created is reported with its id (not lost)", async () => {
  const pending = create("serverlet", "unwatchable", { image: "nginx:3" }).catch((e: unknown) => e);
  // As soon as the POST has committed, every further request is answered 503 until the client gives up.
  while (!emulator.inventory().serverlet.some((s) => String(s.name).startsWith("unwatchable-"))) {
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  emulator.setFaults({ rate503: 1 });
  const error = await pending;
  emulator.setFaults(NO_FAULTS);
  expect(error).toBeInstanceOf(ResourceInitError);
  const init = error as ResourceInitError;
  const remote = emulator.inventory().serverlet.filter((s) => String(s.name).startsWith("unwatchable-"));
  expect(remote.map((s) => s.id)).toEqual([init.id]);
  expect(init.message).toMatch(/could not check its state: .*503/);
  expect(init.properties).toMatchObject({ name: remote[0]?.name, image: "nginx:3" });
});

test("refresh of a record whose zone is gone keeps it (out of reach is not deleted); a visible zone confirms the delete", async () => {
  const zone = await create("dnsZone", "reach", { domain: "reach.example.com" });
  const www = await create("dnsRecord", "reach-www", { dnsId: zone.id, name: "www", type: "A", value: "192.0.2.9" });
  const mx = await create("dnsRecord", "reach-mx", {
    dnsId: zone.id,
    name: "@",
    type: "MX",
    value: "mx.reach.example.com",
    priority: 5,
  });
  const records = providers.get("dnsRecord");
  if (!records?.read) throw new Error("no dnsRecord provider");
  const api = new FutrouClient({ baseUrl: emulator.url, token: emulator.token });
  await api.delete(`/dns/${zone.id}/records/${String(www.outs.recordId)}`);
  expect(await records.read(www.id, www.outs)).toEqual({ id: "", props: {} });
  await api.delete(`/dns/${zone.id}`);
  expect(await records.read(mx.id, mx.outs)).toEqual({ id: mx.id, props: mx.outs });
});
