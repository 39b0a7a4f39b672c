/**
 * Serverlet readiness against the states the API may report: `state` in 2026-08-02 (CONTRACT.md:
 * `deploying` → `running`, `stopped`, `failed`), `status` in 2026-08-30 (`pending`, `creating`, `ready`,
 * `deleting`, `deleted`, `failed`); other values may appear and mean "not ready yet" until the timeout.
 * Whatever happens, an object that was created is never forgotten: an error carries its id. Actions answer
 * 204 with no body.
 */

import { clientFor, resolveSettings } from "../../provider/config";
import { specFor } from "../../provider/registry";
import { NEWEST } from "../oracle/published";
import { json, noContent } from "./api";
import { CASES, type Case } from "./cases";
import { cannedApi } from "./harness";
import { serveAccount, serveKind } from "./serve";
import { Engine, show } from "./stand-in-engine";
import { COLLECTION, type Props, shape } from "./wire";

const api = cannedApi();
const serverlet = CASES.find((c) => c.kind === "serverlet") as Case;

/** Published answers whose `state` is `states[i]` on the i-th answer (the last one repeats). */
function states(...sequence: Array<string | undefined>) {
  let i = 0;
  return (o: Props) => {
    const state = sequence[Math.min(i++, sequence.length - 1)];
    const { state: _drop, ...rest } = shape("serverlet", o, "published") as Props;
    return json(200, state === undefined ? rest : { ...rest, state });
  };
}

/** The create's outcome: "created <id>", or the error and the id it carries. */
async function create(engine: Engine): Promise<{ said: string; id?: string; error?: Error }> {
  try {
    const state = await engine.create(serverlet.program);
    return { said: `created ${state.id} (${show(state.outputs.state)})`, id: state.id };
  } catch (e) {
    const error = e as Error & { id?: string };
    return { said: `failed: ${error.message}`, id: error.id, error };
  }
}

test("deploying, then a state we never heard of, then running: created once running", async () => {
  serveAccount(api);
  const answers = states("deploying", "warming-up", "running");
  serveKind(api, "serverlet", { post: (o) => ({ ...answers(o), status: 201 }), get: answers });
  const engine = await new Engine("serverlet").configure({ apiUrl: api.origin });
  const result = await create(engine);
  expect(result.said).toBe('created sl-1 ("running")');
});

test("a state we never heard of until the timeout: fails, and the error carries the id", async () => {
  serveAccount(api);
  const answers = states("hibernating");
  serveKind(api, "serverlet", { post: (o) => ({ ...answers(o), status: 201 }), get: answers });
  const engine = await new Engine("serverlet").configure({ apiUrl: api.origin, readyTimeoutSeconds: 1 });
  const result = await create(engine);
  expect(result.error).toBeDefined();
  expect(result.id).toBe("sl-1");
  expect(result.said).toContain("hibernating");
  expect(api.requests.filter((r) => r.method === "POST").map((r) => r.path)).toEqual([COLLECTION.serverlet]);
});

test("failed: the create fails at once with the id", async () => {
  serveAccount(api);
  const answers = states("deploying", "failed");
  serveKind(api, "serverlet", { post: (o) => ({ ...answers(o), status: 201 }), get: answers });
  const engine = await new Engine("serverlet").configure({ apiUrl: api.origin, readyTimeoutSeconds: 30 });
  const result = await create(engine);
  expect(result.said).toMatch(/^failed: .*failed/);
  expect(result.id).toBe("sl-1");
});

test("the newer generated types' `status: ready` (no `state`): created without waiting for the timeout", async () => {
  serveAccount(api);
  const ready = (o: Props) => {
    const { state: _drop, ...rest } = shape("serverlet", o, "published") as Props;
    return json(201, { ...rest, status: "ready" });
  };
  serveKind(api, "serverlet", { post: ready, get: (o) => ({ ...ready(o), status: 200 }) });
  const engine = await new Engine("serverlet").configure({ apiUrl: api.origin, readyTimeoutSeconds: 30 });
  expect((await create(engine)).said).toMatch(/^created sl-1/);
});

describe("the newest generation's `status`", () => {
  /** Published 2026-08-30 answers whose `status` is `sequence[i]` on the i-th answer (the last one repeats). */
  function statuses(...sequence: string[]) {
    let i = 0;
    return (o: Props) => {
      const status = sequence[Math.min(i++, sequence.length - 1)];
      return json(200, { ...(shape("serverlet", o, "published", NEWEST) as Props), status });
    };
  }
  const serve = (answers: (o: Props) => ReturnType<typeof json>) =>
    serveKind(api, "serverlet", { post: (o) => ({ ...answers(o), status: 201 }), get: answers, generation: NEWEST });

  test("pending, creating, then ready: created once ready", async () => {
    serveAccount(api);
    serve(statuses("pending", "creating", "creating", "ready"));
    const engine = await new Engine("serverlet").configure({ apiUrl: api.origin, readyTimeoutSeconds: 30 });
    expect((await create(engine)).said).toBe('created sl-1 ("ready")');
    expect(api.requests.filter((r) => r.method === "GET" && r.path === "/serverlets/sl-1")).toHaveLength(3);
  });

  test.each(["failed", "deleting", "deleted"])(
    "creating, then %s: fails at once, and the error carries the id",
    async (end) => {
      serveAccount(api);
      serve(statuses("creating", end));
      const engine = await new Engine("serverlet").configure({ apiUrl: api.origin, readyTimeoutSeconds: 30 });
      const result = await create(engine);
      expect(result.said).toMatch(new RegExp(`^failed: .*did not become running: ${end}`));
      expect(result.id).toBe("sl-1");
    },
  );

  test("refresh of a serverlet whose status is `deleted` drops it, like a 404; `deleting` keeps it", async () => {
    serveAccount(api);
    const served = serve(statuses("ready"));
    const engine = await new Engine("serverlet").configure({ apiUrl: api.origin });
    const state = await engine.create(serverlet.program);
    served.get = statuses("deleting");
    expect((await engine.refresh(state))?.outputs.state).toBe("deleting");
    served.get = statuses("deleted");
    expect(await engine.refresh(state)).toBeUndefined();
  });
});

test("no answer ever carries a state: the create is not held until the timeout", async () => {
  serveAccount(api);
  serveKind(api, "serverlet", { post: "required", get: "required" });
  // A timeout this long would fail the test's own limit if the provider waited for a state it never sees.
  const engine = await new Engine("serverlet").configure({ apiUrl: api.origin, readyTimeoutSeconds: 600 });
  expect((await create(engine)).said).toMatch(/^created sl-1/);
});

test.each(["start", "stop", "restart"])(
  "POST /serverlets/{id}/%s answered 204 with no body is a success",
  async (action) => {
    api.on("POST", `${COLLECTION.serverlet}/{id}/${action}`, noContent);
    const client = clientFor(
      resolveSettings({ get: (k) => ({ "futrou:apiUrl": api.origin, "futrou:apiToken": "ctk_action-0123456789" })[k] }),
    );
    const done = await client.action(`${COLLECTION.serverlet}/sl-1/${action}`, specFor("serverlet").model).then(
      () => "done",
      (e: unknown) => `failed: ${(e as Error).message}`,
    );
    expect(done).toBe("done");
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`POST /serverlets/sl-1/${action}`]);
  },
);
