import { Project } from "../../provider/kinds";
import { type Props, useHarness } from "./harness";

const h = useHarness();

describe("diff", () => {
  test("a replacement that keeps a unique name deletes first, auto-named or not", async () => {
    const p = h.provider("volume");
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
    const p = h.provider("project");
    const state = await p.create("drifty", { displayName: "Mine" });
    await h.api.patch(`/projects/${state.id}`, { displayName: "Changed in the console" }, Project);
    const refreshed = { ...state, outputs: (await p.read(state)).props as Props };
    expect(refreshed.outputs.displayName).toBe("Changed in the console");
    const up = await p.up(refreshed, "drifty", { displayName: "Mine" });
    expect(up.step).toBe("update");
    expect((await h.api.get(`/projects/${state.id}`, Project)).displayName).toBe("Mine");
  });

  test("update PATCHes only the changed fields", async () => {
    const p = h.provider("proxy");
    const state = await p.create("web", { domain: "patch.example.com", target: "10.0.0.1" });
    h.emulator.resetStats();
    await p.up(state, "web", { domain: "patch.example.com", target: "10.0.0.1", port: 8443 });
    expect(h.emulator.stats().total).toBe(1);
    expect(h.emulator.inventory().proxy.find((o) => o.id === state.id)).toMatchObject({ port: 8443 });
  });
});

describe("objects deleted outside Pulumi", () => {
  test("an update that finds the object gone says to refresh, instead of a bare 404", async () => {
    const p = h.provider("project");
    const state = await p.create("gone", { displayName: "Here" });
    await h.api.delete(`/projects/${state.id}`);
    await expect(p.up(state, "gone", { displayName: "Changed" })).rejects.toThrow(
      /no longer exists: it was deleted outside Pulumi\. Run `pulumi refresh`.*404 Not Found/,
    );
  });
});
