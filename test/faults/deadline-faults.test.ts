/**
 * Bounded failure through the real engine (issue 27, point 4): against an API that accepts and never answers,
 * and one that answers `429 Retry-After: 3600`, `pulumi up` and `pulumi refresh` fail within the request
 * deadline (set short here through futrou:requestDeadlineSeconds, so each run takes seconds) with one line that
 * says how many attempts over how long, the deadline and the setting that changes it; no stack trace. Both
 * modes: the dynamic providers and the provider plugin.
 */
import { type RunningEmulator, startEmulator } from "../../emulator";
import { type ProgramStack, programStack } from "../e2e/engine";
import { type OutageProxy, startOutageProxy } from "./outage-proxy";

jest.setTimeout(600_000);

const project = (name: string) => ({ kind: "project", name, args: {} });
const SETTING = "\\(deadline 3s, set by futrou:requestDeadlineSeconds or FUTROU_REQUEST_DEADLINE_SECONDS\\)";
const STACK_FRAME = /^\s+at .+:\d+:\d+\)?$/m;

describe.each([
  { mode: "dynamic", plugin: false },
  { mode: "plugin", plugin: true },
])("an API that stops answering, $mode mode", ({ plugin }) => {
  let emulator: RunningEmulator;
  let proxy: OutageProxy;
  let ps: ProgramStack;

  beforeAll(async () => {
    emulator = await startEmulator({ quiet: true });
    proxy = await startOutageProxy(emulator.url);
    ps = await programStack({
      program: "table",
      stackName: plugin ? "deadline-plugin" : "deadline",
      plugin,
      env: { FUTROU_API_URL: proxy.url, FUTROU_API_TOKEN: emulator.token, PULUMI_NODEJS_TRANSPILE_ONLY: "true" },
      config: {
        resources: { value: JSON.stringify([project("site")]) },
        "futrou:requestDeadlineSeconds": { value: "3" },
        ...(plugin ? { "futrou:mode": { value: "plugin" } } : {}),
      },
    });
    await ps.stack.up({ onOutput: () => {} });
    // A second resource: the next `up` has a create to make (and, first, the workspace to look up).
    await ps.stack.setConfig("resources", { value: JSON.stringify([project("site"), project("shop")]) });
  });
  afterEach(() => {
    proxy.mode = "pass";
    proxy.seen.length = 0;
  });
  afterAll(async () => {
    proxy.mode = "pass";
    await ps?.stack.setConfig("resources", { value: JSON.stringify([project("site")]) });
    await ps?.dispose();
    await proxy?.close();
    await emulator?.close();
  });

  async function failed(run: "up" | "refresh"): Promise<string> {
    let text = "";
    const onOutput = (o: string) => {
      text += o;
    };
    await expect(run === "up" ? ps.stack.up({ onOutput }) : ps.stack.refresh({ onOutput })).rejects.toThrow();
    expect(text).not.toMatch(STACK_FRAME);
    expect(text).not.toContain(emulator.token);
    return text;
  }

  it.each(["refresh", "up"] as const)(
    "a hanging API: %s fails at the deadline, saying attempts and time",
    async (run) => {
      proxy.mode = "hang";
      const text = await failed(run);
      // The attempt gets what is left of the operation's 3 s: its own time is 3 s less the operation's own work
      // before it (up to a few tenths on a loaded machine), so 2.x s as well as 3 s.
      expect(text).toMatch(new RegExp(`GET /\\S+: no response after 1 attempt over (2\\.\\d|3(\\.\\d)?)s ${SETTING}`));
      expect(proxy.seen.length).toBeGreaterThan(0);
    },
  );

  it.each(["refresh", "up"] as const)(
    "Retry-After: 3600: %s fails at once, saying how long the API asked to wait",
    async (run) => {
      proxy.mode = "retry-after";
      const text = await failed(run);
      expect(text).toMatch(
        new RegExp(
          "GET /\\S+: 429 Too Many Requests — Too many requests \\[requestId rq-outage\\], and the API asked to wait 1h " +
            `\\(Retry-After: 3600\\), past the deadline; gave up after 1 attempt over \\d+ms ${SETTING}`,
        ),
      );
      // Nothing was sent again: every request met the 429 once.
      expect(new Set(proxy.seen).size).toBe(proxy.seen.length);
    },
  );
});
