import { useHarness } from "./harness";

const h = useHarness();

describe("an ambiguous POST", () => {
  // A storage's lookup lists with its workspace: GET /storages needs one (the canned API of test/contract
  // refuses it without).
  test.each([
    ["dnsZone", "domain", "lost-answer.example.com"],
    ["storage", "name", "lost-answer-files"],
  ] as const)("%s: whose answer is lost is recovered by lookup, not repeated", async (kind, field, value) => {
    const p = h.provider(kind);
    h.emulator.setFaults({ commitThenDropRate: 1 });
    try {
      const state = await p.create("lost", { [field]: value });
      expect(h.emulator.inventory()[kind].filter((o) => o[field] === value)).toEqual([
        expect.objectContaining({ id: state.id }),
      ]);
    } finally {
      h.emulator.setFaults({ commitThenDropRate: 0 });
    }
  });
});
