import { z } from "zod";
import type { FutrouClient } from "../api/client";
import { Workspace } from "../api/models";

/** An object's owner (or a listed object) as far as the kit asks: it exists, with this id. */
export const OwnerRef = z.looseObject({ id: z.string() });

/** Per client (its `root`: shared by the views of it): the workspace ids the token sees. */
const workspaceLists = new WeakMap<FutrouClient, Promise<string[]>>();

/**
 * The ids of the workspaces the token sees (`GET /workspaces`, every page), asked once per client. The
 * official CLI finds its workspace the same way; `GET /auth/context` promises only the user.
 */
export function visibleWorkspaces(client: FutrouClient): Promise<string[]> {
  let known = workspaceLists.get(client.root);
  if (!known) {
    known = client.list("/workspaces", Workspace).then((all) => all.map((w) => w.id));
    known.catch(() => workspaceLists.delete(client.root));
    workspaceLists.set(client.root, known);
  }
  return known;
}
