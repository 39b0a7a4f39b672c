/**
 * The first end-to-end proof: the pinned Pulumi engine, our Node.js language host and the dynamic-provider
 * launcher run a program with one dynamic resource through up, a no-change up, refresh and destroy.
 */
import { type ProgramStack, programStack } from "./engine";

jest.setTimeout(240_000);

describe("the Pulumi engine built from Go modules", () => {
  let ps: ProgramStack;
  beforeAll(async () => {
    ps = await programStack({ program: "tiny", config: { label: { value: "one" } } });
  });
  afterAll(async () => ps?.dispose());

  it("creates the dynamic resource on the first up", async () => {
    const up = await ps.stack.up({ onOutput: () => {} });
    expect(up.summary.result).toBe("succeeded");
    expect(up.summary.resourceChanges).toEqual({ create: 2 });
    expect(up.outputs.id?.value).toBe("tiny-one");
  });

  it("reports no changes on a second up", async () => {
    const up = await ps.stack.up({ onOutput: () => {} });
    expect(up.summary.resourceChanges).toEqual({ same: 2 });
  });

  it("refreshes through the dynamic provider's read", async () => {
    const refresh = await ps.stack.refresh({ onOutput: () => {} });
    expect(refresh.summary.result).toBe("succeeded");
    expect(refresh.summary.resourceChanges).toEqual({ same: 2 });
  });

  it("destroys the resource", async () => {
    const destroy = await ps.stack.destroy({ onOutput: () => {} });
    expect(destroy.summary.resourceChanges).toEqual({ delete: 2 });
    const state = await ps.stack.exportStack();
    expect(state.deployment.resources ?? []).toHaveLength(0);
  });
});
