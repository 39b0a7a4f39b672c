/** Admin routes for accounts that the emulator's own tests and demos need beyond admin.ts: a second workspace for a user. */
import { z } from "zod";
import { created, type Route } from "./router";
import type { RunningEmulator } from "./types";

const AddWorkspace = z.object({
  token: z.string().min(1),
  name: z.string().min(1).optional(),
  limits: z.record(z.string(), z.number().int().min(0)).optional(),
});

export function accountRoutes(e: Pick<RunningEmulator, "addWorkspace">): Route[] {
  return [
    {
      method: "POST",
      pattern: "/workspaces/add",
      handle: (c) => {
        const { token, ...opts } = AddWorkspace.parse(c.body ?? {});
        return created(e.addWorkspace(token, opts));
      },
    },
  ];
}
