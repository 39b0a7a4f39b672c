/**
 * A POST whose answer is lost: the object is found by lookup, not created twice.
 */
import type { RunningEmulator } from "../../emulator";
import type { Kind } from "../../provider/api/contract";
import { type Provider, startHarness } from "./harness";

let emulator: RunningEmulator;
let provider: (kind: Kind) => Provider;
beforeAll(async () => {
  ({ emulator, provider } = await startHarness());
});
afterAll(() => emulator.close());

describe("an ambiguous POST", () => {
  // A storage's lookup lists with its workspace: GET /storages needs one (the canned API of test/contract
  // refuses it without).
  test.each([
    ["dnsZone", "domain", "lost-answer.example.com"],
    ["storage", "name", "lost-answer-files"],
  ] as const)("%s: whose answer is lost is recovered by lookup, not repeated", async (kind, field, value) => {
    const p = provider(kind);
    emulator.setFaults({ commitThenDropRate: 1 });
    try {
      const state = await p.create("lost", { [field]: value });
      expect(emulator.inventory()[kind].filter((o) => o[field] === value)).toEqual([
        expect.objectContaining({ id: state.id }),
      ]);
    } finally {
      emulator.setFaults({ commitThenDropRate: 0 });
    }
  });
});
