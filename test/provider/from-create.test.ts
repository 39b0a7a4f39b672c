/**
 * An output only the create answer carries (a field declared `returned: "create"`, provider/kinds/fields.ts):
 * a new API token's bearer value, which the API shows once. Proven on a token spec declared in this file,
 * against the emulator's `/api-tokens` (its create answer alone carries `token`), through the kit as each
 * adapter makes it: the dynamic-provider host's and the plugin's. The value is a secret wherever the state
 * holds it, never sent, kept from the create through refresh, a no-change up and an update, absent after
 * `pulumi import`; a replacement gets the new object's.
 */
import { z } from "zod";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { DYNAMIC_HOST } from "../../provider/adapters/dynamic";
import { toWire, unwrap } from "../../provider/adapters/plugin/wire";
import { line } from "../../provider/api/models";
import type { ConfigSource } from "../../provider/config";
import { setWarningSink } from "../../provider/engineLog";
import { declare, derive, FROM_CREATE_DOC, owningWorkspace, TIMESTAMPS } from "../../provider/kinds/fields";
import { type AdapterOptions, type KitProvider, makeProvider } from "../../provider/kit";
import { Builder, resourceSchema } from "../../provider/schema";
import { isSealed, SECRET_SIG_KEY } from "../../provider/secrets";
import { defineSpec, HIDDEN, inputNames, outputNames, type Props, type ResourceSpec } from "../../provider/spec";
import { providerModule } from "../../sdk/resource";
import { type Fixture, json, startFixture } from "../client/fixture";

/** An API token as the contract assumes it (provider/api/contract.ts `API_TOKEN`), its bearer value shown once. */
const TOKEN_FIELDS = declare({
  name: { input: line.min(1), required: true, updatable: true, since: "2026-08-02", doc: "The token's name." },
  type: {
    input: z.enum(["user", "workspace", "server"]),
    default: "user",
    since: "2026-08-02",
    doc: "What the token acts as.",
  },
  workspaceId: owningWorkspace(["2026-08-30"]),
  token: { returned: "create", since: "2026-08-02", doc: "The secret half of the bearer value `<id>-<token>`." },
  ...TIMESTAMPS,
});

function tokenSpec(): ResourceSpec {
  // Any registered kind's name: the collection, type name and id format below are what the kit uses.
  const spec = defineSpec({
    kind: "project",
    doc: "An API token.",
    fields: derive(TOKEN_FIELDS, "token"),
    lookup: { fields: ["name"] },
  });
  return { ...spec, typeName: "Token", collection: "/api-tokens", idFormat: "<tokenId>" };
}

/** A bag as the engine hands it back to a provider: plain values (it decrypts what it stored as secrets). */
const plain = (bag: Props): Props => unwrap(bag).value as Props;

/** A bag as the engine stores it: every sealed value encrypted (here: replaced), the rest in plain text. */
const atRest = (bag: Props): string => JSON.stringify(bag, (_k, v: unknown) => (isSealed(v) ? "[ciphertext]" : v));

/** The value of a sealed output (the test fails on one that is not sealed). */
function sealedValue(v: unknown): string {
  if (!isSealed(v)) throw new Error(`expected a sealed secret, got ${JSON.stringify(v)}`);
  return String(v.value);
}

let emu: RunningEmulator;
let config: ConfigSource;
beforeAll(async () => {
  emu = await startEmulator({ quiet: true });
  const values: Record<string, string> = { "futrou:apiUrl": emu.url, "futrou:apiToken": emu.token };
  config = { get: (k) => values[k] };
});
afterAll(() => emu.close());

/** Whether `<id>-<token>` is a bearer token the API takes: the value is the real one. */
async function authenticates(id: string, token: string): Promise<boolean> {
  const res = await fetch(`${emu.url}/workspaces`, { headers: { authorization: `Bearer ${id}-${token}` } });
  return res.ok;
}

/** Each adapter's kit, and what its engine stores of a resource besides the kit's outputs. */
const ADAPTERS: [string, AdapterOptions, (inputs: Props) => Props][] = [
  // The host adds the serialized provider module to every answer (cmd/dynamic-provider `resultIncludingProvider`).
  ["the dynamic-provider host", DYNAMIC_HOST, (inputs) => ({ [HIDDEN.provider]: inputs[HIDDEN.provider] })],
  ["the plugin", { acceptsSecrets: true }, () => ({})],
];

describe.each(ADAPTERS)("through %s", (_, adapter, hostAdds) => {
  const dynamic = adapter === DYNAMIC_HOST;
  // Names of each adapter's own: a create's journal entry stays until the engine names the object again, so
  // the same program in the other adapter's kit would adopt this one (as after an interrupted run).
  const mode = dynamic ? "dynamic" : "plugin";
  const program = (args: Props): Props => (dynamic ? { [HIDDEN.provider]: providerModule("project"), ...args } : args);
  let kit: KitProvider;
  beforeAll(async () => {
    kit = makeProvider(tokenSpec(), adapter);
    await kit.configure({ config });
  });

  /** `pulumi up` of a new resource: check, then create; the state as the engine keeps it. */
  async function created(args: Props) {
    const inputs = (await kit.check({}, program(args))).inputs as Props;
    const { id, outs } = await kit.create(inputs);
    return { id, inputs, outputs: { ...(outs as Props), ...hostAdds(inputs) } };
  }

  test("create: the create answer's token, sealed; in the state only as a secret, never in the inputs or the module", async () => {
    const state = await created({ name: `ci-create-${mode}` });
    const token = sealedValue(state.outputs.token);
    expect(await authenticates(state.id, token)).toBe(true);
    expect(atRest(state.outputs)).not.toContain(token);
    expect(JSON.stringify(state.inputs)).not.toContain(token);
    expect(inputNames(tokenSpec())).not.toContain("token");
    if (dynamic) expect(String(state.outputs[HIDDEN.provider])).toBe(providerModule("project"));
    else expect(toWire(state.outputs).toJavaScript().token).toMatchObject({ [SECRET_SIG_KEY]: expect.any(String) });
  });

  test("refresh keeps it and finds no drift; the next up changes nothing", async () => {
    const state = await created({ name: `ci-refresh-${mode}` });
    const token = sealedValue(state.outputs.token);
    const refreshed = await kit.read(state.id, plain(state.outputs));
    expect(sealedValue(refreshed.props?.token)).toBe(token);
    expect(atRest(refreshed.props as Props)).not.toContain(token);
    expect(refreshed.inputs?.token).toBeUndefined();
    const news = (await kit.check(state.inputs, program({ name: `ci-refresh-${mode}` }))).inputs as Props;
    expect((await kit.diff(state.id, plain(refreshed.props as Props), news)).changes).toBe(false);
  });

  test("an update (a new name) keeps it", async () => {
    const state = await created({ name: `ci-update-${mode}` });
    const token = sealedValue(state.outputs.token);
    const news = (await kit.check(state.inputs, program({ name: `ci-updated-${mode}` }))).inputs as Props;
    const diff = await kit.diff(state.id, plain(state.outputs), news);
    expect({ changes: diff.changes, replaces: diff.replaces ?? [] }).toEqual({ changes: true, replaces: [] });
    const { outs } = await kit.update(state.id, plain(state.outputs), news);
    expect((outs as Props).name).toBe(`ci-updated-${mode}`);
    expect(sealedValue((outs as Props).token)).toBe(token);
    expect(await authenticates(state.id, token)).toBe(true);
  });

  test("a replacement gets the new object's token; the old one is revoked with its object", async () => {
    const state = await created({ name: `ci-replace-${mode}` });
    const old = sealedValue(state.outputs.token);
    const news = (await kit.check(state.inputs, program({ name: `ci-replace-${mode}`, type: "server" })))
      .inputs as Props;
    expect((await kit.diff(state.id, plain(state.outputs), news)).replaces).toEqual(["type"]);
    const replacement = await created({ name: `ci-replace-${mode}`, type: "server" });
    await kit.delete(state.id, plain(state.outputs));
    const token = sealedValue(replacement.outputs.token);
    expect(token).not.toBe(old);
    expect(await authenticates(replacement.id, token)).toBe(true);
    expect(await authenticates(state.id, old)).toBe(false);
  });

  test("`pulumi import` cannot read it: the imported resource has none, and its docs say so", async () => {
    const state = await created({ name: `ci-import-${mode}` });
    const imported = await kit.read(state.id, {});
    expect(imported.id).toBe(state.id);
    expect(imported.props).toMatchObject({ name: `ci-import-${mode}` });
    expect(imported.props?.token).toBeUndefined();
    expect(imported.inputs?.token).toBeUndefined();
    expect(tokenSpec().fields.docs.token).toBe(
      `The secret half of the bearer value \`<id>-<token>\`. ${FROM_CREATE_DOC}`,
    );
    expect(FROM_CREATE_DOC).toMatch(/`pulumi import` cannot read it/);
  });
});

describe("a later answer never replaces it", () => {
  let api: Fixture;
  let kit: KitProvider;
  beforeAll(async () => {
    api = await startFixture();
    const values: Record<string, string> = { "futrou:apiUrl": api.url, "futrou:apiToken": "fixture-token" };
    kit = makeProvider(tokenSpec(), { acceptsSecrets: true });
    await kit.configure({ config: { get: (k) => values[k] } });
  });
  afterAll(() => api.close());

  const object = { id: "t1", name: "ci", type: "user", createdAt: "2026-11-01T00:00:00Z" };
  const state = { ...object, token: "real-bearer-half", updatedAt: "2026-11-01T00:00:00Z" };

  test("a refresh whose answers carry a masked token keeps the one from the create", async () => {
    const masked = { ...object, token: "****", updatedAt: "2026-11-01T00:00:00Z" };
    // The listing and the GET the first read asks together, each answered by its path.
    api.answer((req, res) => json(200, req.url.startsWith("/v2/api-tokens/t1") ? masked : [masked])(req, res));
    const refreshed = await kit.read("t1", state);
    expect(sealedValue(refreshed.props?.token)).toBe("real-bearer-half");
  });

  test("so does an update whose answer carries one", async () => {
    api.answer(json(200, { ...object, name: "ci-2", token: "****", updatedAt: "2026-11-02T00:00:00Z" }));
    const { outs } = await kit.update("t1", state, { name: "ci-2", type: "user" });
    // (The refresh's listing may still arrive late: only the writes are counted.)
    const writes = api.seen.filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.url} ${r.body}`);
    expect(writes).toEqual(['PATCH /v2/api-tokens/t1 {"name":"ci-2"}']);
    expect(sealedValue((outs as Props).token)).toBe("real-bearer-half");
  });
});

test("a create whose answer was lost: the object found afterwards has no token, and a warning says to replace it", async () => {
  const kit = makeProvider(tokenSpec(), { acceptsSecrets: true });
  await kit.configure({ config });
  const inputs = (await kit.check({}, { name: "ci-lost" })).inputs as Props;
  const warnings: string[] = [];
  setWarningSink(async ({ message, status }) => {
    if (!status) warnings.push(message);
  });
  // The POST is committed, then its connection is dropped before the answer.
  emu.setFaults({ commitThenDropRate: 1 });
  try {
    const { id, outs } = await kit.create(inputs);
    expect(outs).toMatchObject({ name: "ci-lost" });
    expect((outs as Props).token).toBeUndefined();
    expect(warnings).toEqual([
      `futrou:Token (${id}) was created, but its token is unknown: only the API's answer to the create carries it, ` +
        "and that answer was lost (the object was found afterwards). The state holds none; `pulumi up --replace " +
        "<urn>` makes a new one.",
    ]);
  } finally {
    emu.setFaults({ commitThenDropRate: 0 });
    setWarningSink(undefined);
  }
});

describe("the declaration", () => {
  test("an output only the create answer carries is an always-secret output, never observed or an input", () => {
    const spec = tokenSpec();
    expect(spec.fromCreate).toEqual(["token"]);
    expect(spec.secrets).toEqual(["token"]);
    expect(spec.observed).not.toContain("token");
    expect(outputNames(spec)).toContain("token");
    expect(Object.keys(spec.update.shape)).toEqual(["name"]);
  });

  test("the plugin's schema has it as a secret output with its doc, and no such input", () => {
    const schema = resourceSchema(new Builder({ symbols: {}, interfaces: {}, functions: {} }), tokenSpec());
    expect(schema.properties.token).toMatchObject({ type: "string", secret: true });
    expect(schema.properties.token?.description).toContain("Only the create answer carries it");
    expect(schema.inputProperties.token).toBeUndefined();
  });

  test("a field both an input and returned only by the create is refused", () => {
    expect(() =>
      derive(declare({ token: { input: line, returned: "create", since: "2026-08-02", doc: "x" } }), "token"),
    ).toThrow("futrou: field token is returned only by the create answer, so it cannot be an input");
  });
});
