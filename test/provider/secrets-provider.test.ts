/**
 * Inputs the program marked secret (`__secrets`, filled by the SDK or the plugin) are treated like the
 * kind's own secret fields by every operation of the kit: check failures, errors that echo a field (the
 * API's among them), init failures, and what is handed back for the engine to store. No engine here: the
 * end-to-end proof with the real engine is test/e2e/secrets-e2e.test.ts.
 */
import type { RunningEmulator } from "../../emulator";
import type { FutrouClient } from "../../provider/api/client";
import type { Kind } from "../../provider/api/contract";
import { Project } from "../../provider/kinds";
import { makeProvider, ResourceInitError } from "../../provider/kit";
import { specFor } from "../../provider/registry";
import { isSealed, MASK, SECRET_SIG, SECRET_SIG_KEY, Secrets, seal } from "../../provider/secrets";
import { HIDDEN } from "../../provider/spec";
import { type Props, type Provider, startHarness } from "./harness";

let emulator: RunningEmulator;
let provider: (kind: Kind) => Provider;
let api: FutrouClient;
beforeAll(async () => {
  ({ emulator, provider, api } = await startHarness());
});
afterAll(() => emulator.close());

/** The error a promise rejects with (a fulfilled one fails the test). */
const failure = (p: Promise<unknown>): Promise<Error> =>
  p.then(
    () => {
      throw new Error("expected a failure");
    },
    (e: unknown) => e as Error,
  );

const secret = (...names: string[]) => ({ [HIDDEN.secrets]: names });

describe("check", () => {
  test("a failing input the program marked secret is named in the reason, never printed with its value", async () => {
    const value = "Bad Name TopSecret-pn";
    const result = await provider("project").raw.check!({}, { name: value, ...secret("name"), workspaceId: "w1" });
    // No property for the engine to look up (it would print the program's value); the reason names it.
    expect(result.failures).toEqual([
      {
        property: "",
        reason: "name (secret): must be lowercase letters, digits and '-', not starting or ending with '-'",
      },
    ]);
    expect(JSON.stringify(result)).not.toContain("TopSecret");
    expect((result.inputs as Props).name).toBe(MASK);
  });

  test("the same input, not marked, fails as before: its property named for the engine", async () => {
    const result = await provider("project").raw.check!({}, { name: "Bad Name", workspaceId: "w1" });
    expect(result.failures?.[0]?.property).toBe("name");
  });

  test("a reason about another field never quotes a secret value (volume: cannot shrink)", async () => {
    const olds = { name: "v", sizeGb: 4711, workspaceId: "w1", ...secret("sizeGb") };
    const news = { name: "v", sizeGb: 4242, workspaceId: "w1", ...secret("sizeGb") };
    const result = await provider("volume").raw.check!(provider("volume").stored(olds), news);
    expect(result.failures).toEqual([
      {
        property: "",
        reason: expect.stringMatching(/^sizeGb \(secret\): cannot shrink a volume from \[secret\] to \[secret\] GB/),
      },
    ]);
    expect(JSON.stringify(result)).not.toMatch(/4711|4242/);
  });

  test("a secret map's keys are secret too: a failing key is not named", async () => {
    const result = await provider("serverlet").raw.check!(
      {},
      { name: "srv", image: "nginx", env: { "BAD KEY TopSecret": "x" }, workspaceId: "w1", ...secret("env") },
    );
    expect(result.failures?.[0]).toMatchObject({
      property: "",
      reason: expect.stringMatching(/^env \(secret\): key "\[secret\]": /),
    });
    expect(JSON.stringify(result)).not.toContain("TopSecret");
  });

  test("a path input is part of the Pulumi id, which the engine never encrypts: it cannot be secret", async () => {
    const zone = "0b7c3c2e-0000-4000-8000-0000000000aa";
    const result = await provider("dnsRecord").raw.check!(
      {},
      { dnsId: zone, name: "www", type: "A", value: "192.0.2.1", ...secret("dnsId") },
    );
    expect(result.failures).toEqual([
      {
        property: "",
        reason:
          "dnsId (secret): cannot be a secret: it is part of the DnsRecord's id (<dnsId>/<recordId>), which Pulumi stores and prints in plain text",
      },
    ]);
    expect(JSON.stringify(result)).not.toContain(zone);
  });

  test("passing inputs keep `__secrets`; an adapter that accepts secrets gets them sealed", async () => {
    const news = { name: "sealed-proj", displayName: "Hidden Shop", workspaceId: "w1", ...secret("displayName") };
    const plain = await provider("project").raw.check!({}, news);
    expect(plain.inputs).toMatchObject({ displayName: "Hidden Shop", [HIDDEN.secrets]: ["displayName"] });
    const plugin = makeProvider(specFor("project"), { acceptsSecrets: true });
    const sealed = await plugin.check!({}, news);
    expect((sealed.inputs as Props).displayName).toEqual(seal("Hidden Shop"));
    expect((sealed.inputs as Props).name).toBe("sealed-proj");
  });
});

describe("errors", () => {
  test("an API error that echoes a secret name comes out without it (create: already in use)", async () => {
    const name = "topsecret-clash";
    await api.create("/projects", { name, workspaceId: emulator.workspaceId }, Project);
    const error = await failure(
      provider("project").create("clash", { name, workspaceId: emulator.workspaceId, ...secret("name") }),
    );
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toMatch(
      /name \[secret\] is already used by Project .*already in use: a project "\[secret\]"/,
    );
    expect(`${error.message} ${error.stack}`).not.toContain(name);
  });

  test("an error that names a secret workspace hides it (refresh with a token that cannot see it)", async () => {
    const workspaceId = "ws-topsecret-elsewhere";
    const props = { name: "p", workspaceId, ...secret("workspaceId") };
    const error = await failure(provider("project").raw.read!("7f0c6c1e-0000-4000-8000-00000000dead", props));
    expect(error.message).toMatch(/is in workspace \[secret\], which the API token .* cannot see/);
    expect(`${error.message} ${error.stack}`).not.toContain("topsecret");
  });

  test("an init failure loses secret values from its message and reasons; its outputs list the secret input for the engine to encrypt", async () => {
    const image = "ghcr.io/acme/does-not-exist-topsecret:1";
    const error = await provider("serverlet")
      .create("broken", { image, ...secret("image") })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResourceInitError);
    const init = error as ResourceInitError;
    expect(`${init.message} ${init.stack} ${init.reasons.join(" ")}`).not.toContain("topsecret");
    // The dynamic-provider host: the engine marks `image` secret itself (same name as a secret input).
    expect(init.properties.image).toBe(image);
    expect(init.properties[HIDDEN.secrets]).toEqual(["image"]);
  });
});

describe("Secrets", () => {
  const spec = specFor("serverlet");

  test("values are found in text as they are, in JSON, URL-encoded and in any case; short ones as words", () => {
    const s = Secrets.of(spec, { image: 'Tricky "Img"/x', name: "ab", cpu: 250, ...secret("image", "name", "cpu") });
    expect(s.redact('image "tricky \\"img\\"/x" and Tricky%20%22Img%22%2Fx')).toBe(`image "${MASK}" and ${MASK}`);
    expect(s.redact("tab ab cab, 250 ms, 2500")).toBe(`tab ${MASK} cab, ${MASK} ms, 2500`);
  });

  test("a secret too long for a regular expression (100,000 characters) is still found, in any case, and nothing throws", () => {
    const long = `Key-${"ab".repeat(50_000)}`;
    const s = Secrets.of(spec, { image: long, ...secret("image") });
    expect(s.redact(`pull of ${long} failed; again: ${long.toUpperCase()}.`)).toBe(
      `pull of ${MASK} failed; again: ${MASK}.`,
    );
  });

  test("an output that carries a secret under another name is sealed and listed; secret fields when the engine would not mark them", () => {
    const inputs = { image: "registry/topsecret:1", minInstances: 766, ...secret("image", "minInstances") };
    const s = Secrets.of(spec, inputs);
    const outs = {
      image: "registry/topsecret:1",
      minInstances: 766,
      stateReason: "pull of registry/topsecret:1 failed",
      instances: 766,
      state: "failed",
      maxInstances: 1000,
    };
    const program = ["image", "minInstances"];
    const derived = { stateReason: seal(outs.stateReason), instances: seal(766) };
    const listed = { [HIDDEN.secrets]: ["image", "instances", "minInstances", "stateReason"] };
    // The dynamic-provider host: the engine marks image and minInstances itself (same-named secret inputs).
    expect(s.sealed(outs, { program, marked: s.markedBy(inputs) })).toEqual({ ...outs, ...derived, ...listed });
    // A provider plugin: nothing is marked by the engine.
    expect(s.sealed(outs, { program })).toEqual({
      ...outs,
      ...derived,
      ...listed,
      image: seal(outs.image),
      minInstances: seal(766),
    });
    // Checked inputs: only what the program marked, and only when the engine does not.
    expect(s.sealed(inputs, { program, marked: s.markedBy(inputs), derived: false })).toEqual(inputs);
    expect(isSealed(seal(1))).toBe(true);
    expect(seal("x")).toEqual({ [SECRET_SIG_KEY]: SECRET_SIG, value: "x" });
  });

  test("a field sealed before stays sealed while unchanged, after the secret it came from is gone", () => {
    // The API copied a secret name into displayName; the program then renamed the project.
    const previous = { name: "n-old-secret", displayName: "n-old-secret", [HIDDEN.secrets]: ["displayName", "name"] };
    const news = { name: "n-new-secret", ...secret("name") };
    const s = Secrets.of(spec, news, previous);
    const outs = { name: "n-new-secret", displayName: "n-old-secret", [HIDDEN.secrets]: ["name"] };
    const answer = s.sealed(outs, { program: ["name"], marked: s.markedBy(news), previous });
    expect(answer).toEqual({ ...outs, displayName: seal("n-old-secret"), [HIDDEN.secrets]: ["displayName", "name"] });
    // Changed to a plain value: no longer sealed.
    const renamed = s.sealed(
      { ...outs, displayName: "Shop" },
      { program: ["name"], marked: s.markedBy(news), previous },
    );
    expect(renamed).toEqual({ ...outs, displayName: "Shop", [HIDDEN.secrets]: ["name"] });
  });

  test("errors are scrubbed in place: message, stack and init reasons", () => {
    const s = Secrets.of(spec, { name: "topsecret-srv", ...secret("name") });
    const e = new ResourceInitError('futrou:Serverlet "topsecret-srv" failed', "id1", {}, ["topsecret-srv: failed"]);
    // V8 writes the stack's first line from the message when the stack is first read: read it now, as a
    // logger or an error wrapper would have before the scrub, so the stack holds the secret on its own.
    expect(e.stack).toContain("topsecret-srv");
    s.scrub(e);
    expect(e.message).toBe(`futrou:Serverlet "${MASK}" failed`);
    expect(e.stack).not.toContain("topsecret");
    expect(e.stack).toContain(`futrou:Serverlet "${MASK}" failed`);
    expect(e.reasons).toEqual([`${MASK}: failed`]);
  });

  test("`__secrets` holds names only, and only strings count", () => {
    const s = Secrets.of(spec, { name: "n", [HIDDEN.secrets]: ["name", 7, { value: "x" }] });
    expect([...s.names].sort()).toEqual(["name"]);
  });
});
