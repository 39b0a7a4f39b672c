/**
 * Every action of every kind (its oracle's `actions`, test/oracle/kinds/<kind>.ts) through the real engine, as
 * a user runs it: `pulumi up` with a new value of the action's trigger input (`<action>Trigger`) updates the
 * object in place and runs the action once, on the dynamic providers and on the provider plugin (the table
 * program with `futrou:mode: plugin`); the same value again is no change and no second run; destroy deletes
 * the object. test/provider/actions.test.ts proves the machinery and the plugin's `Call` in-process.
 */
import { type RunningEmulator, startEmulator } from "../../emulator";
import type { Kind } from "../../provider/api/contract";
import type { Context } from "../../provider/kinds/cases";
import { kinds, specFor } from "../../provider/registry";
import { actionTriggers, type Props } from "../../provider/spec";
import { casesOf } from "../kind-cases";
import { oracleOf } from "../oracle/oracles";
import { lifecycleContext } from "../provider/harness";
import { type ProgramStack, programStack } from "./engine";

jest.setTimeout(600_000);

const ACTIONS = kinds().flatMap((kind) =>
  Object.entries(oracleOf(kind).actions ?? {}).map(([action, facts]) => ({ kind, action, facts })),
);

const MODES = { "dynamic providers": false, "the plugin": true } as const;

test("some kind declares an action, so the suite below runs", () => {
  expect(ACTIONS.length).toBeGreaterThan(0);
});

describe.each(Object.entries(MODES))("on %s", (_mode, plugin) => {
  describe.each(ACTIONS)("$kind: $action", ({ kind, action, facts }) => {
    const spec = specFor(kind);
    const trigger = actionTriggers(spec.actions)[action] as string;
    let emulator: RunningEmulator;
    let ctx: Context;
    let ps: ProgramStack;

    /** The table program's one resource, with the trigger's value. */
    const resources = (value: string) =>
      JSON.stringify([
        {
          kind,
          name: `${kind.toLowerCase()}-${action}`,
          args: { ...casesOf(kind).lifecycle.required?.(ctx), [trigger]: value },
        },
      ]);
    /** The one object of the kind the emulator holds, and its item path. */
    const object = (): Props => {
      const all = emulator.inventory()[kind as Kind] as Props[];
      expect(all).toHaveLength(1);
      return all[0] as Props;
    };
    const posts = () => {
      const item = `${oracleOf(kind).collection}/${String(object().id)}`;
      return emulator.stats().byPath[`POST /v2${item}/${action}`] ?? 0;
    };

    beforeAll(async () => {
      emulator = await startEmulator({ deployDelayMs: 100, quiet: true });
      ctx = await lifecycleContext(emulator);
      ps = await programStack({
        program: "table",
        plugin,
        stackName: `action-${plugin ? "plugin" : "dynamic"}`,
        env: { FUTROU_API_URL: emulator.url, PULUMI_NODEJS_TRANSPILE_ONLY: "true" },
        config: {
          "futrou:apiToken": { value: emulator.token, secret: true },
          ...(plugin ? { "futrou:mode": { value: "plugin" } } : {}),
          resources: { value: resources("first") },
        },
      });
    });
    afterAll(async () => {
      await ps?.dispose();
      await emulator?.close();
    });

    test("a create records the trigger and runs nothing", async () => {
      const result = await ps.stack.up({ onOutput: () => {} });
      expect(result.summary.resourceChanges?.create).toBeGreaterThanOrEqual(1);
      expect(posts()).toBe(0);
      // The mode is the one named: the plugin's type, or the dynamic providers' type for the kind.
      const types = JSON.parse(await ps.stateAtRest()).checkpoint.latest.resources.map((r: { type: string }) => r.type);
      expect(types).toContain(
        plugin ? `futrou:index:${spec.typeName}` : `pulumi-nodejs:dynamic/futrou:${spec.typeName}`,
      );
    });

    test("a new trigger value updates in place and runs the action once; the same value again runs nothing", async () => {
      const before = object();
      await ps.stack.setConfig("resources", { value: resources("second") });
      const updated = await ps.stack.up({ onOutput: () => {} });
      expect(updated.summary.resourceChanges).toMatchObject({ update: 1 });
      expect(updated.summary.resourceChanges).not.toHaveProperty("replace");
      expect(posts()).toBe(1);
      const after = object();
      expect(after.id).toBe(before.id);
      expect(after).toMatchObject(facts.settled);
      for (const field of facts.moves)
        expect({ field, moved: after[field] !== before[field] }).toEqual({ field, moved: true });

      const again = await ps.stack.up({ onOutput: () => {} });
      expect(again.summary.resourceChanges).not.toHaveProperty("update");
      expect(posts()).toBe(1);
    });

    test("destroy deletes the object", async () => {
      await ps.stack.destroy({ onOutput: () => {} });
      expect(emulator.inventory()[kind as Kind]).toHaveLength(0);
    });
  });
});
