/**
 * Answer faults: an API that lies in its answers (issue 35). Rules are counted, not dice, so each test
 * names exactly which requests are hit.
 */
import { ENDLESS_PAGES, ENV_FAULTS, faultsFromEnv } from "../../emulator/faults";
import { type Harness, start } from "./helpers";

const harnesses: Harness[] = [];
async function emulator(opts: Parameters<typeof start>[0] = {}): Promise<Harness> {
  const h = await start(opts);
  harnesses.push(h);
  return h;
}
afterAll(() => Promise.all(harnesses.map((h) => h.emu.close())));

test.each([301, 302, 303, 307, 308] as const)(
  "redirect %i: answered at once with Location and an empty body; nothing is processed",
  async (status) => {
    const h = await emulator();
    const { body: project } = await h.call("POST", "/projects", h.own({ name: "shop" }));
    await h.admin("PUT", "/faults", {
      answers: [{ method: "PATCH", fault: { kind: "redirect", status, location: "http://elsewhere.invalid/v2/x" } }],
    });
    const res = await h.call("PATCH", `/projects/${project.id}`, { name: "renamed" });
    expect({ status: res.status, location: res.headers.get("location"), body: res.body }).toEqual({
      status,
      location: "http://elsewhere.invalid/v2/x",
      body: undefined,
    });
    expect(h.emu.inventory().project.map((p) => p.name)).toEqual(["shop"]);
    // Other methods are untouched.
    expect((await h.call("GET", `/projects/${project.id}`)).status).toBe(200);
  },
);

test("skip and times: the first `skip` matching requests pass, the next `times` are hit, the rest pass", async () => {
  const h = await emulator({
    faults: { answers: [{ method: "GET", path: "^/v2/projects$", skip: 1, times: 2, fault: { kind: "fail500" } }] },
  });
  const statuses = [];
  for (let i = 0; i < 4; i++) statuses.push((await h.call("GET", "/projects")).status);
  expect(statuses).toEqual([200, 500, 500, 200]);
  // A path the rule does not name is never counted nor hit.
  expect((await h.call("GET", "/workspaces")).status).toBe(200);
});

test("fail500: the POST is answered 500 with the usual error body and never reaches the store", async () => {
  const h = await emulator({ faults: { answers: [{ method: "POST", times: 1, fault: { kind: "fail500" } }] } });
  const res = await h.call("POST", "/projects", h.own({ name: "shop" }));
  expect(res.status).toBe(500);
  expect(res.body.errors[0].code).toBe("INTERNAL_ERROR");
  expect(h.emu.inventory().project).toEqual([]);
  expect((await h.call("POST", "/projects", h.own({ name: "shop" }))).status).toBe(201);
});

test("swapId: the create is committed, but the answer carries another id", async () => {
  const h = await emulator();
  const { body: held } = await h.call("POST", "/projects", h.own({ name: "held" }));
  h.emu.setFaults({ answers: [{ method: "POST", path: "^/v2/projects$", fault: { kind: "swapId", id: held.id } }] });
  const res = await h.call("POST", "/projects", h.own({ name: "new" }));
  expect({ status: res.status, id: res.body.id, name: res.body.name }).toEqual({
    status: 201,
    id: held.id,
    name: "new",
  });
  const stored = h.emu.inventory().project.find((p) => p.name === "new");
  expect(stored?.id).not.toBe(held.id);
});

test("answerOther: the PATCH is committed, the answer is another object's current body", async () => {
  const h = await emulator();
  const { body: a } = await h.call("POST", "/projects", h.own({ name: "a" }));
  const { body: b } = await h.call("POST", "/projects", h.own({ name: "b" }));
  h.emu.setFaults({ answers: [{ method: "PATCH", fault: { kind: "answerOther", id: b.id } }] });
  const res = await h.call("PATCH", `/projects/${a.id}`, { name: "a2" });
  expect({ status: res.status, id: res.body.id, name: res.body.name }).toEqual({ status: 200, id: b.id, name: "b" });
  expect(h.emu.inventory().project.find((p) => p.id === a.id)?.name).toBe("a2");
});

test("lagList: a listing leaves out the named objects, by id, name, domain or key, and counts without them", async () => {
  const h = await emulator();
  await h.call("POST", "/projects", h.own({ name: "evc-shop" }));
  const { body: other } = await h.call("POST", "/projects", h.own({ name: "other" }));
  await h.call("POST", "/projects", h.own({ name: "third" }));
  h.emu.setFaults({
    answers: [
      { method: "GET", path: "^/v2/projects$", times: 2, fault: { kind: "lagList", omit: ["evc-shop", other.id] } },
    ],
  });
  const lagging = await h.call("GET", "/projects");
  expect(lagging.body.map((p: { name: string }) => p.name)).toEqual(["third"]);
  expect([lagging.headers.get("x-total-items"), lagging.headers.get("x-page-items")]).toEqual(["1", "1"]);
  await h.call("GET", "/projects");
  const caughtUp = await h.call("GET", "/projects");
  expect(caughtUp.body.map((p: { name: string }) => p.name).sort()).toEqual(["evc-shop", "other", "third"]);
});

test("endlessPages: every page asked answers page 1's items and announces a million pages", async () => {
  const h = await emulator();
  await h.call("POST", "/projects", h.own({ name: "only" }));
  h.emu.setFaults({ answers: [{ method: "GET", path: "^/v2/projects$", fault: { kind: "endlessPages" } }] });
  const page = await h.call("GET", "/projects?page=7");
  expect({
    names: page.body.map((p: { name: string }) => p.name),
    totalPages: page.headers.get("x-total-pages"),
    page: page.headers.get("x-page"),
  }).toEqual({ names: ["only"], totalPages: String(ENDLESS_PAGES), page: "7" });
});

test("answer rules are set through the environment and PUT /_emulator/faults, and refused when malformed", async () => {
  const h = await emulator();
  const bad = await h.admin("PUT", "/faults", { answers: [{ path: "(", fault: { kind: "fail500" } }] });
  expect(bad.status).toBe(400);
  const set = await h.admin("PUT", "/faults", { answers: [{ method: "DELETE", fault: { kind: "fail500" } }] });
  expect(set.body.answers).toEqual([{ method: "DELETE", fault: { kind: "fail500" } }]);
  expect((await h.admin("PUT", "/faults", { answers: [] })).body.answers).toEqual([]);
  const fromEnv = faultsFromEnv({ [ENV_FAULTS]: JSON.stringify({ answers: [{ fault: { kind: "endlessPages" } }] }) });
  expect(fromEnv.answers).toEqual([{ fault: { kind: "endlessPages" } }]);
  expect(() => faultsFromEnv({ [ENV_FAULTS]: '{"answers":[{"fault":{"kind":"lie"}}]}' })).toThrow(ENV_FAULTS);
});
