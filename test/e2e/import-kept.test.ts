/**
 * Import with kept fields (issue 15, point 2), through the real engine: the API never returns a serverlet's
 * env, ports, volumes, scaling, owner and plan ids, nor a variable's value. After adopting an object, the
 * provider writes the kept fields the program sets, in one PATCH, so the state never claims a value the API
 * was not sent; kept fields the program leaves out are not claimed, and the next preview shows the update
 * that would set them to the program's defaults.
 */
import { type RunningEmulator, startEmulator } from "../../emulator";
import { FutrouClient } from "../../provider/api/client";
import { Project, Serverlet, Variable, Volume } from "../../provider/kinds";
import { type TableStack, tableStack, writes } from "./engine";

jest.setTimeout(600_000);

describe("import writes the kept fields the program sets", () => {
  let emulator: RunningEmulator;
  let ps: TableStack;
  let ids: { project: string; volume: string; app: string; bare: string; variable: string };
  const stored = (kind: "serverlet" | "variable", id: string) =>
    emulator.inventory()[kind].find((o) => o.id === id) as Record<string, unknown>;

  beforeAll(async () => {
    emulator = await startEmulator({ quiet: true, deployDelayMs: 50 });
    const api = new FutrouClient({ baseUrl: emulator.url, token: emulator.token });
    const workspaceId = emulator.workspaceId;
    const project = await api.create("/projects", { name: "legacy", workspaceId }, Project);
    const volume = await api.create("/volumes", { name: "legacy-data", sizeGb: 10, workspaceId }, Volume);
    // Made by hand with none of the kept fields the program will declare.
    const app = await api.create("/serverlets", { name: "legacy-app", image: "nginx:1.27", workspaceId }, Serverlet);
    const bare = await api.create(
      "/serverlets",
      { name: "legacy-worker", image: "nginx:1.27", workspaceId, env: { MODE: "live" } },
      Serverlet,
    );
    const variable = await api.create("/variables", { key: "LEVEL", value: "debug", projectId: project.id }, Variable);
    ids = { project: project.id, volume: volume.id, app: app.id, bare: bare.id, variable: variable.id };
    ps = await tableStack(emulator, "import-kept", [
      {
        kind: "serverlet",
        name: "app",
        args: {
          name: "legacy-app",
          image: "nginx:1.27",
          projectId: ids.project,
          env: { LOG_LEVEL: "info" },
          ports: [{ port: 8080 }],
          volumes: [{ volumeId: ids.volume, mountPath: "/data" }],
          scaling: { cpuPercent: 70, ramPercent: 80, upCooldown: 60, downCooldown: 300 },
        },
        opts: { import: ids.app },
      },
      // Declares none of its kept fields: they are neither written nor claimed.
      {
        kind: "serverlet",
        name: "worker",
        args: { name: "legacy-worker", image: "nginx:1.27" },
        opts: { import: ids.bare },
      },
      {
        kind: "variable",
        name: "level",
        args: { key: "LEVEL", value: "info", projectId: ids.project },
        opts: { import: ids.variable },
      },
    ]);
  });
  afterAll(async () => {
    await ps?.dispose();
    await emulator?.close();
  });

  it("up adopts each object and writes what the program sets in one PATCH per object, creating nothing", async () => {
    emulator.resetStats();
    const up = await ps.stack.up({ onOutput: () => {} });
    expect(up.summary.result).toBe("succeeded");
    const stats = emulator.stats();
    expect(stats.byRoute["POST /serverlets"]).toBeUndefined();
    expect(stats.byRoute["PATCH /serverlets/{id}"]).toBe(1);
    expect(stats.byRoute["PATCH /variables/{id}"]).toBe(1);
    expect(writes(stats)).toBe(2);
    expect(stored("serverlet", ids.app)).toMatchObject({
      projectId: ids.project,
      env: { LOG_LEVEL: "info" },
      ports: [{ port: 8080 }],
      volumes: [{ volumeId: ids.volume, mountPath: "/data" }],
      scaling: { cpuPercent: 70, ramPercent: 80, upCooldown: 60, downCooldown: 300 },
    });
    expect(stored("variable", ids.variable).value).toBe("info");
    // The one that declares nothing kept is untouched: its env stays as it was made.
    expect(stored("serverlet", ids.bare).env).toEqual({ MODE: "live" });
    const state = await ps.stack.exportStack();
    const worker = (state.deployment.resources ?? []).find((r: { id?: string }) => r.id === ids.bare);
    expect(worker?.outputs?.env).toBeUndefined(); // not claimed
    expect(worker?.inputs?.env).toBeUndefined();
  });

  it("the next preview shows what the program's defaults would change on the object that declared nothing", async () => {
    let text = "";
    emulator.resetStats();
    const preview = await ps.stack.preview({ diff: true, onOutput: (o) => (text += o) });
    expect(preview.changeSummary).toMatchObject({ update: 1 });
    expect(text).toMatch(/futrou:Serverlet: \(update\)[\s\S]*\[urn=[^\]]*::worker\][\s\S]*\+ env\s*: \{\}/);
    expect(writes(emulator.stats())).toBe(0);
  });
});
