/**
 * `make demo` (scripts/demo.ts, built to dist/scripts/demo.js) shows both modes: examples/webapp on the
 * dynamic providers, then examples/yaml on the provider plugin, each through up, an out-of-band change,
 * refresh, repair, a preview that must change nothing (`--expect-no-changes`) and destroy. Run as
 * `make demo` runs it; any failing step makes it exit non-zero.
 */
import { join } from "node:path";
import { ensureToolchainOnPath, repoRoot } from "../e2e/engine";
import { requireBuilt, run } from "./lifecycle";

jest.setTimeout(1_200_000);

test("make demo runs the drift story on dynamic providers, then on the plugin", async () => {
  requireBuilt();
  ensureToolchainOnPath();
  const out = await run("node", [join(repoRoot, "dist", "scripts", "demo.js")], { cwd: repoRoot });
  expect(out.match(/Mode \d: [^\n]*/g)).toEqual([
    expect.stringMatching(/^Mode 1: dynamic providers/),
    expect.stringMatching(/^Mode 2: the futrou provider plugin/),
  ]);
  // Each mode: the out-of-band image change, refresh sees it, up restores it, and destroy ran.
  expect(out.match(/image changed to \S+-hotfix/g)).toHaveLength(2);
  expect(out.match(/pulumi refresh — drift is detected \((dynamic providers|provider plugin)/g)).toEqual([
    "pulumi refresh — drift is detected (dynamic providers",
    "pulumi refresh — drift is detected (provider plugin",
  ]);
  expect(out.match(/\$ pulumi destroy --yes/g)).toHaveLength(2);
  expect(out).toMatch(/Done: the emulator answered \d+ API requests/);
});
