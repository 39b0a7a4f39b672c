/**
 * The `futrou` package schema (Pulumi's PackageSpec), derived from what already says everything once:
 *
 * - resources from the registered specs (provider/registry.ts): inputs and required inputs from the create,
 *   path and provider-only schemas (`z.toJSONSchema`), outputs from `outputNames(spec)` (inputs, observed, volatile
 *   fields and the API id), secret flags from `spec.secrets`, primitive defaults from `spec.defaults`,
 *   `willReplaceOnChanges` from `spec.replaceOn`, nested object types (`futrou:index:ServerletVolume`);
 * - functions from the lookups (provider/lookups.ts);
 * - provider settings from provider/config.ts's keys;
 * - each field's description from its declaration (`doc`, `fieldDoc`: provider/kinds/<kind>/fields.ts), each
 *   kind's from its spec's `doc`, the other descriptions (nested types, lookups, settings) from the TypeScript
 *   SDK's TSDoc (`Docs`, read by scripts/docs.ts at build time);
 * - an alias from each kind's dynamic-provider type (`pulumi-nodejs:dynamic/futrou:<Type>`), so generated
 *   SDKs move stacks made with the dynamic providers over without replacements.
 *
 * Cross-field rules (zod refinements) are not in the schema: check enforces them in every language, at preview.
 */
import { z } from "zod";
import type { Kind } from "./api/contract";
import { LOOKUPS, type LookupSpec } from "./lookups";
import { kinds, specFor } from "./registry";
import { actionTriggers, inputNames, methodResultFields, outputNames, type ResourceSpec, TYPE_PREFIX } from "./spec";

export interface InterfaceDoc {
  description?: string;
  /** Property name → description, inherited properties included. */
  properties: Record<string, string>;
}

/** The SDK's TSDoc as data (scripts/docs.ts). */
export interface Docs {
  /** Interfaces by name (`ServerletArgs`, `Serverlet`, `ServerletVolumeArgs`, `ProviderArgs`, `ProjectResult`, …). */
  interfaces: Record<string, InterfaceDoc>;
  /** Exported classes, functions and constants by name. */
  symbols: Record<string, string>;
  /** Each lookup's argument and result interfaces. */
  functions: Record<string, { args?: string; result: string }>;
}

type Json = {
  type?: string | string[];
  anyOf?: Json[];
  items?: Json;
  properties?: Record<string, Json>;
  required?: string[];
  additionalProperties?: Json | boolean;
  default?: unknown;
};

export interface TypeSpec {
  type?: string;
  items?: TypeSpec;
  additionalProperties?: TypeSpec;
  $ref?: string;
}

export interface PropertySpec extends TypeSpec {
  description?: string;
  secret?: boolean;
  default?: unknown;
  willReplaceOnChanges?: boolean;
}

export interface ObjectSpec {
  description?: string;
  properties: Record<string, PropertySpec>;
  required?: string[];
}

export const PACKAGE_NAME = "futrou";
const token = (name: string) => `${PACKAGE_NAME}:index:${name}`;
const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const jsonOf = (schema: z.ZodType, io: "input" | "output"): Json =>
  z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Json;

/** Builds the schema; `types` collects the named object types met on the way. */
export class Builder {
  readonly types: Record<string, ObjectSpec & { type: "object" }> = {};
  constructor(private readonly docs: Docs) {}

  /** The Pulumi type of a JSON schema; object shapes become named types called `hint`. */
  typeOf(json: Json, hint: string): TypeSpec {
    if (json.anyOf) {
      const options = json.anyOf.filter((o) => o.type !== "null");
      return options[0] ? this.typeOf(options[0], hint) : { $ref: "pulumi.json#/Any" };
    }
    const type = Array.isArray(json.type) ? json.type.find((t) => t !== "null") : json.type;
    switch (type) {
      case "string":
      case "boolean":
      case "integer":
      case "number":
        return { type };
      case "array":
        return { type: "array", items: this.typeOf(json.items ?? {}, hint) };
      case "object":
        if (json.properties && Object.keys(json.properties).length > 0) return this.named(json, hint);
        return {
          type: "object",
          additionalProperties:
            typeof json.additionalProperties === "object"
              ? this.typeOf(json.additionalProperties, hint)
              : { $ref: "pulumi.json#/Any" },
        };
      default:
        return { $ref: "pulumi.json#/Any" };
    }
  }

  /** A named object type (`futrou:index:ServerletVolume`), described by the SDK's `<Name>Args` interface. */
  private named(json: Json, name: string): TypeSpec {
    const doc = this.docs.interfaces[`${name}Args`] ?? this.docs.interfaces[name];
    if (!this.types[token(name)]) {
      const properties: Record<string, PropertySpec> = {};
      for (const [k, v] of Object.entries(json.properties ?? {})) {
        properties[k] = {
          ...this.typeOf(v, `${name}${pascal(k)}`),
          ...describe(doc?.properties[k]),
          ...(isPrimitive(v.default) ? { default: v.default } : {}),
        };
      }
      this.types[token(name)] = {
        type: "object",
        ...describe(doc?.description),
        properties,
        ...(json.required?.length ? { required: json.required } : {}),
      };
    }
    return { $ref: `#/types/${token(name)}` };
  }
}

const describe = (text: string | undefined): { description?: string } => (text ? { description: text } : {});
const isPrimitive = (v: unknown): v is string | number | boolean =>
  typeof v === "string" || typeof v === "number" || typeof v === "boolean";

/** `volumes` → `ServerletVolume`: a nested type's name from its kind and (singular) field, nullable or not. */
function nestedName(spec: ResourceSpec, field: string, json: Json): string {
  const isArray = (j: Json) => j.type === "array" || (Array.isArray(j.type) && j.type.includes("array"));
  const array = isArray(json) || (json.anyOf ?? []).some(isArray);
  return `${spec.typeName}${pascal(array ? field.replace(/s$/, "") : field)}`;
}

/** One kind's resource in the schema: its inputs and outputs with their docs, secret and replacing flags. */
export function resourceSchema(b: Builder, spec: ResourceSpec) {
  const create = jsonOf(spec.create, "input");
  const none: Json = { properties: {}, required: [] };
  const path = spec.pathInputs ? jsonOf(spec.pathInputs, "input") : none;
  const local = spec.localInputs ? jsonOf(spec.localInputs, "input") : none;
  const model = jsonOf(spec.model, "output");
  const inputJson: Record<string, Json> = { ...create.properties, ...path.properties, ...local.properties };
  // Each field's doc from its declaration (provider/kinds/<kind>/fields.ts), as the generated SDK has it.
  const fieldDocs = spec.fields.docs;
  const secret = (k: string) => (spec.secrets.includes(k) ? { secret: true } : {});

  const property = (k: string, json: Json, description: string | undefined): PropertySpec => ({
    ...b.typeOf(json, nestedName(spec, k, json)),
    ...describe(description),
    ...secret(k),
  });

  const inputProperties: Record<string, PropertySpec> = {};
  for (const k of inputNames(spec)) {
    const fallback = spec.defaults[k];
    inputProperties[k] = {
      ...property(k, inputJson[k] ?? {}, fieldDocs[k]),
      ...(isPrimitive(fallback) ? { default: fallback } : {}),
      ...(spec.replaceOn.includes(k) ? { willReplaceOnChanges: true } : {}),
    };
  }
  const requiredInputs = [...(create.required ?? []), ...(path.required ?? []), ...(local.required ?? [])].filter(
    (k) => k !== spec.autoName,
  );

  const properties: Record<string, PropertySpec> = {};
  for (const k of outputNames(spec)) {
    const json = inputJson[k] ?? (k === spec.apiIdOutput ? { type: "string" } : model.properties?.[k]) ?? {};
    properties[k] = property(k, json, fieldDocs[k]);
  }
  // Outputs every object has once created: required and auto-named inputs, the workspace, non-null defaults.
  const required = Object.keys(properties).filter(
    (k) =>
      requiredInputs.includes(k) ||
      k === spec.autoName ||
      k === spec.apiIdOutput ||
      (k === "workspaceId" && spec.defaultWorkspace) ||
      (spec.defaults[k] !== undefined && spec.defaults[k] !== null),
  );

  return {
    ...describe(spec.doc),
    properties,
    ...(required.length > 0 ? { required } : {}),
    inputProperties,
    ...(requiredInputs.length > 0 ? { requiredInputs } : {}),
    stateInputs: {
      description: `Input properties used for looking up and filtering ${spec.typeName} resources.`,
      properties,
    },
    aliases: [{ type: `${TYPE_PREFIX}${spec.typeName}` }],
  };
}

/**
 * A kind's actions as resource methods: the resource's `methods` (name → function token) and one function
 * per action, `futrou:index:<Type>/<action>`, whose only input is `__self__` (the resource) and whose
 * outputs are the object's published fields but the secret ones (kit/action.ts `methodResult`).
 */
export function methodsOf(
  b: Builder,
  spec: ResourceSpec,
  docs: Docs,
): { methods: Record<string, string>; functions: Record<string, ReturnType<typeof fn>> } {
  const methods: Record<string, string> = {};
  const functions: Record<string, ReturnType<typeof fn>> = {};
  const model = jsonOf(spec.model, "output");
  const outputDocs = docs.interfaces[spec.typeName]?.properties ?? {};
  for (const [name, action] of Object.entries(spec.actions ?? {})) {
    const fnToken = token(`${spec.typeName}/${name}`);
    methods[name] = fnToken;
    functions[fnToken] = {
      description:
        `${action.doc} Dynamic providers have no methods: there, and in plugin mode too, a new value of the ` +
        `input \`${actionTriggers(spec.actions)[name]}\` runs ${name} during the update.`,
      inputs: {
        properties: {
          __self__: { $ref: `#/resources/${token(spec.typeName)}`, description: `The ${spec.typeName} it runs on.` },
        },
        required: ["__self__"],
      },
      outputs: {
        properties: Object.fromEntries(
          methodResultFields(spec).map((k) => [
            k,
            {
              ...b.typeOf(model.properties?.[k] ?? {}, `${spec.typeName}${pascal(name)}${pascal(k)}`),
              ...describe(outputDocs[k] ?? (k === "id" ? "The object's id." : undefined)),
            },
          ]),
        ),
        required: ["id"],
      },
    };
  }
  return { methods, functions };
}

function fn(b: Builder, lookup: LookupSpec, docs: Docs, kindOfModel: (m: z.ZodType) => Kind | undefined) {
  const names = docs.functions[lookup.name];
  const argDocs = (names?.args && docs.interfaces[names.args]?.properties) || {};
  const resultName = names?.result ?? `${pascal(lookup.name)}Result`;
  const resultDocs = docs.interfaces[resultName]?.properties ?? {};
  const kind = kindOfModel(lookup.model);
  // A kind's result fields: each one's paragraph from its declaration (a lookup changes nothing).
  const fieldDoc = (k: string) => (kind ? specFor(kind).fields.fields[k]?.doc : undefined);
  const args = jsonOf(lookup.args, "input");
  const model = jsonOf(lookup.model, "output");
  const inputs: ObjectSpec = {
    properties: Object.fromEntries(
      Object.entries(args.properties ?? {}).map(([k, v]) => [k, { ...b.typeOf(v, k), ...describe(argDocs[k]) }]),
    ),
    ...(args.required?.length ? { required: args.required } : {}),
  };
  const item: ObjectSpec = {
    properties: Object.fromEntries(
      ["id", ...lookup.fields].map((k) => [
        k,
        {
          ...b.typeOf(model.properties?.[k] ?? {}, `${resultName}${pascal(k)}`),
          ...describe(fieldDoc(k) ?? resultDocs[k] ?? (k === "id" ? "The object's id." : undefined)),
        },
      ]),
    ),
    required: ["id"],
  };
  let outputs: ObjectSpec = item;
  if (lookup.list) {
    b.types[token(resultName)] = { type: "object", ...describe(docs.interfaces[resultName]?.description), ...item };
    outputs = {
      properties: {
        [lookup.list]: {
          type: "array",
          items: { $ref: `#/types/${token(resultName)}` },
          ...describe(docs.symbols[lookup.name]),
        },
      },
      required: [lookup.list],
    };
  }
  return {
    ...describe(docs.symbols[lookup.name]),
    ...(Object.keys(inputs.properties).length > 0 ? { inputs } : {}),
    outputs,
  };
}

/**
 * Where the engine downloads the plugin for a program that needs it (the generated SDKs carry it): the GitHub
 * release of this repository, with `pulumi-resource-futrou-v<version>-<os>-<arch>.tar.gz` assets (`make release`).
 */
export const PLUGIN_DOWNLOAD_URL = "github://api.github.com/futrou/pulumi-futrou";

export interface SchemaOptions {
  docs: Docs;
  version: string;
}

/** The package schema: what `GetSchema` returns and the SDK generators read. */
export function packageSchema({ docs, version }: SchemaOptions) {
  const b = new Builder(docs);
  const specs = kinds().map(specFor);
  const actions = specs.map((spec) => methodsOf(b, spec, docs));
  const resources = Object.fromEntries(
    specs.map((spec, i) => {
      const methods = actions[i]?.methods ?? {};
      return [
        token(spec.typeName),
        { ...resourceSchema(b, spec), ...(Object.keys(methods).length > 0 ? { methods } : {}) },
      ];
    }),
  );
  const kindOfModel = (m: z.ZodType) => specs.find((s) => s.model === m)?.kind;
  const functions = Object.fromEntries<ReturnType<typeof fn>>([
    ...Object.values(LOOKUPS).map((lookup) => [token(lookup.name), fn(b, lookup, docs, kindOfModel)] as const),
    ...actions.flatMap((a) => Object.entries(a.functions)),
  ]);
  const settingDocs = docs.interfaces.ProviderArgs?.properties ?? {};
  const settings: Record<string, PropertySpec> = {
    apiToken: { type: "string", secret: true },
    apiUrl: { type: "string" },
    workspaceId: { type: "string" },
    readyTimeoutSeconds: { type: "integer" },
    pollIntervalMs: { type: "integer" },
    requestDeadlineSeconds: { type: "integer" },
  };
  for (const [k, v] of Object.entries(settings)) Object.assign(v, describe(settingDocs[k]));

  return {
    name: PACKAGE_NAME,
    displayName: "Futrou",
    version,
    description:
      "Pulumi provider for the Futrou Cloud API v2: projects, variables, DNS, crons, proxies, volumes, storages, " +
      "serverlets, API tokens, workspace members and certificates.",
    keywords: ["pulumi", "futrou", "category/cloud", "kind/native"],
    homepage: "https://github.com/futrou/pulumi-futrou#readme",
    license: "Apache-2.0",
    repository: "https://github.com/futrou/pulumi-futrou",
    publisher: "pulumi-futrou contributors",
    pluginDownloadURL: PLUGIN_DOWNLOAD_URL,
    meta: { moduleFormat: "(.*)" },
    config: { variables: settings },
    provider: {
      ...describe(docs.symbols.Provider),
      inputProperties: settings,
    },
    types: b.types,
    resources,
    functions,
    language: {
      nodejs: {
        packageName: "@futrou/pulumi",
        packageDescription: "Pulumi provider for the Futrou Cloud API v2 (generated from the futrou plugin's schema).",
        dependencies: { "@pulumi/pulumi": "^3.259.0" },
        respectSchemaVersion: true,
      },
      python: {
        packageName: "pulumi_futrou",
        requires: { pulumi: ">=3.0.0,<4.0.0" },
        pyproject: { enabled: true },
        respectSchemaVersion: true,
      },
      go: {
        // Pulumi's layout: the module is the repository's sdk/ folder (tag sdk/v<version>), the package in go/futrou.
        modulePath: "github.com/futrou/pulumi-futrou/sdk",
        importBasePath: "github.com/futrou/pulumi-futrou/sdk/go/futrou",
        generateResourceContainerTypes: true,
        respectSchemaVersion: true,
      },
      csharp: {
        rootNamespace: "Futrou",
        packageReferences: { Pulumi: "3.*" },
        respectSchemaVersion: true,
      },
    },
  };
}

export type PackageSchema = ReturnType<typeof packageSchema>;
