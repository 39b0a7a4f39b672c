/** Listing: paging headers, limit bounds, sort/direction, filters, search and date-time ranges. */
import { expectPublishedOnly, type Harness, start } from "./helpers";

let h: Harness;
let created: Array<{ id: string; name: string; createdAt: string }> = [];
beforeAll(async () => {
  h = await start({ rateLimitPerSecond: 100_000 }); // the paging test creates 120 objects quickly
  for (let i = 0; i < 7; i++) {
    created.push((await h.call("POST", "/volumes", h.own({ name: `vol-${i}`, sizeGb: 10 + i }))).body);
  }
  created = created.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
});
afterAll(() => h.emu.close());

const names = (body: Array<{ name: string }>) => body.map((v) => v.name);
const pageHeaders = (headers: Headers) => ({
  totalPages: headers.get("x-total-pages"),
  totalItems: headers.get("x-total-items"),
  pageItems: headers.get("x-page-items"),
  page: headers.get("x-page"),
});

test("a multi-page list answers a bare array and the four X-* headers", async () => {
  const p1 = await h.call("GET", "/volumes?limit=3");
  expect(pageHeaders(p1.headers)).toEqual({ totalPages: "3", totalItems: "7", pageItems: "3", page: "1" });
  const p3 = await h.call("GET", "/volumes?limit=3&page=3");
  expect(pageHeaders(p3.headers)).toEqual({ totalPages: "3", totalItems: "7", pageItems: "1", page: "3" });
  const all = [];
  for (let page = 1; page <= 3; page++) all.push(...(await h.call("GET", `/volumes?limit=3&page=${page}`)).body);
  expect(new Set(all.map((v) => v.id)).size).toBe(7);
  const past = await h.call("GET", "/volumes?limit=3&page=9");
  expect({ body: past.body, pageItems: past.headers.get("x-page-items") }).toEqual({ body: [], pageItems: "0" });
});

test("default order is createdAt descending; direction=asc reverses it", async () => {
  expect(names((await h.call("GET", "/volumes")).body)).toEqual(names(created).reverse());
  expect(names((await h.call("GET", "/volumes?direction=asc")).body)).toEqual(names(created));
});

test("sort by any answered field", async () => {
  const bySize = (await h.call("GET", "/volumes?sort=sizeGb&direction=asc")).body.map(
    (v: { sizeGb: number }) => v.sizeGb,
  );
  expect(bySize).toEqual([10, 11, 12, 13, 14, 15, 16]);
  const bad = await h.call("GET", "/volumes?sort=colour");
  expect({ status: bad.status, field: bad.body.errors[0].field }).toEqual({ status: 400, field: "sort" });
});

test("limit 0, page 0, a non-number and a bad direction are 400", async () => {
  for (const q of ["limit=0", "page=0", "limit=abc", "direction=up"]) {
    const res = await h.call("GET", `/volumes?${q}`);
    expect({ q, status: res.status, code: res.body.errors[0].code }).toEqual({
      q,
      status: 400,
      code: "VALIDATION_ERROR",
    });
  }
});

test("limit is capped at 100: a larger one answers 100 per page, and X-Total-Pages says to page on", async () => {
  const g = await start({ rateLimitPerSecond: 100_000 });
  try {
    for (let i = 0; i < 120; i++)
      expect((await g.call("POST", "/projects", g.own({ name: `p-${i}` }))).status).toBe(201);
    const first = await g.call("GET", "/projects?limit=1000");
    expect({ status: first.status, items: first.body.length, ...pageHeaders(first.headers) }).toEqual({
      status: 200,
      items: 100,
      totalPages: "2",
      totalItems: "120",
      pageItems: "100",
      page: "1",
    });
    const second = await g.call("GET", "/projects?limit=1000&page=2");
    expect({ items: second.body.length, ...pageHeaders(second.headers) }).toEqual({
      items: 20,
      totalPages: "2",
      totalItems: "120",
      pageItems: "20",
      page: "2",
    });
    const ids = new Set([...first.body, ...second.body].map((p: { id: string }) => p.id));
    expect(ids.size).toBe(120);
    // Without a limit: the default, also 100.
    expect(pageHeaders((await g.call("GET", "/projects")).headers)).toMatchObject({
      totalPages: "2",
      pageItems: "100",
    });
    expect(pageHeaders((await g.call("GET", "/projects?limit=100")).headers)).toMatchObject({ totalPages: "2" });
    expect(pageHeaders((await g.call("GET", "/projects?limit=99")).headers)).toMatchObject({ totalPages: "2" });
  } finally {
    await g.emu.close();
  }
});

test("filters: id, name, search (substring), workspaceId", async () => {
  const target = created[2];
  expect(names((await h.call("GET", `/volumes?id=${target?.id}`)).body)).toEqual([target?.name]);
  expect(names((await h.call("GET", "/volumes?name=vol-4")).body)).toEqual(["vol-4"]);
  expect((await h.call("GET", "/volumes?search=OL-")).body).toHaveLength(7);
  expect((await h.call("GET", "/volumes?search=-5")).body).toHaveLength(1);
  expect((await h.call("GET", `/volumes?workspaceId=${h.emu.workspaceId}`)).body).toHaveLength(7);
  expect((await h.call("GET", "/volumes?workspaceId=someone-else")).body).toHaveLength(0);
});

test("createdAt from/to ranges, either side open", async () => {
  const mid = created[3]?.createdAt ?? "";
  const upTo = (await h.call("GET", `/volumes?createdAt=/${encodeURIComponent(mid)}`)).body;
  const from = (await h.call("GET", `/volumes?createdAt=${encodeURIComponent(mid)}/`)).body;
  expect(upTo.length + from.length).toBeGreaterThanOrEqual(8); // `mid` itself is in both
  expect((await h.call("GET", "/volumes?createdAt=2000-01-01T00:00:00Z/2000-12-31T00:00:00Z")).body).toEqual([]);
  expect((await h.call("GET", "/volumes?updatedAt=2000-01-01/")).body).toHaveLength(7);
});

test.each(["yesterday/", "2024-01-01", "2024-13-45T00:00:00Z/", "/", "2025-01-02/2024-01-01"])(
  "a malformed range %p is 400 INVALID_DATETIME_FILTER",
  async (range) => {
    const res = await h.call("GET", `/volumes?createdAt=${encodeURIComponent(range)}`);
    expect({ status: res.status, error: res.body.errors[0] }).toEqual({
      status: 400,
      error: expect.objectContaining({ code: "INVALID_DATETIME_FILTER", field: "createdAt" }),
    });
  },
);

test("lookups: regions and every plan kind are listed with the page headers", async () => {
  const regions = await h.call("GET", "/regions");
  expect(regions.body.map((r: { name: string }) => r.name)).toEqual(expect.arrayContaining(["eu-central", "us-east"]));
  for (const o of (await h.call("GET", "/volumes")).body) expectPublishedOnly("volume", o);
  for (const kind of ["serverlets", "volumes", "dns", "crons", "proxies"]) {
    const plans = await h.call("GET", `/${kind}/plans`);
    expect({ kind, status: plans.status, names: plans.body.map((p: { name: string }) => p.name).sort() }).toEqual({
      kind,
      status: 200,
      names: ["pro", "standard", "starter"],
    });
    expect(plans.headers.get("x-total-items")).toBe("3");
  }
});
