/**
 * The layering holds: nothing in provider/ imports sdk/; nothing in emulator/ imports provider/ or sdk/ (the
 * emulator is a second, independent reading of the contract); provider/api/ imports nothing else of ours;
 * the core (the kit, the converter's conversion, the helpers) imports no adapter, which are the only code
 * that knows a host; the registry (provider/registry.ts) imports the kinds and none of its users; a kind is
 * one folder (provider/kinds/<kind>/: its declarations, fields.ts, and its spec, spec.ts) and imports neither
 * the registry nor its users: its spec only the spec's language, the API layer and the declarations, its
 * declarations only the API layer and the declaration language; no kind's folder imports another's, and
 * nothing in provider/ imports the dynamic host's entry; a kind's test examples (provider/kinds/<kind>/cases.ts)
 * are imported by tests only; and
 * no file reaches itself through imports, type-only ones included. A failure lists
 * the imports to remove, as `from → to`.
 */
import { repoRoot } from "../../scripts/program-dir";
import { type Edge, forbiddenImports, importCycles, importGraph, readSources, type Sources } from "./graph";

const graph = importGraph(readSources(repoRoot));

describe("the repository's imports", () => {
  test("are read: every source root, with static, type-only and lazy imports (a template's too)", () => {
    const edges: Edge[] = [...graph].flatMap(([from, tos]) => tos.map((to) => ({ from, to })));
    expect(graph.size).toBeGreaterThan(200);
    expect(edges).toEqual(
      expect.arrayContaining([
        { from: "sdk/resource.ts", to: "provider/naming.ts" },
        { from: "emulator/admin.ts", to: "emulator/types.ts" },
        { from: "provider/registry.ts", to: "provider/kinds/load.ts" },
        { from: "provider/kinds/load.ts", to: "provider/kinds/volume/spec.ts" },
        { from: "test/architecture/imports.test.ts", to: "test/architecture/graph.ts" },
      ]),
    );
  });

  test("break no layering rule", () => {
    expect(forbiddenImports(graph)).toEqual({});
  });

  test("form no cycle", () => {
    expect(importCycles(graph)).toEqual([]);
  });
});

describe("the checks find what they look for", () => {
  const sources: Sources = new Map([
    ["provider/api/client.ts", 'import type { Kind } from "./contract";\nimport { specFor } from "../index";'],
    ["provider/api/contract.ts", "export type Kind = string;"],
    ["provider/kinds/volume/spec.ts", 'import "../../api/contract";\nimport type { Spec } from "../../index";'],
    ["provider/plugin/server.ts", 'import { toSlug } from "../../sdk/naming";'],
    ["provider/index.ts", 'export { providerFor } from "./adapters/dynamic";'],
    [
      "provider/registry.ts",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the fixture's source text holds a template
      'import { makeProvider } from "./kit";\nexport const specFor = (kind) => require(`./kinds/${kind}/spec`);',
    ],
    ["provider/kit/index.ts", "export const makeProvider = () => ({});"],
    ["provider/kinds/fields.ts", 'import { z } from "zod";'],
    ["provider/kinds/cron/fields.ts", 'import { declare } from "../fields";\nimport { name } from "../../api/models";'],
    [
      "provider/kinds/dnsZone/fields.ts",
      'import { DnsRecord } from "../dnsRecord/fields";\nimport { TIMESTAMPS } from "../fields";',
    ],
    ["provider/kinds/dnsRecord/fields.ts", 'import { HIDDEN } from "../../spec";'],
    ["provider/api/models.ts", "export const name = 1;"],
    ["provider/spec.ts", "export const HIDDEN = {};"],
    ["provider/adapters/dynamic/index.ts", 'import { specFor } from "../../registry";'],
    ["provider/adapters/plugin/listen.ts", 'import { specFor } from "../../index";'],
    ["provider/convert/index.ts", 'import { listen } from "../adapters/plugin/listen";'],
    [
      "provider/kit/create.ts",
      'import type { Options } from "../adapters/dynamic";\nimport { createObject } from "../create";',
    ],
    ["provider/create.ts", 'import { ResourceInitError } from "./kit/errors";'],
    ["provider/kit/errors.ts", "export class ResourceInitError {}"],
    ["sdk/naming.ts", 'import { z } from "zod";'],
    ["provider/kinds/cases.ts", 'import type { Kind } from "../api/contract";'],
    ["provider/kinds/cron/cases.ts", 'import type { KindCases } from "../cases";'],
    ["provider/kinds/cron/spec.ts", 'import { cases } from "./cases";'],
    ["test/provider/lifecycle.test.ts", 'import { cases } from "../../provider/kinds/cron/cases";'],
    ["emulator/errors.ts", 'export { ERROR_CODES } from "../provider/api/contract";'],
    ["emulator/index.ts", 'import { adminRoutes } from "./admin";'],
    ["emulator/admin.ts", 'import type { RunningEmulator } from "./index";'],
  ]);
  const fixture = importGraph(sources);

  test("a forbidden import, named by rule as from → to", () => {
    expect(forbiddenImports(fixture)).toEqual({
      "provider/ imports nothing from sdk/": ["provider/plugin/server.ts → sdk/naming.ts"],
      "emulator/ imports nothing from provider/ or sdk/": ["emulator/errors.ts → provider/api/contract.ts"],
      "provider/api/ imports nothing else of ours": ["provider/api/client.ts → provider/index.ts"],
      "provider/ imports nothing from provider/adapters/ (but the dynamic host's entry, provider/index.ts)": [
        "provider/convert/index.ts → provider/adapters/plugin/listen.ts",
        "provider/kit/create.ts → provider/adapters/dynamic/index.ts",
      ],
      "the create protocol (provider/create.ts, journal.ts, listing.ts) imports nothing from provider/kit/": [
        "provider/create.ts → provider/kit/errors.ts",
      ],
      "provider/ imports nothing from the dynamic host's entry (provider/index.ts)": [
        "provider/api/client.ts → provider/index.ts",
        "provider/kinds/volume/spec.ts → provider/index.ts",
        "provider/adapters/plugin/listen.ts → provider/index.ts",
      ],
      "provider/registry.ts imports only the kinds (provider/kinds/), provider/spec.ts and provider/api/": [
        "provider/registry.ts → provider/kit/index.ts",
      ],
      "a kind's spec (provider/kinds/<kind>/spec.ts) imports only provider/spec.ts, provider/api/ and provider/kinds/":
        ["provider/kinds/volume/spec.ts → provider/index.ts"],
      "provider/kinds/ (but the kinds' specs) imports only provider/kinds/ and provider/api/": [
        "provider/kinds/dnsRecord/fields.ts → provider/spec.ts",
      ],
      "only test/ and the kinds' examples import the kinds' test examples (provider/kinds/**/cases.ts)": [
        "provider/kinds/cron/spec.ts → provider/kinds/cron/cases.ts",
      ],
      "a kind's folder (provider/kinds/<kind>/) imports no other kind's folder": [
        "provider/kinds/dnsZone/fields.ts → provider/kinds/dnsRecord/fields.ts",
      ],
    });
  });

  test("a cycle, through a type-only import or a lazy require whose path is a template", () => {
    expect(importCycles(fixture)).toEqual([
      ["emulator/admin.ts", "emulator/index.ts"],
      [
        "provider/adapters/dynamic/index.ts",
        "provider/index.ts",
        "provider/kinds/volume/spec.ts",
        "provider/registry.ts",
      ],
    ]);
  });
});
