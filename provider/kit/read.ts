/**
 * read (refresh, `get`, `pulumi import`): the object from its collection's listing when the listing answers
 * as well as a GET (`listsSayAll`), else one GET; a 404 is "gone" only once the token is known to see the
 * object's workspace. Returns outputs and inputs.
 */
import type { dynamic } from "@pulumi/pulumi";
import { itemPath as objectPath } from "../api/path";
import { Listings, ownerFilter } from "../listing";
import { same } from "../normal";
import type { Secrets } from "../secrets";
import { generationsOf, HIDDEN, keptNames, type Props } from "../spec";
import { givenOfOutputs } from "./given";
import { visible } from "./props";
import type { KindRuntime } from "./runtime";
import { OwnerRef, visibleWorkspaces } from "./workspaces";

/**
 * Requests of the rate limit's second a read leaves unused when it warms a listing ahead of other reads
 * (listing.ts `warm`): optional requests never take the last ones an operation may need.
 */
const WARM_SPARE = 20;

/** Every field `get` says (not null) is said by `item` too. */
function saysAll(rt: KindRuntime, item: Props, get: Props): boolean {
  const said = rt.live(item);
  return Object.keys(rt.live(get)).every((k) => said[k] !== undefined);
}

/**
 * The object as its collection's listing has it (listing.ts: one list request per 100 objects for a whole
 * refresh), when that answer is as good as a GET's: this kind's list items say all a GET says
 * (`listsSayAll`), and for every observed field the last answer said (a field kept in some generation: if
 * this API's GET says it), the item says it too or the list's items carry that field elsewhere (then its
 * absence here is the API leaving an empty value out, as a GET would). Undefined: ask by GET. `{ object }`:
 * the answer (from the deciding GET, `object` undefined when that was a 404).
 */
async function listed(rt: KindRuntime, id: string, props: Props): Promise<{ object?: Props } | undefined> {
  const { spec } = rt;
  const { key, collection } = rt.locate(id);
  const c = rt.client();
  const listing = Listings.of(c).find(collection, ownerFilter(spec, props), spec.model, key, spec.itemKey);
  let fits = rt.listsSayAll.get(c.root);
  if (!fits) {
    // The deciding read: its GET is its answer (listed or not, this read costs one GET either way), asked
    // together with the listing's page, so the reads waiting for the decision wait one round trip, not two.
    const got = c.find(rt.itemPath(id), spec.model) as Promise<Props | undefined>;
    fits = Promise.all([listing, got])
      .then(([hit, g]) =>
        hit === undefined || g === undefined
          ? undefined
          : saysAll(rt, hit.object, g) && new Set(Object.keys(rt.live(g))),
      )
      .catch(() => undefined);
    rt.listsSayAll.set(c.root, fits);
    void fits.then((known) => known === undefined && rt.listsSayAll.delete(c.root));
    return { object: await got };
  }
  const hit = await listing;
  if (!hit) return undefined;
  const getSaid = await fits;
  if (!getSaid) return undefined;
  const said = rt.live(hit.object);
  // A field one generation answers and another keeps (a proxy's projectId, a serverlet's plan) may hold
  // the program's value, not an answer's: it is needed only where this API's GET answers it.
  const needed = [...spec.observed, ...spec.volatile].filter(
    (k) => props[k] !== undefined && props[k] !== null && (!rt.keptKeys.includes(k) || getSaid.has(k)),
  );
  return needed.every((k) => said[k] !== undefined || hit.shape.has(k)) ? { object: hit.object } : undefined;
}

/**
 * After a 404: true when the object is really gone. Throws when the token cannot see the object's
 * workspace (another workspace's token gets 404 for everything: without this a refresh with it would
 * drop the whole stack from the state); false (keep the state as it is) when the object's owner is not
 * visible either, so gone cannot be told from out of reach.
 */
async function confirmGone(rt: KindRuntime, id: string, props: Props): Promise<boolean> {
  const { spec } = rt;
  const workspaceId = props.workspaceId;
  if (typeof workspaceId === "string" && workspaceId !== "") {
    const seen = await visibleWorkspaces(rt.client());
    if (seen.includes(workspaceId)) return true;
    throw new Error(
      `futrou:${spec.typeName} "${id}" is in workspace ${workspaceId}, which the API token (futrou:apiToken) ` +
        `cannot see (it sees ${seen.join(", ") || "none"}; the object answered 404). Nothing was changed; ` +
        `use a token of workspace ${workspaceId}.`,
    );
  }
  const owner = spec.owners?.find((o) => typeof props[o.field] === "string" && props[o.field] !== "");
  if (!owner) return true;
  return (await rt.client().find(objectPath(owner.collection, String(props[owner.field])), OwnerRef)) !== undefined;
}

/**
 * Refresh cannot see kept fields. When the object's `updatedAt` moved but no field the answer carries
 * changed, the change was to fields it does not carry: say which ones may have changed (those that can
 * change after creation), per resource, as an engine warning.
 */
async function unseenChanges(rt: KindRuntime, id: string, recorded: Props, found: Props, secrets: Secrets) {
  const before = recorded.updatedAt;
  const now = rt.live(found).updatedAt;
  const hidden = rt.claimable.filter((k) => rt.updatable.has(k));
  if (hidden.length === 0 || typeof before !== "string" || typeof now !== "string" || before === now) return;
  const answer = rt.live(found);
  // A configurable field the answer shows changed explains the move; a status (a serverlet redeploying after
  // an env change made outside) does not.
  const seen = rt.outputKeys.filter(
    (k) => rt.inputKeys.includes(k) && answer[k] !== undefined && !same(answer[k], recorded[k]),
  );
  // Only the fields kept in the generation that answered (a serverlet's plan in the older, its env in both).
  const keptHere = new Set(generationsOf(rt.spec, answer).flatMap((g) => keptNames(rt.spec, g)));
  const unseen = hidden.filter((k) => keptHere.has(k) && answer[k] === undefined);
  if (seen.length > 0 || unseen.length === 0) return;
  await rt.warn(
    secrets,
    `${rt.label(recorded, id)} was changed outside Pulumi (updatedAt ${before} → ${now}), but no field the API ` +
      `returns did: fields the API does not return may have changed: ${unseen.join(", ")}. Refresh cannot ` +
      "see them and `pulumi up` does not rewrite them; check them with the Futrou console or CLI.",
  );
}

/**
 * The object from its collection's listing, else by one GET; a 404 answers an empty id, which tells the
 * engine the resource is gone — once the token is known to see the resource's workspace. A listing never
 * says "gone": an object it does not hold is asked for by GET. Returns inputs too (observed fields live,
 * kept ones as last applied), so ignoreChanges, the preview diff and transition rules see what is there.
 */
export async function read(rt: KindRuntime, id: string, props: Props, secrets: Secrets): Promise<dynamic.ReadResult> {
  const { spec } = rt;
  rt.seen(id, props);
  const found = ((await listed(rt, id, props)) ?? { object: await rt.client().find(rt.itemPath(id), spec.model) })
    .object as Props | undefined;
  if (found) rt.confirmAnswer(id, found);
  // An answer that says the object is deleted (a serverlet's `status: deleted`) is as good as a 404.
  const state = spec.ready && found ? rt.live(found)[spec.ready.field] : undefined;
  if (spec.ready?.gone.includes(String(state))) return { id: "", props: {} };
  if (!found) return (await confirmGone(rt, id, props)) ? { id: "", props: {} } : { id, props };
  // Nothing known before: `pulumi import` (or a `get`), not a refresh.
  const importing = Object.keys(visible(props)).length === 0;
  // A refresh reads what this object holds next (a zone's records depend on it): warm their listing,
  // under the owner filter its reads use (`{}`: a per-parent collection, listing.ts `ownerFilter`).
  if (spec.contents && !importing) {
    Listings.of(rt.client()).warm(rt.contentsOf(id), {}, spec.contents.model, WARM_SPARE);
  }
  const outs = rt.outputs(found, props, props, givenOfOutputs(props, rt.inputKeys));
  await unseenChanges(rt, id, props, found, secrets);
  const inputs = rt.inputsOf(outs);
  if (!importing) return { id, props: outs, inputs };
  // Nothing known before (`pulumi import`): the kept fields it cannot see are unread, not absent. The kind's
  // secret fields it saw (a cron's headers) are withheld: the engine prints an import's inputs as the
  // program's code, in clear whether secret or not. They stay outputs; the object keeps them (withKept).
  const withheld = spec.secrets.filter((k) => inputs[k] !== undefined && !same(inputs[k], rt.defaults[k]));
  for (const k of withheld) delete inputs[k];
  const unread = [...rt.keptKeys.filter((k) => outs[k] === undefined), ...withheld];
  return { id, props: outs, inputs: unread.length > 0 ? { ...inputs, [HIDDEN.unread]: unread } : inputs };
}
