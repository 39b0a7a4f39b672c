/**
 * How an up changes an object through the kit: the order of a replacement, drift found by refresh
 * reverted, a PATCH of the changed fields only, and an object deleted outside Pulumi.
 */
import type { RunningEmulator } from "../../emulator";
import type { FutrouClient } from "../../provider/api/client";
import type { Kind } from "../../provider/api/contract";
import { Project } from "../../provider/api/models";
import { type Props, type Provider, startHarness } from "./harness";

let emulator: RunningEmulator;
let provider: (kind: Kind) => Provider;
let api: FutrouClient;
beforeAll(async () => {
  ({ emulator, provider, api } = await startHarness());
});
afterAll(() => emulator.close());

describe("diff", () => {
  test("a replacement that keeps a unique name deletes first, auto-named or not", async () => {
    const p = provider("volume");
    const named = await p.create("data", { name: "keep-me" });
    expect(
      (await p.diff(named, await p.check(named.inputs, { name: "keep-me", type: "hdd" }))).deleteBeforeReplace,
    ).toBe(true);
    // An auto-name is kept by check, and drawn the same when the SDK computes it: the old object goes first.
    const auto = await p.create("data", {});
    const diff = await p.diff(auto, await p.check(auto.inputs, p.news("data", { type: "hdd" })));
    expect(diff).toEqual({ changes: true, changed: ["type"], replaces: ["type"], deleteBeforeReplace: true });
  });

  test("drift found by refresh is reverted by the next up", async () => {
    const p = provider("project");
    const state = await p.create("drifty", { displayName: "Mine" });
    await api.patch(`/projects/${state.id}`, { displayName: "Changed in the console" }, Project);
    const refreshed = { ...state, outputs: (await p.read(state)).props as Props };
    expect(refreshed.outputs.displayName).toBe("Changed in the console");
    const up = await p.up(refreshed, "drifty", { displayName: "Mine" });
    expect(up.step).toBe("update");
    expect((await api.get(`/projects/${state.id}`, Project)).displayName).toBe("Mine");
  });

  test("update PATCHes only the changed fields", async () => {
    const p = provider("proxy");
    const state = await p.create("web", { domain: "patch.example.com", target: "10.0.0.1" });
    emulator.resetStats();
    await p.up(state, "web", { domain: "patch.example.com", target: "10.0.0.1", port: 8443 });
    expect(emulator.stats().total).toBe(1);
    expect(emulator.inventory().proxy.find((o) => o.id === state.id)).toMatchObject({ port: 8443 });
  });
});

describe("objects deleted outside Pulumi", () => {
  test("an update that finds the object gone says to refresh, instead of a bare 404", async () => {
    const p = provider("project");
    const state = await p.create("gone", { displayName: "Here" });
    await api.delete(`/projects/${state.id}`);
    await expect(p.up(state, "gone", { displayName: "Changed" })).rejects.toThrow(
      /no longer exists: it was deleted outside Pulumi\. Run `pulumi refresh`.*404 Not Found/,
    );
  });
});
