/** Async state changes: serverlets `deploying` → `running`/`failed`, proxies `pending` → `active`, certificates `pending` → `issued`. */
import { randomUUID } from "node:crypto";
import type { Assumptions } from "./assumptions";
import { stableId } from "./seed";
import type { Entry, Obj, Store } from "./store";
import type { ServerletAction } from "./wire/api";
import { CERT_VALID_DAYS } from "./wire/cert";
import type { Serving } from "./wire/kind";

/** What the kind hooks and state changes run against, and how answers are shaped (generation, shape). */
export interface Env extends Serving {
  store: Store;
  timers: Timers;
  deployDelayMs: number;
  /** The assumed rules that are switched on. */
  assume: Assumptions;
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

/** Internal bookkeeping on a stored serverlet, never answered: how often and when it was last deployed. */
interface DeployMarks {
  deployVersion?: number;
  deployedAt?: string;
}

export function deployServerlet(env: Env, entry: Entry): void {
  const id = String(entry.object.id);
  entry.object.state = "deploying";
  delete entry.object.stateReason;
  env.store.changed(["objects", "serverlet", id]);
  env.timers.after(`serverlet:${id}`, env.deployDelayMs, () => {
    const current = env.store.find("serverlet", id);
    if (!current) return;
    const o = current.object as Obj & DeployMarks;
    const image = String(o.image);
    if (image.includes(MISSING_IMAGE_MARKER)) {
      Object.assign(o, {
        state: "failed",
        stateReason: `image pull failed: manifest for ${image} not found`,
        instances: 0,
      });
      current.instanceIds = [];
    } else {
      const count = Number(o.minInstances);
      Object.assign(o, { state: "running", instances: count });
      current.instanceIds = Array.from({ length: count }, () => randomUUID());
    }
    o.deployVersion = (o.deployVersion ?? 0) + 1;
    o.deployedAt = new Date().toISOString();
    env.store.changed(["objects", "serverlet", id]);
  });
}

export function stopServerlet(env: Env, entry: Entry): void {
  env.timers.cancel(`serverlet:${entry.object.id}`);
  Object.assign(entry.object, { state: "stopped", instances: 0 });
  delete entry.object.stateReason;
  entry.instanceIds = [];
  env.store.changed(["objects", "serverlet", String(entry.object.id)]);
}

export function activateProxy(env: Env, entry: Entry): void {
  const id = String(entry.object.id);
  env.timers.after(`proxy:${id}`, env.deployDelayMs, () => {
    const current = env.store.find("proxy", id);
    if (!current) return;
    current.object.status = "active";
    env.store.changed(["objects", "proxy", id]);
  });
}

/**
 * ASSUMED: a certificate is `pending` for the deploy delay, then `issued`, valid for `CERT_VALID_DAYS` from
 * then; a renewal (`POST /certs/{id}/renew`) goes through the same steps again.
 */
export function issueCert(env: Env, entry: Entry): void {
  const id = String(entry.object.id);
  env.timers.after(`cert:${id}`, env.deployDelayMs, () => {
    const current = env.store.find("cert", id);
    if (!current) return;
    const now = Date.now();
    Object.assign(current.object, {
      status: "issued",
      expiresAt: new Date(now + CERT_VALID_DAYS * 86_400_000).toISOString(),
      updatedAt: new Date(now).toISOString(),
    });
    env.store.changed(["objects", "cert", id]);
  });
}

/** POST /certs/{id}/renew: back to `pending`, issued again after the delay (expiresAt moves then). */
export function renewCert(env: Env, entry: Entry): void {
  Object.assign(entry.object, { status: "pending", updatedAt: new Date().toISOString() });
  env.store.changed(["objects", "cert", String(entry.object.id)]);
  issueCert(env, entry);
}

/** After loading a data file, picks up state changes that were in flight when the emulator stopped. */
export function resumePending(env: Env): void {
  for (const e of env.store.all("serverlet")) if (e.object.state === "deploying") deployServerlet(env, e);
  for (const e of env.store.all("proxy")) if (e.object.status === "pending") activateProxy(env, e);
  for (const e of env.store.all("cert")) if (e.object.status === "pending") issueCert(env, e);
}

/** POST /serverlets/{id}/start|stop|restart. ASSUMED: start and restart redeploy. */
export function serverletAction(env: Env, entry: Entry, action: ServerletAction): void {
  if (action === "stop") stopServerlet(env, entry);
  else deployServerlet(env, entry);
}

/**
 * The running instances, in the published ServerletInstance fields. ASSUMED: numbered from 1, all on one
 * server per region, `version` counts deploys, `metrics` reports idle usage.
 */
export function serverletInstances(entry: Entry): Obj[] {
  const s = entry.object as Obj & DeployMarks;
  return (entry.instanceIds ?? []).map((id, i) => ({
    id,
    serverletId: s.id,
    number: i + 1,
    state: "running",
    status: "ready",
    cpu: s.cpu,
    ram: s.ram,
    image: s.image,
    runtime: s.runtime,
    serverId: stableId(`server:${s.regionId ?? "default"}`),
    version: s.deployVersion ?? 1,
    metrics: { cpuPercent: 0, ramPercent: 0 },
    createdAt: s.deployedAt ?? s.updatedAt,
    updatedAt: s.deployedAt ?? s.updatedAt,
  }));
}
