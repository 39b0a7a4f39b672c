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

describe("answers that are not the object (the emulator's answer faults)", () => {
  afterEach(() => h.emulator.setFaults({ answers: [] }));

  test("a POST answered with another project of the stack: fails naming both; the one it made is recorded", async () => {
    const p = h.provider("project");
    const a = await p.create("answered-a", { name: "answered-a" });
    h.emulator.setFaults({
      answers: [{ method: "POST", path: "^/v2/projects$", times: 1, fault: { kind: "answerOther", id: a.id } }],
    });
    const error = (await p.create("answered-b", { name: "answered-b" }).catch((e: unknown) => e)) as Error & {
      id?: string;
    };
    const b = h.emulator.inventory().project.find((o) => o.name === "answered-b");
    expect(error.message).toContain(
      `the API answered the create of Project "answered-b" with Project ${a.id} "answered-a", which this run had ` +
        "already seen before the POST (an object of this stack)",
    );
    expect(error.id).toBe(b?.id);
  });

  test("a PATCH answered with another project: the update fails, and nothing of it is taken", async () => {
    const p = h.provider("project");
    const app = await p.create("echoed", { name: "echoed", displayName: "Old" });
    const other = await p.create("echo-other", { name: "echo-other" });
    h.emulator.setFaults({
      answers: [{ method: "PATCH", path: "^/v2/projects/", times: 1, fault: { kind: "answerOther", id: other.id } }],
    });
    const error = (await p.up(app, "echoed", { name: "echoed", displayName: "New" }).catch((e: unknown) => e)) as Error;
    expect(error.message).toBe(
      `futrou:Project "echoed" (${app.id}): the API answered the update with another object, Project ` +
        `"${other.id}" "echo-other"; the state keeps the old values, as the update is not confirmed. Run ` +
        "`pulumi refresh` to read what the API holds, then `pulumi up` again.",
    );
  });
});
