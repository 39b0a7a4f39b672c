/**
 * The emulator as the README's quick start starts it, `npx futrou-emulator`, in a project where the package
 * is installed (node_modules/pulumi-futrou and the `futrou-emulator` bin npm links for it): it prints the
 * two `export` lines, and the URL and token they name answer the API. Needs `make build` (dist/emulator).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { repoRoot } from "../../scripts/program-dir";

const CLI = join(repoRoot, "dist", "emulator", "cli.js");

describe("npx futrou-emulator", () => {
  let project: string;
  let child: ChildProcess | undefined;

  beforeAll(() => {
    if (!existsSync(CLI)) throw new Error("dist/ is not built: run `make build`");
    project = mkdtempSync(join(tmpdir(), "futrou-emulator-cli-"));
    mkdirSync(join(project, "node_modules", ".bin"), { recursive: true });
    symlinkSync(repoRoot, join(project, "node_modules", "pulumi-futrou"), "dir");
    symlinkSync("../pulumi-futrou/dist/emulator/cli.js", join(project, "node_modules", ".bin", "futrou-emulator"));
  });
  afterAll(async () => {
    // npx runs the emulator as its child: stop the whole process group it was started in, and wait for it.
    if (child?.pid && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.on("exit", resolve));
      process.kill(-child.pid, "SIGTERM");
      await exited;
    }
    rmSync(project, { recursive: true, force: true });
  });

  it("prints the export lines, and the API answers at that URL with that token", async () => {
    child = spawn("npx", ["--no-install", "futrou-emulator"], { cwd: project, env: process.env, detached: true });
    const printed = await new Promise<string>((resolve, reject) => {
      let out = "";
      child?.stdout?.on("data", (d: Buffer) => {
        out += d;
        if (/export FUTROU_API_TOKEN=\S+\n/.test(out)) resolve(out);
      });
      child?.on("exit", (code) => reject(new Error(`futrou-emulator exited (${code}) after printing:\n${out}`)));
    });
    const url = /^#?\s*export FUTROU_API_URL=(\S+)$/m.exec(printed)?.[1];
    const token = /^#?\s*export FUTROU_API_TOKEN=(\S+)$/m.exec(printed)?.[1];
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v2$/);
    const answer = await fetch(`${url}/workspaces`, { headers: { authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(200);
    const refused = await fetch(`${url}/workspaces`, { headers: { authorization: "Bearer wrong" } });
    expect(refused.status).toBe(401);
  });
});
