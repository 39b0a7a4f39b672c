/**
 * How the engine finds the converter without PATH: `pulumi plugin install converter futrou <version> --file
 * dist/converter` copies the folder into the plugin cache, and `pulumi convert --from futrou` runs it from
 * there (with the provider plugin installed the same way, for its schema).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ensureToolchainOnPath, PLUGIN_DIR, repoRoot } from "../e2e/engine";
import { requireBuilt } from "../languages/lifecycle";
import { CONVERTER_DIR, runAll, scratch } from "./helpers";

jest.setTimeout(120_000);

test("a converter installed into the plugin cache converts a CLI config", async () => {
  requireBuilt();
  ensureToolchainOnPath();
  const tmp = scratch("convert-install");
  try {
    const { version } = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { version: string };
    // PATH without dist/converter or dist/plugin: only the toolchain and node.
    const env = {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? tmp.dir,
      PULUMI_HOME: join(tmp.dir, "home"),
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    };
    const install = (kind: string, dir: string) =>
      runAll("pulumi", ["plugin", "install", kind, "futrou", version, "--file", dir], { cwd: tmp.dir, env });
    await install("converter", CONVERTER_DIR);
    await install("resource", PLUGIN_DIR);
    writeFileSync(
      join(tmp.dir, "futrou.json"),
      JSON.stringify({ proxies: [{ domain: "a.example", target: "10.0.0.1" }] }),
    );
    const output = await runAll("pulumi", ["convert", "--from", "futrou", "--language", "pcl", "--out", "out"], {
      cwd: tmp.dir,
      env,
    });
    expect(output).not.toContain("from $PATH");
    const pcl = readFileSync(join(tmp.dir, "out", "main.pp"), "utf8");
    expect(pcl).toContain('resource aExample "futrou:index:Proxy" {');
    // The CLI reads a flag the file leaves out as false, the provider's default is true: the program says false.
    expect(pcl).toContain("preserveHost = false");
  } finally {
    tmp.remove();
  }
});
