/**
 * Every kind runs the same steps against the emulator, one row per kind (hcloud acceptance style), the kind's
 * lifecycle example (provider/kinds/<kind>/cases.ts; update values it does not name come from the field
 * declarations, ./update-values.ts):
 * create with required fields only → read equals state → update every updatable field → change a
 * replace field → import by id shows no diff → delete (gone remotely; deleting again is fine). In both
 * API generations the emulator can answer in, and through both adapters' kits: the dynamic-provider host's
 * and the provider plugin's (its engine's part played as ./harness.ts `pluginKit` says: what the kit seals
 * comes back plain in the next call; the gRPC layer is test/plugin/'s).
 */

import { z } from "zod";
import type { RunningEmulator } from "../../emulator";
import { FutrouClient } from "../../provider/api/client";
import { COLLECTIONS, GENERATIONS, type Generation, type Kind } from "../../provider/api/contract";
import { setWarningSink } from "../../provider/engineLog";
import type { Context, LifecycleCase } from "../../provider/kinds/cases";
import { kinds } from "../../provider/registry";
import { actionTriggers, generationsOf, keptNames } from "../../provider/spec";
import { casesOf } from "../kind-cases";
import { ORACLES, perGeneration } from "../oracle/oracles";
import { argsOf, lifecycleContext, type Props, type Provider, type State, stable, startHarness } from "./harness";
import { updateValues } from "./update-values";

interface Row extends LifecycleCase {
  kind: Kind;
}

/** Every registered kind's lifecycle example (provider/kinds/<kind>/cases.ts). */
const rows: Row[] = kinds().map((kind) => ({ kind, ...casesOf(kind).lifecycle }));

/**
 * What refresh's warning names per kind when only `updatedAt` moved: docs/drift.md, written out by hand in each
 * kind's oracle (`unseen`, test/oracle/kinds/<kind>.ts; not derived from the specs, so the test checks the
 * guide's sentence, not the code with itself).
 */
const UNSEEN = perGeneration((facts) => facts.unseen ?? []);

/** Each API generation, through each adapter's kit: the dynamic-provider host's and the provider plugin's. */
const RUNS = GENERATIONS.flatMap((g) => (["dynamic", "plugin"] as const).map((mode) => [g, mode] as const));

describe.each(RUNS)("API generation %s, the %s kit", (generation, mode) => {
  let emulator: RunningEmulator;
  let provider: (kind: Kind) => Provider;
  let ctx: Context;
  let api: FutrouClient;

  beforeAll(async () => {
    ({ emulator, provider } = await startHarness(generation, mode));
    api = new FutrouClient({ baseUrl: emulator.url, token: emulator.token });
    ctx = await lifecycleContext(emulator);
  });

  afterAll(() => emulator.close());

  /** The remote object behind a Pulumi id (its last part: the id, or the oracle's item key), from the store. */
  function remote(kind: Kind, state: State): Props | undefined {
    const key = state.id.split("/").pop();
    return emulator.inventory()[kind].find((o) => o[ORACLES[kind].itemKey ?? "id"] === key);
  }

  describe.each(rows)("$kind", (row) => {
    // Names of each mode's own: a create's journal entry outlives its test.
    const name = `my-${row.kind.toLowerCase()}-${mode}`;

    test("create → read → update → replace → import → delete", async () => {
      const p = provider(row.kind);

      // create with required fields only
      const required = row.required?.(ctx) ?? {};
      const created = await p.create(name, required);
      expect(remote(row.kind, created)).toBeDefined();
      expect(created.outputs).not.toHaveProperty("id");

      // read equals state, and a second up changes nothing
      const read = await p.read(created);
      expect(read.id).toBe(created.id);
      // read reports inputs too (observed fields live, kept ones as applied): on an untouched object, the checked ones
      expect(read.inputs).toMatchObject(argsOf(created.inputs));
      expect(stable(row.kind, read.props as Props)).toEqual(stable(row.kind, created.outputs));
      expect((await p.up(created, name, required)).step).toBe("same");

      // the answer tells which generation gave it where the generations' shapes differ (a refresh that sees
      // only updatedAt move names the fields kept in that generation); an answer whose fields another
      // generation publishes too (one that only adds fields) fits that one as well
      const collection = COLLECTIONS[row.kind].replace(/\{(\w+)\}/g, (_, p: string) => String(created.inputs[p]));
      const answer = await api.get(`${collection}/${created.id.split("/").pop()}`, z.looseObject({ id: z.string() }));
      const published = (g: Generation) => p.spec.fields.published[g];
      const fits = GENERATIONS.filter((g) => published(generation).every((k) => published(g).includes(k)));
      expect(generationsOf(p.spec, answer)).toEqual(fits);

      // a change outside Pulumi that moves only updatedAt: refresh warns, naming the fields docs/drift.md
      // says refresh cannot see for this kind in this generation (and kinds it sees whole never warn)
      // a later updatedAt: the clock has moved past the millisecond of the last write
      const stamped = Date.now();
      while (Date.now() <= stamped) await new Promise((r) => setImmediate(r));
      const item = `${collection}/${created.id.split("/").pop()}`;
      if (row.touch) await api.create(`${item}/${row.touch}`, {}, z.looseObject({ id: z.string() }));
      else await api.patch(item, {}, z.looseObject({ id: z.string() }));
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
      expect(unseen.sort()).toEqual([...UNSEEN[generation][row.kind]].sort());
      expect(warnings.length).toBe(unseen.length > 0 ? 1 : 0);

      // update every updatable field, in place: the example's values, the others' from their declarations (and
      // an example naming a field that is not updatable fails here)
      const updatable = Object.keys(p.spec.update.shape);
      const update = updateValues(row.kind, p.spec.fields.fields, updatable, created.inputs, row.update?.(ctx) ?? {});
      expect(Object.keys(update).sort()).toEqual([...updatable].sort());
      emulator.resetStats();
      const updated = await p.up(created, name, { ...required, ...update, ...row.triggers });
      expect(updated.step).toBe("update");
      // a changed trigger runs its action once (`POST <item>/<action>`)
      for (const [action, trigger] of Object.entries(actionTriggers(p.spec.actions))) {
        const posts = emulator.stats().byPath[`POST /v2${item}/${action}`] ?? 0;
        expect(posts).toBe(row.triggers?.[trigger] === undefined ? 0 : 1);
      }
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
      // (The PATCH moves updatedAt. An import cannot read what only the create answers, a token's bearer
      // value: the state holds the create's, the import none.)
      const { updatedAt: _, ...importedOuts } = stable(row.kind, imported.outs as Props);
      const { updatedAt: __, ...currentOuts } = stable(row.kind, current.outputs);
      for (const k of Object.keys(ORACLES[row.kind].fromCreate ?? {})) {
        expect({ k, created: currentOuts[k] !== undefined, imported: importedOuts[k] }).toEqual({ k, created: true });
        delete currentOuts[k];
      }
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
