import { Plan, Region } from "../../provider/api/models";
import { Storage } from "../../provider/kinds";
import { type Props, useHarness } from "./harness";

const h = useHarness();

describe("storages", () => {
  test("without a plan the API's choice is taken and never diffed; naming one resizes in place", async () => {
    const p = h.provider("storage");
    const state = await p.create("files", {});
    const chosen = state.outputs.storagePlanId;
    expect(chosen).toEqual(expect.any(String));
    expect(state.inputs).not.toHaveProperty("storagePlanId");
    // An explicit null also means "the API's choice": no diff against the plan it chose.
    expect((await p.up(state, "files", { storagePlanId: null })).step).toBe("same");
    expect((await p.up({ ...state, outputs: (await p.read(state)).props as Props }, "files", {})).step).toBe("same");
    const plans = await h.api.list("/storages/plans", Plan);
    const bigger = plans.find((plan) => plan.id !== chosen)?.id as string;
    h.emulator.resetStats();
    const resized = await p.up(state, "files", { storagePlanId: bigger });
    expect(resized.step).toBe("update");
    expect(h.emulator.stats().byMethod.PATCH).toBe(1);
    expect((await h.api.get(`/storages/${state.id}`, Storage)).storagePlanId).toBe(bigger);
  });

  test("a region change replaces it, deleting the old one first (its name is kept)", async () => {
    const p = h.provider("storage");
    const state = await p.create("moving", { name: "moving-files" });
    const regions = (await h.api.list("/regions", Region)).map((r) => r.id);
    const diff = await p.diff(state, await p.check(state.inputs, { name: "moving-files", regionId: regions[1] }));
    expect(diff).toEqual({ changes: true, changed: ["regionId"], replaces: ["regionId"], deleteBeforeReplace: true });
  });
});
