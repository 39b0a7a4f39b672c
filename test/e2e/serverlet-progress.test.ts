/**
 * While a serverlet deploys, the engine's progress view shows the provider's own status lines (its state,
 * instances ready of wanted, seconds waited), not only the engine's timer (`creating (22s)`). They are the
 * engine's ephemeral `info` diagnostics: on the plugin on the serverlet's row (the request names its URN);
 * through the dynamic-provider host, which tells a provider no URN, on the stack's row, naming the serverlet.
 */
import type { DiagnosticEvent, EngineEvent } from "@pulumi/pulumi/automation";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { programStack } from "./engine";

jest.setTimeout(600_000);

const SERVERLET = JSON.stringify([
  { kind: "project", name: "shop", args: {} },
  {
    kind: "serverlet",
    name: "web",
    args: { image: "nginx:1.27", minInstances: 2, maxInstances: 3, projectId: "ref:shop" },
  },
]);

describe.each([
  ["the plugin", { plugin: true, mode: "plugin", row: /::futrou:index:Serverlet::web$/ }],
  ["dynamic providers", { plugin: false, mode: "dynamic", row: /^$/ }],
] as const)("a serverlet's deploy on %s", (_, { plugin, mode, row }) => {
  let emulator: RunningEmulator;
  beforeAll(async () => {
    // Long enough for several polls at the interval below.
    emulator = await startEmulator({ deployDelayMs: 1_500, quiet: true });
  });
  afterAll(async () => {
    await emulator?.close();
  });

  it("shows status lines while it waits: the state, instances ready of wanted, the seconds waited", async () => {
    const ps = await programStack({
      program: "table",
      plugin,
      stackName: `progress-${mode}`,
      env: {
        FUTROU_API_URL: emulator.url,
        FUTROU_API_TOKEN: emulator.token,
        FUTROU_POLL_INTERVAL_MS: "100",
        PULUMI_NODEJS_TRANSPILE_ONLY: "true",
      },
      config: { resources: { value: SERVERLET }, "futrou:mode": { value: mode } },
    });
    try {
      const diagnostics: DiagnosticEvent[] = [];
      const onEvent = (e: EngineEvent) => {
        if (e.diagnosticEvent) diagnostics.push(e.diagnosticEvent);
      };
      await ps.stack.up({ onOutput: () => {}, onEvent });
      const [made] = emulator.inventory().serverlet;
      const lines = diagnostics.filter((d) => d.ephemeral && d.message.includes("futrou:Serverlet"));
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) {
        expect(line.severity).toBe("info");
        expect(line.urn ?? "").toMatch(row);
        expect(line.message.trim()).toMatch(
          new RegExp(
            `^futrou:Serverlet "${made?.name}" \\(${made?.id}\\): deploying, \\d+ of 2 instances ready, \\d+ s$`,
          ),
        );
      }
      // Status lines are not diagnostics the run ends with.
      expect(diagnostics.filter((d) => !d.ephemeral && d.message.includes("instances ready"))).toEqual([]);
    } finally {
      await ps.dispose();
    }
  });
});
