/**
 * Assumed rules are switches (emulator/assumptions.ts), off by default: from the options, the environment
 * (`FUTROU_EMULATOR_ASSUME`) or the command line (`--assume <name>`), and an unknown name stops the start.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { ASSUMPTIONS, assumptionsFrom, ENV_ASSUME } from "../../emulator/assumptions";

const CLI = [join(__dirname, "support", "register-ts.js"), join(__dirname, "..", "..", "emulator", "cli.ts")];

/** Runs the emulator CLI until it prints its banner (then stops it) or exits; returns what it printed. */
function runCli(args: string[]): Promise<{ out: string; err: string; code: number | null }> {
  const child = spawn(process.execPath, ["-r", ...CLI, "--port", "0", ...args], { stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stdout.on("data", (chunk: Buffer) => {
    out += chunk.toString();
    if (out.includes("FUTROU_API_TOKEN=")) child.kill("SIGTERM");
  });
  child.stderr.on("data", (chunk: Buffer) => {
    err += chunk.toString();
  });
  return new Promise((resolve) => child.once("exit", (code) => resolve({ out, err, code })));
}

test("every switch is off by default; the environment and then the options turn them on or off", () => {
  expect(Object.values(ASSUMPTIONS).every((a) => a.default === false)).toBe(true);
  const off = { lockedPlatformRecords: false, storageListNeedsScope: false };
  expect(assumptionsFrom({}, {})).toEqual(off);
  expect(assumptionsFrom({}, { [ENV_ASSUME]: "locked-platform-records" })).toEqual({
    ...off,
    lockedPlatformRecords: true,
  });
  expect(assumptionsFrom({}, { [ENV_ASSUME]: "locked-platform-records,storage-list-needs-scope" })).toEqual({
    lockedPlatformRecords: true,
    storageListNeedsScope: true,
  });
  expect(assumptionsFrom({ lockedPlatformRecords: false }, { [ENV_ASSUME]: "locked-platform-records" })).toEqual(off);
  expect(() => assumptionsFrom({}, { [ENV_ASSUME]: "lenient-everything" })).toThrow(
    'unknown assumption "lenient-everything"; one of locked-platform-records, storage-list-needs-scope',
  );
});

test("--assume <name> turns a switch on and the banner says so; an unknown name exits 2 naming the known ones", async () => {
  const on = await runCli(["--assume", "locked-platform-records"]);
  expect(on.out).toContain("  assumed: locked-platform-records\n");
  const off = await runCli([]);
  expect(off.out).not.toContain("assumed:");
  const bad = await runCli(["--assume", "nope"]);
  expect(bad.code).toBe(2);
  expect(bad.err).toContain('unknown assumption "nope"; one of locked-platform-records, storage-list-needs-scope');
}, 60_000);

test("--generation names the API generation in the banner; an unknown one exits 2 naming the known ones", async () => {
  expect((await runCli([])).out).toContain("API shapes of the 2026-08-02 generation");
  expect((await runCli(["--generation", "2026-08-30"])).out).toContain("API shapes of the 2026-08-30 generation");
  const bad = await runCli(["--generation", "2027-01-01"]);
  expect(bad.code).toBe(2);
  expect(bad.err).toContain('unknown API generation "2027-01-01"; one of 2026-08-02, 2026-08-30');
}, 60_000);
