/** Tests run from TypeScript sources through swc; the e2e tests also need `make build` (dist/). */
const { mkdtempSync } = require("node:fs");
const { tmpdir } = require("node:os");
const { join } = require("node:path");

// The create journal (provider/journal.ts) of every test, and of the engines and hosts they start, goes to
// one scratch folder per run, never to the user's ~/.pulumi-futrou.
process.env.FUTROU_JOURNAL_DIR ??= mkdtempSync(join(tmpdir(), "pulumi-futrou-journal-"));

module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/test"],
  testMatch: ["**/*.test.ts"],
  transform: { "^.+\\.ts$": ["@swc/jest", { jsc: { target: "es2022" } }] },
  modulePathIgnorePatterns: ["<rootDir>/dist/"],
  testTimeout: 30000,
  reporters: ["default", "<rootDir>/test/summary-reporter.js"],
};
