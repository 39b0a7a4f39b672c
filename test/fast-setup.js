/**
 * Set up for the `fast` jest project (jest.config.js): the Pulumi toolchain's folder is taken off PATH, so
 * a test classified as needing no engine (test/harnesses.js) cannot start the `pulumi` CLI, a language
 * host or sdkgen without failing.
 */
const { delimiter, sep } = require("node:path");

const toolchain = process.env.PULUMI_FUTROU_CACHE ?? `${sep}.cache${sep}pulumi-futrou${sep}`;
process.env.PATH = (process.env.PATH ?? "")
  .split(delimiter)
  .filter((dir) => !dir.includes(toolchain))
  .join(delimiter);
