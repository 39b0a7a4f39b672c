/**
 * Collection listings (provider/listing.ts) under the kit's read and create, against the emulator: a
 * refresh reads one list page per 100 objects instead of one GET each and finds exactly what GETs would
 * (drift, deletes, a 404 confirmed, another workspace's token refused), a stack with few objects in a big
 * collection pays at most what GETs would, this run's own writes are never answered from a listing, and
 * creates take their candidates from one list per collection and owner.
 *
 * Each `run()` is one run of the dynamic-provider host: fresh providers on a fresh token, so a fresh client
 * and fresh listings, as a new `pulumi refresh` or `pulumi up` process has.
 */
import type { dynamic } from "@pulumi/pulumi";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { FutrouClient } from "../../provider/api/client";
import type { Kind } from "../../provider/api/contract";
import { Project } from "../../provider/kinds";
import { makeProvider } from "../../provider/kit";
import { specFor } from "../../provider/registry";
import { HIDDEN, type Props } from "../../provider/spec";
import { configOf } from "./harness";

jest.setTimeout(120_000);

interface Resource {
  kind: Kind;
  id: string;
  outs: Props;
}

let emulator: RunningEmulator;
let api: FutrouClient;
beforeAll(async () => {
  emulator = await startEmulator({ deployDelayMs: 20, quiet: true });
  api = new FutrouClient({ baseUrl: emulator.url, token: emulator.token });
});
afterAll(() => emulator.close());
afterEach(() => jest.restoreAllMocks());

/** One run of the provider host (see the header). */
function run(token = emulator.issueToken(emulator.workspaceId)) {
  const providers = new Map<Kind, Promise<dynamic.ResourceProvider>>();
  const provider = (kind: Kind) => {
    let p = providers.get(kind);
    if (!p) {
      const made = makeProvider(specFor(kind));
      const config = configOf({
        "futrou:apiUrl": emulator.url,
        "futrou:apiToken": token,
        "futrou:pollIntervalMs": "10",
        "futrou:readyTimeoutSeconds": "20",
      });
      p = Promise.resolve(made.configure?.({ config: config as dynamic.Config })).then(() => made);
      providers.set(kind, p);
    }
    return p;
  };
  return {
    async create(kind: Kind, logical: string, args: Props): Promise<Resource> {
      const p = await provider(kind);
      const checked = await p.check?.({}, { ...args, [HIDDEN.name]: logical });
      expect(checked?.failures ?? []).toEqual([]);
      const { id, outs } = await p.create((checked?.inputs ?? args) as Props);
      return { kind, id, outs: outs as Props };
    },
    async read(r: Resource): Promise<dynamic.ReadResult> {
      return (await provider(r.kind)).read?.(r.id, r.outs) as Promise<dynamic.ReadResult>;
    },
    async update(r: Resource, changes: Props): Promise<Resource> {
      const news = Object.fromEntries(Object.entries({ ...r.outs, ...changes }).filter(([k]) => k !== "createdAt"));
      const { outs } = (await (await provider(r.kind)).update?.(r.id, r.outs, news)) ?? {};
      return { ...r, outs: outs as Props };
    },
    async delete(r: Resource): Promise<void> {
      await (await provider(r.kind)).delete?.(r.id, r.outs);
    },
  };
}

/** Runs `op` over `items`, `parallel` at a time, in order (as the engine's refresh does with its default 8). */
async function inOrder<T, R>(items: T[], op: (item: T) => Promise<R>, parallel = 8): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await op(items[i] as T);
      }
    }),
  );
  return results;
}

/** Requests since the last reset, by route (`GET /projects`, `GET /projects/{id}`, …). */
const requests = () => emulator.stats().byRoute;
const total = () => emulator.stats().total;

test("a refresh reads one list page per 100 objects and finds what GETs would: drift, deletes, unchanged", async () => {
  const first = run();
  const projects = await inOrder(
    Array.from({ length: 130 }, (_, i) => i),
    (i) => first.create("project", `many-${i}`, { displayName: `Project ${i}` }),
  );
  const zone = await first.create("dnsZone", "z", { domain: "listed.example.com" });
  const records = await inOrder(["a", "b", "c"], (name) =>
    first.create("dnsRecord", name, { dnsId: zone.id, name, type: "A", value: "192.0.2.7" }),
  );
  const variables = await inOrder([0, 1, 2], (i) =>
    first.create("variable", `v${i}`, { projectId: projects[i]?.id, key: `K${i}`, value: `secret-${i}` }),
  );
  // Changed outside Pulumi before the refresh: a rename, a deleted project, a deleted record.
  const renamed = projects[5] as Resource;
  const gone = projects[7] as Resource;
  await api.patch(`/projects/${renamed.id}`, { displayName: "Renamed outside" }, Project);
  await api.delete(`/projects/${gone.id}`);
  await api.delete(`/dns/${zone.id}/records/${String(records[1]?.outs.recordId)}`);

  const refresh = run();
  emulator.resetStats();
  const everything = [...projects, zone, ...records, ...variables];
  const read = await inOrder(everything, (r) => refresh.read(r));
  const byRoute = requests();

  expect(read[everything.indexOf(gone)]).toEqual({ id: "", props: {} });
  expect(read[everything.indexOf(records[1] as Resource)]).toEqual({ id: "", props: {} });
  expect(read[everything.indexOf(renamed)]?.props).toMatchObject({ displayName: "Renamed outside" });
  everything.forEach((r, i) => {
    if (r === gone || r === records[1] || r === renamed) return;
    expect({ id: read[i]?.id, props: read[i]?.props }).toEqual({ id: r.id, props: r.outs });
  });
  // 130 projects: 2 pages; one GET decides that project lists say all a GET says, one confirms the 404.
  expect(byRoute["GET /projects"]).toBe(2);
  expect(byRoute["GET /projects/{id}"]).toBe(2);
  expect(byRoute["GET /dns/{dnsId}/records"]).toBe(1);
  expect(total()).toBeLessThanOrEqual(14);
});

test("a refresh's read of a zone warms its records' listing: the records' reads then ask for nothing", async () => {
  const setup = run();
  const zones = await inOrder([0, 1, 2], (i) => setup.create("dnsZone", `wz${i}`, { domain: `warm-${i}.example.com` }));
  const records = await inOrder(zones, (zone) =>
    setup.create("dnsRecord", "www", { dnsId: zone.id, name: "www", type: "CNAME", value: "app.example.com" }),
  );
  const refresh = run();
  emulator.resetStats();
  // A zone's read asks for its records' page before it returns (warm decides at once): the spy sees every
  // page asked for, and the test waits for exactly those answers.
  const pages = jest.spyOn(FutrouClient.prototype, "listPage");
  // As the engine refreshes: the zones first (the records depend on them), then the records.
  await inOrder(zones, (zone) => refresh.read(zone));
  const warmed = pages.mock.calls.filter(([path]) => path.endsWith("/records"));
  expect(warmed.map(([path]) => path)).toEqual(zones.map((zone) => `/dns/${zone.id}/records`));
  await Promise.allSettled(pages.mock.results.map((r) => r.value));
  expect(requests()["GET /dns/{dnsId}/records"]).toBe(zones.length);
  emulator.resetStats();
  const read = await inOrder(records, (r) => refresh.read(r));
  expect(read.map((r) => ({ id: r.id, props: r.props }))).toEqual(records.map((r) => ({ id: r.id, props: r.outs })));
  // One GET decides that record lists say all a GET says; no record list more.
  expect(requests()).toEqual({ "GET /dns/{dnsId}/records/{id}": 1 });

  // Not by an import (nothing known of the zone yet): it lists nothing ahead.
  const imported = run();
  emulator.resetStats();
  pages.mockClear();
  await imported.read({ ...(zones[0] as Resource), outs: {} });
  expect(pages.mock.calls.filter(([path]) => path.endsWith("/records"))).toEqual([]);
  expect(requests()["GET /dns/{dnsId}/records"]).toBeUndefined();
});

test("another workspace's token cannot make a stack forget its objects, listed or not", async () => {
  const mine = await run().create("project", "kept", {});
  const other = emulator.createWorkspace({ name: "elsewhere" });
  await expect(run(other.token).read(mine)).rejects.toThrow(/cannot see/);
  expect(emulator.inventory().project.some((p) => p.id === mine.id)).toBe(true);
});

test("a stack with few objects in a big collection pays at most one list page per read", async () => {
  const setup = run();
  const all = await inOrder(
    Array.from({ length: 250 }, (_, i) => i),
    (i) => setup.create("project", `crowd-${i}`, {}),
  );
  const few = [all[240], all[249]] as Resource[];
  const next = run();
  emulator.resetStats();
  const read = await inOrder(few, (r) => next.read(r));
  expect(read.map((r) => r.id)).toEqual(few.map((r) => r.id));
  expect(total()).toBeLessThanOrEqual(2 * few.length);
});

test("this run's own writes are never answered from a listing taken before them", async () => {
  const setup = run();
  const a = await setup.create("project", "written-a", { displayName: "A" });
  const b = await setup.create("project", "written-b", { displayName: "B" });
  const owner = await setup.create("project", "owner", {});
  const scoped = await setup.create("variable", "scoped", { projectId: owner.id, key: "SCOPED", value: "x" });

  const now = run();
  for (const r of [a, b, scoped]) await now.read(r); // the listings are filled
  const updated = await now.update(a, { displayName: "A, updated" });
  emulator.resetStats();
  expect((await now.read(updated)).props).toMatchObject({ displayName: "A, updated" });
  expect(requests()["GET /projects/{id}"]).toBe(1);

  // Deleting the owner takes its variables with it: the variables' listing no longer answers.
  await now.delete(owner);
  emulator.resetStats();
  await now.read(scoped);
  expect(requests()["GET /variables/{id}"]).toBe(1);
});

test("creates take their candidates from one list per collection and owner", async () => {
  const { workspaceId, token } = emulator.createWorkspace({ name: "candidates" });
  const zone = await run(token).create("dnsZone", "cz", { domain: "candidates.example.com" });
  const up = run(emulator.issueToken(workspaceId));
  emulator.resetStats();
  await inOrder(
    Array.from({ length: 40 }, (_, i) => i),
    (i) => up.create("project", `fresh-${i}`, {}),
  );
  await inOrder(["w", "x", "y", "z"], (name) =>
    up.create("dnsRecord", name, { dnsId: zone.id, name, type: "TXT", value: `v=${name}` }),
  );
  const byRoute = requests();
  expect(byRoute["POST /projects"]).toBe(40);
  expect(byRoute["GET /projects"]).toBe(1);
  expect(byRoute["POST /dns/{dnsId}/records"]).toBe(4);
  expect(byRoute["GET /dns/{dnsId}/records"]).toBe(1);

  // The listing is kept current by the run's own creates: a second object with a name this run created
  // is refused, naming the first one as not this create's.
  const taken = (await up.create("project", "dup-1", { name: "fresh-dup" })).id;
  const error = await up.create("project", "dup-2", { name: "fresh-dup" }).catch((e: unknown) => e);
  expect((error as Error).message).toMatch(new RegExp(`already used by Project ${taken}`));
});

test("records in a zone the same run created take no candidate list; a record the platform makes does", async () => {
  const { token } = emulator.createWorkspace({ name: "fresh-zone" });
  const up = run(token);
  const zone = await up.create("dnsZone", "fz", { domain: "fresh-zone.example.com" });
  emulator.resetStats();
  await inOrder(["a", "b", "c"], (name) =>
    up.create("dnsRecord", name, { dnsId: zone.id, name, type: "A", value: "192.0.2.1" }),
  );
  expect(requests()["POST /dns/{dnsId}/records"]).toBe(3);
  expect(requests()["GET /dns/{dnsId}/records"]).toBeUndefined();
  // An NS record at the apex may be one the platform made with the zone: its create lists candidates first.
  await up.create("dnsRecord", "ns", { dnsId: zone.id, name: "@", type: "NS", value: "ns9.example.net" });
  expect(requests()["GET /dns/{dnsId}/records"]).toBe(1);
  expect(total()).toBe(5);
});
