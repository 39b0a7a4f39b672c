/** delete: DELETE, a 404 counts as done; kinds with contents refuse while others' objects remain. */
import { FutrouApiError } from "../api/errors";
import { IncompleteListingError } from "../api/paging";
import type { Props } from "../spec";
import { customTimeout } from "./props";
import type { KindRuntime } from "./runtime";

/**
 * Kinds whose delete takes other objects with it (a zone's records): refuses, naming them, while objects
 * that are not the platform's are left, unless the provider-only `force` input is true. The stack's own
 * ones are deleted before (the engine deletes dependents first), so what is left is not Pulumi's: kept
 * with `retainOnDelete`, or made outside Pulumi. One list request per 100 objects. It decides only on a
 * complete listing: one that does not advance (api/paging.ts) refuses the delete too, saying how far it got.
 */
async function refuseWhileNotEmpty(rt: KindRuntime, id: string, props: Props): Promise<void> {
  const contents = rt.spec.contents;
  if (!contents || props[contents.force] === true) return;
  const collection = rt.contentsOf(id);
  let held: Props[];
  try {
    held = ((await rt.client().list(collection, contents.model)) as Props[]).filter((o) => !contents.platform(o));
  } catch (error) {
    if (error instanceof FutrouApiError && error.status === 404) return; // already gone
    if (error instanceof IncompleteListingError) {
      throw new Error(
        `${rt.label(props, id)} was not deleted: its ${contents.what} could not be listed completely ` +
          `(${error.progress}); nothing was deleted. Run the command again once the API lists them ` +
          `completely, or set \`${contents.force}: true\` and run \`pulumi up\` first to delete it with whatever it holds.`,
      );
    }
    throw error;
  }
  if (held.length === 0) return;
  const shown = held.slice(0, 10).map(contents.describe).join(", ");
  const more = held.length > 10 ? ` and ${held.length - 10} more` : "";
  throw new Error(
    `${rt.label(props, id)} was not deleted: it still holds ${held.length} ${contents.what} that this stack does not ` +
      `manage (${shown}${more}), and deleting it would delete them too. Delete or move them first, or set ` +
      `\`${contents.force}: true\` on the resource and run \`pulumi up\` before deleting it, to delete them with it.`,
  );
}

/** DELETE; already gone (404) counts as done. Bounded by `customTimeouts.delete` when set. */
export async function remove(rt: KindRuntime, id: string, props: Props = {}): Promise<void> {
  rt.seen(id, props);
  const limit = customTimeout(props, "delete");
  const deleting = refuseWhileNotEmpty(rt, id, props).then(() => rt.client().delete(rt.itemPath(id)));
  if (limit === undefined) {
    await deleting;
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(
            `futrou:${rt.spec.typeName} "${id}": delete did not finish within ${limit / 1000} s (customTimeouts.delete)`,
          ),
        ),
      limit,
    );
  });
  try {
    await Promise.race([deleting, expired]);
  } finally {
    clearTimeout(timer);
  }
}
