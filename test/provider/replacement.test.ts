/**
 * Kinds whose objects hold data (a volume's blocks, a storage's files) say at preview what a replacement
 * deletes: `pulumi up --replace` asks the provider only for a check with no old inputs, so check warns when
 * an object already holds the name. Which kinds, and what they lose, is data on the spec (replacementLoses).
 * Its own file: the process's collection listing must not have been read before the object was made.
 */
import type { RunningEmulator } from "../../emulator";
import type { FutrouClient } from "../../provider/api/client";
import type { Kind } from "../../provider/api/contract";
import { setWarningSink } from "../../provider/engineLog";
import { Storage, Volume } from "../../provider/kinds";
import { specFor } from "../../provider/registry";
import { type Provider, startHarness } from "./harness";

let emulator: RunningEmulator;
let provider: (kind: Kind) => Provider;
let api: FutrouClient;
beforeAll(async () => {
  ({ emulator, provider, api } = await startHarness());
});
afterAll(() => emulator.close());

describe("a replacement of a kind that holds data warns at preview (spec.replacementLoses)", () => {
  test.each([
    {
      kind: "volume" as const,
      collection: "/volumes",
      model: Volume,
      extra: { sizeGb: 30 },
      loses: "its data (30 GB)",
    },
    { kind: "storage" as const, collection: "/storages", model: Storage, extra: {}, loses: "its files" },
  ])("$kind: $loses", async ({ kind, collection, model, extra, loses }) => {
    const name = `held-${kind}`;
    const existing = await api.create(collection, { name, workspaceId: emulator.workspaceId, ...extra }, model);
    const warnings: string[] = [];
    setWarningSink(async ({ message, status }) => {
      if (!status) warnings.push(message);
    });
    try {
      // What `pulumi up --replace` asks: a check with no old inputs, the object already holding the name.
      await provider(kind).check({}, { name, ...extra });
    } finally {
      setWarningSink(undefined);
    }
    const typeName = specFor(kind).typeName;
    expect(warnings).toEqual([
      `futrou:${typeName} "${name}" (${existing.id}) already exists. If this run replaces it (\`pulumi up --replace\`), ` +
        `it is deleted with ${loses} and the new ${kind} starts empty.`,
    ]);
  });
});
