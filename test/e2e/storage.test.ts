/**
 * Storage through the real engine against the emulator: create, no-change up and refresh, drift of its
 * plan found by refresh and repaired by up, import of a storage made outside Pulumi, and destroy.
 */
import { type RunningEmulator, startEmulator } from "../../emulator";
import { FutrouClient } from "../../provider/api/client";
import { Plan } from "../../provider/api/models";
import { Storage } from "../../provider/kinds";
import { type ProgramStack, programStack, writes } from "./engine";

jest.setTimeout(600_000);

describe("a Storage end to end", () => {
  let emulator: RunningEmulator;
  let ps: ProgramStack;
  let api: FutrouClient;
  let plans: Record<string, string>;
  let filesId: string;
  const quiet = { onOutput: () => {} };

  beforeAll(async () => {
    emulator = await startEmulator({ quiet: true });
    api = new FutrouClient({ baseUrl: emulator.url, token: emulator.token });
    plans = Object.fromEntries((await api.list("/storages/plans", Plan)).map((p) => [p.name, p.id]));
    ps = await programStack({
      program: "storage",
      env: { FUTROU_API_URL: emulator.url },
      config: {
        "futrou:apiToken": { value: emulator.token, secret: true },
        planId: { value: plans.starter as string },
      },
    });
  });
  afterAll(async () => {
    await ps?.dispose();
    await emulator?.close();
  });

  it("creates it on the plan asked for; the lookup finds it", async () => {
    const up = await ps.stack.up(quiet);
    expect(up.summary.resourceChanges).toEqual({ create: 2 });
    filesId = String(up.outputs.filesId?.value);
    expect(up.outputs.filesPlanId?.value).toBe(plans.starter);
    expect(up.outputs.foundId?.value).toBe(filesId);
    expect(emulator.inventory().storage.map((s) => s.storagePlanId)).toEqual([plans.starter]);
  });

  it("a second up and a refresh of the untouched stack change nothing and write nothing", async () => {
    emulator.resetStats();
    expect((await ps.stack.up(quiet)).summary.resourceChanges).toEqual({ same: 2 });
    expect((await ps.stack.refresh(quiet)).summary.resourceChanges).toEqual({ same: 2 });
    expect((await ps.stack.up(quiet)).summary.resourceChanges).toEqual({ same: 2 });
    expect(writes(emulator.stats())).toBe(0);
  });

  it("a plan changed outside Pulumi is found by refresh, named by preview and repaired in place by up", async () => {
    await api.patch(`/storages/${filesId}`, { storagePlanId: plans.pro }, Storage);
    await ps.stack.refresh(quiet);
    let text = "";
    const preview = await ps.stack.preview({ diff: true, onOutput: (o) => (text += o) });
    expect(preview.changeSummary).toEqual({ update: 1, same: 1 });
    expect(text).toContain(`storagePlanId: "${plans.pro}" => "${plans.starter}"`);
    const up = await ps.stack.up(quiet);
    expect(up.summary.resourceChanges).toEqual({ update: 1, same: 1 });
    expect((await api.get(`/storages/${filesId}`, Storage)).storagePlanId).toBe(plans.starter);
    expect(emulator.inventory().storage.map((s) => s.id)).toEqual([filesId]);
  });

  it("adopts a storage made outside Pulumi without writing, then shows no diff", async () => {
    const legacy = await api.create(
      "/storages",
      { name: "legacy-files", storagePlanId: plans.standard, workspaceId: emulator.workspaceId },
      Storage,
    );
    await ps.stack.setAllConfig({ legacyId: { value: legacy.id }, legacyPlanId: { value: plans.standard as string } });
    emulator.resetStats();
    const up = await ps.stack.up(quiet);
    expect(up.summary.resourceChanges).toEqual({ create: 1, same: 2 });
    expect(writes(emulator.stats())).toBe(0);
    expect((await ps.stack.preview(quiet)).changeSummary).toEqual({ same: 3 });
  });

  it("destroy deletes both", async () => {
    const destroy = await ps.stack.destroy(quiet);
    expect(destroy.summary.resourceChanges).toEqual({ delete: 3 });
    expect(emulator.inventory().storage).toEqual([]);
  });
});
