/**
 * `node -r ./register-ts.js emulator/cli.ts`: runs the emulator from its TypeScript sources in a child
 * process (the durability tests kill it with SIGKILL), compiled on the fly with the swc the tests use.
 */
const { readFileSync } = require("node:fs");
const { transformSync } = require("@swc/core");

require.extensions[".ts"] = (module, filename) => {
  const { code } = transformSync(readFileSync(filename, "utf8"), {
    filename,
    jsc: { target: "es2022", parser: { syntax: "typescript" } },
    module: { type: "commonjs" },
  });
  module._compile(code, filename);
};
