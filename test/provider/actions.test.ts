/**
 * Actions (ResourceSpec `actions`, provider/kit/action.ts): a POST to `<item>/<action>`, sent once, then the
 * settle rule, then the object read back; served as a resource method by the plugin and run by an update
 * when the action's trigger input changes. Proven here on a certificate spec declared in this file (its settle
 * options varied per test), against the emulator's `/certs` and `POST /certs/{id}/renew`; then every action of
 * every registered kind, as its oracle lists them (test/oracle/kinds/<kind>.ts `actions`), in both modes: the
 * plugin's `Call` and the trigger input of the dynamic provider and of the plugin.
 */
import { readFileSync } from "node:fs";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { PluginKits } from "../../provider/adapters/plugin/kits";
import { methodRpcs, methodToken } from "../../provider/adapters/plugin/methods";
import type { Kind } from "../../provider/api/contract";
import { inputId, line } from "../../provider/api/models";
import type { ConfigSource } from "../../provider/config";
import type { Context } from "../../provider/kinds/cases";
import { declare, derive, TIMESTAMPS } from "../../provider/kinds/fields";
import { type KitProvider, makeProvider, UNKNOWN } from "../../provider/kit";
import { kinds, specFor } from "../../provider/registry";
import { Builder, methodsOf } from "../../provider/schema";
import { actionTriggers, defineSpec, inputNames, type Props, type ResourceSpec } from "../../provider/spec";
import { referencePages, SCHEMA_FILE } from "../../scripts/reference-docs";
import { errorBody, type Fixture, json, startFixture } from "../client/fixture";
import { casesOf } from "../kind-cases";
import type { ActionFacts } from "../oracle/kind";
import { oracleOf } from "../oracle/oracles";
import { configOf, lifecycleContext, useHarness } from "./harness";

/** A certificate as the contract assumes it (provider/api/contract.ts `CERT`), with its renew action. */
const CERT_FIELDS = declare({
  domain: { input: line.min(1), required: true, since: "2026-08-02", doc: "The domain the certificate is for." },
  workspaceId: { input: inputId, since: "2026-08-02", doc: "The owning workspace." },
  status: { since: "2026-08-02", doc: "`pending`, `issued` or `failed`." },
  expiresAt: { since: "2026-08-02", doc: "When the certificate expires (ISO 8601)." },
  ...TIMESTAMPS,
});

function certSpec(renew: Partial<NonNullable<ResourceSpec["actions"]>[string]> = {}): ResourceSpec {
  const spec = defineSpec({
    // Any registered kind's name: the spec's collection and type name below are what the kit uses.
    kind: "project",
    doc: "A TLS certificate for a domain.",
    fields: derive(CERT_FIELDS, "certificate"),
    lookup: { fields: ["domain"] },
    volatile: ["status", "expiresAt"],
    actions: {
      renew: {
        doc: "Renews the certificate now; answers it once issued again.",
        settle: { field: "status", until: ["issued"], failed: ["failed"], evidence: ["updatedAt", "expiresAt"] },
        ...renew,
      },
    },
  });
  return { ...spec, typeName: "Cert", collection: "/certs", idFormat: "<certId>" };
}

const NO_DOCS = { symbols: {}, interfaces: {}, functions: {} };

let emu: RunningEmulator;
let config: ConfigSource;
beforeAll(async () => {
  emu = await startEmulator({ deployDelayMs: 30, quiet: true });
  const values: Record<string, string> = {
    "futrou:apiUrl": emu.url,
    "futrou:apiToken": emu.token,
    "futrou:pollIntervalMs": "10",
    "futrou:readyTimeoutSeconds": "10",
  };
  config = { get: (k) => values[k] };
});
afterAll(() => emu.close());

async function kitOf(spec: ResourceSpec): Promise<KitProvider> {
  const kit = makeProvider(spec);
  await kit.configure({ config });
  return kit;
}

/** A certificate made outside the kit, once issued. */
async function issuedCert(domain: string): Promise<Props> {
  const headers = { authorization: `Bearer ${emu.token}`, "content-type": "application/json" };
  const res = await fetch(`${emu.url}/certs`, { method: "POST", headers, body: JSON.stringify({ domain }) });
  const made = (await res.json()) as Props;
  for (let i = 0; i < 200; i++) {
    const cert = (await (await fetch(`${emu.url}/certs/${made.id}`, { headers })).json()) as Props;
    if (cert.status === "issued") return cert;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`certificate ${domain} was not issued`);
}

const renewPosts = (id: string) => emu.stats().byPath[`POST /v2/certs/${id}/renew`] ?? 0;

test("the method: one POST, a wait until issued again, and the renewed object as the answer", async () => {
  const kit = await kitOf(certSpec());
  const before = await issuedCert("method.example.com");
  const answer = await kit.action(String(before.id), "renew");
  expect(answer).toMatchObject({ id: before.id, domain: "method.example.com", status: "issued" });
  expect(Date.parse(String(answer.expiresAt))).toBeGreaterThan(Date.parse(String(before.expiresAt)));
  expect(renewPosts(String(before.id))).toBe(1);
});

test("the trigger: a changed renewTrigger renews during an update, in place; a create only records it", async () => {
  const spec = certSpec();
  expect(inputNames(spec)).toContain("renewTrigger");
  const kit = await kitOf(spec);
  const checked = (await kit.check({}, { domain: "trigger.example.com", renewTrigger: "2026-11" })).inputs as Props;
  const { id, outs } = await kit.create(checked);
  expect(renewPosts(id)).toBe(0);
  const issued = await issuedCert("trigger-wait.example.com").then(() => kit.read(id, outs as Props));
  const olds = issued.props as Props;

  // The same trigger: no change at all.
  expect((await kit.diff(id, olds, checked)).changes).toBe(false);
  const news = (await kit.check(checked, { domain: "trigger.example.com", renewTrigger: "2026-12" })).inputs as Props;
  const diff = await kit.diff(id, olds, news);
  expect({ changes: diff.changes, replaces: diff.replaces ?? [] }).toEqual({ changes: true, replaces: [] });

  const updated = (await kit.update(id, olds, news)).outs as Props;
  expect(renewPosts(id)).toBe(1);
  expect(updated).toMatchObject({ status: "issued", renewTrigger: "2026-12" });
  expect(Date.parse(String(updated.expiresAt))).toBeGreaterThan(Date.parse(String(olds.expiresAt)));
});

test("an outcome-unknown POST is not sent again: the action fails saying so, and the object is unchanged", async () => {
  const kit = await kitOf(certSpec());
  const before = await issuedCert("ambiguous.example.com");
  const id = String(before.id);
  // A 500 before the API processed it: to the client, the POST may or may not have arrived.
  emu.setFaults({ answers: [{ method: "POST", path: `/renew$`, times: 1, fault: { kind: "fail500" } }] });
  await expect(kit.action(id, "renew")).rejects.toThrow(
    /futrou:Cert \(.*\): renew: whether the API received it is unknown .*; it was not sent again/,
  );
  expect(renewPosts(id)).toBe(1);
  emu.setFaults({ answers: [] });
});

/** The certificate spec's kit against a scripted API that answers one request at a time. */
async function fixtureKit(api: Fixture): Promise<KitProvider> {
  const values: Record<string, string> = {
    "futrou:apiUrl": api.url,
    "futrou:apiToken": "fixture-token",
    "futrou:pollIntervalMs": "10",
  };
  const kit = makeProvider(certSpec());
  await kit.configure({ config: { get: (k) => values[k] } });
  return kit;
}

test("an outcome-unknown POST that arrived: the evidence moved, so the wait goes on without a second POST", async () => {
  const api = await startFixture();
  try {
    const kit = await fixtureKit(api);
    const cert = { id: "c1", domain: "lost.example.com" };
    api.answer(
      json(200, { ...cert, status: "issued", expiresAt: "2027-01-01T00:00:00Z", updatedAt: "2026-11-01T00:00:00Z" }),
      // The gateway lost the answer; the API had taken the renewal.
      json(502, errorBody("bad gateway")),
      json(200, { ...cert, status: "pending", expiresAt: "2027-01-01T00:00:00Z", updatedAt: "2026-11-27T00:00:00Z" }),
      json(200, { ...cert, status: "issued", expiresAt: "2027-02-25T00:00:00Z", updatedAt: "2026-11-27T00:00:01Z" }),
    );
    const answer = await kit.action("c1", "renew");
    expect(answer).toMatchObject({ id: "c1", status: "issued", expiresAt: "2027-02-25T00:00:00Z" });
    expect(api.seen.map((r) => `${r.method} ${r.url}`)).toEqual([
      "GET /v2/certs/c1",
      "POST /v2/certs/c1/renew",
      "GET /v2/certs/c1",
      "GET /v2/certs/c1",
    ]);
  } finally {
    await api.close();
  }
});

test("an API that answers before it starts the work cannot end the wait early: it waits for the evidence", async () => {
  const api = await startFixture();
  try {
    const kit = await fixtureKit(api);
    const cert = { id: "c2", domain: "slow.example.com" };
    const old = { ...cert, status: "issued", expiresAt: "2027-01-01T00:00:00Z", updatedAt: "2026-11-01T00:00:00Z" };
    api.answer(
      json(200, old),
      (_req, res) => res.writeHead(204).end(),
      // Still the old certificate: `issued`, but the renewal has not begun.
      json(200, old),
      json(200, { ...cert, status: "issued", expiresAt: "2027-02-25T00:00:00Z", updatedAt: "2026-11-27T00:00:01Z" }),
    );
    const answer = await kit.action("c2", "renew");
    expect(answer).toMatchObject({ id: "c2", status: "issued", expiresAt: "2027-02-25T00:00:00Z" });
    expect(api.seen.map((r) => r.method)).toEqual(["GET", "POST", "GET", "GET"]);
  } finally {
    await api.close();
  }
});

test("an idempotent action is sent once more after an outcome-unknown answer, then settles", async () => {
  const kit = await kitOf(certSpec({ idempotent: true }));
  const before = await issuedCert("idempotent.example.com");
  const id = String(before.id);
  emu.setFaults({ answers: [{ method: "POST", path: `/renew$`, times: 1, fault: { kind: "fail500" } }] });
  const answer = await kit.action(id, "renew");
  emu.setFaults({ answers: [] });
  expect(renewPosts(id)).toBe(2);
  expect(answer).toMatchObject({ id, status: "issued" });
});

test("an action the kind does not declare is refused before any request, naming the ones it has", async () => {
  const kit = await kitOf(certSpec());
  const before = await issuedCert("unknown-action.example.com");
  await expect(kit.action(String(before.id), "revoke")).rejects.toThrow(
    'futrou:Cert has no action "revoke"; it has renew.',
  );
  expect(emu.stats().byPath[`POST /v2/certs/${before.id}/revoke`]).toBeUndefined();
});

describe("in the plugin", () => {
  test("the schema lists the action under the resource's methods, as a function taking __self__", () => {
    const spec = certSpec();
    const { methods, functions } = methodsOf(new Builder(NO_DOCS), spec, NO_DOCS);
    expect(methods).toEqual({ renew: "futrou:index:Cert/renew" });
    expect(functions["futrou:index:Cert/renew"]).toMatchObject({
      description: expect.stringMatching(/^Renews the certificate now; answers it once issued again\. /),
      inputs: { properties: { __self__: { $ref: "#/resources/futrou:index:Cert" } }, required: ["__self__"] },
      outputs: { required: ["id"] },
    });
    const outputs = functions["futrou:index:Cert/renew"]?.outputs.properties ?? {};
    expect(Object.keys(outputs)).toEqual(expect.arrayContaining(["id", "domain", "status", "expiresAt"]));
  });

  test("the reference page of the resource shows the method with its result; it gets no page of its own", () => {
    const schema = JSON.parse(readFileSync(SCHEMA_FILE, "utf8"));
    const { methods, functions } = methodsOf(new Builder(NO_DOCS), certSpec(), NO_DOCS);
    // Lent to Project, a resource the schema has, as if it declared renew.
    schema.resources["futrou:index:Project"].methods = { renew: "futrou:index:Project/renew" };
    schema.functions["futrou:index:Project/renew"] = functions[methods.renew as string];
    const pages = referencePages(schema);
    expect([...pages.keys()].filter((p) => p.includes("/"))).toEqual([]);
    expect(pages.get("_index.md")).not.toContain("renew");
    const page = pages.get("project.md") ?? "";
    expect(page).toContain("## Methods\n\n### renew\n\nRenews the certificate now; answers it once issued again.");
    expect(page).toContain("the input `renewTrigger` runs renew during the update");
    expect(page).toMatch(/\| `expiresAt` \|/);
  });

  test("a method token names the resource type and the action", () => {
    expect(methodToken("futrou:index:Cert/renew")).toEqual({ type: "futrou:index:Cert", action: "renew" });
    expect(() => methodToken("futrou:index:Cert")).toThrow('futrou: unknown method "futrou:index:Cert"');
  });

  test("Call reaches the kind's kit: a kind without the action says so, in a preview too", async () => {
    const kits = new PluginKits();
    const id = "0b6e7d6c-0000-4000-8000-000000000000";
    const call = (tok: string, dryRun: boolean, self: Parameters<typeof Struct.fromJavaScript>[0][string] = id) =>
      new Promise<{ error: Error | null; value?: provproto.CallResponse | null }>((resolve) => {
        const req = new provproto.CallRequest();
        req.setTok(tok);
        req.setDryrun(dryRun);
        req.setArgs(Struct.fromJavaScript({ __self__: self }));
        methodRpcs(kits).call({ request: req } as never, (error, value) => resolve({ error, value }));
      });
    const preview = await call("futrou:index:Project/renew", true);
    expect(preview.error?.message).toBe('futrou:Project has no action "renew".');
    const up = await call("futrou:index:Project/renew", false);
    expect(up.error?.message).toBe('futrou:Project has no action "renew".');
    // A resource reference, as an engine that keeps references passes __self__: its id names the object.
    const reference = { "4dabf18193072939515e22adb298388d": "5cf8f73096256a8f31e491e813e4eb8e", urn: "urn:x", id };
    expect((await call("futrou:index:Project/renew", false, reference)).error?.message).toBe(
      'futrou:Project has no action "renew".',
    );
    // A kind with the action: a reference without an id is refused before any request.
    expect((await call("futrou:index:Cert/renew", false, { urn: "urn:x" })).error?.message).toBe(
      "futrou: futrou:index:Cert/renew needs __self__, the resource it runs on, with its id (it is created first)",
    );
  });
});

/** Every action of every registered kind, as its oracle lists them (none for a kind whose API serves none). */
const KIND_ACTIONS: { kind: Kind; action: string; facts: ActionFacts }[] = kinds().flatMap((kind) =>
  Object.entries(oracleOf(kind).actions ?? {}).map(([action, facts]) => ({ kind, action, facts })),
);

describe("every action of every kind, in both modes", () => {
  const harness = useHarness();
  let ctx: Context;
  beforeAll(async () => {
    ctx = await lifecycleContext(harness.emulator);
  });

  test("each kind declares exactly the actions its oracle lists", () => {
    for (const kind of kinds()) {
      const declared = Object.keys(specFor(kind).actions ?? {});
      expect({ kind, actions: declared.sort() }).toEqual({
        kind,
        actions: Object.keys(oracleOf(kind).actions ?? {}).sort(),
      });
    }
  });

  /** The object's item path, as the oracle's collection has it: its last id segment names it. */
  const itemOf = (kind: Kind, id: string, inputs: Props) =>
    `${oracleOf(kind).collection.replace(/\{(\w+)\}/g, (_, p: string) => String(inputs[p]))}/${id.split("/").pop()}`;
  const posts = (path: string) => harness.emulator.stats().byPath[`POST /v2${path}`] ?? 0;

  /** The answer is settled as the oracle says, and every field the action changes differs from before it. */
  function expectSettled(facts: ActionFacts, before: Props, after: Props) {
    expect(after).toMatchObject(facts.settled);
    for (const field of facts.moves) {
      expect({ field, moved: after[field] !== undefined && after[field] !== before[field] }).toEqual({
        field,
        moved: true,
      });
    }
  }

  /** A plugin process's kits, configured against the harness's emulator. */
  async function pluginKits(): Promise<PluginKits> {
    const kits = new PluginKits();
    const { url, token } = harness.emulator;
    await kits.configure(
      configOf({
        "futrou:apiUrl": url,
        "futrou:apiToken": token,
        "futrou:pollIntervalMs": "10",
        "futrou:readyTimeoutSeconds": "10",
      }),
    );
    return kits;
  }

  /** The plugin kit's check, which must pass (the engine's auto-name given as a name, as the plugin gives it). */
  async function pluginCheck(kit: KitProvider, olds: Props, news: Props): Promise<Props> {
    const result = await kit.check(olds, news);
    expect(result.failures ?? []).toEqual([]);
    return result.inputs as Props;
  }

  for (const { kind, action, facts } of KIND_ACTIONS) {
    describe(`${kind}: ${action}`, () => {
      const spec = specFor(kind);
      const type = `futrou:index:${spec.typeName}`;
      /** The example's required fields, with a name where the kind auto-names (the plugin's check needs one). */
      const required = (): Props => ({
        ...(spec.autoName ? { [spec.autoName]: `${kind.toLowerCase()}-${action}` } : {}),
        ...casesOf(kind).lifecycle.required?.(ctx),
      });
      const trigger = (): string => actionTriggers(spec.actions)[action] as string;

      test("the plugin's Call runs it once on the object named by __self__; a preview runs nothing", async () => {
        const kits = await pluginKits();
        const { provider: kit } = await kits.kit(type);
        const inputs = await pluginCheck(kit, {}, required());
        const { id, outs } = await kit.create(inputs);
        const item = itemOf(kind, id, inputs);
        const call = (dryRun: boolean) =>
          new Promise<{ error: Error | null; value?: provproto.CallResponse | null }>((resolve) => {
            const req = new provproto.CallRequest();
            req.setTok(`${type}/${action}`);
            req.setDryrun(dryRun);
            req.setArgs(Struct.fromJavaScript({ __self__: id }));
            methodRpcs(kits).call({ request: req } as never, (error, value) => resolve({ error, value }));
          });

        // A preview runs nothing and answers every result field unknown (the schema's result outputs), so a
        // program's `renew().status` is unknown there, not a missing value.
        const preview = await call(true);
        const fields = Object.keys(
          (
            JSON.parse(readFileSync(SCHEMA_FILE, "utf8")) as {
              functions: Record<string, { outputs: { properties: Props } }>;
            }
          ).functions[`${type}/${action}`]?.outputs.properties ?? {},
        );
        expect(fields).toContain("id");
        expect(preview.value?.getReturn()?.toJavaScript()).toEqual(Object.fromEntries(fields.map((k) => [k, UNKNOWN])));
        expect(posts(`${item}/${action}`)).toBe(0);

        const { error, value } = await call(false);
        expect(error).toBeNull();
        expect(posts(`${item}/${action}`)).toBe(1);
        const answer = (value?.getReturn()?.toJavaScript() ?? {}) as Props;
        expect(answer.id).toBe(id.split("/").pop());
        expectSettled(facts, outs as Props, answer);
        await kit.delete(id, outs as Props);
      });

      test("the dynamic provider: a changed trigger input runs it once during an update, in place", async () => {
        const p = harness.provider(kind);
        const name = `${kind.toLowerCase()}-${action}`;
        // A create only records the trigger.
        const created = await p.create(name, { ...required(), [trigger()]: "first" });
        const item = itemOf(kind, created.id, created.inputs);
        expect(posts(`${item}/${action}`)).toBe(0);

        const updated = await p.up(created, name, { ...required(), [trigger()]: "second" });
        expect({ step: updated.step, replaces: updated.diff.replaces ?? [] }).toEqual({ step: "update", replaces: [] });
        expect(updated.state.id).toBe(created.id);
        expect(posts(`${item}/${action}`)).toBe(1);
        expect(updated.state.outputs[trigger()]).toBe("second");
        expectSettled(facts, created.outputs, updated.state.outputs);

        // The same trigger again: no change, no second run.
        expect((await p.up(updated.state, name, { ...required(), [trigger()]: "second" })).step).toBe("same");
        expect(posts(`${item}/${action}`)).toBe(1);
        await p.delete(updated.state);
      });

      test("the plugin: a changed trigger input runs it once during an update, in place", async () => {
        const { provider: kit } = await (await pluginKits()).kit(type);
        const olds = await pluginCheck(kit, {}, { ...required(), [trigger()]: "first" });
        const { id, outs } = await kit.create(olds);
        const item = itemOf(kind, id, olds);
        expect(posts(`${item}/${action}`)).toBe(0);
        const news = await pluginCheck(kit, olds, { ...required(), [trigger()]: "second" });
        const diff = await kit.diff(id, outs as Props, news, olds);
        expect({ changes: diff.changes, replaces: diff.replaces ?? [] }).toEqual({ changes: true, replaces: [] });
        const updated = (await kit.update(id, outs as Props, news, olds)).outs as Props;
        expect(posts(`${item}/${action}`)).toBe(1);
        expectSettled(facts, outs as Props, updated);
        await kit.delete(id, updated);
      });
    });
  }
});
