/**
 * When a listing is complete, and when to stop following one that does not advance. A listing is read page
 * by page as `X-Total-Pages` announces; an API that announces pages it does not have (page 1 served for every
 * page asked, a million pages announced) would otherwise be followed for thousands of requests and then be
 * taken as complete. A listing stops, as incomplete, at the first of:
 * - a page whose objects were all listed already (by `id`; whole object when there is none): it did not
 *   advance. Objects deleted while paging shift others back by as many; a whole page of them is not a
 *   listing to decide on either;
 * - an empty page that itself announces more pages than its number (an API whose collection shrank while
 *   paging announces fewer pages on that answer);
 * - more pages read than the bound: the pages the first page announced, or the pages the objects read so far
 *   fill, whichever is more, plus one (objects created while paging add pages at the end);
 * - LIST_MAX_PAGES pages, whatever the pages announce.
 * An incomplete listing is an IncompleteListingError, never a shorter list: whoever decides on a listing
 * (a zone's "not empty" guard, a create's candidates, an adoption) decides only on a complete one.
 */

/** What a page says that paging needs (client.ts `Page` is one). */
export interface PageSaid<T> {
  items: T[];
  /** `X-Total-Pages`, when the API sent it. */
  totalPages?: number;
}

/** Bound on the pages one listing follows, whatever `X-Total-Pages` says (100 objects a page: a million). */
export const LIST_MAX_PAGES = 10_000;

/** A listing stopped before it was complete: how far it got, and why. Nothing may be decided on it. */
export class IncompleteListingError extends Error {
  override readonly name = "IncompleteListingError";
  constructor(
    /** The collection, e.g. `/dns/<id>/records`. */
    readonly path: string,
    /** Pages read. */
    readonly pages: number,
    /** Pages the API announced (`X-Total-Pages`), when it said. */
    readonly announced: number | undefined,
    /** Why it stopped: `a page repeated`, … */
    readonly why: string,
  ) {
    super(
      `GET ${path} could not be listed completely (${IncompleteListingError.progress(pages, announced, why)}); ` +
        "nothing was decided on it: run the command again once the API lists it completely",
    );
  }

  /** `stopped after 2 pages of 1,000,000 announced: a page repeated` */
  static progress(pages: number, announced: number | undefined, why: string): string {
    const of = announced === undefined ? "" : ` of ${announced.toLocaleString("en-US")} announced`;
    return `stopped after ${pages.toLocaleString("en-US")} page${pages === 1 ? "" : "s"}${of}: ${why}`;
  }

  /** How far it got, for a caller's own message: `stopped after 2 pages of 1,000,000 announced: a page repeated`. */
  get progress(): string {
    return IncompleteListingError.progress(this.pages, this.announced, this.why);
  }
}

const keyOf = (item: unknown): string => {
  const id = typeof item === "object" && item !== null ? (item as { id?: unknown }).id : undefined;
  return typeof id === "string" ? `id:${id}` : `object:${JSON.stringify(item)}`;
};

/**
 * Follows the pages of one listing, in page order, and says when it is not advancing (the header). Used by
 * `FutrouClient.list` and by the shared listings of a provider process (provider/listing.ts).
 */
export class PageTracker {
  readonly #seen = new Set<string>();
  /** Pages taken so far. */
  pages = 0;
  /** What the first page announced (`X-Total-Pages`). */
  #announcedFirst?: number;
  /** What the latest page announced. */
  announced?: number;

  constructor(
    readonly path: string,
    /** Objects per page asked for. */
    readonly limit: number,
  ) {}

  /** Whether an object was on a page already taken. */
  seen(item: unknown): boolean {
    return this.#seen.has(keyOf(item));
  }

  /**
   * Takes the next page. Throws IncompleteListingError when the listing does not advance; returns the items
   * not listed before (an object shifted onto the next page while paging is counted once).
   */
  take<T>(page: PageSaid<T>): T[] {
    this.pages++;
    if (page.totalPages !== undefined) {
      this.#announcedFirst ??= page.totalPages;
      this.announced = page.totalPages;
    }
    const fresh = page.items.filter((item) => !this.seen(item));
    const stop = (why: string) => new IncompleteListingError(this.path, this.pages, this.announced, why);
    if (this.pages > 1 && page.items.length > 0 && fresh.length === 0)
      throw stop(`page ${this.pages} repeated objects already listed`);
    if (page.items.length === 0 && this.pages < (page.totalPages ?? 0)) throw stop(`page ${this.pages} was empty`);
    for (const item of fresh) this.#seen.add(keyOf(item));
    const bound = Math.max(this.#announcedFirst ?? 1, Math.ceil(this.#seen.size / this.limit)) + 1;
    if (this.pages > bound) throw stop(`more pages than the ${bound - 1} announced`);
    if (this.pages >= LIST_MAX_PAGES && this.more(page)) throw stop(`more than ${LIST_MAX_PAGES} pages`);
    return fresh;
  }

  /** Whether pages remain after `page`, as far as the answers tell. */
  more(page: PageSaid<unknown>): boolean {
    return page.items.length > 0 && this.pages < (page.totalPages ?? 1);
  }
}
