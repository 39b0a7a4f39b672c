/**
 * The one-project YAML programs (test/e2e/programs/plugin-cache, plugin-download): up creates the project in
 * the emulator, destroy deletes it. Shared by the tests that get the plugin in different ways.
 */
import type { Stack } from "@pulumi/pulumi/automation";
import type { RunningEmulator } from "../../emulator";

const quiet = { onOutput: () => {} };

export async function upCreatesTheProject(stack: Stack, emulator: RunningEmulator): Promise<void> {
  const up = await stack.up(quiet);
  expect(up.summary.resourceChanges).toEqual({ create: 2 });
  expect(emulator.inventory().project.map((p) => p.name)).toEqual([up.outputs.projectName?.value]);
}

export async function destroyDeletesIt(stack: Stack, emulator: RunningEmulator): Promise<void> {
  const destroy = await stack.destroy(quiet);
  expect(destroy.summary.resourceChanges).toEqual({ delete: 2 });
  expect(emulator.inventory().project).toEqual([]);
}

export async function upAndDestroy(stack: Stack, emulator: RunningEmulator): Promise<void> {
  await upCreatesTheProject(stack, emulator);
  await destroyDeletesIt(stack, emulator);
}
