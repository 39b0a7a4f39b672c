/**
 * The Python and Go templates from the registries alone, as their users run them: `pulumi new`, the
 * language's own install (`pip install -r requirements.txt` in the template's `venv` from the local Python
 * index; `go mod tidy` from the module proxy folder), `pulumi up`, a no-change `up`, `pulumi destroy`.
 * released.test.ts calls `pythonAndGoTemplates(world)` in its describe, on the same registries.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { GO_MODULE, version } from "../../scripts/release";
import { run } from "./lifecycle";

export interface User {
  dir: string;
  env: NodeJS.ProcessEnv;
}

/** What released.test.ts gives a language: its user machines, commands timed, and the lifecycle it asserts. */
export interface ReleasedWorld {
  user(name: string): User;
  pulumiNew(language: string, u: User): Promise<unknown>;
  lifecycle(label: string, u: User): Promise<void>;
  timed<T>(label: string, f: () => Promise<T>): Promise<T>;
}

export function pythonAndGoTemplates(world: ReleasedWorld): void {
  it("python: pip install -r requirements.txt from the index in a venv, up, no-change up, destroy", async () => {
    const u = world.user("python");
    await world.pulumiNew("python", u);
    const pip = join(u.dir, "venv", "bin", "pip");
    await world.timed("python: python3 -m venv venv", () =>
      run("python3", ["-m", "venv", "venv"], { cwd: u.dir, env: u.env }),
    );
    await world.timed("python: venv/bin/pip install -r requirements.txt", () =>
      run(pip, ["install", "-r", "requirements.txt"], { cwd: u.dir, env: u.env }),
    );
    const shown = await run(pip, ["show", "pulumi_futrou"], { cwd: u.dir, env: u.env });
    expect(shown).toMatch(new RegExp(`^Version: ${version().replaceAll(".", "\\.")}$`, "m"));
    await world.lifecycle("python", u);
  });

  it("go: go mod tidy from the module proxy folder, up, no-change up, destroy", async () => {
    const u = world.user("go");
    await world.pulumiNew("go", u);
    await world.timed("go: go mod tidy", () => run("go", ["mod", "tidy"], { cwd: u.dir, env: u.env }));
    expect(readFileSync(join(u.dir, "go.sum"), "utf8")).toContain(`${GO_MODULE} v${version()} h1:`);
    await world.lifecycle("go", u);
  });
}
