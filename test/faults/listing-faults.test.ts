/**
 * A collection listing (provider/listing.ts) whose page fails, against the scripted API: it answers nothing
 * (reads ask by GET, creates list their own candidates), it is not asked again by every operation that
 * follows (one failed page, with its retries, per listing), and once it expires the next operation lists
 * anew.
 */
import { FutrouClient } from "../../provider/api/client";
import { Project } from "../../provider/kinds";
import { makeProvider } from "../../provider/kit";
import { LISTING_TTL_MS, Listings } from "../../provider/listing";
import { specFor } from "../../provider/registry";
import { configOf } from "../provider/harness";
import { type ScriptedApi, startScriptedApi } from "./scripted-api";

let api: ScriptedApi;
beforeEach(async () => {
  api = await startScriptedApi();
});
afterEach(async () => {
  jest.restoreAllMocks();
  await api.close();
});

const PROJECTS = "/projects";
const lists = () => api.log.filter((l) => l === `GET ${PROJECTS}`).length;

function client(): FutrouClient {
  return new FutrouClient({
    baseUrl: api.url,
    token: api.token,
    timeoutMs: 2000,
    retry: { limit: 2, backoffBaseMs: 1, backoffLimitMs: 4, maxRetryAfterMs: 1 },
  });
}

test("a failed page: reads and creates go without the listing, which is not asked again until it expires", async () => {
  const ids = Array.from({ length: 5 }, (_, i) => api.seed(PROJECTS, { name: `p${i}`, workspaceId: "w1" }));
  const listings = Listings.of(client());
  const filter = { workspaceId: "w1" };
  api.failLists = 1000;

  // The first operation asks for the first page: 503, retried twice, then the listing is failed.
  expect(await listings.find(PROJECTS, filter, Project, ids[0] as string)).toBeUndefined();
  expect(lists()).toBe(3);
  // Every later read and create in the listing's lifetime goes without it, at no list request more.
  for (const id of ids.slice(1)) expect(await listings.find(PROJECTS, filter, Project, id)).toBeUndefined();
  expect(await listings.all(PROJECTS, filter, Project)).toBeUndefined();
  expect(lists()).toBe(3);

  // Expired: the next operation lists anew, and the listing answers.
  api.failLists = 0;
  const now = Date.now();
  jest.spyOn(Date, "now").mockReturnValue(now + LISTING_TTL_MS + 1);
  expect((await listings.find(PROJECTS, filter, Project, ids[4] as string))?.object).toMatchObject({ name: "p4" });
  expect((await listings.all(PROJECTS, filter, Project))?.map((o) => o.id).sort()).toEqual([...ids].sort());
  expect(lists()).toBe(4);
});

test("warm: one page asked ahead of the reads, answered to them at no request more; never when the rate limit has no room", async () => {
  const ids = Array.from({ length: 3 }, (_, i) => api.seed(PROJECTS, { name: `w${i}`, workspaceId: "w1" }));
  const filter = { workspaceId: "w1" };
  // warm decides at once: a page it asks for is asked before it returns.
  const pages = jest.spyOn(FutrouClient.prototype, "listPage");
  const roomless = Listings.of(client());
  // More spare requests asked for than the limit has: nothing is asked.
  roomless.warm(PROJECTS, filter, Project, 101);
  expect(pages).not.toHaveBeenCalled();

  const listings = Listings.of(client());
  listings.warm(PROJECTS, filter, Project, 20);
  expect(pages).toHaveBeenCalledTimes(1);
  listings.warm(PROJECTS, filter, Project, 20); // already asked: not again
  expect(pages).toHaveBeenCalledTimes(1);
  for (const id of ids) expect((await listings.find(PROJECTS, filter, Project, id))?.object).toMatchObject({ id });
  expect(lists()).toBe(1);
  // An object the (complete) listing does not hold: no page more; the read then asks by GET.
  expect(await listings.find(PROJECTS, filter, Project, "absent")).toBeUndefined();
  expect(lists()).toBe(1);
});

test("the first read of a kind asks its deciding GET while the listing's first page is on its way, not after it", async () => {
  const id = api.seed(PROJECTS, { name: "first", displayName: "First", workspaceId: "w1" });
  const provider = makeProvider(specFor("project"));
  await provider.configure({ config: configOf({ "futrou:apiUrl": api.url, "futrou:apiToken": api.token }) });
  let release = () => {};
  api.holdLists = new Promise<void>((resolve) => {
    release = resolve;
  });
  const reading = provider.read(id, { name: "first", displayName: "First", workspaceId: "w1" });
  for (let waited = 0; !api.log.includes(`GET ${PROJECTS}/${id}`) && waited < 5000; waited += 10) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const whileHeld = [...api.log];
  release();
  // Both were out while the page was held: the reads waiting for this decision wait one round trip.
  expect(whileHeld).toEqual(expect.arrayContaining([`GET ${PROJECTS}`, `GET ${PROJECTS}/${id}`]));
  expect((await reading).props).toMatchObject({ name: "first", displayName: "First" });
  expect(api.log.filter((l) => l.startsWith("GET"))).toHaveLength(2);
});
