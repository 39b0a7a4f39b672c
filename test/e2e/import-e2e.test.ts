/**
 * examples/import: resources created outside Pulumi are adopted, unchanged, with no diff afterwards; then
 * managed like any other (a change in the program updates them in place, destroy deletes them).
 */
import { type RunningEmulator, startEmulator } from "../../emulator";
import { FutrouClient } from "../../provider/api/client";
import { DnsRecord, DnsZone, Project, Volume } from "../../provider/kinds";
import { editProgram, type ProgramStack, programStack, writes } from "./engine";

jest.setTimeout(300_000);

describe("examples/import end to end", () => {
  let emulator: RunningEmulator;
  let ps: ProgramStack;
  let ids: { projectId: string; volumeId: string; zoneId: string; wwwRecordId: string };

  beforeAll(async () => {
    emulator = await startEmulator({ deployDelayMs: 100 });
    // Made by hand (console, CLI, a script), long before anyone wrote a Pulumi program for them.
    const client = new FutrouClient({ baseUrl: emulator.url, token: emulator.token });
    const workspaceId = emulator.workspaceId;
    const project = await client.create(
      "/projects",
      { name: "legacy-shop", displayName: "Legacy shop", workspaceId },
      Project,
    );
    const volume = await client.create(
      "/volumes",
      { name: "legacy-data", projectId: project.id, sizeGb: 50, workspaceId },
      Volume,
    );
    const zone = await client.create(
      "/dns",
      { domain: "legacy-shop.example", projectId: project.id, workspaceId },
      DnsZone,
    );
    const www = await client.create(
      `/dns/${zone.id}/records`,
      { name: "www", type: "CNAME", value: "legacy-shop.example", ttl: 3600 },
      DnsRecord,
    );
    ids = { projectId: project.id, volumeId: volume.id, zoneId: zone.id, wwwRecordId: `${zone.id}/${www.id}` };
    ps = await programStack({
      program: "examples/import",
      env: { FUTROU_API_URL: emulator.url, FUTROU_API_TOKEN: emulator.token },
      config: Object.fromEntries(Object.entries(ids).map(([k, v]) => [k, { value: v }])),
    });
  });
  afterAll(async () => {
    await ps?.dispose();
    await emulator?.close();
  });

  it("adopts the existing resources, creating nothing and writing only the kept fields the program sets", async () => {
    emulator.resetStats();
    const up = await ps.stack.up({ onOutput: () => {} });
    expect(up.summary.result).toBe("succeeded");
    // The API never returns a volume's or a zone's projectId: one PATCH each writes it, so the state is true.
    const stats = emulator.stats();
    expect(writes(stats)).toBe(2);
    expect(stats.byMethod.PATCH).toBe(2);
    expect(up.outputs.recordId?.value).toBe(ids.wwwRecordId);
    expect(up.outputs.volumeSizeGb?.value).toBe(50);
    const state = await ps.stack.exportStack();
    const adopted = (state.deployment.resources ?? []).filter((r: { id?: string }) =>
      Object.values(ids).includes(r.id ?? ""),
    );
    expect(adopted).toHaveLength(4);
  });

  it("shows no diff on the following preview", async () => {
    emulator.resetStats();
    const preview = await ps.stack.preview({ onOutput: () => {} });
    expect(preview.changeSummary).toEqual({ same: 5 });
    expect(writes(emulator.stats())).toBe(0);
  });

  it("manages the adopted resources from then on: a change in the program updates them in place", async () => {
    editProgram(
      ps,
      '{ name: "legacy-shop", displayName: "Legacy shop" }',
      '{ name: "legacy-shop", displayName: "Shop" }',
    );
    editProgram(ps, "projectId: project.id, sizeGb: 50 }", "projectId: project.id, sizeGb: 80 }");
    emulator.resetStats();
    const up = await ps.stack.up({ onOutput: () => {} });
    expect(up.summary.resourceChanges).toEqual({ same: 3, update: 2 });
    // One PATCH each, to the adopted objects: nothing created, nothing replaced.
    expect(emulator.stats().byMethod).toMatchObject({ PATCH: 2 });
    expect(writes(emulator.stats())).toBe(2);
    const inv = emulator.inventory();
    expect(inv.project).toEqual([expect.objectContaining({ id: ids.projectId, displayName: "Shop" })]);
    expect(inv.volume).toEqual([expect.objectContaining({ id: ids.volumeId, sizeGb: 80 })]);
    expect(inv.dnsRecord.filter((r) => !r.platform)).toEqual([
      expect.objectContaining({ id: ids.wwwRecordId.split("/")[1] }),
    ]);
  });

  it("destroy deletes the adopted resources", async () => {
    const destroy = await ps.stack.destroy({ onOutput: () => {} });
    expect(destroy.summary.resourceChanges).toEqual({ delete: 5 });
    const inv = emulator.inventory();
    expect([inv.project, inv.volume, inv.dnsZone, inv.dnsRecord]).toEqual([[], [], [], []]);
  });
});
