/** Async state changes: serverlets deploy, fail, stop and start; proxies go active. */
import { eventually, type Harness, start } from "./helpers";

let h: Harness;
beforeAll(async () => {
  // Long enough that the read right after an action still sees `deploying` on a loaded machine.
  h = await start({ deployDelayMs: 500 });
});
afterAll(() => h.emu.close());

const stateOf = (id: string) => async () => (await h.call("GET", `/serverlets/${id}`)).body;

test("a serverlet is deploying after create, then running with minInstances instances", async () => {
  const res = await h.call(
    "POST",
    "/serverlets",
    h.own({ name: "web", image: "nginx:1.27", minInstances: 2, maxInstances: 4 }),
  );
  expect(res.body).toMatchObject({ state: "deploying", instances: 0 });
  const running = await eventually(stateOf(res.body.id), (s) => s.state === "running");
  expect(running).toMatchObject({ instances: 2 });
  expect(running).not.toHaveProperty("stateReason");
  const instances = await h.call("GET", `/serverlets/${res.body.id}/instances`);
  expect(instances.status).toBe(200);
  expect(instances.body).toHaveLength(2);
  expect(instances.body[0]).toMatchObject({ serverletId: res.body.id, state: "running" });
});

test("an image that does not exist ends failed, with a reason kept for the full shape", async () => {
  const res = await h.call("POST", "/serverlets", h.own({ name: "broken", image: "ghcr.io/acme/does-not-exist:1" }));
  const failed = await eventually(stateOf(res.body.id), (s) => s.state !== "deploying");
  expect(failed).toMatchObject({ state: "failed", instances: 0 });
  expect(h.emu.inventory().serverlet.find((s) => s.id === res.body.id)?.stateReason).toContain("does-not-exist");
});

test("stop → stopped; start → deploying → running; restart redeploys; an update redeploys", async () => {
  const { id } = (await h.call("POST", "/serverlets", h.own({ name: "cycle", image: "nginx" }))).body;
  await eventually(stateOf(id), (s) => s.state === "running");

  const stopped = await h.call("POST", `/serverlets/${id}/stop`);
  expect(stopped.status).toBe(204);
  expect(await stateOf(id)()).toMatchObject({ id, state: "stopped", instances: 0 });
  expect((await h.call("GET", `/serverlets/${id}/instances`)).body).toEqual([]);
  // An update keeps a stopped serverlet stopped.
  expect((await h.call("PATCH", `/serverlets/${id}`, { env: { A: "1" } })).body.state).toBe("stopped");

  for (const action of ["start", "restart"]) {
    const res = await h.call("POST", `/serverlets/${id}/${action}`);
    expect({ action, status: res.status, state: (await stateOf(id)()).state }).toEqual({
      action,
      status: 204,
      state: "deploying",
    });
    await eventually(stateOf(id), (s) => s.state === "running");
  }
  const updated = await h.call("PATCH", `/serverlets/${id}`, { image: "nginx:2" });
  expect(updated.body.state).toBe("deploying");
  await eventually(stateOf(id), (s) => s.state === "running" && s.image === "nginx:2");
  expect((await h.call("POST", `/serverlets/${id}/explode`)).status).toBe(404);
  expect((await h.call("POST", "/serverlets/00000000-0000-0000-0000-000000000000/start")).status).toBe(404);
});

test("a proxy is pending after create, then active", async () => {
  const res = await h.call("POST", "/proxies", h.own({ domain: "edge.example.com", target: "backend.internal" }));
  expect(res.body.status).toBe("pending");
  await eventually(
    async () => (await h.call("GET", `/proxies/${res.body.id}`)).body,
    (p) => p.status === "active",
  );
});

test("deleting a serverlet takes the variables scoped to it", async () => {
  const s = (await h.call("POST", "/serverlets", h.own({ name: "scoped", image: "nginx" }))).body;
  const v = (await h.call("POST", "/variables", { key: "TOKEN", value: "x", serverletId: s.id })).body;
  expect((await h.call("DELETE", `/serverlets/${s.id}`)).status).toBe(204);
  expect((await h.call("GET", `/variables/${v.id}`)).status).toBe(404);
});
