/**
 * The stack config of the bench programs (bench/programs), one place for run.ts and profile.ts. The mix
 * runs three ways: `mix` on the dynamic providers, `plugin` the same `pulumi-futrou` classes on the provider
 * plugin (`futrou:mode: plugin`, sdk/mode.ts), `generated` the same program on the SDK generated from the
 * plugin's schema (the program's own `mode` switch). `shaped` is the baseline with the mix's dependency graph;
 * `wide` the flat baseline whose resources carry as many properties as the mix's do.
 */
import type { ConfigMap } from "@pulumi/pulumi/automation";

export type BenchProgram = "mix" | "plugin" | "generated" | "baseline" | "shaped" | "wide";

/**
 * Extra properties per resource of the `wide` baseline: with its own two (`n`, `parents`), 10 inputs (about
 * 310 bytes together) echoed as 10 outputs, against the mix's average of 8.2 inputs (245 bytes) and 10.8
 * outputs (352 bytes) per resource, `__provider` left out of both (counted from a mix stack's state at N = 10).
 */
export const WIDE_PROPERTIES = 8;

/** The programs that run the mix against the emulator (dynamic providers, or the plugin). */
export const isFutrou = (program: BenchProgram): boolean => ["mix", "plugin", "generated"].includes(program);

export function benchConfig(program: BenchProgram, n: number): ConfigMap {
  return {
    count: { value: String(n) },
    secret: { value: "bench-secret-value", secret: true },
    shape: { value: program === "shaped" ? "mix" : "flat" },
    width: { value: String(program === "wide" ? WIDE_PROPERTIES : 0) },
    mode: { value: program === "generated" ? "plugin" : "dynamic" },
    "futrou:mode": { value: program === "plugin" ? "plugin" : "dynamic" },
  };
}
