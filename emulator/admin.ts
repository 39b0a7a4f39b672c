/**
 * Test and bench helpers over HTTP, outside /v2 under /_emulator: the same operations as the
 * RunningEmulator methods. No token; never rate-limited, faulted or counted. The emulator listens on
 * 127.0.0.1 only, which is what keeps these private.
 */
import { z } from "zod";
import { FaultPatch, type Faults } from "./faults";
import { created, noContent, ok, type Route } from "./router";
import type { RunningEmulator } from "./types";

const NewWorkspace = z.object({
  name: z.string().min(1).optional(),
  limits: z.record(z.string(), z.number().int().min(0)).optional(),
});
const NewToken = z.object({ workspaceId: z.string().min(1), expiresAt: z.iso.datetime({ offset: true }).optional() });

type Helpers = Omit<RunningEmulator, "url" | "token" | "workspaceId" | "close">;

export function adminRoutes(e: Helpers, faults: Faults): Route[] {
  return [
    { method: "GET", pattern: "/stats", handle: () => ok(e.stats()) },
    {
      method: "POST",
      pattern: "/stats/reset",
      handle: () => {
        e.resetStats();
        return noContent();
      },
    },
    { method: "GET", pattern: "/faults", handle: () => ok(faults.current) },
    {
      method: "PUT",
      pattern: "/faults",
      handle: (c) => {
        e.setFaults(FaultPatch.parse(c.body ?? {}));
        return ok(faults.current);
      },
    },
    {
      method: "GET",
      pattern: "/inventory",
      handle: (c) => ok(e.inventory(c.query.get("workspaceId") ?? undefined)),
    },
    {
      method: "POST",
      pattern: "/workspaces",
      handle: (c) => created(e.createWorkspace(NewWorkspace.parse(c.body ?? {}))),
    },
    {
      method: "POST",
      pattern: "/tokens",
      handle: (c) => {
        const { workspaceId, expiresAt } = NewToken.parse(c.body);
        return created({ token: e.issueToken(workspaceId, expiresAt ? { expiresAt } : {}) });
      },
    },
    {
      method: "DELETE",
      pattern: "/tokens/{token}",
      handle: (c) => {
        e.revokeToken(c.params.token ?? "");
        return noContent();
      },
    },
  ];
}
