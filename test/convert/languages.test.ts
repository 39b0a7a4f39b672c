/**
 * Go and Python from the converter's PCL (`--language pcl`), through Pulumi's own Go and Python program
 * generators by `sdkgen program`, compiled: `go build` and `go vet` against the generated Go SDK (`make sdks`),
 * `python3 -m py_compile`. This checks the generated code itself, fast; that converted programs install from
 * a release and go up as users run them (`pulumi convert --language go|python` with our language hosts) is
 * test/languages/released-convert.ts.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { GO_MODULE, GO_PACKAGE, version } from "../../scripts/release";
import { PLUGIN_DIR, repoRoot } from "../e2e/engine";
import { requireBuilt } from "../languages/lifecycle";
import { convertWithPulumi, runAll, scratch } from "./helpers";
import { type Deployed, deployedProject } from "./scenario";

jest.setTimeout(600_000);

describe("a CLI project converted to Go and Python", () => {
  let emu: RunningEmulator;
  let deployed: Deployed;
  let pcl: string;
  const tmp = scratch("convert-languages");
  const schema = join(PLUGIN_DIR, "schema.json");

  beforeAll(async () => {
    requireBuilt();
    emu = await startEmulator({ generation: "2026-08-30", deployDelayMs: 0, quiet: true });
    deployed = await deployedProject(emu, "2026-08-30");
    pcl = (await convertWithPulumi(emu, deployed.file, "pcl", tmp.dir)).out;
  });
  afterAll(async () => {
    await emu?.close();
    tmp.remove();
  });

  test("Go: written with the import options, and it builds and vets against the generated SDK", async () => {
    const dir = join(tmp.dir, "go");
    const env = { cwd: dir, env: process.env };
    await runAll("sdkgen", ["program", "-lang", "go", schema, pcl, dir], { cwd: tmp.dir, env: process.env });
    const main = readFileSync(join(dir, "main.go"), "utf8");
    expect(main).toContain(`"${GO_PACKAGE}"`);
    expect(main).toContain(`pulumi.Import(pulumi.ID("${deployed.ids.web}"))`);
    // The generated go.mod asks for the Go module a release publishes, at the schema's version.
    expect(readFileSync(join(dir, "go.mod"), "utf8")).toMatch(new RegExp(`^\\s*${GO_MODULE} v${version()}$`, "m"));
    // Here the module is the generated SDK (a clone's route), and the Pulumi SDK the pinned release.
    await runAll(
      "go",
      [
        "mod",
        "edit",
        "-require=github.com/pulumi/pulumi/sdk/v3@v3.259.0",
        `-replace=${GO_MODULE}=${join(repoRoot, "dist", "sdks", "go")}`,
      ],
      env,
    );
    await runAll("cp", [join(repoRoot, "examples", "go-inline", "go.sum"), "go.sum"], env);
    await runAll("go", ["mod", "tidy"], env);
    await runAll("go", ["build", "-trimpath", "-o", join(dir, "program"), "."], env);
    await runAll("go", ["vet", "."], env);
  });

  test("Python: written with the import options, and it byte-compiles", async () => {
    const dir = join(tmp.dir, "python");
    await runAll("sdkgen", ["program", "-lang", "python", schema, pcl, dir], { cwd: tmp.dir, env: process.env });
    const main = readFileSync(join(dir, "__main__.py"), "utf8");
    expect(main).toContain("import pulumi_futrou as futrou");
    expect(main).toContain(`import_="${deployed.ids.web}"`);
    await runAll("python3", ["-m", "py_compile", join(dir, "__main__.py")], { cwd: dir, env: process.env });
  });
});
