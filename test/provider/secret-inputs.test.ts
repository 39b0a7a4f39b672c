import { makeProvider } from "../../provider/kit";
import { specFor } from "../../provider/registry";
import { type Props, useHarness } from "./harness";

const h = useHarness();

describe("secrets and write-only fields", () => {
  test("a variable's value is kept from the inputs: create, read and update all carry it", async () => {
    const p = h.provider("variable");
    const state = await p.create("v", { key: "TOKEN", value: "s3cret", workspaceId: h.emulator.workspaceId });
    expect(state.outputs.value).toBe("s3cret");
    expect((await p.read(state)).props).toMatchObject({ value: "s3cret" });
    const updated = await p.up(state, "v", { key: "TOKEN", value: "rotated", workspaceId: h.emulator.workspaceId });
    expect(updated.state.outputs.value).toBe("rotated");
    expect(h.emulator.inventory().variable.find((o) => o.id === state.id)?.value).toBe("rotated");
  });
});

describe("secrets in check failures", () => {
  test("a failing secret input is neither echoed in a reason nor handed back for the engine to print", async () => {
    const secret = "hunter2-very-secret-value";
    const variable = makeProvider(specFor("variable"));
    // A variable's value is secret when the variable `isSecret` (or the program marked it, `__secrets`).
    const result = await variable.check!(
      {},
      { key: "bad key", value: secret, isSecret: true, workspaceId: "w1", serverletId: "s1" },
    );
    expect(result.failures?.map((f) => f.property).sort()).toEqual(["key", "serverletId"]);
    expect(JSON.stringify(result)).not.toContain(secret);
    expect((result.inputs as Props).value).toBe("[secret]");

    const wrongType = await variable.check!({}, { key: "K", value: 424242, workspaceId: "w1", __secrets: ["value"] });
    // A failure on a secret input names no property (the engine would print the program's value there).
    expect(wrongType.failures?.[0]).toMatchObject({
      property: "",
      reason: expect.stringMatching(/^value \(secret\): /),
    });
    expect(JSON.stringify(wrongType)).not.toContain("424242");

    // A reason describes the problem without quoting the value (the engine prints the value beside it).
    const cron = makeProvider(specFor("cron"));
    const quoted = await cron.check!(
      {},
      { name: "c", schedule: `${secret} * * * *`, body: secret, workspaceId: "w1", url: "https://x.example.com" },
    );
    expect(quoted.failures?.[0]).toEqual({
      property: "schedule",
      reason: "is not a valid cron expression: minute (field 1): a range is malformed",
    });
    expect(JSON.stringify(quoted.failures)).not.toContain(secret);
    expect((quoted.inputs as Props).body).toBe("[secret]");
  });
});
