/** Tests run from TypeScript sources through swc; the e2e tests also need `make build` (dist/). */
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/test"],
  testMatch: ["**/*.test.ts"],
  transform: { "^.+\\.ts$": ["@swc/jest", { jsc: { target: "es2022" } }] },
  modulePathIgnorePatterns: ["<rootDir>/dist/"],
  testTimeout: 30000,
  reporters: ["default", "<rootDir>/test/summary-reporter.js"],
};
