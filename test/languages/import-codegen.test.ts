/**
 * `pulumi import` on the futrou plugin prints code in the project's language: TypeScript on the generated
 * SDK from our Node.js language host (GenerateProgram, through `sdkgen generate-program`), YAML from the
 * YAML host. The printed code, put into the program, makes the next `up` a no-op.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { FutrouClient } from "../../provider/api/client";
import { Cron, Project, Serverlet } from "../../provider/kinds";
import { type ProgramStack, programStack, writes } from "../e2e/engine";
import { requireBuilt } from "./lifecycle";

jest.setTimeout(600_000);

const quiet = { onOutput: () => {} };

describe("pulumi import generates code", () => {
  let emulator: RunningEmulator;
  let api: FutrouClient;
  const stacks: ProgramStack[] = [];

  /**
   * `pulumi import <type> <name> <id>` (not protected) into a fresh copy of the program, with code generation;
   * returns the stack and the printed code.
   */
  async function importInto(
    program: string,
    resource: { type: string; name: string; id: string },
  ): Promise<{ ps: ProgramStack; code: string }> {
    const ps = await programStack({
      program,
      env: { FUTROU_API_URL: emulator.url },
      config: { "futrou:apiToken": { value: emulator.token, secret: true } },
    });
    stacks.push(ps);
    const imported = await ps.stack.import({ resources: [resource], generateCode: true, protect: false, ...quiet });
    expect(imported.summary.resourceChanges).toEqual({ create: 1, import: 1 });
    return { ps, code: imported.generatedCode };
  }

  /** The next `up` of the program changes nothing and writes nothing. */
  async function expectNoChange(ps: ProgramStack): Promise<void> {
    emulator.resetStats();
    const up = await ps.stack.up(quiet);
    expect(up.summary.resourceChanges).toEqual({ same: 2 });
    expect(writes(emulator.stats())).toBe(0);
  }

  beforeAll(async () => {
    requireBuilt();
    emulator = await startEmulator({ deployDelayMs: 100 });
    api = new FutrouClient({ baseUrl: emulator.url, token: emulator.token });
  });
  afterAll(async () => {
    for (const ps of stacks) await ps.dispose();
    await emulator?.close();
  });

  it("in a TypeScript project: `pulumi import futrou:index:Serverlet api <id>` prints a program on @futrou/pulumi", async () => {
    const project = await api.create("/projects", { name: "shop", workspaceId: emulator.workspaceId }, Project);
    const serverlet = await api.create(
      "/serverlets",
      { name: "imported-api", image: "nginx:1.27", projectId: project.id, workspaceId: emulator.workspaceId },
      Serverlet,
    );
    const { code } = await importInto("test/languages/programs/ts-import", {
      type: "futrou:index:Serverlet",
      name: "api",
      id: serverlet.id,
    });
    expect(code).toContain('import * as futrou from "@futrou/pulumi";');
    expect(code).toMatch(
      /const api = new futrou\.Serverlet\("api", \{[^}]*image: "nginx:1\.27",[^}]*name: "imported-api",/s,
    );
  });

  it("in a TypeScript project: the printed program, put into index.ts, changes nothing", async () => {
    const project = await api.create(
      "/projects",
      { name: "imported-shop", displayName: "Shop", workspaceId: emulator.workspaceId },
      Project,
    );
    const { ps, code } = await importInto("test/languages/programs/ts-import", {
      type: "futrou:index:Project",
      name: "shop",
      id: project.id,
    });
    expect(code).toMatch(
      /const shop = new futrou\.Project\("shop", \{[^}]*displayName: "Shop",[^}]*name: "imported-shop",/s,
    );

    writeFileSync(join(ps.dir, "index.ts"), code);
    await expectNoChange(ps);
  });

  it("in a TypeScript project: a cron's headers, always secret, are not printed, and the printed program changes nothing", async () => {
    const cron = await api.create(
      "/crons",
      {
        name: "imported-probe",
        schedule: "*/10 * * * *",
        url: "https://shop.example/health",
        headers: { Authorization: "Bearer imported-probe-credential" },
        workspaceId: emulator.workspaceId,
      },
      Cron,
    );
    const { ps, code } = await importInto("test/languages/programs/ts-import", {
      type: "futrou:index:Cron",
      name: "probe",
      id: cron.id,
    });
    expect(code).toMatch(/const probe = new futrou\.Cron\("probe", \{[^}]*name: "imported-probe",/s);
    expect(code).not.toContain("imported-probe-credential");
    expect(code).not.toContain("headers");
    expect(await ps.stateAtRest()).not.toContain("imported-probe-credential");

    // The printed program leaves the headers out: the cron keeps its own, and nothing is written.
    writeFileSync(join(ps.dir, "index.ts"), code);
    await expectNoChange(ps);
    const kept = emulator.inventory().cron.find((c) => c.id === cron.id);
    expect(kept?.headers).toEqual({ Authorization: "Bearer imported-probe-credential" });
  });

  it("in a YAML project: YAML, which then changes nothing", async () => {
    const project = await api.create(
      "/projects",
      { name: "imported-blog", displayName: "Blog", workspaceId: emulator.workspaceId },
      Project,
    );
    const { ps, code } = await importInto("test/languages/programs/yaml-import", {
      type: "futrou:index:Project",
      name: "blog",
      id: project.id,
    });
    expect(code).toMatch(/^resources:\n {2}blog:\n {4}type: futrou:(index:)?Project\n {4}properties:\n/m);
    expect(code).toContain("displayName: Blog");
    expect(code).toContain("name: imported-blog");

    const file = join(ps.dir, "Pulumi.yaml");
    writeFileSync(file, readFileSync(file, "utf8").replace("resources: {}\n", code));
    await expectNoChange(ps);
  });
});
