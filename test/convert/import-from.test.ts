/**
 * `pulumi import --from futrou <folder>`: the engine asks the converter's `ConvertState` for the deployed
 * objects of a Futrou CLI project (type, name and the provider's id) and imports them all into the stack,
 * without an API write. The import records no dependencies between them (the converted program's references
 * do): docs/moving-from-futrou-cli.md says to put the printed code into the program and run up first.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { LocalWorkspace } from "@pulumi/pulumi/automation";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { type ProgramStack, programStack, writes } from "../e2e/engine";
import { requireBuilt } from "../languages/lifecycle";
import { pulumiEnv, runAll, scratch } from "./helpers";
import { deployedProject } from "./scenario";

jest.setTimeout(600_000);

describe("pulumi import --from futrou", () => {
  let emu: RunningEmulator;
  let ps: ProgramStack | undefined;
  const tmp = scratch("convert-import");
  beforeAll(async () => {
    requireBuilt();
    emu = await startEmulator({ generation: "2026-08-30", deployDelayMs: 0, quiet: true });
  });
  afterAll(async () => {
    try {
      // The imported state records no dependencies (a zone beside its records), so a destroy could reach the
      // zone first and be refused: the stack is dropped instead, with the emulator.
      await ps?.stack.workspace.removeStack(ps.stack.name, { force: true });
    } finally {
      if (ps) rmSync(dirname(ps.dir), { recursive: true, force: true });
      await emu?.close();
      tmp.remove();
    }
  });

  test("imports every deployed object the config declares, with no API write", async () => {
    const { file, ids, adoptable } = await deployedProject(emu, "2026-08-30");
    const source = join(tmp.dir, "cli");
    mkdirSync(source);
    writeFileSync(join(source, "futrou.json"), JSON.stringify(file));
    ps = await programStack({
      program: "test/languages/programs/yaml-import",
      env: { FUTROU_API_URL: emu.url, FUTROU_API_TOKEN: emu.token },
    });
    const env = { ...pulumiEnv(emu, join(tmp.dir, "home")), ...(ps.stack.workspace as LocalWorkspace).envVars };
    emu.resetStats();
    await runAll(
      "pulumi",
      ["import", "--from", "futrou", source, "--yes", "--protect=false", "--generate-code=false", "--stack", "test"],
      { cwd: ps.dir, env },
    );
    expect(writes(emu.stats())).toBe(0);
    const state = await ps.stack.exportStack();
    const imported = (state.deployment.resources as { type: string; id?: string }[]).filter((r) =>
      r.type.startsWith("futrou:index:"),
    );
    expect(imported).toHaveLength(adoptable);
    expect(imported.map((r) => r.id)).toContain(ids.web);
  });
});
