/**
 * A refresh in a new run reads each object from its collection's list (provider/listing.ts) only when the
 * list says all a GET says: in the published shapes it finds the same drift with one GET per kind (the one
 * that decides), and when the list's items are narrower than a GET's answer (only the required fields, or
 * a GET that carries a kept field such as a serverlet's `env`), every read asks by GET, as before. Each
 * program runs in each API generation whose published answers carry the field it drifts.
 */

import { GENERATIONS, type Generation, OLDER, PUBLISHED } from "../oracle/published";
import { CASES, type Case, caseName, collectionOf } from "./cases";
import { cannedApi } from "./harness";
import { serveAccount, serveKind } from "./serve";
import { Engine } from "./stand-in-engine";
import { type Props, patched, REQUIRED, type Shape } from "./wire";

const api = cannedApi();

/** Creates in one run, changes the object outside, refreshes twice in the next run. */
async function refreshTwice(c: Case, list: Shape, get: Shape, drift: Props, generation: Generation = OLDER) {
  serveAccount(api);
  const served = serveKind(api, c.kind, { post: "published", get, list, generation });
  const state = await (await new Engine(c.kind).configure({ apiUrl: api.origin })).create(c.program);
  served.object = patched(c.kind, served.object as Props, drift, generation);
  const next = await new Engine(c.kind).configure({ apiUrl: api.origin });
  const mark = api.requests.length;
  const first = await next.refresh(state);
  const second = await next.refresh(state);
  const seen = api.requests.slice(mark).filter((r) => r.method === "GET");
  const collection = collectionOf(c.kind);
  return {
    first,
    second,
    lists: seen.filter((r) => r.path === collection).length,
    // GETs of the object itself (a zone's read also warms its records' listing, `/dns/{id}/records`).
    gets: seen.filter((r) => r.path.startsWith(`${collection}/`) && !r.path.slice(collection.length + 1).includes("/"))
      .length,
  };
}

/** Each program in each generation whose published answers carry the field it drifts (else it is kept). */
const rows = CASES.flatMap((c) =>
  GENERATIONS.filter((g) => PUBLISHED[g][c.kind].includes(Object.keys(c.drift ?? c.update ?? {})[0] as string)).map(
    (g) => [g, caseName(c), c, g] as const,
  ),
);

test.each(rows)(
  "%s: %s: published list answers the second read, with the same drift the deciding GET found",
  async (_gen, _name, c: Case, generation: Generation) => {
    const drift = c.drift ?? c.update ?? {};
    const { first, second, lists, gets } = await refreshTwice(c, "published", "published", drift, generation);
    const [field] = Object.keys(drift) as [string];
    expect(first?.outputs[field]).toEqual(drift[field]);
    expect(second?.outputs).toEqual(first?.outputs);
    expect({ lists, gets }).toEqual({ lists: 1, gets: 1 });
  },
);

// A record's required fields are all its published ones: its list says all, and answers the second read.
test.each(rows)(
  "%s: %s: list items with only the required fields: every read asks by GET unless that is all a GET says",
  async (_gen, _name, c: Case, generation: Generation) => {
    const drift = c.drift ?? c.update ?? {};
    const { first, second, gets } = await refreshTwice(c, "required", "published", drift, generation);
    const [field] = Object.keys(drift) as [string];
    expect(first?.outputs[field]).toEqual(drift[field]);
    expect(second?.outputs).toEqual(first?.outputs);
    expect(gets).toBe(REQUIRED[c.kind].length === PUBLISHED[generation][c.kind].length ? 1 : 2);
  },
);

test("a GET that carries a kept field (serverlet env) the list does not: reads GET and see its drift", async () => {
  const serverlet = CASES.find((c) => c.kind === "serverlet") as Case; // the older generation: env in `full`
  const { first, second, gets } = await refreshTwice(serverlet, "published", "full", { env: { PORT: "9999" } });
  expect(first?.outputs.env).toEqual({ PORT: "9999" });
  expect(second?.outputs.env).toEqual({ PORT: "9999" });
  expect(gets).toBe(2);
});
