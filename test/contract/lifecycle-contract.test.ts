/**
 * Every kind through the whole lifecycle against every answer shape the contract allows (wire.ts):
 * create (POST answers shape X) → a second up shows no changes and writes nothing → refresh (GET answers
 * shape Y) keeps what Y did not say → an up after it shows no changes → an update of one observed field
 * PATCHes only that field → delete. One row per program (cases.ts), API generation and pair of shapes.
 */
import { kinds } from "../../provider/registry";
import { GENERATIONS, type Generation, PUBLISHED } from "../oracle/published";
import type { Seen } from "./api";
import { CASES, type Case, caseName, collectionOf, pulumiIdOf } from "./cases";
import { cannedApi } from "./harness";
import { serveAccount, serveKind } from "./serve";
import { Engine, looselyEqual, type Resource, show } from "./stand-in-engine";
import { carries, created, FULL, itemKey, type Props, SHAPE_TEXT, SHAPES, type Shape, shape } from "./wire";

const api = cannedApi();

/** Same shape for both answers, and a rich answer paired with each sparse one, both ways round. */
function pairs(c: Case, generation: Generation): Array<[Case, Generation, Shape, Shape]> {
  const has = (s: Shape) => shape(c.kind, { id: "x" }, s, generation) !== undefined;
  const all: Array<[Shape, Shape]> = [
    ...SHAPES.map((s): [Shape, Shape] => [s, s]),
    ...SHAPES.filter((s) => s !== "full").flatMap(
      (s): Array<[Shape, Shape]> => [
        ["full", s],
        [s, "full"],
      ],
    ),
  ];
  return (
    all
      .filter(([post, get]) => has(post) && has(get))
      // An unknown serverlet state means "not ready yet" until the timeout: readiness.test.ts covers it.
      .filter(([post]) => !(c.kind === "serverlet" && post === "enums"))
      .map(([post, get]): [Case, Generation, Shape, Shape] => [c, generation, post, get])
  );
}

const rows = CASES.flatMap((c) => GENERATIONS.flatMap((g) => pairs(c, g)));

test("every registered kind has a program, run in every generation", () => {
  expect(new Set(CASES.map((c) => c.kind))).toEqual(new Set(kinds()));
  for (const kind of kinds())
    expect(new Set(rows.filter(([c]) => c.kind === kind).map(([, g]) => g))).toEqual(new Set(GENERATIONS));
});

/** Program values the POST did not carry as the API reads them (normal form). */
function notSent(c: Case, body: Props, generation: Generation): string[] {
  const { dnsId: _path, ...fields } = c.program;
  const stored = created(c.kind, body, {}, 1, generation);
  const meant = created(c.kind, fields, {}, 1, generation);
  return Object.keys(fields)
    .filter((k) =>
      FULL[generation][c.kind].includes(k) ? !looselyEqual(stored[k], meant[k]) : !looselyEqual(body[k], fields[k]),
    )
    .map((k) => `${k} (program ${show(fields[k])}, sent ${show(body[k])})`);
}

/** Fields a refresh changed although the API's answer did not carry them (absent ≠ changed). */
function forgotten(c: Case, before: Resource, after: Resource, answer: Props, generation: Generation): string[] {
  const names = new Set([...Object.keys(before.inputs), ...PUBLISHED[generation][c.kind]]);
  return [...names]
    .filter(
      (k) =>
        !k.startsWith("__") &&
        !carries(answer, k, c.kind) &&
        !(c.kind === "dnsZone" && k === "domain" && carries(answer, "name")),
    )
    .filter((k) => !looselyEqual(before.outputs[k], after.outputs[k]))
    .map(
      (k) =>
        `refresh changed ${k} from ${show(before.outputs[k])} to ${show(after.outputs[k])}, though GET did not carry it`,
    );
}

/** Outputs a refresh changed: on an untouched object answered in the create's shape, `pulumi refresh` shows none. */
function refreshChanges(c: Case, before: Resource, after: Resource): string[] {
  const names = new Set([...Object.keys(before.outputs), ...Object.keys(after.outputs)]);
  return [...names]
    .filter((k) => !k.startsWith("__") && !looselyEqual(before.outputs[k], after.outputs[k]))
    .map(
      (k) => `\`pulumi refresh\` would update ${c.kind}: ${k} ${show(before.outputs[k])} → ${show(after.outputs[k])}`,
    );
}

const writes = (requests: Seen[]) => requests.filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);

describe.each(CASES.map((c) => [caseName(c), c] as const))("%s", (_name, kase) => {
  test.each(
    rows
      .filter(([c]) => c === kase)
      .map(([c, generation, post, get]) => [generation, SHAPE_TEXT[post], SHAPE_TEXT[get], c, generation, post, get]),
  )("%s: POST answers %s; GET answers %s", async (_gen, _p, _g, c, generation, post, get) => {
    serveAccount(api);
    const served = serveKind(api, c.kind, { post, get, generation });
    const engine = await new Engine(c.kind).configure({ apiUrl: api.origin });

    // First `pulumi up`: one POST with the program's values, in the collection's path.
    const state = await engine.create(c.program);
    const posts = api.requests.filter((r) => r.method === "POST");
    const collection = collectionOf(c.kind);
    expect(posts.map((r) => r.path)).toEqual([collection]);
    const body = (posts[0]?.body ?? {}) as Props;
    expect(Object.keys(body).filter((k) => k.startsWith("__"))).toEqual([]);
    expect(notSent(c, body, generation)).toEqual([]);
    const object = served.object as Props;
    expect(state.id).toBe(pulumiIdOf(c.kind, object));

    // Second `pulumi up` on the untouched stack: no changes, no writes.
    let mark = api.requests.length;
    expect(await engine.says(state, c.program, "second `pulumi up`")).toBe("no changes");
    expect(writes(api.requests.slice(mark))).toEqual([]);

    // `pulumi refresh`: the object is still there, and what GET did not say is kept.
    const refreshed = await engine.refresh(state);
    if (!refreshed)
      throw new Error(`\`pulumi refresh\` would drop the ${c.kind} from the state though GET answered 200`);
    expect(refreshed.id).toBe(state.id);
    const answer = shape(c.kind, object, get, generation) as Props;
    expect(forgotten(c, state, refreshed, answer, generation)).toEqual([]);
    if (post === get) expect(refreshChanges(c, state, refreshed)).toEqual([]);

    // `pulumi up` after the refresh: still no changes.
    mark = api.requests.length;
    expect(await engine.says(refreshed, c.program, "`pulumi up` after `pulumi refresh`")).toBe("no changes");
    expect(writes(api.requests.slice(mark))).toEqual([]);

    // Change one observed field: an update (not a replacement) that PATCHes only that field.
    let updated = refreshed;
    if (c.update) {
      const changed = { ...c.program, ...c.update };
      const { inputs, diff } = await engine.plan(refreshed, changed);
      expect({ changes: diff.changes, replaces: diff.replaces ?? [] }).toEqual({ changes: true, replaces: [] });
      mark = api.requests.length;
      updated = await engine.update(refreshed, inputs);
      const patches = api.requests.slice(mark).filter((r) => r.method === "PATCH");
      expect(patches.map((r) => ({ path: r.path, body: r.body }))).toEqual([
        { path: `${collection}/${itemKey(c.kind, object)}`, body: c.update },
      ]);
      expect(await engine.says(updated, changed, "`pulumi up` after the update")).toBe("no changes");
    }

    // `pulumi destroy`: one DELETE of the item.
    mark = api.requests.length;
    await engine.delete(updated);
    expect(writes(api.requests.slice(mark))).toEqual([`DELETE ${collection}/${itemKey(c.kind, object)}`]);
    expect(api.requests.filter((r) => !r.versioned).map((r) => r.path)).toEqual([]);
  });
});
