/**
 * A lying API through the real engine (issue 35, reproductions 3 and 4), in both modes: the dynamic
 * providers and the provider plugin. The emulator's answer faults (docs/emulator.md) make one POST answer
 * with a project the stack already holds, and hide a pre-existing project from the first two listings
 * while the first POST fails. Neither answer may enter the state: no object is held by two resources, no
 * stranger is adopted, and `destroy` deletes exactly what the stack made.
 */
import { type RunningEmulator, startEmulator } from "../../emulator";
import { FutrouClient } from "../../provider/api/client";
import { Workspace } from "../../provider/api/models";
import { Project } from "../../provider/kinds";
import { type ProgramStack, programStack } from "../e2e/engine";

jest.setTimeout(600_000);

const STACK_FRAME = /^\s+at .+:\d+:\d+\)?$/m;
const project = (name: string) => ({ kind: "project", name, args: { name } });
const PROJECTS = "^/v2/projects$";

describe.each([
  { mode: "dynamic", plugin: false },
  { mode: "plugin", plugin: true },
])("answers that are not the object, $mode mode", ({ plugin }) => {
  let emulator: RunningEmulator;
  let api: FutrouClient;
  let ps: ProgramStack;

  beforeAll(async () => {
    emulator = await startEmulator({ quiet: true });
    api = new FutrouClient({ baseUrl: emulator.url, token: emulator.token });
    ps = await programStack({
      program: "table",
      stackName: plugin ? "answers-plugin" : "answers",
      plugin,
      env: { FUTROU_API_URL: emulator.url, FUTROU_API_TOKEN: emulator.token, PULUMI_NODEJS_TRANSPILE_ONLY: "true" },
      config: {
        resources: { value: JSON.stringify([]) },
        ...(plugin ? { "futrou:mode": { value: "plugin" } } : {}),
      },
    });
  });
  afterEach(() => emulator.setFaults({ answers: [] }));
  afterAll(async () => {
    emulator?.setFaults({ answers: [] });
    await ps?.dispose();
    await emulator?.close();
  });

  const projects = () => emulator.inventory().project;
  const byName = (name: string) => projects().find((p) => p.name === name);
  /** The API ids the stack's state holds, one per resource (the providers' own excluded). */
  async function held(): Promise<string[]> {
    const { deployment } = await ps.stack.exportStack();
    const resources = (deployment.resources ?? []) as Array<{ type: string; id?: string }>;
    return resources.filter((r) => r.id && !r.type.startsWith("pulumi:providers:")).map((r) => String(r.id));
  }
  /** Runs `up`, which must fail; its output, which must hold no stack trace. */
  async function failedUp(): Promise<string> {
    let text = "";
    await expect(ps.stack.up({ onOutput: (o) => (text += o) })).rejects.toThrow();
    expect(text).not.toMatch(STACK_FRAME);
    return text;
  }
  const setResources = (names: string[]) =>
    ps.stack.setConfig("resources", { value: JSON.stringify(names.map(project)) });

  test("a POST answered with a project the stack holds: up fails naming both; no object is held twice", async () => {
    await setResources(["shop-a"]);
    await ps.stack.up({ onOutput: () => {} });
    const shopA = byName("shop-a");
    const a = String(shopA?.id);

    await setResources(["shop-a", "shop-b"]);
    emulator.setFaults({
      answers: [{ method: "POST", path: PROJECTS, times: 1, fault: { kind: "answerOther", id: a } }],
    });
    const text = await failedUp();
    expect(text).toContain(`the API answered the create of Project "shop-b" with Project ${a} "shop-a", which`);
    const b = String(byName("shop-b")?.id);
    // The state holds each object once: shop-a's own, and the object the POST really made (so destroy deletes it).
    expect((await held()).sort()).toEqual([a, b].sort());
    // The earlier project is untouched.
    expect(byName("shop-a")).toEqual(shopA);

    await ps.stack.destroy({ onOutput: () => {} });
    expect(projects()).toEqual([]);
  });

  test("a pre-existing project hidden by two lagging listings, first POST 500: up fails, it is untouched", async () => {
    const theirs = (await api.create(
      "/projects",
      { name: "evc-shop", workspaceId: emulator.workspaceId },
      Project,
    )) as {
      id: string;
      createdAt: string;
    };
    const before = byName("evc-shop");
    // Older than the margin the create protocol allows (2 s, with the Date header's 1 s resolution): the API's
    // clock has passed its createdAt by 3 s before the stack's POST is sent.
    for (let now = 0; now < Date.parse(theirs.createdAt) + 3_000; now = api.apiNow() ?? 0) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      await api.get("/workspaces", Workspace.array());
    }

    await setResources(["evc-shop"]);
    emulator.setFaults({
      answers: [
        { method: "GET", path: PROJECTS, times: 2, fault: { kind: "lagList", omit: ["evc-shop"] } },
        { method: "POST", path: PROJECTS, times: 1, fault: { kind: "fail500" } },
      ],
    });
    const text = await failedUp();
    expect(text).toContain(`name "evc-shop" is already used by Project ${theirs.id} "evc-shop"`);
    expect(text).toContain("Adopt it with the `import` option, or choose another name");
    expect(await held()).toEqual([]);
    expect(projects()).toEqual([before]);

    emulator.setFaults({ answers: [] });
    await ps.stack.destroy({ onOutput: () => {} });
    expect(projects()).toEqual([before]);
  });
});
