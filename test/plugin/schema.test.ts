/**
 * The plugin's package schema: complete for every registered kind and lookup, described everywhere, and
 * exactly what the engine gets from the plugin (`pulumi package get-schema <launcher>`).
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Kind } from "../../provider/api/contract";
import { LOOKUPS } from "../../provider/lookups";
import { kinds, specFor } from "../../provider/registry";
import { type PropertySpec, packageSchema, type TypeSpec } from "../../provider/schema";
import { inputNames, outputNames, TYPE_PREFIX } from "../../provider/spec";
import { extractDocs } from "../../scripts/docs";
import { PLUGIN_DIR, repoRoot } from "../e2e/engine";
import { FIELD_RULES, SECRET_SETTINGS } from "../oracle/secret-replace";

jest.setTimeout(120_000);

const version = (JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { version: string }).version;
const schema = packageSchema({ docs: extractDocs(join(repoRoot, "sdk")), version });
type Resource = (typeof schema.resources)[string];

/** Every `$ref` inside a type, recursively. */
const refs = (t: TypeSpec | undefined): string[] =>
  t ? [...(t.$ref ? [t.$ref] : []), ...refs(t.items), ...refs(t.additionalProperties)] : [];

describe("the package schema", () => {
  test.each(kinds())("%s: every input and output, with types, descriptions, defaults and the dynamic alias", (kind) => {
    const spec = specFor(kind);
    const resource = schema.resources[`futrou:index:${spec.typeName}`] as Resource;
    expect(resource).toBeDefined();
    expect(resource.description).toEqual(expect.any(String));
    expect(Object.keys(resource.inputProperties).sort()).toEqual(inputNames(spec).sort());
    expect(Object.keys(resource.properties).sort()).toEqual(outputNames(spec).sort());
    const all: [string, PropertySpec][] = [
      ...Object.entries(resource.inputProperties),
      ...Object.entries(resource.properties),
    ];
    for (const [name, p] of all) {
      expect([name, typeof p.description === "string" && p.description.length > 0]).toEqual([name, true]);
      expect([name, p.type !== undefined || p.$ref !== undefined]).toEqual([name, true]);
    }
    for (const [k, v] of Object.entries(spec.defaults)) {
      if (typeof v !== "object") expect([k, resource.inputProperties[k]?.default]).toEqual([k, v]);
    }
    // Required inputs are those zod requires, except the auto-named one.
    const required = resource.requiredInputs ?? [];
    expect(required).not.toContain(spec.autoName);
    expect(required).not.toContain("workspaceId");
    expect(resource.aliases).toEqual([{ type: `${TYPE_PREFIX}${spec.typeName}` }]);
  });

  // Against the hand-written table (test/oracle/secret-replace.ts), not the specs the schema is made from.
  test.each(Object.keys(FIELD_RULES) as Kind[])("%s: secrets and replacing inputs are the table's", (kind) => {
    const rules = FIELD_RULES[kind];
    const resource = schema.resources[`futrou:index:${specFor(kind).typeName}`] as Resource;
    const marked = (props: Record<string, PropertySpec>, flag: "secret" | "willReplaceOnChanges") =>
      Object.entries(props)
        .filter(([, p]) => p[flag] === true)
        .map(([name]) => name)
        .sort();
    const secrets = Object.keys(rules.secret).sort();
    const outputs = Object.keys(rules.secretOutputs).sort();
    expect({ kind, secretInputs: marked(resource.inputProperties, "secret") }).toEqual({ kind, secretInputs: secrets });
    expect({ kind, secretOutputs: marked(resource.properties, "secret") }).toEqual({ kind, secretOutputs: outputs });
    expect({ kind, replace: marked(resource.inputProperties, "willReplaceOnChanges") }).toEqual({
      kind,
      replace: Object.keys(rules.replace).sort(),
    });
    // A field secret only when another input says so is an input and an output, and names that input.
    for (const [field, { when }] of Object.entries(rules.secretWhen ?? {})) {
      expect(resource.inputProperties[when]).toBeDefined();
      expect(resource.properties[field]).toBeDefined();
      expect(resource.inputProperties[field]?.description).toContain(`\`${when}\``);
    }
  });

  test("the table covers every registered kind", () => {
    expect(Object.keys(FIELD_RULES).sort()).toEqual([...kinds()].sort());
  });

  test("units and ranges are in the descriptions", () => {
    const serverlet = schema.resources["futrou:index:Serverlet"] as Resource;
    expect(serverlet.inputProperties.cpu?.description).toMatch(/millicores.*10–32000/);
    expect(serverlet.inputProperties.ram?.description).toMatch(/MiB.*32–262144/);
    expect(serverlet.inputProperties.cpu?.type).toBe("integer");
    const record = schema.resources["futrou:index:DnsRecord"] as Resource;
    expect(record.inputProperties.ttl?.description).toMatch(/seconds.*0–2147483647/);
    expect(record.inputProperties.ttl?.default).toBe(300);
  });

  test("nested object types are named, described and resolvable", () => {
    const serverlet = schema.resources["futrou:index:Serverlet"] as Resource;
    expect(serverlet.inputProperties.volumes?.items?.$ref).toBe("#/types/futrou:index:ServerletVolume");
    // The newest Model's scaling is a map of numbers (its keys are not published), mounts a map of storage ids.
    expect(serverlet.inputProperties.scaling).toMatchObject({
      type: "object",
      additionalProperties: { type: "number" },
    });
    expect(serverlet.inputProperties.mounts).toMatchObject({
      type: "object",
      additionalProperties: { type: "string" },
    });
    const proxy = schema.resources["futrou:index:Proxy"] as Resource;
    expect(proxy.inputProperties.rules?.items?.$ref).toBe("#/types/futrou:index:ProxyRule");
    expect(Object.keys(schema.types["futrou:index:ProxyRuleIf"]?.properties ?? {}).sort()).toEqual([
      "host",
      "method",
      "path",
      "port",
    ]);
    const volume = schema.types["futrou:index:ServerletVolume"];
    expect(volume?.required).toEqual(["volumeId", "mountPath"]);
    expect(volume?.properties.readOnly?.default).toBe(false);
    const everyRef = [
      ...Object.values(schema.resources).flatMap((r) =>
        [...Object.values(r.inputProperties), ...Object.values(r.properties)].flatMap(refs),
      ),
      ...Object.values(schema.types).flatMap((t) => Object.values(t.properties).flatMap(refs)),
      ...Object.values(schema.functions).flatMap((f) => Object.values(f.outputs.properties).flatMap(refs)),
    ];
    for (const ref of new Set(everyRef.filter((r) => r.startsWith("#/types/")))) {
      expect([ref, schema.types[ref.slice("#/types/".length)] !== undefined]).toEqual([ref, true]);
    }
    for (const [name, f] of Object.entries(schema.functions)) {
      for (const [k, p] of Object.entries({ ...f.inputs?.properties, ...f.outputs.properties })) {
        expect([name, k, !!p.description]).toEqual([name, k, true]);
      }
    }
    for (const [name, t] of Object.entries(schema.types)) {
      for (const [k, p] of Object.entries(t.properties)) expect([name, k, !!p.description]).toEqual([name, k, true]);
    }
  });

  test("every lookup and every resource method is a function, with described arguments and results", () => {
    const methods = Object.values(schema.resources).flatMap((r) => Object.values(r.methods ?? {}));
    expect(Object.keys(schema.functions).sort()).toEqual(
      [...Object.keys(LOOKUPS).map((n) => `futrou:index:${n}`), ...methods].sort(),
    );
    const getProject = schema.functions["futrou:index:getProject"];
    expect(getProject?.description).toMatch(/project with this name/);
    expect(getProject?.inputs?.required).toEqual(["name"]);
    expect(getProject?.inputs?.properties.workspaceId?.description).toEqual(expect.any(String));
    expect(getProject?.outputs.properties.displayName?.description).toEqual(expect.any(String));
    expect(schema.functions["futrou:index:getRegions"]?.outputs.properties.regions?.items?.$ref).toBe(
      "#/types/futrou:index:Region",
    );
    // Cron lookups leave out headers and body (credentials).
    expect(Object.keys(schema.functions["futrou:index:getCron"]?.outputs.properties ?? {})).not.toContain("headers");
  });

  test("provider settings in config and provider inputs; the token, and only it, is secret", () => {
    for (const settings of [schema.config.variables, schema.provider.inputProperties]) {
      expect(Object.keys(settings).sort()).toEqual(
        ["apiToken", "apiUrl", "pollIntervalMs", "readyTimeoutSeconds", "requestDeadlineSeconds", "workspaceId"].sort(),
      );
      const secret = Object.entries(settings)
        .filter(([, p]) => p.secret === true)
        .map(([k]) => k);
      expect(secret.sort()).toEqual(Object.keys(SECRET_SETTINGS).sort());
      for (const [k, p] of Object.entries(settings)) expect([k, !!p.description]).toEqual([k, true]);
    }
    expect(Object.keys(schema.language).sort()).toEqual(["csharp", "go", "nodejs", "python"]);
  });

  test("the engine downloads the plugin from this repository's GitHub releases", () => {
    expect(schema.pluginDownloadURL).toBe("github://api.github.com/futrou/pulumi-futrou");
  });

  test("the build's schema.json is this schema, and the plugin serves it (pulumi package get-schema)", () => {
    const built = JSON.parse(readFileSync(join(PLUGIN_DIR, "schema.json"), "utf8"));
    expect(built).toEqual(JSON.parse(JSON.stringify(schema)));
    const served = execFileSync("pulumi", ["package", "get-schema", join(PLUGIN_DIR, "pulumi-resource-futrou")], {
      encoding: "utf8",
      env: { ...process.env, PULUMI_SKIP_UPDATE_CHECK: "true" },
    });
    expect(JSON.parse(served)).toEqual(built);
  });
});
