/**
 * `__given` (what check knew of) is written in its short forms (provider/kit/given.ts): nothing where the
 * state already says it, `__chosen` for the fields the API chose, the whole list only where neither can say
 * it. Whatever the form, a refresh reports the same inputs and diff the same changes as with the whole list
 * every state of the previous version carries. No API: the kit's runtime and diff over recorded bags.
 */
import { DYNAMIC_HOST } from "../../provider/adapters/dynamic";
import { makeProvider } from "../../provider/kit";
import { withGivenInputs, withGivenOutputs } from "../../provider/kit/given";
import { visible } from "../../provider/kit/props";
import { KindRuntime } from "../../provider/kit/runtime";
import { normalize } from "../../provider/normal";
import { specFor } from "../../provider/registry";
import { HIDDEN, inputDefaults, type Props } from "../../provider/spec";

const serverlet = new KindRuntime(specFor("serverlet"));
const base: Props = {
  name: "api-1234567",
  image: "nginx:1",
  minInstances: 1,
  maxInstances: 2,
  workspaceId: "ws-1",
  cpu: 250,
  ram: 512,
};

/** [case, what check knew of, the outputs]: one row per form. */
const cases: [string, string[], Props][] = [
  [
    "the program gave every input the outputs hold",
    ["cpu", "image", "maxInstances", "minInstances", "name", "ram", "workspaceId"],
    base,
  ],
  ["the API chose cpu and ram", ["image", "maxInstances", "minInstances", "name", "workspaceId"], base],
  [
    "an import left env unclaimed (known, not held)",
    ["env", "image", "maxInstances", "minInstances", "name", "workspaceId"],
    base,
  ],
];

describe.each(cases)("%s", (_case, given, outs) => {
  const whole = { ...outs, [HIDDEN.given]: given };
  const short = withGivenOutputs(outs, given, serverlet.inputKeys);

  test("a refresh reports the inputs the whole list reports", () => {
    expect(serverlet.inputsOf(short)).toEqual(serverlet.inputsOf(whole));
  });

  test("written again from the whole list, the outputs take the short form", () => {
    expect(serverlet.outputs({ id: "srv-1" }, whole, whole, given)).toEqual(short);
  });

  test("diff finds the changes the whole list finds, on both adapters", async () => {
    // The program as check fills it in: every default, env (an empty map) among them.
    const news = normalize("serverlet", { ...inputDefaults(specFor("serverlet")), ...visible(outs) });
    delete news.cpu;
    delete news.ram;
    // The dynamic-provider host's diff sees the old outputs only; the plugin's the old inputs too.
    for (const [adapter, hasInputs] of [
      [DYNAMIC_HOST, false],
      [{ acceptsSecrets: true }, true],
    ] as const) {
      const p = makeProvider(specFor("serverlet"), adapter);
      const oldInputs = hasInputs ? withGivenInputs(serverlet.inputsOf(whole), given) : undefined;
      const wholeInputs = hasInputs ? { ...serverlet.inputsOf(whole), [HIDDEN.given]: given } : undefined;
      const diff = await p.diff("srv-1", short, news, oldInputs);
      expect(diff).toEqual(await p.diff("srv-1", whole, news, wholeInputs));
      // An env the import left unclaimed was known: setting it is a change; otherwise env reads as predating.
      expect(diff.changed?.includes("env")).toBe(given.includes("env"));
    }
  });
});

test("the forms: nothing, `__chosen`, and the whole list only for a field known but not held", () => {
  const [all, chosen, unclaimed] = cases.map(([, given, outs]) => ({
    given: withGivenOutputs(outs, given, serverlet.inputKeys)[HIDDEN.given],
    chosen: withGivenOutputs(outs, given, serverlet.inputKeys)[HIDDEN.chosen],
  }));
  expect(all).toEqual({ given: undefined, chosen: undefined });
  expect(chosen).toEqual({ given: undefined, chosen: ["cpu", "ram"] });
  expect(unclaimed).toEqual({
    given: ["env", "image", "maxInstances", "minInstances", "name", "workspaceId"],
    chosen: undefined,
  });
  // Inputs: the list only when check knew more than they hold.
  expect(withGivenInputs({ image: "nginx:1" }, ["image"])).toEqual({ image: "nginx:1" });
  expect(withGivenInputs({ image: "nginx:1" }, ["env", "image"])).toEqual({
    image: "nginx:1",
    [HIDDEN.given]: ["env", "image"],
  });
});
