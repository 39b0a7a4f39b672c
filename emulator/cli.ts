#!/usr/bin/env node
/** `futrou-emulator`: runs the local Futrou API until SIGINT/SIGTERM. */
import { parseArgs } from "node:util";
import { ASSUMPTIONS, type AssumptionKey, type Assumptions, assumptionKey, assumptionsFrom } from "./assumptions";
import { FaultPatch } from "./faults";
import { generationFrom, shapeFrom, startEmulator } from "./index";
import { CLIENT_ENV } from "./wire/api";

const USAGE = `Usage: futrou-emulator [--port N] [--data file.json [--compact-after-bytes N]] [--rate-limit N] [--deploy-delay-ms N] [--faults '<json>'] [--seed N [--faults-by-request]] [--shape real|full] [--generation 2026-08-02|2026-08-30] [--assume <name>]... [--quiet]`;

function integer(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw)) throw new Error(`--${name} must be a whole number, got "${raw}"`);
  return Number(raw);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: "string" },
      data: { type: "string" },
      "compact-after-bytes": { type: "string" },
      "rate-limit": { type: "string" },
      "deploy-delay-ms": { type: "string" },
      faults: { type: "string" },
      seed: { type: "string" },
      "faults-by-request": { type: "boolean" },
      shape: { type: "string" },
      generation: { type: "string" },
      assume: { type: "string", multiple: true },
      quiet: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const assume = Object.fromEntries(
    (values.assume ?? []).map((name) => [assumptionKey(name), true]),
  ) as Partial<Assumptions>;
  const assumed = Object.entries(assumptionsFrom(assume))
    .filter(([, on]) => on)
    .map(([key]) => ASSUMPTIONS[key as AssumptionKey].name);
  const emulator = await startEmulator({
    port: integer("port", values.port),
    dataFile: values.data,
    compactAfterBytes: integer("compact-after-bytes", values["compact-after-bytes"]),
    rateLimitPerSecond: integer("rate-limit", values["rate-limit"]),
    deployDelayMs: integer("deploy-delay-ms", values["deploy-delay-ms"]),
    faults: values.faults ? FaultPatch.parse(JSON.parse(values.faults)) : undefined,
    seed: integer("seed", values.seed),
    faultsByRequest: values["faults-by-request"],
    shape: shapeFrom(values.shape),
    generation: generationFrom(values.generation),
    assume,
    quiet: values.quiet,
  });
  process.stdout.write(
    [
      `Futrou API emulator listening on ${emulator.url}`,
      `  workspace ${emulator.workspaceId}${values.data ? `, data in ${values.data}` : ""}, ${shapeFrom(values.shape)} API shapes of the ${generationFrom(values.generation)} generation`,
      ...(assumed.length > 0 ? [`  assumed: ${assumed.join(", ")}`] : []),
      `  export ${CLIENT_ENV.url}=${emulator.url}`,
      `  export ${CLIENT_ENV.token}=${emulator.token}`,
      "",
    ].join("\n"),
  );
  const stop = (signal: string) => {
    process.stdout.write(`${signal}: stopping\n`);
    emulator.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGINT", () => stop("SIGINT"));
  process.once("SIGTERM", () => stop("SIGTERM"));
}

main().catch((error: unknown) => {
  process.stderr.write(`futrou-emulator: ${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
  process.exit(2);
});
