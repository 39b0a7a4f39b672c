/**
 * Bad credentials through the real engine: a revoked token, an expired token and another workspace's
 * token. `refresh` of an existing stack and an `up` that would create something both fail with a message
 * that names the problem, the state keeps every resource exactly as it was, and nothing is created.
 */
import { type RunningEmulator, startEmulator } from "../../emulator";
import { type ProgramStack, programStack } from "../e2e/engine";
import { exportState, inventoryKeys, type StateResource } from "./state";

jest.setTimeout(300_000);

const quiet = { onOutput: () => {} };
const STACK = [
  { kind: "project", name: "site", args: {} },
  { kind: "dnsZone", name: "zone", args: { domain: "auth.example.com", projectId: "ref:site" } },
  { kind: "dnsRecord", name: "www", args: { dnsId: "ref:zone", name: "www", type: "A", value: "192.0.2.7" } },
];
/** The same stack plus one more record: an `up` that has to write. */
const GROWN = [
  ...STACK,
  { kind: "dnsRecord", name: "api", args: { dnsId: "ref:zone", name: "api", type: "A", value: "192.0.2.8" } },
];

describe("bad API tokens", () => {
  let emulator: RunningEmulator;
  let ps: ProgramStack;
  let resourcesBefore: unknown;
  /** The Futrou resources of the state (the default provider's inputs change with the config, by design). */
  const futrouState = async () =>
    (await exportState(ps.stack)).resources
      .filter((r: StateResource) => r.type.startsWith("pulumi-nodejs:dynamic/futrou:"))
      .map(({ urn, id, outputs }) => ({ urn, id, outputs }));
  let inventoryBefore: string[];

  const useToken = (token: string) => ps.stack.setConfig("futrou:apiToken", { value: token, secret: true });
  const useProgram = (resources: unknown) => ps.stack.setConfig("resources", { value: JSON.stringify(resources) });

  beforeAll(async () => {
    emulator = await startEmulator({ quiet: true });
    ps = await programStack({
      program: "table",
      env: { FUTROU_API_URL: emulator.url, PULUMI_NODEJS_TRANSPILE_ONLY: "true" },
      config: {
        "futrou:apiToken": { value: emulator.token, secret: true },
        resources: { value: JSON.stringify(STACK) },
      },
    });
    const up = await ps.stack.up(quiet);
    expect(up.summary.resourceChanges).toEqual({ create: 4 });
    resourcesBefore = await futrouState();
    inventoryBefore = inventoryKeys(emulator);
    expect(inventoryBefore).toHaveLength(3);
  });
  afterAll(async () => {
    await useToken(emulator.token);
    await useProgram(STACK);
    await ps?.dispose();
    await emulator?.close();
  });

  const cases: [string, () => string, RegExp, RegExp][] = [
    [
      "a revoked token",
      () => {
        const token = emulator.issueToken(emulator.workspaceId);
        emulator.revokeToken(token);
        return token;
      },
      /401 Unauthorized — token revoked/,
      /401 Unauthorized — token revoked/,
    ],
    [
      "an expired token",
      () => emulator.issueToken(emulator.workspaceId, { expiresAt: "2020-01-01T00:00:00Z" }),
      /401 Unauthorized — token expired/,
      /401 Unauthorized — token expired/,
    ],
    [
      "another workspace's token",
      () => emulator.createWorkspace({ name: "someone-else" }).token,
      /is in workspace [0-9a-f-]+, which the API token \(futrou:apiToken\) cannot see/,
      /404 Not Found/,
    ],
  ];

  describe.each(cases)("%s", (_what, token, refreshError, upError) => {
    beforeAll(async () => {
      await useToken(token());
    });
    afterAll(async () => {
      await useProgram(STACK);
    });

    it("refresh fails with the problem named and leaves the state as it was", async () => {
      // runProgram: the refresh uses the token now in the config, as after a user rotated it.
      await expect(ps.stack.refresh({ ...quiet, runProgram: true })).rejects.toThrow(refreshError);
      expect(await futrouState()).toEqual(resourcesBefore);
      expect(inventoryKeys(emulator)).toEqual(inventoryBefore);
    });

    it("an up that must write fails with the problem named, creates nothing and keeps the state", async () => {
      await useProgram(GROWN);
      await expect(ps.stack.up(quiet)).rejects.toThrow(upError);
      expect(await futrouState()).toEqual(resourcesBefore);
      expect(inventoryKeys(emulator)).toEqual(inventoryBefore);
    });
  });

  it("with the right token again, up and refresh find everything unchanged", async () => {
    await useToken(emulator.token);
    const up = await ps.stack.up(quiet);
    expect(up.summary.resourceChanges).toEqual({ same: 4 });
    const refresh = await ps.stack.refresh(quiet);
    expect(refresh.summary.resourceChanges).toEqual({ same: 4 });
    expect(await futrouState()).toEqual(resourcesBefore);
  });
});
