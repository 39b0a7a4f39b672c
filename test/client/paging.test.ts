/**
 * `list()` against a tiny server whose paging lies: a listing that does not advance stops within a few
 * requests as an IncompleteListingError saying how far it got, never as a shorter list that a caller could
 * take for the whole collection (provider/api/paging.ts).
 */
import { FutrouClient } from "../../provider/api/client";
import { IncompleteListingError, LIST_MAX_PAGES, PageTracker } from "../../provider/api/paging";
import { Project } from "../../provider/kinds";
import { type Fixture, type Handler, project, startFixture } from "./fixture";

let fx: Fixture;
beforeAll(async () => {
  fx = await startFixture();
});
afterAll(() => fx.close());

const client = () => new FutrouClient({ baseUrl: fx.url, token: "t0k3n-paging-test" });

/** A page of `items`, announcing `totalPages`. */
const page =
  (items: (url: URL) => object[], totalPages: (url: URL) => number): Handler =>
  (req, res) => {
    const url = new URL(req.url, "http://x");
    res.writeHead(200, { "content-type": "application/json", "x-total-pages": String(totalPages(url)) });
    res.end(JSON.stringify(items(url)));
  };
const pageNo = (url: URL) => Number(url.searchParams.get("page"));

test("page 1 served for every page asked, a million announced: stopped at page 2, after 2 requests", async () => {
  fx.answer(
    page(
      () => [project(1), project(2)],
      () => 1_000_000,
    ),
  );
  const error = await client()
    .list("/projects", Project)
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(IncompleteListingError);
  expect((error as IncompleteListingError).message).toBe(
    "GET /projects could not be listed completely (stopped after 2 pages of 1,000,000 announced: page 2 repeated " +
      "objects already listed); nothing was decided on it: run the command again once the API lists it completely",
  );
  expect(fx.seen).toHaveLength(2);
});

test("pages that keep announcing one more, each with a new object: stopped one page past what the first announced", async () => {
  fx.answer(
    page(
      (url) => [project(pageNo(url))],
      (url) => pageNo(url) + 1,
    ),
  );
  const error = (await client()
    .list("/projects", Project)
    .catch((e: unknown) => e)) as IncompleteListingError;
  expect(error).toBeInstanceOf(IncompleteListingError);
  expect(error.progress).toBe("stopped after 4 pages of 5 announced: more pages than the 2 announced");
  expect(fx.seen).toHaveLength(4);
});

test("an honest listing where an object shifted onto the next page while paging: complete, each object once", async () => {
  const pages = [[project(1), project(2)], [project(2), project(3)], [project(4)]];
  fx.answer(
    page(
      (url) => pages[pageNo(url) - 1] ?? [],
      () => 3,
    ),
  );
  const all = await client().list("/projects", Project, { limit: 2 });
  expect(all.map((p) => p.id)).toEqual(["p1", "p2", "p3", "p4"]);
  expect(fx.seen).toHaveLength(3);
});

test("a listing longer than LIST_MAX_PAGES pages is incomplete, never cut short in silence", () => {
  const pages = new PageTracker("/projects", 1);
  const announced = LIST_MAX_PAGES * 2;
  let stopped: unknown;
  for (let n = 1; n <= announced && stopped === undefined; n++) {
    try {
      pages.take({ items: [project(n)], totalPages: announced });
    } catch (error) {
      stopped = error;
    }
  }
  expect(stopped).toBeInstanceOf(IncompleteListingError);
  expect((stopped as IncompleteListingError).progress).toBe(
    "stopped after 10,000 pages of 20,000 announced: more than 10000 pages",
  );
});
