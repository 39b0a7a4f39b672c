/**
 * The response contract (provider/api/CONTRACT.md "Responses"): success is 2xx only. A 3xx is an error
 * naming the status, the request and its Location; it is never counted as success, never retried and
 * never followed, so the token never leaves the API's origin.
 */
import { FutrouClient } from "../../provider/api/client";
import { FutrouApiError } from "../../provider/api/errors";
import { Project } from "../../provider/kinds";
import { type Fixture, type Handler, json, recordingSleep, startFixture } from "./fixture";

const TOKEN = "a1b2c3d4-e5f6a7b8c9d0e1f2supersecret";

let api: Fixture;
/** Where the redirects point: another origin, which must never be asked anything. */
let elsewhere: Fixture;
beforeAll(async () => {
  [api, elsewhere] = await Promise.all([startFixture(), startFixture()]);
  elsewhere.answer(json(200, { id: "p1", name: "stolen" }));
});
afterAll(() => Promise.all([api.close(), elsewhere.close()]));

const redirect =
  (status: number, location: string): Handler =>
  (_req, res) => {
    res.writeHead(status, { location });
    res.end();
  };

const client = () => new FutrouClient({ baseUrl: api.url, token: TOKEN, sleep: recordingSleep().sleep });

const requests = {
  GET: (c: FutrouClient) => c.get("/projects/p1", Project),
  POST: (c: FutrouClient, recover: () => Promise<undefined>) =>
    c.create("/projects", { name: "shop" }, Project, { recover }),
  PATCH: (c: FutrouClient) => c.patch("/projects/p1", { displayName: "New" }, Project),
  DELETE: (c: FutrouClient) => c.delete("/projects/p1"),
} as const;
const PATHS = { GET: "/projects/p1", POST: "/projects", PATCH: "/projects/p1", DELETE: "/projects/p1" } as const;

describe.each([301, 302, 303, 307, 308])("%i", (status) => {
  test.each(Object.keys(requests) as (keyof typeof requests)[])(
    "%s fails once, naming the status, the request and the Location; nothing is sent to the Location",
    async (method) => {
      // The Location even carries the token: it must not come back in the message.
      const location = `${elsewhere.url}/moved?token=${TOKEN}`;
      api.answer(redirect(status, location));
      let recoveries = 0;
      const error = await requests[method](client(), async () => {
        recoveries++;
        return undefined;
      }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(FutrouApiError);
      const e = error as FutrouApiError;
      expect({ status: e.status, location: e.location }).toEqual({
        status,
        location: `${elsewhere.url}/moved?token=[redacted]`,
      });
      expect(e.message).toContain(`${status} `);
      expect(e.message).toContain(`(${method} ${PATHS[method]})`);
      expect(e.message).toContain(`redirect to ${elsewhere.url}/moved`);
      expect(e.message).not.toContain(TOKEN);
      expect(e.message).not.toMatch(/API may have changed|\(created\)/);
      expect(e.message.split("\n")).toHaveLength(1);
      // Not retried, not taken for an ambiguous create, not followed.
      expect({ sent: api.seen.length, recoveries, followed: elsewhere.seen.length }).toEqual({
        sent: 1,
        recoveries: 0,
        followed: 0,
      });
    },
  );
});

test("a same-origin 307 is not followed either: the client sends exactly the request it was asked for", async () => {
  api.answer(redirect(307, `${api.url}/projects/p2`), json(200, { id: "p2", name: "other" }));
  await expect(client().patch("/projects/p1", { displayName: "New" }, Project)).rejects.toThrow(
    /^307 Temporary Redirect — redirect to .*\/v2\/projects\/p2, not followed \(PATCH \/projects\/p1\)/,
  );
  expect(api.seen.map((r) => `${r.method} ${r.url}`)).toEqual(["PATCH /v2/projects/p1"]);
});

test("a redirect without a Location is still an error, and says so", async () => {
  api.answer((_req, res) => res.writeHead(302).end());
  const error = await client()
    .delete("/projects/p1")
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(FutrouApiError);
  expect((error as Error).message).toMatch(/^302 Found — redirect to \(no Location\), not followed \(DELETE/);
});
