/** Async state changes: serverlets `deploying` → `running`/`failed`, proxies `pending` → `active`. */
import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { SERVERLET_ACTIONS } from "../provider/api/contract";
import type { Entry, Store } from "./store";

/** What the kind hooks and state changes run against. */
export interface Env {
  store: Store;
  timers: Timers;
  deployDelayMs: number;
}

/** One pending timer per object; unref'd so they never keep a process alive, all cleared on close. */
export class Timers {
  private readonly pending = new Map<string, NodeJS.Timeout>();
  after(key: string, ms: number, fn: () => void): void {
    this.cancel(key);
    const timer = setTimeout(() => {
      this.pending.delete(key);
      fn();
    }, ms);
    timer.unref();
    this.pending.set(key, timer);
  }
  cancel(key: string): void {
    const timer = this.pending.get(key);
    if (timer) clearTimeout(timer);
    this.pending.delete(key);
  }
  clear(): void {
    for (const timer of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
  }
}

/** ASSUMED: an image reference containing this ends the deploy `failed` (the emulator's stand-in for a bad pull). */
export const MISSING_IMAGE_MARKER = "does-not-exist";

export function deployServerlet(env: Env, entry: Entry): void {
  const id = String(entry.object.id);
  Object.assign(entry.object, { state: "deploying", stateReason: null });
  env.store.changed();
  env.timers.after(`serverlet:${id}`, env.deployDelayMs, () => {
    const current = env.store.find("serverlet", id);
    if (!current) return;
    const image = String(current.object.image);
    if (image.includes(MISSING_IMAGE_MARKER)) {
      Object.assign(current.object, {
        state: "failed",
        stateReason: `image pull failed: manifest for ${image} not found`,
        instances: 0,
      });
      current.instanceIds = [];
    } else {
      const count = Number(current.object.minInstances);
      Object.assign(current.object, { state: "running", stateReason: null, instances: count });
      current.instanceIds = Array.from({ length: count }, () => randomUUID());
    }
    env.store.changed();
  });
}

export function stopServerlet(env: Env, entry: Entry): void {
  env.timers.cancel(`serverlet:${entry.object.id}`);
  Object.assign(entry.object, { state: "stopped", stateReason: null, instances: 0 });
  entry.instanceIds = [];
  env.store.changed();
}

export function activateProxy(env: Env, entry: Entry): void {
  const id = String(entry.object.id);
  env.timers.after(`proxy:${id}`, env.deployDelayMs, () => {
    const current = env.store.find("proxy", id);
    if (!current) return;
    current.object.status = "active";
    env.store.changed();
  });
}

/** After loading a data file, picks up state changes that were in flight when the emulator stopped. */
export function resumePending(env: Env): void {
  for (const e of env.store.all("serverlet")) if (e.object.state === "deploying") deployServerlet(env, e);
  for (const e of env.store.all("proxy")) if (e.object.status === "pending") activateProxy(env, e);
}

/** ASSUMED shape of `GET /serverlets/{id}/instances` items. */
export const ServerletInstance = z.object({
  id: z.string(),
  serverletId: z.string(),
  index: z.number().int(),
  state: z.literal("running"),
});

/** POST /serverlets/{id}/start|stop|restart|sync. ASSUMED: answered 200 with the serverlet; sync redeploys. */
export function serverletAction(env: Env, entry: Entry, action: (typeof SERVERLET_ACTIONS)[number]): Entry["object"] {
  if (action === "stop") stopServerlet(env, entry);
  else deployServerlet(env, entry);
  return entry.object;
}

export function serverletInstances(entry: Entry): Array<z.infer<typeof ServerletInstance>> {
  return (entry.instanceIds ?? []).map((id, index) => ({
    id,
    serverletId: String(entry.object.id),
    index,
    state: "running",
  }));
}
