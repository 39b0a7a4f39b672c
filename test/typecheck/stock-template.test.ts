/**
 * The package as a user gets it: `npm pack` (the tarball's `files`), installed into a project made like
 * `pulumi new typescript` (its stock tsconfig: strict, no esModuleInterop, no skipLibCheck), with a program
 * that uses every class and lookup (test/e2e/programs/stock-template). `tsc` must report nothing, and the
 * public declarations must not reach zod. Needs `make build` (dist/), like the e2e tests: the tarball is
 * packed from the built files (`--ignore-scripts`: `make test` has just built them).
 *
 * The project links @pulumi/pulumi, @types/node and the package's runtime dependencies from this repo's
 * node_modules (no network); the package itself is the unpacked tarball, so a file left out of `files`
 * or a declaration that names a private module fails here.
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

jest.setTimeout(180_000);

const repo = join(__dirname, "..", "..");
const nodeModules = join(repo, "node_modules");
const tsc = join(nodeModules, "typescript", "bin", "tsc");

describe("the packed package in a stock `pulumi new typescript` project", () => {
  let scratch: string;
  let project: string;

  beforeAll(() => {
    if (!existsSync(join(repo, "dist", "sdk", "index.d.ts"))) throw new Error("dist/ is not built: run `make build`");
    scratch = mkdtempSync(join(tmpdir(), "pulumi-futrou-stock-"));
    const packed = execFileSync("npm", ["pack", "--ignore-scripts", "--silent", "--pack-destination", scratch], {
      cwd: repo,
      encoding: "utf8",
    })
      .trim()
      .split("\n")
      .pop() as string;
    project = join(scratch, "project");
    const installed = join(project, "node_modules", "pulumi-futrou");
    mkdirSync(installed, { recursive: true });
    execFileSync("tar", ["-xzf", join(scratch, packed), "-C", installed, "--strip-components=1"]);
    for (const dep of ["@pulumi/pulumi", "@types/node", "zod", "undici"]) {
      mkdirSync(join(project, "node_modules", dep, ".."), { recursive: true });
      symlinkSync(join(nodeModules, dep), join(project, "node_modules", dep), "dir");
    }
    cpSync(join(repo, "test", "e2e", "programs", "stock-template"), project, { recursive: true });
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  function runTsc(...args: string[]): { code: number; out: string } {
    try {
      return {
        code: 0,
        out: execFileSync(process.execPath, [tsc, "-p", project, "--noEmit", ...args], { encoding: "utf8" }),
      };
    } catch (error) {
      const e = error as { status: number; stdout: string; stderr: string };
      return { code: e.status, out: `${e.stdout}${e.stderr}` };
    }
  }

  test("the tarball holds the declarations, the provider, the license and the changelog", () => {
    const root = join(project, "node_modules", "pulumi-futrou");
    for (const f of [
      "LICENSE",
      "CHANGELOG.md",
      "README.md",
      "package.json",
      "dist/sdk/index.d.ts",
      "dist/provider/index.js",
    ]) {
      expect(existsSync(join(root, f))).toBe(true);
    }
    // Tests and sources stay out of the package.
    expect(readdirSync(root).sort()).not.toContain("test");
  });

  test("tsc with the stock tsconfig reports 0 errors for a program using every class and lookup", () => {
    const { code, out } = runTsc("--pretty", "false");
    expect(out.trim()).toBe("");
    expect(code).toBe(0);
  });

  test("the public declarations do not reach zod (or any private module of the provider)", () => {
    const files = runTsc("--listFiles").out.split("\n");
    const ours = files.filter((f) => f.includes("/pulumi-futrou/"));
    expect(ours.length).toBeGreaterThan(5);
    expect(files.filter((f) => f.includes("/zod/"))).toEqual([]);
    expect(ours.filter((f) => f.includes("/dist/provider/api/"))).toEqual([]);
  });
});
