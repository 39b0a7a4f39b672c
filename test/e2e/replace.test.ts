// biome-ignore-all lint/suspicious/noTemplateCurlyInString: pulumi:autonaming patterns are written ${...} in plain strings
/**
 * Replacements through the real engine (issue 15, point 1): kinds whose unique value a replacement keeps
 * delete first for every replacement (`pulumi up --replace`, a program change, `replaceOnChanges`); an
 * auto-name survives a rename with `aliases` and a change of `pulumi:autonaming`; a replacement that
 * destroys a volume's data says so at preview, and one that would also shrink it is refused.
 */
import type { EngineEvent } from "@pulumi/pulumi/automation";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { type ProgramStack, programStack, type TableStack, tableStack, writes } from "./engine";

jest.setTimeout(600_000);

const volumeUrn = (stack: string, name: string) =>
  `urn:pulumi:${stack}::table::pulumi-nodejs:dynamic/futrou:Volume::${name}`;

/** The order of the engine's steps on one resource (`delete-replaced` before `create-replacement` = delete first). */
function stepsOf(events: EngineEvent[], urn: string): string[] {
  return events.flatMap((e) => (e.resOutputsEvent?.metadata.urn === urn ? [e.resOutputsEvent.metadata.op] : []));
}

describe("replacements keep unique values and never lose data silently", () => {
  let emulator: RunningEmulator;
  let ps: TableStack;
  const volumes = () => emulator.inventory().volume;

  beforeAll(async () => {
    emulator = await startEmulator({ quiet: true, deployDelayMs: 50 });
    ps = await tableStack(emulator, "replace");
  });
  afterAll(async () => {
    await ps?.dispose();
    await emulator?.close();
  });

  it("`pulumi up --replace` of a named volume deletes it first, keeps its name, and warns about its data at preview", async () => {
    await ps.use([{ kind: "volume", name: "named", args: { name: "named-vol", sizeGb: 30 } }]);
    await ps.stack.up({ onOutput: () => {} });
    const [before] = volumes();
    const urn = volumeUrn("replace", "named");
    let text = "";
    const preview = await ps.stack.preview({ replace: [urn], onOutput: (o) => (text += o) });
    expect(preview.changeSummary).toMatchObject({ replace: 1 });
    expect(text).toMatch(
      /warning: futrou:Volume "named-vol" \([0-9a-f-]+\) already exists\. If this run replaces it \(`pulumi up --replace`\), it is deleted with its data \(30 GB\)/,
    );
    const events: EngineEvent[] = [];
    const up = await ps.stack.up({ replace: [urn], onOutput: () => {}, onEvent: (e) => events.push(e) });
    expect(up.summary.resourceChanges).toMatchObject({ replace: 1 });
    const steps = stepsOf(events, urn);
    expect(steps.indexOf("delete-replaced")).toBeGreaterThanOrEqual(0);
    expect(steps.indexOf("delete-replaced")).toBeLessThan(steps.indexOf("create-replacement"));
    const after = volumes();
    expect(after.map((v) => v.name)).toEqual(["named-vol"]);
    expect(after[0]?.id).not.toBe(before?.id);
  });

  it("`pulumi up --replace` of an auto-named volume deletes it first and keeps its auto-name", async () => {
    await ps.use([{ kind: "volume", name: "auto", args: { sizeGb: 30 } }]);
    await ps.stack.up({ onOutput: () => {} });
    const [before] = volumes();
    expect(String(before?.name)).toMatch(/^auto-[a-z0-9]{7}$/);
    const up = await ps.stack.up({ replace: [volumeUrn("replace", "auto")], onOutput: () => {} });
    expect(up.summary.resourceChanges).toMatchObject({ replace: 1 });
    const after = volumes();
    expect(after.map((v) => v.name)).toEqual([before?.name]);
    expect(after[0]?.id).not.toBe(before?.id);
  });

  it("after a rename with `aliases`, neither the rename nor `pulumi up --replace` nor a type change draws a new auto-name", async () => {
    const [original] = volumes();
    await ps.use([{ kind: "volume", name: "renamed", args: { sizeGb: 30 }, opts: { aliases: [{ name: "auto" }] } }]);
    emulator.resetStats();
    const rename = await ps.stack.up({ onOutput: () => {} });
    expect(rename.summary.resourceChanges).toEqual({ same: 2 }); // the stack and the volume
    expect(writes(emulator.stats())).toBe(0);
    const replace = await ps.stack.up({ replace: [volumeUrn("replace", "renamed")], onOutput: () => {} });
    expect(replace.summary.resourceChanges).toMatchObject({ replace: 1 });
    expect(volumes().map((v) => v.name)).toEqual([original?.name]);
    // A program change that replaces (the type) goes through diff and the engine's re-check.
    await ps.use([
      { kind: "volume", name: "renamed", args: { sizeGb: 30, type: "hdd" }, opts: { aliases: [{ name: "auto" }] } },
    ]);
    let text = "";
    const up = await ps.stack.up({ onOutput: (o) => (text += o) });
    expect(up.summary.resourceChanges).toMatchObject({ replace: 1 });
    expect(volumes().map((v) => [v.name, v.type])).toEqual([[original?.name, "hdd"]]);
    expect(text).toMatch(
      new RegExp(
        `warning: futrou:Volume "${original?.name}" \\([0-9a-f-]+\\): replacing it \\(type changed\\) deletes it with its data \\(30 GB\\)`,
      ),
    );
  });

  it("an auto-name survives a replacement after `pulumi:autonaming` changed (the re-check keeps the object's name)", async () => {
    const [original] = volumes();
    await ps.stack.setConfig("pulumi:autonaming.pattern", { value: "${name}-${hex(4)}" }, true);
    try {
      await ps.use([
        { kind: "volume", name: "renamed", args: { sizeGb: 30, type: "nvme" }, opts: { aliases: [{ name: "auto" }] } },
      ]);
      const up = await ps.stack.up({ onOutput: () => {} });
      expect(up.summary.resourceChanges).toMatchObject({ replace: 1 });
      expect(volumes().map((v) => [v.name, v.type])).toEqual([[original?.name, "nvme"]]);
    } finally {
      await ps.stack.removeConfig("pulumi:autonaming");
    }
  });

  it("`pulumi up --replace` that would also shrink a volume is refused at preview, like an in-place shrink", async () => {
    const [original] = volumes();
    await ps.use([
      { kind: "volume", name: "renamed", args: { sizeGb: 20, type: "nvme" }, opts: { aliases: [{ name: "auto" }] } },
    ]);
    const urn = volumeUrn("replace", "renamed");
    emulator.resetStats();
    await expect(ps.stack.preview({ replace: [urn], onOutput: () => {} })).rejects.toThrow(
      /property sizeGb value .* has a problem: cannot shrink a volume from 30 to 20 GB.*futrou:Volume "auto-[a-z0-9]{7}" \([0-9a-f-]+\) exists, and replacing it \(`pulumi up --replace`\) would delete it with its data \(30 GB\)/s,
    );
    await expect(ps.stack.up({ replace: [urn], onOutput: () => {} })).rejects.toThrow(
      /cannot shrink a volume from 30 to 20 GB/,
    );
    expect(writes(emulator.stats())).toBe(0);
    expect(volumes().map((v) => [v.id, v.sizeGb])).toEqual([[original?.id, 30]]);
  });

  it("`replaceOnChanges` replaces (delete first, name kept) on a change of a field that is otherwise updated in place", async () => {
    await ps.use([{ kind: "volume", name: "roc", args: { name: "roc-vol", sizeGb: 10, projectId: null } }]);
    await ps.stack.up({ onOutput: () => {} });
    const before = volumes().find((v) => v.name === "roc-vol");
    await ps.use([
      {
        kind: "volume",
        name: "roc",
        args: { name: "roc-vol", sizeGb: 12 },
        opts: { replaceOnChanges: ["sizeGb"] },
      },
    ]);
    const preview = await ps.stack.preview({ onOutput: () => {} });
    expect(preview.changeSummary).toMatchObject({ replace: 1 });
    const up = await ps.stack.up({ onOutput: () => {} });
    expect(up.summary.resourceChanges).toMatchObject({ replace: 1 });
    const after = volumes().filter((v) => v.name === "roc-vol");
    expect(after.map((v) => v.sizeGb)).toEqual([12]);
    expect(after[0]?.id).not.toBe(before?.id);
    // `*` covers every field.
    await ps.use([
      {
        kind: "volume",
        name: "roc",
        args: { name: "roc-vol", sizeGb: 12, volumePlanId: null, projectId: null },
        opts: { replaceOnChanges: ["*"] },
      },
    ]);
    expect((await ps.stack.preview({ onOutput: () => {} })).changeSummary).toEqual({ same: 2 });
  });

  it("with `deleteBeforeReplace: false` the clash names the stack's own object and what to do", async () => {
    await ps.use([
      { kind: "volume", name: "keep", args: { name: "keep-vol", type: "ssd" }, opts: { deleteBeforeReplace: false } },
    ]);
    await ps.stack.up({ onOutput: () => {} });
    const [held] = volumes().filter((v) => v.name === "keep-vol");
    await ps.use([
      { kind: "volume", name: "keep", args: { name: "keep-vol", type: "hdd" }, opts: { deleteBeforeReplace: false } },
    ]);
    await expect(ps.stack.up({ onOutput: () => {} })).rejects.toThrow(
      new RegExp(
        `name "keep-vol" is already used by Volume ${held?.id}, an object of this stack: the one this resource replaces .*remove that option`,
      ),
    );
    await expect(ps.stack.up({ replace: [volumeUrn("replace", "keep")], onOutput: () => {} })).rejects.toThrow(
      /is already used by Volume [0-9a-f-]+\. If it is this resource's own object being replaced \(`pulumi up --replace`, .*\), the replacement must delete it first: set the resource option `deleteBeforeReplace: true`/,
    );
    expect(
      volumes()
        .filter((v) => v.name === "keep-vol")
        .map((v) => v.id),
    ).toEqual([held?.id]);
  });
});

describe("`pulumi up --replace` in a language without pulumi-futrou's classes (Pulumi YAML on the plugin)", () => {
  let emulator: RunningEmulator;
  let ps: ProgramStack;
  const urn = (name: string) => `urn:pulumi:replace-yaml::replace-yaml::futrou:index:Project::${name}`;
  const named = (name: string) => emulator.inventory().project.filter((p) => p.name === name);

  beforeAll(async () => {
    emulator = await startEmulator({ quiet: true, deployDelayMs: 50 });
    ps = await programStack({
      program: "replace-yaml",
      plugin: true,
      stackName: "replace-yaml",
      env: { FUTROU_API_URL: emulator.url },
      config: { "futrou:apiToken": { value: emulator.token, secret: true } },
    });
    await ps.stack.up({ onOutput: () => {} });
  });
  afterAll(async () => {
    await ps?.dispose();
    await emulator?.close();
  });

  it("without deleteBeforeReplace the engine creates first: the clash says to set the option, and nothing is lost", async () => {
    const [held] = named("plain-project");
    await expect(ps.stack.up({ replace: [urn("plain")], onOutput: () => {} })).rejects.toThrow(
      /name "plain-project" is already used by Project [0-9a-f-]+\. If it is this resource's own object being replaced .*set the resource option `deleteBeforeReplace: true`/,
    );
    expect(named("plain-project").map((p) => p.id)).toEqual([held?.id]);
  });

  it("with deleteBeforeReplace: true it deletes first and keeps the name", async () => {
    const [held] = named("ordered-project");
    const events: EngineEvent[] = [];
    await ps.stack.up({ replace: [urn("ordered")], onOutput: () => {}, onEvent: (e) => events.push(e) });
    const steps = stepsOf(events, urn("ordered"));
    expect(steps.indexOf("delete-replaced")).toBeGreaterThanOrEqual(0);
    expect(steps.indexOf("delete-replaced")).toBeLessThan(steps.indexOf("create-replacement"));
    const after = named("ordered-project");
    expect(after).toHaveLength(1);
    expect(after[0]?.id).not.toBe(held?.id);
  });
});
