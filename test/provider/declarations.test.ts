/**
 * Each field is declared once (provider/kinds/<kind>/fields.ts), and every table the provider uses is derived
 * from the declarations: the POST and PATCH bodies, the response model, the published (observed) and kept
 * fields per API generation, the defaults check fills in, the secret and replacing fields, and the plugin's
 * schema. Each table is read back here and held to the declarations it comes from, so a table changed by hand
 * (a spec overriding what its declaration says, or a derivation that drops a field) fails. Starts nothing.
 */
import { GENERATIONS, type Kind } from "../../provider/api/contract";
import { type Field, returnedBy } from "../../provider/kinds/fields";
import { kinds, specFor } from "../../provider/registry";
import { packageSchema } from "../../provider/schema";
import { inputNames, keptNames, outputNames } from "../../provider/spec";

const declared = (kind: Kind): [string, Field][] => Object.entries(specFor(kind).fields.fields);
const named = (kind: Kind, keep: (f: Field) => boolean): string[] =>
  declared(kind)
    .filter(([, f]) => keep(f))
    .map(([k]) => k);
const isInput = (f: Field) => f.input !== undefined;
/** An optional field of a zod object: it accepts `undefined`. */
const optional = (schema: { safeParse(v: unknown): { success: boolean } }) => schema.safeParse(undefined).success;

const schema = packageSchema({ docs: { interfaces: {}, symbols: {}, functions: {} }, version: "0.0.0" });

describe.each(kinds())("%s: the tables derived from its field declarations", (kind) => {
  const spec = specFor(kind);
  const pathInputs = Object.keys(spec.pathInputs?.shape ?? {});
  const local = Object.keys(spec.localInputs?.shape ?? {});

  test("the POST body has every declared input, optional unless declared required", () => {
    expect(Object.keys(spec.create.shape)).toEqual(named(kind, isInput));
    const required = Object.entries(spec.create.shape)
      .filter(([, s]) => !optional(s))
      .map(([k]) => k);
    expect(required).toEqual(named(kind, (f) => isInput(f) && f.required === true));
    expect(inputNames(spec)).toEqual([...named(kind, isInput), ...pathInputs, ...local]);
  });

  test("the PATCH body has the updatable inputs; a change of any other input replaces", () => {
    expect(Object.keys(spec.update.shape)).toEqual(named(kind, (f) => isInput(f) && f.updatable === true));
    expect(Object.values(spec.update.shape).every(optional)).toBe(true);
    expect(spec.replaceOn).toEqual([...named(kind, (f) => isInput(f) && f.updatable !== true), ...pathInputs]);
  });

  test("the response model reads every declared field answers carry, and requires only the id", () => {
    expect(Object.keys(spec.model.shape)).toEqual(["id", ...named(kind, (f) => f.answer !== false)]);
    expect(spec.model.safeParse({ id: "x" }).success).toBe(true);
  });

  test.each(GENERATIONS)("in generation %s, the published fields are observed and the other inputs kept", (g) => {
    const published = named(kind, (f) => returnedBy(f).includes(g));
    expect(spec.fields.published[g]).toEqual(published);
    expect(keptNames(spec, g)).toEqual(inputNames(spec).filter((k) => !published.includes(k)));
  });

  test("the outputs: the fields some generation publishes, the inputs, those from the create, the volatile ones, the API id", () => {
    const observed = named(kind, (f) => returnedBy(f).length > 0);
    const fromCreate = named(kind, (f) => f.returned === "create");
    expect(spec.observed).toEqual(observed);
    expect(spec.fromCreate).toEqual(fromCreate);
    expect(outputNames(spec)).toEqual([
      ...new Set([
        ...observed,
        ...inputNames(spec),
        ...fromCreate,
        ...spec.volatile,
        ...(spec.apiIdOutput ? [spec.apiIdOutput] : []),
      ]),
    ]);
  });

  test("check fills in the declared defaults, and the always-secret fields are the declared ones", () => {
    expect(spec.defaults).toEqual(
      Object.fromEntries(declared(kind).flatMap(([k, f]) => (f.default === undefined ? [] : [[k, f.default]]))),
    );
    expect(spec.secrets).toEqual(named(kind, (f) => f.secret === true || f.returned === "create"));
  });

  test("the plugin's schema says what the declarations say: required, replacing, secret, defaults", () => {
    const resource = schema.resources[`futrou:index:${spec.typeName}`];
    if (!resource) throw new Error(`no ${spec.typeName} in the schema`);
    const inputs = resource.inputProperties;
    const fields = new Map(declared(kind));
    for (const k of named(kind, isInput)) {
      const f = fields.get(k) as Field;
      expect({ k, replaces: inputs[k]?.willReplaceOnChanges === true }).toEqual({ k, replaces: f.updatable !== true });
      expect({ k, secret: inputs[k]?.secret === true }).toEqual({ k, secret: f.secret === true });
      const primitive = ["string", "number", "boolean"].includes(typeof f.default);
      expect({ k, default: inputs[k]?.default }).toEqual({ k, default: primitive ? f.default : undefined });
    }
    const requiredInputs = named(kind, (f) => isInput(f) && f.required === true).filter((k) => k !== spec.autoName);
    expect((resource.requiredInputs ?? []).filter((k) => !pathInputs.includes(k))).toEqual(requiredInputs);
    expect(Object.keys(resource.properties)).toEqual(outputNames(spec));
    for (const k of named(kind, (f) => f.returned === "create")) {
      expect({ k, secret: resource.properties[k]?.secret }).toEqual({ k, secret: true });
      expect({ k, input: resource.inputProperties[k] }).toEqual({ k, input: undefined });
    }
  });
});
