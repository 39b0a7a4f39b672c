/**
 * Waiting for a serverlet: a failed deploy, an update of a stopped one, what a refresh reports, and
 * futrou:readyTimeoutSeconds.
 */
import type { dynamic } from "@pulumi/pulumi";
import { startEmulator } from "../../emulator";
import { Serverlet } from "../../provider/kinds";
import { makeProvider, ResourceInitError } from "../../provider/kit";
import { specFor } from "../../provider/registry";
import { HIDDEN } from "../../provider/spec";
import { providerModule } from "../../sdk/resource";
import { argsOf, configOf, type Props, useHarness } from "./harness";

const h = useHarness();

describe("serverlets", () => {
  test("a failed deploy throws the state and reason, and carries the id so the engine keeps it", async () => {
    const error = await h
      .provider("serverlet")
      .create("broken", { image: "ghcr.io/acme/does-not-exist:1" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResourceInitError);
    const init = error as ResourceInitError;
    // The published serverlet shape carries no reason: the state is what the API tells.
    expect(init.message).toMatch(/did not become running: failed/);
    expect(h.emulator.inventory().serverlet.some((o) => o.id === init.id)).toBe(true);
    expect(init.properties).toMatchObject({ state: "failed", image: "ghcr.io/acme/does-not-exist:1" });
    // The engine prints only the reasons of an init failure: kind, name and id must be in them.
    expect(init.reasons).toEqual([init.message]);
    expect(init.reasons[0]).toMatch(
      new RegExp(
        `^futrou:Serverlet "broken-[a-z0-9]{7}" \\(${init.id}\\) did not become running: failed: .*run \`pulumi up\` again\\.$`,
      ),
    );
  });

  test("a failed deploy updated again without a fix: what the engine records still loads the provider and deletes", async () => {
    const p = h.provider("serverlet");
    const inputs = await p.check({}, p.news("again", { image: "ghcr.io/acme/does-not-exist:2" }));
    const first = (await p.raw.create(inputs).catch((e: unknown) => e)) as ResourceInitError;
    expect(first).toBeInstanceOf(ResourceInitError);
    // The second `pulumi up`: the engine updates a resource that failed to initialize, with the same inputs.
    const second = (await p.raw.update!(first.id, first.properties, inputs).catch(
      (e: unknown) => e,
    )) as ResourceInitError;
    expect(second).toBeInstanceOf(ResourceInitError);
    expect(second.message).toMatch(/did not become running: failed/);
    // The dynamic-provider host records these properties as the outputs and later loads the provider from them
    // (`requireFromString(props.__provider)`): without the module, destroy fails with "code must be a string".
    expect(second.properties[HIDDEN.provider]).toBe(providerModule("serverlet"));
    await p.raw.delete!(second.id, second.properties);
    expect(h.emulator.inventory().serverlet.some((o) => o.id === second.id)).toBe(false);
  });

  test("an update of a stopped serverlet returns at once: a PATCH does not start it", async () => {
    const p = h.provider("serverlet");
    const state = await p.create("paused", { image: "nginx:1" });
    await h.api.action(`/serverlets/${state.id}/stop`, Serverlet);
    expect((await h.api.get(`/serverlets/${state.id}`, Serverlet)).state).toBe("stopped");
    // Waiting for `running` here would end in the harness's 10 s readiness timeout error.
    const next = await p.up({ ...state, outputs: { ...state.outputs, state: "stopped" } }, "paused", {
      ...argsOf(state.inputs),
      env: { MODE: "maintenance" },
    });
    expect(next.step).toBe("update");
    expect(next.state.outputs).toMatchObject({ state: "stopped", env: { MODE: "maintenance" } });
  });

  test("a refresh reports as inputs what the program gave, live; cpu and ram left to the API stay outputs", async () => {
    const p = h.provider("serverlet");
    const state = await p.create("sized", { image: "nginx:1", maxInstances: 2 });
    await h.api.patch(`/serverlets/${state.id}`, { maxInstances: 5 }, Serverlet);
    const read = await p.read(state);
    expect(read.props).toMatchObject({ cpu: expect.any(Number), ram: expect.any(Number), maxInstances: 5 });
    // The dynamic-provider host's preview --diff compares these with the program's inputs: a cpu here would
    // print as `- cpu: 250`, a removal that never happens.
    expect(read.inputs).not.toHaveProperty("cpu");
    expect(read.inputs).not.toHaveProperty("ram");
    expect(read.inputs).toMatchObject({ image: "nginx:1", maxInstances: 5, minInstances: 1 });
    // What check knew is written as the exceptions only: the outputs name the two fields the API chose, the
    // inputs (every one of them given) and the refreshed inputs carry nothing for it.
    expect(state.outputs[HIDDEN.chosen]).toEqual(["cpu", "ram"]);
    expect(state.outputs).not.toHaveProperty(HIDDEN.given);
    expect(state.inputs).not.toHaveProperty(HIDDEN.given);
    expect(read.inputs).not.toHaveProperty(HIDDEN.given);
    expect(read.props[HIDDEN.chosen]).toEqual(["cpu", "ram"]);
    // Outputs written before they carried `__given` (until the next create or update): every input field.
    const { [HIDDEN.chosen]: _, ...legacy } = state.outputs;
    expect((await p.read({ ...state, outputs: legacy })).inputs).toMatchObject({ cpu: expect.any(Number) });
    // Outputs an earlier version wrote, with the whole list: read as before, and written in the short form.
    const whole = { ...legacy, [HIDDEN.given]: Object.keys(argsOf(state.inputs)).sort() };
    const again = await p.read({ ...state, outputs: whole });
    expect(again.inputs).not.toHaveProperty("cpu");
    expect(again.props).not.toHaveProperty(HIDDEN.given);
    expect(again.props[HIDDEN.chosen]).toEqual(["cpu", "ram"]);
  });

  test("waiting is bounded by futrou:readyTimeoutSeconds", async () => {
    // Its own emulator, whose deploys take an hour: the timeout, not a slow machine, decides the outcome.
    const slow = await startEmulator({ deployDelayMs: 3_600_000, quiet: true });
    try {
      const p = makeProvider(specFor("serverlet"));
      await p.configure?.({
        config: configOf({
          "futrou:apiUrl": slow.url,
          "futrou:apiToken": slow.token,
          "futrou:readyTimeoutSeconds": "0.001",
        }) as dynamic.Config,
      });
      const checked = (await p.check!({}, { name: "slow", image: "nginx" })).inputs as Props;
      await expect(p.create(checked)).rejects.toThrow(/still deploying after 0.001 s/);
    } finally {
      await slow.close();
    }
  });
});
