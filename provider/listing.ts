/**
 * Whole-collection listings, kept per client (one per API URL and token in a provider process) and shared
 * by every resource that process serves: a refresh reads its objects from one list request per 100
 * objects instead of one GET each, and creates take their candidates (create.ts) from one list per
 * collection and owner instead of one filtered list each.
 *
 * What a listing may answer, and when it must not:
 * - It is filled lazily, page by page, only on demand: a page is fetched for an operation that has not
 *   found what it needs in the pages so far, and never more pages than operations have asked the listing
 *   (reads and creates together). So a stack with a few objects in a huge collection costs at most one
 *   page more than it would have in GETs, and a stack with many costs one request per 100 objects.
 * - Pages are asked in creation order (`sort=createdAt&direction=asc`): objects created while paging are
 *   appended after the pages already read; an object deleted while paging may shift another past a page
 *   boundary, so a read that does not find its object in the listing always asks by GET. A listing never
 *   says that an object is gone: only a 404 on a GET does (and the kit then confirms it, confirmGone).
 * - It lives for LISTING_TTL_MS from its first page, then the next operation lists anew. A listing whose
 *   page failed answers nothing until then: reads GET and creates list their own candidates, as without it.
 * - A read of an object that holds a collection (a zone: its records) may warm that collection's listing
 *   (`warm`): one page asked ahead of the reads a refresh makes next, when the rate limit has room to spare.
 *   It costs one list request for a zone whose records the stack does not declare.
 * - It is kept current by this client's own writes (FutrouClient.observeWrites): a created object is added,
 *   an updated one replaced by the API's answer, a deleted one removed. An object this process wrote is no
 *   longer answered to reads (a GET reads it), and after a delete by this process (which may remove other
 *   objects with it: a zone's records, a project's variables) no listing taken before it answers reads.
 * - For creates it is complete or unused: every page read, no failed page, and no sign of a delete while
 *   paging (a page counting fewer items than an earlier one, or this process's own delete); otherwise the
 *   create lists its own candidates as before. A listing that does not advance (api/paging.ts: a page of
 *   objects already listed, more pages than announced) is a failed one: it stops there and answers nothing.
 */
import type { z } from "zod";
import type { FutrouClient, Query, WriteEvent } from "./api/client";
import { LIST_ORDER, PAGE_MAX_LIMIT } from "./api/contract";
import { isOutage } from "./api/errors";
import { PageTracker } from "./api/paging";
import type { Props, ResourceSpec } from "./spec";

/** How long a listing answers after its first page was asked for. */
export const LISTING_TTL_MS = 30_000;

/**
 * How long after this process created an object its child collection (a zone's records) counts as holding
 * only what the API made with it and what was added since (create.ts, step 1). Longer than a listing's life:
 * the engine creates a zone's records after it, behind whatever else the run creates (up to minutes at
 * N = 1000), and only a token of the workspace can add to a zone that did not exist before this run.
 */
export const FRESH_PARENT_MS = 600_000;

/** What a read gets from a listing: the object as listed, and the fields the listing's items carry. */
export interface Listed {
  object: Props;
  /** Every field some item of this listing carries (not null): what the list's answer shape includes. */
  shape: ReadonlySet<string>;
}

class Listing {
  readonly items = new Map<string, Props>();
  readonly shape = new Set<string>();
  readonly startedAt = Date.now();
  /** Pages asked for so far (in flight or answered). */
  asked = 0;
  /** From the latest page's `X-Total-Pages`; undefined until the first page answers. */
  totalPages?: number;
  /** The largest `X-Total-Items` a page said; a later page that says fewer makes the listing unfit for creates. */
  totalItems?: number;
  /** A page failed: reads fall back to GETs, creates to their own lookups, until the listing expires. */
  broken = false;
  /** Why, for the operations that waited for that page (`waited`). */
  failure?: unknown;
  /** False when objects may have been deleted while paging: unfit for creates (reads are unaffected). */
  consistent = true;
  /** False once this process deleted something after the listing began (deletes may cascade). */
  readable = true;
  /** Operations that asked this listing: the page budget. */
  demand = 0;
  /** The pages being fetched now. */
  fetching?: Promise<void>;
  /** The pages taken, in page order: a listing that does not advance breaks it (api/paging.ts). */
  readonly pages: PageTracker;

  constructor(
    readonly collection: string,
    readonly filter: Query,
    /** The field an item path names the objects by: `id`, or the kind's `itemKey` (a member's `userId`). */
    readonly by: string,
  ) {
    this.pages = new PageTracker(collection, PAGE_MAX_LIMIT);
  }

  get expired(): boolean {
    return Date.now() - this.startedAt > LISTING_TTL_MS;
  }

  /** More pages to ask for, as far as the answers so far tell. */
  get more(): boolean {
    return this.totalPages === undefined ? this.asked === 0 : this.asked < this.totalPages;
  }

  /** The listed object whose item path ends in `key` (its `by` field's value). */
  at(key: string): Props | undefined {
    if (this.by === "id") return this.items.get(key);
    for (const o of this.items.values()) if (o[this.by] !== undefined && String(o[this.by]) === key) return o;
    return undefined;
  }

  add(object: Props): void {
    this.items.set(String(object.id), object);
    for (const [k, v] of Object.entries(object)) if (v !== undefined && v !== null) this.shape.add(k);
  }

  /** Whether an object that a create answered belongs here: it matches the listing's filter. */
  holds(object: Props): boolean {
    return Object.entries(this.filter).every(([k, v]) => v === undefined || v === null || object[k] === v);
  }
}

/**
 * The owner filter of the listing that holds an object of this kind: the spec's lookup filter without the
 * per-object values (name, domain, key), e.g. `{ workspaceId }`; `{}` for kinds listed per parent
 * (records, in their zone's collection) or whose owner is no list filter (variables).
 */
export function ownerFilter(spec: ResourceSpec, props: Props): Query {
  const filter = spec.lookup.filter?.(props) ?? {};
  return Object.fromEntries(Object.entries(filter).filter(([k]) => !spec.lookup.fields.includes(k)));
}

/** The query of one page: the owner filter, the largest page, creation order. */
function pageQuery(filter: Query, page: number): Query {
  return { ...filter, limit: PAGE_MAX_LIMIT, page, ...LIST_ORDER };
}

const keyOf = (collection: string, filter: Query): string =>
  `${collection}?${JSON.stringify(Object.entries(filter).sort(([a], [b]) => a.localeCompare(b)))}`;

/**
 * Waits for the pages being fetched. When they failed because the API is not answering (errors.ts
 * `isOutage`: the deadline, or no answer on the network), that failure is the waiting operation's
 * too: asking again by another request (a GET, a filtered list) would only wait for the same outage again.
 * A listing already broken before an operation came is not its failure: it asks by its own request.
 */
async function waited(listing: Listing): Promise<void> {
  await listing.fetching;
  if (listing.broken && isOutage(listing.failure)) throw listing.failure;
}

/**
 * The listings of one client (its `root`: every view of it, one per operation, shares them). Each view's
 * page requests go through the client it was asked for (`of`): the deadline of the operation that asked.
 */
export class Listings {
  readonly #client: FutrouClient;
  readonly #listings: Map<string, Listing>;
  /** Item paths (`/projects/<id>`) this process wrote: reads of them ask by GET. */
  readonly #written: Set<string>;
  /** Ids of the objects this process created: never another create's "new" object (create.ts). */
  readonly #created: Set<string>;
  /** Item paths (`/dns/<id>`) of the objects this process created, with when: the parents of fresh collections. */
  readonly #createdAt: Map<string, number>;

  private constructor(client: FutrouClient, shared?: Listings) {
    this.#client = client;
    if (shared) {
      this.#listings = shared.#listings;
      this.#written = shared.#written;
      this.#created = shared.#created;
      this.#createdAt = shared.#createdAt;
      return;
    }
    this.#listings = new Map();
    this.#written = new Set();
    this.#created = new Set();
    this.#createdAt = new Map();
    client.observeWrites((event) => {
      try {
        this.#wrote(event);
      } catch {
        // A listing that cannot be kept current must not answer anything.
        this.#listings.clear();
      }
    });
  }

  static #byClient = new WeakMap<FutrouClient, Listings>();

  /** The listings of `client`'s root, made on first use, asking through `client`. */
  static of(client: FutrouClient): Listings {
    let listings = Listings.#byClient.get(client.root);
    if (!listings) {
      listings = new Listings(client.root);
      Listings.#byClient.set(client.root, listings);
    }
    return client === client.root ? listings : new Listings(client, listings);
  }

  /**
   * Whether `collection` (`/dns/<id>/records`) is inside an object this process created less than
   * FRESH_PARENT_MS ago: then it holds what the API made with that object and what was added since
   * (create.ts, step 1; the window is in the README's design notes).
   */
  inFreshParent(collection: string): boolean {
    const at = this.#createdAt.get(collection.slice(0, collection.lastIndexOf("/")));
    return at !== undefined && Date.now() - at <= FRESH_PARENT_MS;
  }

  /**
   * Ids of `collection` this process has seen: in its live listings (every owner) or created by it. A create's
   * answer naming one of them is not the object that create made (create.ts, "the answer").
   */
  seenIn(collection: string): Set<string> {
    const ids = new Set<string>();
    for (const l of this.#listings.values())
      if (l.collection === collection) for (const id of l.items.keys()) ids.add(id);
    for (const path of this.#createdAt.keys()) {
      if (path.startsWith(`${collection}/`)) ids.add(decodeURIComponent(path.slice(collection.length + 1)));
    }
    return ids;
  }

  /** Whether this process created the object with `id` (through this client). */
  createdHere(id: string): boolean {
    return this.#created.has(id);
  }

  /**
   * The object at `<collection>/<key>` as listed (owner `filter`; `key` is its id, or its `by` field's value),
   * when a listing has it and may answer reads; undefined means "ask by GET" (not listed, not yet, written by
   * this process, or the listing failed).
   */
  async find(collection: string, filter: Query, model: z.ZodType, key: string, by = "id"): Promise<Listed | undefined> {
    const written = (k: unknown) => this.#written.has(`${collection}/${encodeURIComponent(String(k))}`);
    if (written(key)) return undefined;
    const listing = this.#current(collection, filter, (l) => l.readable, by);
    listing.demand++;
    for (;;) {
      const object = listing.at(key);
      // Created by this process (its create's path names it by id): read by GET like any object it wrote.
      if (object && written(object.id)) return undefined;
      if (object) return listing.readable ? { object, shape: listing.shape } : undefined;
      if (listing.fetching) {
        await waited(listing);
        continue;
      }
      if (listing.broken || !listing.readable || !listing.more || listing.asked >= listing.demand) return undefined;
      listing.fetching = this.#fetch(listing, model);
    }
  }

  /**
   * Starts reading the first page of a listing no operation has asked for yet, for reads expected soon:
   * a refresh reads a zone before its records (they depend on it), so the zone's read warms its records'
   * listing and their reads find it answered instead of each waiting for a list request of its own. Counts
   * as one operation of the page budget (one page), and answers nothing by itself. Optional work: only
   * when at least `spare` requests could be sent now without waiting (FutrouClient.idleRequests), so the
   * operations' own requests keep that many of the rate limit's second.
   */
  warm(collection: string, filter: Query, model: z.ZodType, spare: number): void {
    if (this.#client.idleRequests < spare) return;
    const listing = this.#current(collection, filter, (l) => l.readable, "id");
    if (listing.asked > 0 || listing.fetching || listing.broken) return;
    listing.demand++;
    listing.fetching = this.#fetch(listing, model);
  }

  /**
   * Every object of `collection` (owner `filter`), complete, for a create's candidates; undefined when a
   * complete listing is not to be had for less than the operations asking for it (or failed): the create
   * then lists its own candidates.
   */
  async all(collection: string, filter: Query, model: z.ZodType, by = "id"): Promise<Props[] | undefined> {
    const listing = this.#current(collection, filter, (l) => l.consistent, by);
    listing.demand++;
    for (;;) {
      if (listing.broken || !listing.consistent) return undefined;
      if (listing.fetching) {
        await waited(listing);
        continue;
      }
      if (!listing.more) return [...listing.items.values()];
      if (listing.totalPages !== undefined && listing.totalPages > listing.demand) return undefined;
      listing.fetching = this.#fetch(listing, model, true);
    }
  }

  /**
   * The live listing for the key, a new one when there is none or it may not answer (`usable`); `by`: the field
   * the collection's item paths name its objects by (one per collection: one kind lives there).
   */
  #current(collection: string, filter: Query, usable: (l: Listing) => boolean, by: string): Listing {
    for (const [key, l] of this.#listings) if (l.expired && !l.fetching) this.#listings.delete(key);
    const key = keyOf(collection, filter);
    let listing = this.#listings.get(key);
    // A failed listing stays until it expires: operations then cost what they cost without listings (a GET
    // per read, a filtered list per create), never a failed page more each.
    if (!listing || listing.expired || (!listing.broken && !usable(listing))) {
      listing = new Listing(collection, filter, by);
      this.#listings.set(key, listing);
    }
    return listing;
  }

  /**
   * Fetches the next pages: the first one alone (it says how many there are), then as many as the
   * demand allows (`all`: every remaining one), concurrently.
   */
  async #fetch(listing: Listing, model: z.ZodType, all = false): Promise<void> {
    const first = listing.asked + 1;
    const last =
      listing.totalPages === undefined
        ? first
        : Math.min(listing.totalPages, all ? listing.totalPages : Math.max(first, listing.demand));
    listing.asked = last;
    try {
      const pages = await Promise.all(
        Array.from({ length: last - first + 1 }, (_, i) =>
          this.#client.listPage(listing.collection, model, pageQuery(listing.filter, first + i)),
        ),
      );
      for (const page of pages) {
        // A page that does not advance (all of it listed already, more pages than announced) breaks the
        // listing: it answers nothing, and creates list their own candidates (which then fail, not decide).
        for (const item of listing.pages.take(page) as Props[]) listing.add(item);
        listing.totalPages = Math.max(listing.totalPages ?? 1, page.totalPages ?? 1);
        // In creation order, objects created while paging come after the pages read; one deleted while
        // paging may shift another past a page boundary: fewer items than before means a delete happened.
        if (page.totalItems !== undefined) {
          if (page.totalItems < (listing.totalItems ?? 0)) listing.consistent = false;
          listing.totalItems = Math.max(listing.totalItems ?? 0, page.totalItems);
        }
        if (page.items.length === 0 && (page.page ?? 0) < (page.totalPages ?? 0)) listing.consistent = false;
      }
    } catch (error) {
      listing.broken = true;
      listing.failure = error;
    } finally {
      listing.fetching = undefined;
    }
  }

  /** Keeps the listings current with a write of this client (see the header). */
  #wrote(event: WriteEvent): void {
    const result =
      typeof event.result === "object" && event.result !== null && typeof (event.result as Props).id === "string"
        ? (event.result as Props)
        : undefined;
    if (event.op === "create") {
      if (!event.done || !result) return;
      const id = String(result.id);
      this.#created.add(id);
      this.#written.add(`${event.path}/${encodeURIComponent(id)}`);
      this.#createdAt.set(`${event.path}/${encodeURIComponent(id)}`, Date.now());
      const object = { ...(event.body as Props | undefined), ...result };
      for (const l of this.#listings.values()) if (l.collection === event.path && l.holds(object)) l.add(result);
      return;
    }
    // update, delete, action: the object at `path` (an action's path ends in its verb).
    const path = event.op === "action" ? event.path.slice(0, event.path.lastIndexOf("/")) : event.path;
    this.#written.add(path);
    const at = path.lastIndexOf("/");
    const collection = path.slice(0, at);
    const itemKey = decodeURIComponent(path.slice(at + 1));
    for (const [key, l] of this.#listings) {
      if (l.collection === collection) {
        const listed = l.at(itemKey);
        if (event.op === "update" && listed) {
          if (event.done) l.add({ ...listed, ...(event.body as Props), ...result });
          // Perhaps renamed, perhaps not: a create must not match candidates against a guess.
          else this.#listings.delete(key);
        }
        if (event.op === "delete") {
          if (event.done && listed) l.items.delete(String(listed.id));
          // Our own delete while pages are being read may shift another object past a page boundary.
          if (l.fetching) l.consistent = false;
        }
      } else if (event.op === "delete") {
        // A delete may take other objects with it (the zone's records, a project's variables).
        if (l.collection.startsWith(`${path}/`)) this.#listings.delete(key);
        else l.readable = false;
      }
    }
  }
}
