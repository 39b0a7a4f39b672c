/**
 * Tests run from TypeScript sources through swc; the e2e tests also need `make build` (dist/).
 *
 * Two projects, decided by what each test file starts (test/harnesses.js): `fast` needs no Pulumi engine
 * (`make test-fast`, `jest --selectProjects fast`), `engine` runs stacks, the `pulumi` CLI, language hosts
 * or the provider plugin. `make test` runs both, each file once.
 */
const { mkdtempSync } = require("node:fs");
const { tmpdir } = require("node:os");
const { join } = require("node:path");
const { partition } = require("./test/harnesses");

// The create journal (provider/journal.ts) of every test, and of the engines and hosts they start, goes to
// one scratch folder per run, never to the user's ~/.pulumi-futrou.
process.env.FUTROU_JOURNAL_DIR ??= mkdtempSync(join(tmpdir(), "pulumi-futrou-journal-"));

const project = {
  testEnvironment: "node",
  roots: ["<rootDir>/test"],
  transform: { "^.+\\.ts$": ["@swc/jest", { jsc: { target: "es2022" } }] },
  modulePathIgnorePatterns: ["<rootDir>/dist/"],
};
const { fast, engine } = partition();
const paths = (files) => files.map((f) => `<rootDir>/${f}`);

module.exports = {
  testTimeout: 30000,
  // Two workers, also on two cores: an engine test spends most of its time waiting on the processes it
  // starts (the CLI, a language host, the provider), and one worker (jest's default there) made `make test`
  // take 53 minutes in CI.
  maxWorkers: 2,
  reporters: ["default", "<rootDir>/test/summary-reporter.js"],
  projects: [
    // Without the Pulumi toolchain on PATH: a fast test that starts `pulumi` fails instead of passing slowly.
    { ...project, displayName: "fast", testMatch: paths(fast), setupFiles: ["<rootDir>/test/fast-setup.js"] },
    { ...project, displayName: "engine", testMatch: paths(engine) },
  ],
};
