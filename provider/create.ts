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
 * 2. POST (client.create: 429/503 re-sent; never blindly repeated after an ambiguous failure; attempts stop
 *    short of the deadline, so the lookup after them has room: api/deadline.ts `postingDeadline`). After every
 *    ambiguous outcome, the last attempt's included, look again (a fresh filtered list): exactly one *new*
 *    candidate (not listed before, not made by another create of this process, and proven new: step 3) is
 *    ours; several are an error naming them; none means not created yet. Kinds with a unique field then re-POST while attempts
 *    remain (a first attempt that lands late makes the re-POST a clash, step 3). Kinds without one (records)
 *    do not: a write still queued in the API when the lookup ran would land later as a twin no lookup of
 *    this run sees. Their create stays unsettled instead (step 4): the next run adopts the object if it
 *    appeared, else creates it.
 * 3. Adoption needs proof, not absence: a look-alike that no listing before our first POST showed is taken as
 *    ours only when its `createdAt` is not before the API's clock at that POST (the `Date` header of the
 *    latest answer before it, FutrouClient.apiNow) less CREATED_SKEW_MS. A listing can lag: an object it did
 *    not show yet may be older than our POST, and is then "already used by" someone else. A re-POST that
 *    meets "already in use" is our earlier attempt landing late only when that proof holds.
 *    The answer: a 2xx is believed only when its id is none this process had seen in that collection before
 *    the POST and its lookup values are the ones sent; otherwise nothing of it is taken (`checkAnswer`). A
 *    2xx whose body cannot be read keeps its `id` (checked the same way).
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
import { ResourceInitError } from "./initError";
import { CreateJournal, fieldHashes, type JournalEntry, newSalt } from "./journal";
import { Listings, ownerFilter } from "./listing";
import { same } from "./normal";
import { Secrets } from "./secrets";
import { HIDDEN, itemKeyOf, type Props, type ResourceSpec } from "./spec";

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

/**
 * How far before the API's clock at our first POST an object's `createdAt` may be and still count as made by
 * that POST (step 3): the `Date` header is truncated to the second, and the API stamps `createdAt` some time
 * after it received the request (docs/design-notes.md, "Adoption needs proof").
 */
export const CREATED_SKEW_MS = 2_000;

/** Whether `o` was created at or after `since` (the API's clock, ms) less the skew: unproven without either. */
export function createdSince(o: Props, since: number | undefined): boolean {
  const at = typeof o.createdAt === "string" ? Date.parse(o.createdAt) : Number.NaN;
  return since !== undefined && !Number.isNaN(at) && at >= since - CREATED_SKEW_MS;
}

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
  /**
   * The item path of this create's object with API id `id`: that id, or, when the kind's item path takes
   * another field (spec.itemKey), the value the body gives it (the same for any object this create makes).
   */
  const itemOf = (id: string): string => `${collection}/${encodeURIComponent(itemKeyOf(spec, { id }, body))}`;

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
    const listed = await listings.all(collection, ownerFilter(spec, body), spec.model, spec.itemKey);
    return listed ? listed.filter(matches) : candidates();
  };
  /** The API's clock when this create's first POST was sent (step 3); set just before it. */
  let postedAt: number | undefined;
  /** Look-alikes the latest lookup found unlisted before our POST but created before it: never ours. */
  let older: Props[] = [];
  /**
   * New look-alikes: candidates now that are neither among `before` nor made by another create of this
   * process (two resources of one stack may have identical values), and created after our first POST was
   * sent (`since`); the others are kept in `older`.
   */
  const fresh = async (before: readonly string[], since = postedAt): Promise<Props[]> => {
    const unlisted = (await candidates()).filter((o) => !before.includes(idOf(o)) && !listings.createdHere(idOf(o)));
    older = unlisted.filter((o) => !createdSince(o, since));
    return unlisted.filter((o) => createdSince(o, since));
  };
  /** The one new candidate; undefined when there is none. */
  const newOne = async (before: readonly string[], since = postedAt): Promise<Props | undefined> => {
    const found = await fresh(before, since);
    if (found.length > 1) throw new AmbiguousMatchError(what, found.map(idOf));
    return found[0];
  };
  /** `Project <id> "shop"`: an object by its kind, id and lookup values. */
  const named = (o: Props): string => {
    const normal = kind.live(o);
    const values = fields.filter((f) => normal[f] !== undefined).map((f) => secrets.show(f, normal[f]));
    const shown = values.map((v) => (v.startsWith('"') ? v.slice(1, -1) : v)).join(" ");
    return `${spec.typeName} ${idOf(o)}${shown ? ` "${shown}"` : ""}`;
  };
  /** The look-alikes in `older`: not ours, whatever a lagging listing said (step 3). */
  const alreadyUsed = (cause: unknown): Error => {
    const value = spec.unique
      ? `${spec.unique.field} ${secrets.show(spec.unique.field, body[spec.unique.field])}`
      : "its values";
    const since =
      postedAt === undefined ? "unknown (no answer carried a Date header)" : new Date(postedAt).toISOString();
    return new Error(
      `${what}: ${value} is already used by ${older.map(named).join(", ")}, which no listing before this run's first ` +
        `POST showed but which was not created after it (createdAt ${older.map((o) => String(o.createdAt ?? "not given")).join(", ")}; ` +
        `the API's clock at that POST: ${since}): it is not this run's, and nothing was created. Adopt it with the ` +
        `\`import\` option, or choose another ${spec.unique?.field ?? "value"}. (${messageOf(cause)})`,
    );
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
        if (earlier.id !== idOf(adopted)) await journal.write({ ...earlier, id: idOf(adopted) });
        return finish(adopted);
      }
    }
  }

  const before = (await existing()).map(idOf);
  // Every id this process had seen in the collection before the POST: none of them is what the POST made.
  const seenBefore = new Set([...listings.seenIn(collection), ...kind.ours, ...before]);
  postedAt = client.apiNow();
  const salt = newSalt();
  const entry: JournalEntry = {
    version: 1,
    what: `${what} at ${client.baseUrl}${secrets.redact(collection)}`,
    identity,
    before,
    salt,
    fields: fieldHashes(body, salt),
    startedAt: new Date().toISOString(),
    ...(postedAt === undefined ? {} : { apiAt: new Date(postedAt).toISOString() }),
    pid: process.pid,
  };
  await journal.write(entry);

  let ambiguous = false;
  /** What a lookup found (already checked); anything else `created` holds is the API's answer. */
  let recovered: Props | undefined;
  let created: Props;
  try {
    created = (await client.create(collection, body, spec.model, {
      recover: async () => {
        ambiguous = true;
        recovered = await newOne(before);
        if (recovered === undefined && !spec.unique) throw new NotResent(spec.typeName);
        return recovered;
      },
    })) as Props;
  } catch (error) {
    created = await settleFailure(error);
  }
  if (created !== recovered) await checkAnswer(created);
  await journal.write({ ...entry, id: idOf(created) });
  return finish(created);

  /**
   * The API's answer is the object this POST made: an id this process had not seen in the collection before
   * the POST, and the lookup values sent (where the answer carries them). Otherwise nothing of it is taken:
   * the step fails naming both, and the object the POST really made is looked up by its lookup values. One
   * proven new (step 3) is recorded as this resource's (an init failure: the engine holds it, so `destroy`
   * deletes it); none, and the journal keeps the create for the next run.
   */
  async function checkAnswer(answer: Props): Promise<void> {
    const normal = kind.live(answer);
    const reasons = [
      ...(seenBefore.has(idOf(answer))
        ? [
            `this run had already seen before the POST${kind.ours.has(idOf(answer)) ? " (an object of this stack)" : ""}`,
          ]
        : []),
      ...fields
        .filter((f) => normal[f] !== undefined && !same(normal[f], body[f]))
        .map((f) => `has ${f} ${secrets.show(f, normal[f])}, not the ${secrets.show(f, body[f])} sent`),
    ];
    if (reasons.length === 0) return;
    const sent = fields.map((f) => secrets.show(f, body[f])).map((v) => (v.startsWith('"') ? v.slice(1, -1) : v));
    const told =
      `the API answered the create of ${spec.typeName}${sent.length > 0 ? ` "${sent.join(" ")}"` : ""} with ` +
      `${named(answer)}, which ${reasons.join(" and ")}; nothing of that answer was taken into the state`;
    const made = await fresh(before).then(
      (found) => found.filter((o) => idOf(o) !== idOf(answer)),
      (lookup: unknown) => {
        throw new UnsettledCreateError(
          `${what}: ${told}, and the lookup for the object this POST made failed: ${messageOf(lookup)}`,
        );
      },
    );
    if (made.length === 1 && made[0]) {
      const mine = made[0];
      await journal.write({ ...entry, id: idOf(mine) });
      if (!engineGone()) journal.returned(identity);
      const message =
        `${what}: ${told}. The object this POST made, ${named(mine)} (found by its ${fields.join(", ")}, created after ` +
        "the POST was sent), is recorded as this resource's, and the step fails: check that futrou:apiUrl (or " +
        "FUTROU_API_URL) points at the Futrou API, then run `pulumi up` again";
      throw new ResourceInitError(message, kind.pulumiId(mine, inputs), withProvider(kind.outputs(mine, inputs)), [
        message,
      ]);
    }
    if (made.length > 1) throw new AmbiguousMatchError(`${what}: ${told}`, made.map(idOf));
    throw new UnsettledCreateError(
      `${what}: ${told}, and no new ${spec.typeName} with the values sent is listed yet: the object this POST made, ` +
        "if any, is in no stack",
    );
  }

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
        const found = (await client.find(itemOf(error.id), spec.model).catch(() => undefined)) as Props | undefined;
        if (found && idOf(found) === error.id) return found;
        // The engine records the id (an init failure): the entry stays until it is confirmed, like a create's.
        await journal.write({ ...entry, id: error.id });
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
              "(`pulumi up --replace`, which the engine never asks the provider about), the replacement must delete it first: " +
              "set the resource option `deleteBeforeReplace: true` (pulumi-futrou's TypeScript classes set it unless the program says `false`); " +
              `if an interrupted \`pulumi up\` created it, adopt it (docs/interrupted-runs.md); ` +
              `otherwise choose another ${unique.field} or adopt the object with the \`import\` option. (${messageOf(error)})`,
      );
    }
    if (clash && ambiguous) {
      // Not listed before our first POST, taken now: an earlier attempt of ours committed late, if the object
      // proves it (step 3); one created before that POST was hidden by a lagging listing, and is not ours.
      const found = await newOne(before);
      if (found) return found;
      if (older.length > 0) {
        journal.remove(identity);
        throw alreadyUsed(error);
      }
    }
    if (ambiguous) {
      // The last attempt was ambiguous and the lookup found nothing: a write still in flight may land later.
      const seen =
        older.length > 0
          ? `only ${older.map(named).join(", ")}, created before this run's first POST (not its own)`
          : `no new ${spec.typeName} with the values sent`;
      throw new UnsettledCreateError(
        `${what}: not created as far as the API shows: the lookup sent after the last attempt found ${seen} (${messageOf(error)})`,
      );
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
      const found = (await client.find(itemOf(entry.id), spec.model)) as Props | undefined;
      // Gone; or, where the item path takes another field (spec.itemKey), another object holds it now: the
      // one the interrupted run made is gone too (a path names one object). Either way, nothing to adopt.
      if (found === undefined || (spec.itemKey && idOf(found) !== entry.id)) {
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
    return newOne(entry.before, entry.apiAt === undefined ? undefined : Date.parse(entry.apiAt));
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
    const path = itemOf(idOf(obj));
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
