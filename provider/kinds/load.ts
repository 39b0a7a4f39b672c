/**
 * A kind's spec module, `provider/kinds/<kind>/spec.ts`, for the registry (provider/registry.ts), which loads it
 * on first use: Node.js finds it by the kind's name. A bundle has no files to find it in: the plugin's build
 * (scripts/build-plugin.ts) puts one literal `require` per kind of the contract's `COLLECTIONS` in place of this
 * module, each still run on first use (test/plugin/bundle.test.ts asks the built plugin for every kind).
 */
export function loadSpecModule(kind: string): unknown {
  return require(`./${kind}/spec`);
}
