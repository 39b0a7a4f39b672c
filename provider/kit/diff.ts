/**
 * diff: compares the checked inputs with the last known actual values (old outputs), in normal form;
 * replaces for `replaceOn`, non-updatable fields and `__replaceOnChanges` paths, and remembers what it
 * replaces (`replacing`) for the engine's re-check.
 */
import type { dynamic } from "@pulumi/pulumi";
import { normalize, same } from "../normal";
import { replacingKeys } from "../paths";
import type { Secrets } from "../secrets";
import { HIDDEN, type Props } from "../spec";
import { unreadOf, visible } from "./props";
import type { KindRuntime } from "./runtime";

/** Diff's answer, plus the visible inputs that changed (the plugin's per-field DetailedDiff). */
export interface KitDiff extends dynamic.DiffResult {
  changed: string[];
}

/**
 * Old outputs that lack a kept field (a resource brought in by `pulumi import`, whose read cannot see kept
 * fields, or state written by older versions) get its last applied value from the old inputs. A field the
 * import could not read (`__unread`) has no such value; as the `import` option does (adopt), the object
 * keeps what it has unless the program sets something: a value the PATCH can carry is written; left at
 * its default (or null) nothing is written or claimed; one only a replacement could change (a workspace,
 * a region) is taken as the program says, since replacing over an unknown would destroy the object.
 * A secret field the import withheld from the code it printed (a cron's headers, see read) keeps the
 * object's value while the program leaves it out (check keeps it unread); one the program sets is compared
 * with the object's as usual.
 */
export function withKept(rt: KindRuntime, olds: Props, news: Props, oldInputs: Props | undefined): Props {
  if (!oldInputs) return olds;
  const unread = unreadOf(oldInputs);
  const filled = { ...olds };
  for (const k of rt.keptKeys) {
    if (filled[k] !== undefined) continue;
    if (!unread.includes(k)) filled[k] = oldInputs[k];
    else if (!rt.updatable.has(k) || same(news[k], rt.defaults[k])) filled[k] = news[k];
  }
  const withheld = unreadOf(news);
  for (const k of rt.spec.secrets) if (unread.includes(k) && withheld.includes(k)) filled[k] = news[k];
  return filled;
}

/**
 * Whether input `k` differs between the old values and the new inputs (`was`, `now`: normal form). A field
 * added to this package with a default after the state was written (absent from the old outputs, and from
 * the old inputs when the adapter has them) that is at its default now is no change: upgrading the package
 * shows no diff on a stack made before the field existed, and an update never sends it.
 */
export function differs(rt: KindRuntime, k: string, was: Props, now: Props, oldInputs?: Props): boolean {
  if (same(now[k], was[k])) return false;
  // The old check knew the field (`__given`): it was left out on purpose (an import's unclaimed kept field).
  const known = [was[HIDDEN.given], oldInputs?.[HIDDEN.given]].some((g) => Array.isArray(g) && g.includes(k));
  const predates = was[k] === undefined && oldInputs?.[k] === undefined && !known && Object.hasOwn(rt.defaults, k);
  return !(predates && same(now[k], rt.defaults[k]));
}

export async function diff(
  rt: KindRuntime,
  id: string,
  outs: Props,
  news: Props,
  secrets: Secrets,
  oldInputs?: Props,
): Promise<KitDiff> {
  const { spec } = rt;
  rt.seen(id, outs);
  const olds = withKept(rt, outs, news, oldInputs);
  const was = normalize(spec.kind, olds);
  const now = normalize(spec.kind, news);
  const changed = Object.keys(visible(news)).filter((k) => differs(rt, k, was, now, oldInputs));
  const optioned = news[HIDDEN.replaceOnChanges];
  const paths = Array.isArray(optioned) ? optioned.filter((p): p is string => typeof p === "string") : [];
  const forced = replacingKeys(paths, changed, was, now);
  const replaces = changed.filter(
    (k) => spec.replaceOn.includes(k) || (!rt.updatable.has(k) && !rt.localKeys.includes(k)) || forced.includes(k),
  );
  const unique = spec.unique;
  const unchanged = (k: string) => !changed.includes(k);
  // A replacement that keeps a unique value (an auto-name is kept, or drawn the same) must delete first. Said
  // for any change: the engine may replace what the provider would update (the `replaceOnChanges` option).
  const deleteBeforeReplace =
    changed.length > 0 && unique !== undefined && unchanged(unique.field) && unique.within.every(unchanged);
  // A value changed outside Pulumi (refresh found it) that the program would undo against the rule (check
  // lets it through: it judges the program by what it last applied): a normal diff, so a drift check lists
  // it with all other drift, explained here; the update refuses it.
  const drifted = replaces.length === 0 ? spec.transition?.rule(olds, news) : undefined;
  if (drifted) {
    const found = JSON.stringify(olds[drifted.property]);
    await rt.warn(
      secrets,
      `${rt.label(olds)}: ${drifted.property}: ${drifted.reason}. Its ${drifted.property} is ${found}, changed ` +
        `outside Pulumi (found by refresh): \`pulumi up\` refuses this update; set ${drifted.property} to ` +
        `${found} in the program to keep it.`,
    );
  }
  if (replaces.length > 0) {
    const key = rt.replacementKey(news);
    if (key !== undefined) rt.replacing.set(key, { olds });
    if (spec.replacementLoses) {
      await rt.warn(
        secrets,
        `${rt.label(olds, id)}: replacing it (${replaces.join(", ")} changed) deletes it with ` +
          `${spec.replacementLoses(olds)}; the new ${spec.kind} starts empty.`,
      );
    }
  }
  return {
    changes: changed.length > 0,
    changed,
    ...(replaces.length > 0 ? { replaces } : {}),
    ...(deleteBeforeReplace ? { deleteBeforeReplace } : {}),
  };
}
