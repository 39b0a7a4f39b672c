/**
 * The toolchain's Pulumi YAML language host (pulumi-yaml v1.25.0, scripts/install-pulumi.sh) reads a project's
 * `config:` values with the pinned CLI: a default, a value the stack sets, and a secret that stays secret; the
 * CLI refuses a `secret: true` value stored in plain text before the program runs. The examples, the YAML
 * template and the YAML test programs declare their settings this way. (The v1.19.1 host read them from a
 * field the CLI no longer sends, so `${name}` of a `config:` entry was "not found"; they used pulumi-yaml's
 * older `configuration:` block then.)
 */
import { programStack } from "../e2e/engine";

jest.setTimeout(300_000);

it("a YAML program reads its config: entries, a default, a set value and a secret, which stays secret", async () => {
  const ps = await programStack({
    program: "test/languages/programs/yaml-config",
    config: { audience: { value: "world" }, apiKey: { value: "k-123", secret: true } },
  });
  try {
    const up = await ps.stack.up({ onOutput: () => {} });
    expect(up.outputs.said).toEqual({ value: "hello, world", secret: false });
    expect(up.outputs.key).toEqual({ value: "k-123", secret: true });
    expect(await ps.stateAtRest()).not.toContain("k-123");
  } finally {
    await ps.dispose();
  }
});

it("a YAML program's `secret: true` config: entry set in plain text is refused, naming the key, until set as a secret", async () => {
  const ps = await programStack({
    program: "test/languages/programs/yaml-config",
    config: { audience: { value: "world" }, apiKey: { value: "k-456" } },
  });
  try {
    const refused = await ps.stack.up({ onOutput: () => {} }).then(
      () => "",
      (e: unknown) => (e instanceof Error ? e.message : String(e)),
    );
    expect(refused).toContain("configuration key 'apiKey' must be encrypted as it's secret");

    await ps.stack.setConfig("apiKey", { value: "k-456", secret: true });
    const up = await ps.stack.up({ onOutput: () => {} });
    expect(up.outputs.key).toEqual({ value: "k-456", secret: true });
    expect(await ps.stateAtRest()).not.toContain("k-456");
  } finally {
    await ps.dispose();
  }
});
