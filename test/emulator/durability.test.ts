/**
 * Durability against a real crash and a real write failure, with the emulator in a child process:
 * `kill -9` in the middle of concurrent creates loses no acknowledged create, and a data file that
 * cannot grow gets 503s (never a 201 for what is not on disk) while the emulator keeps running.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCrashSoak, SOAK_DEFAULTS, spawnEmulator } from "../../bench/emulator-crash";

/** The emulator CLI from its TypeScript sources. */
const CLI = [
  process.execPath,
  "-r",
  join(__dirname, "support", "register-ts.js"),
  join(__dirname, "..", "..", "emulator", "cli.ts"),
];

const dir = mkdtempSync(join(tmpdir(), "futrou-durability-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("kill -9 during concurrent creates: every acknowledged create is there after the restart", async () => {
  const result = await runCrashSoak({
    ...SOAK_DEFAULTS,
    command: CLI,
    killPoints: 3,
    minAcked: 150,
    maxSeconds: 90,
    concurrency: 8,
    seed: 7,
    killAfterMs: [300, 900],
    compactAfterBytes: 16 * 1024,
    log: () => {},
  });
  expect(result.killPoints).toBeGreaterThanOrEqual(3);
  expect(result.acked).toBeGreaterThanOrEqual(150);
  expect(result.lost).toBe(0);
}, 120_000);

test("a data file that cannot be written: 503 with the error body, nothing acknowledged is lost, it keeps running", async () => {
  const dataFile = join(dir, "full", "state.json");
  const extraArgs = ["--quiet", "--compact-after-bytes", "100000000"];
  // Files may not grow past 48 KiB: the log soon cannot take another record (EFBIG, like a full disk).
  const emu = await spawnEmulator(CLI, dataFile, { extraArgs, fileSizeLimitKiB: 48 });
  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${emu.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${emu.token}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  const [workspace] = (await (await call("GET", "/workspaces")).json()) as Array<{ id: string }>;
  const workspaceId = workspace?.id;
  const acknowledged = new Map<string, string>();
  const refused: string[] = [];
  let refusal: { status: number; retryAfter: string | null; body: Record<string, unknown> } | undefined;
  for (let i = 0; i < 400 && refused.length < 5; i++) {
    const name = `full-${i}`;
    const res = await call("POST", "/projects", { name, workspaceId });
    const body = (await res.json()) as Record<string, unknown>;
    if (res.status === 201) acknowledged.set(String(body.id), name);
    else {
      refused.push(name);
      refusal ??= { status: res.status, retryAfter: res.headers.get("retry-after"), body };
    }
  }
  expect(acknowledged.size).toBeGreaterThan(0);
  expect(refused.length).toBeGreaterThan(0);
  expect(refusal).toMatchObject({
    status: 503,
    retryAfter: "1",
    body: { message: expect.stringContaining("nothing was stored"), requestId: expect.any(String) },
  });
  expect((refusal?.body.errors as Array<{ code: string }> | undefined)?.[0]?.code).toBe("SERVICE_UNAVAILABLE");

  // Still running and answering; the refused creates are not there.
  const list = await call("GET", `/projects?limit=100&name=${refused[0]}`);
  expect(list.status).toBe(200);
  expect(await list.json()).toEqual([]);
  expect(emu.child.exitCode).toBeNull();

  emu.child.kill("SIGKILL");
  await emu.exited;
  const again = await spawnEmulator(CLI, dataFile, { extraArgs });
  try {
    const res = await fetch(`${again.root}/_emulator/inventory`);
    const names = new Map(
      ((await res.json()) as { project: Array<{ id: string; name: string }> }).project.map((p) => [p.id, p.name]),
    );
    for (const [id, name] of acknowledged) expect(names.get(id)).toBe(name);
    expect([...names.values()].filter((name) => refused.includes(name))).toEqual([]);
  } finally {
    again.child.kill("SIGTERM");
    await again.exited;
  }
}, 120_000);
