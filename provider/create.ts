/**
 * The create protocol, once for every kind: it can neither duplicate an object nor adopt someone else's.
 *
 * 1. Before the POST, take the candidates (the spec's lookup values, in the same owner) and write their ids
 *    to the local journal (journal.ts). They come from the collection's listing (listing.ts): one list per
 *    collection and owner per run, kept current by this process's own creates, updates and deletes, and
 *    renewed after LISTING_TTL_MS; when no complete listing is to be had cheaply, from one filtered list
 *    request. This step cannot be skipped for kinds with a unique field: a clash is a 400 only when the
 *    answer arrives; after a lost answer, "that name exists now" cannot tell our object from one that
 *    existed before — only this list can. For records (no unique field) it is the only way to tell ours
 *    from identical ones. What a listing cannot see: an object someone else creates with the same values
 *    after the listing was taken (at most LISTING_TTL_MS before our POST); if our POST's answer is then
 *    lost, that object could be taken as ours (docs/design-notes.md). A create in a collection inside an
 *    object this process created within FRESH_PARENT_MS (a record in a zone of this run) takes no list at
 *    all: only what the API makes with the parent (spec.madeWithParent: the platform's SOA and NS records)
 *    was there before, and a create of those still lists. Its window: since the parent's create.
 * 2. POST (client.create: 429/503 re-sent; never blindly repeated after an ambiguous failure). After every
 *    ambiguous outcome, the last attempt's included, look again (a fresh filtered list): exactly one *new*
 *    candidate (not listed before, not made by another create of this process) is ours; several are an
 *    error naming them; none means not created yet. Kinds with a unique field then re-POST while attempts
 *    remain (a first attempt that lands late makes the re-POST a clash, step 3). Kinds without one (records)
 *    do not: a write still queued in the API when the lookup ran would land later as a twin no lookup of
 *    this run sees. Their create stays unsettled instead (step 4): the next run adopts the object if it
 *    appeared, else creates it.
 * 3. A re-POST that meets "already in use" for a value that was free before our first POST is our earlier
 *    attempt landing late: look once more and take it. A 2xx whose body cannot be read keeps its `id`.
 * 4. A lookup that fails is "created or not unknown", never "create failed"; created-but-not-confirmed is a
 *    ResourceInitError (the engine records the id). Both leave the journal entry, so the next run adopts.
 * 5. The entry, with the object's id, outlives the create until the engine is known to hold the object
 *    (journal.ts `confirm`: a later operation names the id, or the engine closes this process normally). A
 *    rerun after a kill at any point finds it and adopts exactly the object the interrupted run created
 *    (same identity, stack included; by id once known, checked by one GET; else the one new candidate),
 *    never an object an operation of this process was given by the engine (it is in a state).
 */
import type { FutrouClient } from "./api/client";
import { FutrouApiError } from "./api/errors";
import { messageOf, OutcomeUnknownError, UnreadableCreateError } from "./api/outcome";
import { engineGone } from "./engine";
import { CreateJournal, fieldHashes, type JournalEntry, newSalt } from "./journal";
import { ResourceInitError } from "./kit/errors";
import { Listings, ownerFilter } from "./listing";
import { same } from "./normal";
import { Secrets } from "./secrets";
import { HIDDEN, type Props, type ResourceSpec } from "./spec";

/**
 * What the create protocol needs of a kind: a narrow view of the kit's runtime object (kit/runtime.ts
 * `KindRuntime` is one), so tests and the soak can run the protocol with their own.
 */
export interface CreateKind {
  readonly spec: ResourceSpec;
  client(): FutrouClient;
  /** The API's normal form of an object (zone `domain ?? name`, …): candidates are compared in it. */
  live(obj: Props): Props;
  pulumiId(obj: Props, inputs: Props): string;
  /** Outputs of an API object, as create returns them. */
  outputs(obj: Props, inputs: Props): Props;
  /** Ids of this stack's objects (the engine named them in this run): for the "already used" message. */
  readonly ours: ReadonlySet<string>;
}

/** One create: where, what, and with which secrets and journal. */
export interface CreateRequest {
  /** The collection path with its parameters filled in (`/dns/<id>/records`). */
  collection: string;
  /** The POST body. */
  body: Props;
  /** The checked inputs (hidden keys included). */
  inputs: Props;
  /** The resource's secrets, never in a message or in the journal in plain text (default: from `inputs`). */
  secrets?: Secrets;
  /** Waits until the object is ready (kit/ready.ts); throws a ResourceInitError that carries the id. */
  settle: (obj: Props) => Promise<Props>;
  /** Default: the journal of this machine (journal.ts). */
  journal?: CreateJournal;
}

/** More than one new object matches: none of them is taken, and the user is told which. */
export class AmbiguousMatchError extends Error {
  override readonly name = "AmbiguousMatchError";
  constructor(
    readonly what: string,
    readonly ids: string[],
  ) {
    super(
      `${what}: ${ids.length} new objects match (ids ${ids.join(", ")}); none was taken as this create's. ` +
        "Delete the ones that are not wanted, then run `pulumi up` again (or adopt one with the `import` option).",
    );
  }
}

/**
 * An ambiguous create of a kind without a unique field found no new object: it is not sent again, since a
 * first attempt still queued in the API would land later as a twin (create protocol, step 2).
 */
class NotResent extends Error {
  override readonly name = "NotResent";
  constructor(typeName: string) {
    super(
      `no new ${typeName} is listed yet, and it is not sent again: a ${typeName} has no unique value, so a ` +
        "second POST would make a twin if the first one is still on its way",
    );
  }
}

const NEXT_RUN =
  "The journal keeps this create: the next `pulumi up` on this machine adopts the object if it appears " +
  "(docs/interrupted-runs.md)";

/** Created or not is not settled yet: the journal keeps the create, so the next run on this machine adopts. */
export class UnsettledCreateError extends Error {
  override readonly name = "UnsettledCreateError";
  constructor(message: string) {
    super(`${message}. ${NEXT_RUN}`);
  }
}

const idOf = (o: Props): string => String(o.id);

/** Creates the object (or adopts the one an interrupted run created) and returns it, settled. */
export async function createObject(kind: CreateKind, request: CreateRequest): Promise<Props> {
  const { spec } = kind;
  const client = kind.client();
  const { collection, body, inputs } = request;
  const secrets = request.secrets ?? Secrets.of(spec, inputs);
  const fields = spec.lookup.fields.filter((f) => body[f] !== undefined);
  const match = Object.fromEntries(fields.map((f) => [f, body[f]]));
  const filter = spec.lookup.filter?.(body);
  const what = `futrou:${spec.typeName} ${fields.map((f) => `${f}=${secrets.show(f, body[f])}`).join(" ")}`.trim();
  // Which create this is, as far as a later run can tell without the engine's URN: the stack included, so
  // another stack of the project never takes it for its own. Written to disk: secret lookup values (and a
  // collection path holding one) as digests.
  const where = secrets.leaksInto(collection) ? Secrets.digest(collection) : collection;
  const stack = inputs[HIDDEN.stack];
  const identity = [
    client.baseUrl,
    spec.kind,
    where,
    process.env.PULUMI_PROJECT ?? "",
    typeof stack === "string" ? stack : "",
    secrets.digested((filter ?? {}) as Props),
    secrets.digested(match),
  ];
  const journal = request.journal ?? new CreateJournal();

  const listings = Listings.of(client);
  const matches = (o: Props): boolean => {
    const normal = kind.live(o);
    return fields.every((f) => same(normal[f], body[f]));
  };
  /** The objects that match the lookup now: one list request, filtered by the lookup values. */
  const candidates = async (): Promise<Props[]> =>
    ((await client.list(collection, spec.model, filter)) as Props[]).filter(matches);
  /**
   * The candidates before the first POST: from the collection's listing (listing.ts: one list per collection
   * and owner, kept current by this process's own creates) when it is complete, else asked for; none in
   * a parent this process created within FRESH_PARENT_MS, for anything the API does not make with it.
   */
  const existing = async (): Promise<Props[]> => {
    // A record in a zone this process just created: only the platform's records were there before us.
    if (spec.madeWithParent && !spec.madeWithParent(body) && listings.inFreshParent(collection)) return [];
    const listed = await listings.all(collection, ownerFilter(spec, body), spec.model);
    return listed ? listed.filter(matches) : candidates();
  };
  /**
   * New look-alikes: candidates now that are neither among `before` nor made by another create of this
   * process (two resources of one stack may have identical values).
   */
  const fresh = async (before: readonly string[]): Promise<Props[]> =>
    (await candidates()).filter((o) => !before.includes(idOf(o)) && !listings.createdHere(idOf(o)));
  /** The one new candidate; undefined when there is none. */
  const newOne = async (before: readonly string[]): Promise<Props | undefined> => {
    const found = await fresh(before);
    if (found.length > 1) throw new AmbiguousMatchError(what, found.map(idOf));
    return found[0];
  };
  const withProvider = (props: Props): Props => ({ ...props, [HIDDEN.provider]: inputs[HIDDEN.provider] });
  /** Created, but we could not confirm it: the engine records the id instead of losing the object. */
  const unconfirmed = (obj: Props, why: string): Error => {
    // The engine shows only an init failure's reasons: the one reason is the whole message.
    const message = `${what} (${idOf(obj)}) was created, but ${why}`;
    return new ResourceInitError(message, kind.pulumiId(obj, inputs), withProvider(kind.outputs(obj, inputs)), [
      message,
    ]);
  };

  /**
   * Settles the object and returns it to the engine. The entry (with the id) stays until the engine is known
   * to have recorded it (journal.ts `confirm`): a kill before that leaves it for the rerun to adopt.
   */
  const finish = async (obj: Props): Promise<Props> => {
    let settled: Props;
    try {
      settled = await request.settle(obj);
    } catch (e) {
      const init = e as { id?: unknown; properties?: unknown; reasons?: unknown };
      if (typeof init.id !== "string" || typeof init.properties !== "object" || init.properties === null) throw e;
      if (!engineGone()) journal.returned(identity);
      // The host sends these properties as the resource's outputs: they must name the provider like any others.
      throw new ResourceInitError(
        messageOf(e),
        init.id,
        withProvider(init.properties as Props),
        Array.isArray(init.reasons) ? (init.reasons as string[]) : [messageOf(e)],
      );
    }
    if (!engineGone()) journal.returned(identity);
    return settled;
  };

  // An interrupted earlier run of this create: adopt what it made, if anything. Never an object the engine
  // named to this process (it is in a state: a replacement of it creating anew).
  const earlier = journal.read(identity);
  if (earlier?.id !== undefined && kind.ours.has(earlier.id)) journal.remove(identity);
  else if (earlier) {
    const theirs = await madeBy(earlier);
    if (theirs) {
      const adopted = await reconcile(theirs, earlier);
      if (adopted) {
        if (earlier.id !== idOf(adopted)) journal.write({ ...earlier, id: idOf(adopted) });
        return finish(adopted);
      }
    }
  }

  const before = (await existing()).map(idOf);
  const salt = newSalt();
  const entry: JournalEntry = {
    version: 1,
    what: `${what} at ${client.baseUrl}${secrets.redact(collection)}`,
    identity,
    before,
    salt,
    fields: fieldHashes(body, salt),
    startedAt: new Date().toISOString(),
    pid: process.pid,
  };
  journal.write(entry);

  let ambiguous = false;
  let created: Props;
  try {
    created = (await client.create(collection, body, spec.model, {
      recover: async () => {
        ambiguous = true;
        const found = await newOne(before);
        if (found === undefined && !spec.unique) throw new NotResent(spec.typeName);
        return found;
      },
    })) as Props;
  } catch (error) {
    created = await settleFailure(error);
  }
  journal.write({ ...entry, id: idOf(created) });
  return finish(created);

  /** What a failed POST means: ours after all, created-but-unconfirmed, unknown, or really not created. */
  async function settleFailure(error: unknown): Promise<Props> {
    if (error instanceof OutcomeUnknownError && error.lookup instanceof AmbiguousMatchError) throw error.lookup;
    if (error instanceof OutcomeUnknownError && error.lookup instanceof NotResent) {
      throw new UnsettledCreateError(`${what}: ${messageOf(error.ambiguous)}; ${error.lookup.message}`);
    }
    if (error instanceof OutcomeUnknownError) {
      throw new UnsettledCreateError(`${what}: ${error.message}`);
    }
    if (error instanceof UnreadableCreateError) {
      if (error.id !== undefined) {
        const found = (await client
          .find(`${collection}/${encodeURIComponent(error.id)}`, spec.model)
          .catch(() => undefined)) as Props | undefined;
        if (found) return found;
        // The engine records the id (an init failure): the entry stays until it is confirmed, like a create's.
        journal.write({ ...entry, id: error.id });
        if (!engineGone()) journal.returned(identity);
        throw unconfirmed({ ...body, id: error.id }, `its answer could not be read (${messageOf(error.problem)})`);
      }
      const found = await newOne(before).catch((lookup: unknown) => {
        throw new UnsettledCreateError(`${what}: ${error.message}, and the lookup for it failed: ${messageOf(lookup)}`);
      });
      if (found) return found;
      throw new UnsettledCreateError(`${what}: ${error.message}, and no new object is listed yet`);
    }
    const unique = spec.unique;
    const clash = error instanceof FutrouApiError && error.status === 400 && unique && error.fieldError(unique.field);
    if (clash && unique && before.length > 0) {
      // Taken before our first POST: every POST of ours was refused, so nothing of ours exists.
      journal.remove(identity);
      const value = `${unique.field} ${secrets.show(unique.field, body[unique.field])}`;
      const holders = `${spec.typeName} ${before.join(", ")}`;
      const own = before.filter((id) => kind.ours.has(id));
      throw new Error(
        own.length > 0
          ? `${what}: ${value} is already used by ${holders}, an object of this stack: the one this resource replaces ` +
              "(it is deleted only after its replacement is created, because the program sets `deleteBeforeReplace: false`: " +
              `remove that option) or another resource of this stack with the same ${unique.field} (choose another). (${messageOf(error)})`
          : `${what}: ${value} is already used by ${holders}. If it is this resource's own object being replaced ` +
              "(`pulumi up --replace` with `deleteBeforeReplace: false`), remove that option so the replacement deletes it first; " +
              `if an interrupted \`pulumi up\` created it, adopt it (docs/interrupted-runs.md); ` +
              `otherwise choose another ${unique.field} or adopt the object with the \`import\` option. (${messageOf(error)})`,
      );
    }
    if (clash && ambiguous) {
      // Free before our first POST, taken now: an earlier attempt of ours committed late.
      const found = await newOne(before);
      if (found) return found;
    }
    if (ambiguous) {
      // The last attempt was ambiguous and the lookup found nothing: a write still in flight may land later.
      throw new UnsettledCreateError(`${what}: not created as far as the API shows (${messageOf(error)})`);
    }
    journal.remove(identity);
    if (clash && unique) {
      // Free when listed, refused now, no attempt of ours ambiguous: someone else (another stack of the project,
      // another program) created it in between, maybe right now. Never adopted: say whose it is.
      const holders = await candidates().then(
        (found) => found.map(idOf),
        () => [],
      );
      const value = `${unique.field} ${secrets.show(unique.field, body[unique.field])}`;
      throw new Error(
        `${what}: ${value} is already used by ${spec.typeName}${holders.length > 0 ? ` ${holders.join(", ")}` : " (not listed yet)"}, ` +
          "created after this run listed the collection: by another stack or program, maybe running now. Nothing was " +
          `created. Choose another ${unique.field}, or adopt that object with the \`import\` option. (${messageOf(error)})`,
      );
    }
    throw error;
  }

  /**
   * The object an interrupted run made: by its id once known (one GET; the answer must be that object),
   * else the one new candidate. An id the API no longer knows is forgotten: the create starts anew.
   */
  async function madeBy(entry: JournalEntry): Promise<Props | undefined> {
    if (entry.id !== undefined) {
      const found = (await client.find(`${collection}/${encodeURIComponent(entry.id)}`, spec.model)) as
        | Props
        | undefined;
      if (found === undefined) {
        journal.remove(identity);
        return undefined;
      }
      if (idOf(found) !== entry.id) {
        throw new Error(
          `${what}: the API answered object ${idOf(found)} when asked for ${entry.id}, the object an interrupted ` +
            "run created; nothing was adopted or changed. Check futrou:apiUrl (or FUTROU_API_URL) points at the Futrou API.",
        );
      }
      return found;
    }
    return newOne(entry.before);
  }

  /**
   * Makes an adopted object what the program now says: fields changed since the interrupted run are
   * PATCHed (a variable's value included: the API never shows it); a change that needs a replacement
   * deletes the adopted object (it is ours and in no state) and answers undefined, so a fresh create runs.
   */
  async function reconcile(obj: Props, entry: JournalEntry): Promise<Props | undefined> {
    const now = fieldHashes(body, entry.salt);
    const keys = new Set([...Object.keys(now), ...Object.keys(entry.fields)]);
    const changed = [...keys].filter((k) => now[k] !== entry.fields[k]);
    if (changed.length === 0) return obj;
    const path = `${collection}/${encodeURIComponent(idOf(obj))}`;
    const updatable = Object.keys(spec.update.shape);
    if (changed.every((k) => updatable.includes(k) && body[k] !== undefined)) {
      const patch = Object.fromEntries(changed.map((k) => [k, body[k]]));
      return { ...obj, ...((await client.patch(path, patch, spec.model)) as Props) };
    }
    await client.delete(path);
    journal.remove(identity);
    return undefined;
  }
}
