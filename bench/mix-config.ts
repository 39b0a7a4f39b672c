/**
 * The stack config of the bench programs (bench/programs), one place for run.ts and profile.ts. The mix
 * runs three ways: `mix` on the dynamic providers, `plugin` the same `pulumi-futrou` classes on the provider
 * plugin (`futrou:mode: plugin`, sdk/mode.ts), `generated` the same program on the SDK generated from the
 * plugin's schema (the program's own `mode` switch). `shaped` is the baseline with the mix's dependency graph.
 */
import type { ConfigMap } from "@pulumi/pulumi/automation";

export type BenchProgram = "mix" | "plugin" | "generated" | "baseline" | "shaped";

/** The programs that run the mix against the emulator (dynamic providers, or the plugin). */
export const isFutrou = (program: BenchProgram): boolean => ["mix", "plugin", "generated"].includes(program);

export function benchConfig(program: BenchProgram, n: number): ConfigMap {
  return {
    count: { value: String(n) },
    secret: { value: "bench-secret-value", secret: true },
    shape: { value: program === "shaped" ? "mix" : "flat" },
    mode: { value: program === "generated" ? "plugin" : "dynamic" },
    "futrou:mode": { value: program === "plugin" ? "plugin" : "dynamic" },
  };
}
