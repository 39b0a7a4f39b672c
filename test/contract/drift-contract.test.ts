/**
 * Out-of-band changes (CONTRACT.md, observed vs kept): a change to an observed field is found by refresh
 * and repaired by the next up with a PATCH of only that field; a kept field cannot drift visibly in the
 * published shape, but when an answer does carry it, it is used.
 */

import { GENERATIONS, type Generation, PUBLISHED } from "../oracle/published";
import { CASES, type Case, caseName } from "./cases";
import { cannedApi } from "./harness";
import { serveAccount, serveKind } from "./serve";
import { Engine } from "./stand-in-engine";
import { type Props, patched } from "./wire";

const api = cannedApi();

/** Each program in each generation whose published answers carry the field it drifts (else it is kept). */
const rows = CASES.flatMap((c) =>
  GENERATIONS.filter((g) => PUBLISHED[g][c.kind].includes(Object.keys(c.drift ?? c.update ?? {})[0] as string)).map(
    (g) => [g, caseName(c), c, g] as const,
  ),
);

test.each(rows)(
  "%s: %s: drift of an observed field is found by refresh and repaired by up",
  async (_gen, _name, c: Case, generation: Generation) => {
    serveAccount(api);
    const served = serveKind(api, c.kind, { post: "published", get: "published", generation });
    const engine = await new Engine(c.kind).configure({ apiUrl: api.origin });
    const state = await engine.create(c.program);
    const drift = c.drift ?? c.update ?? {};
    served.object = patched(c.kind, served.object as Props, drift, generation); // changed in the console

    const refreshed = await engine.refresh(state);
    if (!refreshed) throw new Error("`pulumi refresh` dropped the object");
    const [field] = Object.keys(drift) as [string];
    expect(refreshed.outputs[field]).toEqual(drift[field]);
    const said = await engine.says(refreshed, c.program, "`pulumi up` after `pulumi refresh`");
    expect(said).toMatch(new RegExp(`would update ${c.kind}: ${field} differs`));

    const { inputs } = await engine.plan(refreshed, c.program);
    const mark = api.requests.length;
    const repaired = await engine.update(refreshed, inputs);
    const patches = api.requests.slice(mark).filter((r) => r.method === "PATCH");
    expect(patches.map((r) => r.body)).toEqual([{ [field]: c.program[field] ?? inputs[field] }]);
    expect(await engine.says(repaired, c.program, "`pulumi up` after the repair")).toBe("no changes");
  },
);

describe("kept fields", () => {
  const serverlet = CASES.find((c) => c.kind === "serverlet") as Case;

  test("serverlet env changed outside, published answers: invisible, no changes", async () => {
    serveAccount(api);
    const served = serveKind(api, "serverlet", { post: "published", get: "published" });
    const engine = await new Engine("serverlet").configure({ apiUrl: api.origin });
    const state = await engine.create(serverlet.program);
    served.object = { ...(served.object as Props), env: { PORT: "9999" } };
    const refreshed = await engine.refresh(state);
    expect(refreshed?.outputs.env).toEqual(serverlet.program.env);
    expect(await engine.says(refreshed ?? state, serverlet.program, "`pulumi up` after `pulumi refresh`")).toBe(
      "no changes",
    );
  });

  test("serverlet env changed outside, an answer that carries env: refresh uses it, up repairs it", async () => {
    serveAccount(api);
    const served = serveKind(api, "serverlet", { post: "published", get: "full" });
    const engine = await new Engine("serverlet").configure({ apiUrl: api.origin });
    const state = await engine.create(serverlet.program);
    served.object = { ...(served.object as Props), env: { PORT: "9999" } };
    const refreshed = await engine.refresh(state);
    expect(refreshed?.outputs.env).toEqual({ PORT: "9999" });
    const said = await engine.says(refreshed ?? state, serverlet.program, "`pulumi up` after `pulumi refresh`");
    expect(said).toMatch(/would update serverlet: env differs/);
  });

  test("variable value: never in an answer, kept from the last up", async () => {
    serveAccount(api);
    const variable = CASES.find((c) => c.kind === "variable") as Case;
    serveKind(api, "variable", { post: "full", get: "full" });
    const engine = await new Engine("variable").configure({ apiUrl: api.origin });
    const state = await engine.create(variable.program);
    expect(state.outputs.value).toBe(variable.program.value);
    const refreshed = await engine.refresh(state);
    expect(refreshed?.outputs.value).toBe(variable.program.value);
    const { inputs } = await engine.plan(refreshed ?? state, { ...variable.program, value: "https://v2.example.com" });
    const mark = api.requests.length;
    await engine.update(refreshed ?? state, inputs);
    expect(
      api.requests
        .slice(mark)
        .filter((r) => r.method === "PATCH")
        .map((r) => r.body),
    ).toEqual([{ value: "https://v2.example.com" }]);
  });
});
