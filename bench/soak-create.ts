/**
 * Soak of the create protocol (provider/create.ts) against the emulator under heavy faults, without the
 * engine: N creates over every registered kind while the emulator answers 429/500/503, drops connections before
 * and after committing, and answers some creates only after the client has timed out. A share of the
 * creates is tempted: an object with the same unique value (or, for records, identical values) exists
 * before the create starts. Creates whose outcome stayed unknown are run once more, faults off, as the
 * next `pulumi up` on this machine would (same journal). Then the API's raw inventory is checked against
 * the ids the creates returned, never through the provider's lookup fields or normal forms:
 * - orphans: the ids the API holds minus the setup's and minus the ids the creates returned;
 * - duplicates: more than one stored object carrying one create's own value (TAG);
 * - wrong adoptions: a create that returned an object it did not make (a tempter, another create's, or one
 *   whose stored value is not its own);
 * - lost: a returned id the API does not have.
 * All four must be 0. The same seed gives the same faults on the same requests (the emulator's dice by
 * request), so the same counts run after run, as long as the run is shorter than the listings' life
 * (LISTING_TTL_MS, 30 s): a longer one renews them at moments that depend on the machine's speed. Measured:
 * 600 creates (18-22 s), 3 runs, the same 975 requests and outcomes; 1200 creates (32-41 s), the same
 * outcomes but 1961 to 1999 requests.
 *
 *   npx tsc -p tsconfig.json && node dist/bench/soak-create.js            # 1200 creates
 *   SOAK_CREATES=3000 SOAK_SEED=5 node dist/bench/soak-create.js
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type FaultConfig, type RunningEmulator, startEmulator } from "../emulator";
import { FutrouClient } from "../provider/api/client";
import { COLLECTIONS, type Kind } from "../provider/api/contract";
import { expandPath } from "../provider/api/path";
import { type CreateKind, createObject, UnsettledCreateError } from "../provider/create";
import { CreateJournal } from "../provider/journal";
import { ResourceInitError } from "../provider/kit";
import { normalize } from "../provider/normal";
import { specFor } from "../provider/registry";
import type { ExampleValue, Props } from "../provider/spec";

export interface SoakOptions {
  creates: number;
  seed: number;
  faults: Partial<FaultConfig>;
  /** Share of creates that meet a pre-existing object with their unique value (records: identical values). */
  temptShare: number;
  concurrency: number;
  /** The client's per-attempt timeout; the emulator's late answers come after `lateAnswerMs` (> timeout). */
  timeoutMs: number;
}

export const HEAVY_FAULTS: Partial<FaultConfig> = {
  rate429: 0.08,
  rate500: 0.05,
  rate503: 0.05,
  dropRate: 0.06,
  commitThenDropRate: 0.15,
  commitThenLateRate: 0.08,
  // Well above SOAK_TIMEOUT_MS: a late answer always comes after the client gave up.
  lateAnswerMs: 1500,
};

/**
 * The client's per-attempt timeout: well above the slowest ordinary answer on a loaded machine (client and
 * emulator share one process), so a timeout means a late answer, never a slow one; else a seed's run
 * would depend on the machine's load.
 */
export const SOAK_TIMEOUT_MS = 1000;

export interface SoakReport {
  creates: number;
  tempted: number;
  /** First run: returned an object / refused (the unique value is taken) / failed before anything / outcome left to the rerun. */
  firstRun: { created: number; refused: number; failed: number; unknown: number; initErrors: number };
  /** The next run (faults off) of the creates the first run left unsettled or failed. */
  rerun: { adopted: number; created: number; refused: number; failed: number };
  injected: Record<string, number>;
  requests: number;
  orphans: string[];
  duplicates: string[];
  wrongAdoptions: string[];
  lost: string[];
  seconds: number;
}

const KINDS = Object.keys(COLLECTIONS) as Kind[];

/**
 * The field that carries each create's own value (argsFor puts `i` in it), read from the API's stored
 * objects as they are: the soak's verdict attributes objects to creates by it, not by the provider's lookup.
 * It is the kind's unique value (its spec's `unique`), else the first field its lookup matches (a record's name).
 */
const TAG = Object.fromEntries(
  KINDS.map((kind) => {
    const spec = specFor(kind);
    return [kind, spec.unique?.field ?? spec.lookup.fields[0] ?? "id"];
  }),
) as Record<Kind, string>;

/** The owners the soak makes before the creates, by the type of the resource an example refers to. */
interface Owners {
  workspaceId: string;
  projectId: string;
  dnsId: string;
  /** A new user who exists besides the token's own, per call (a field that names a user cannot be made up). */
  user: () => string;
}

/** A value of `field`'s rule made from `base` and `i`: the first of a few spellings that the rule accepts. */
function uniqueValue(kind: Kind, field: string, bases: readonly string[], i: number): string {
  const rule = specFor(kind).fields.fields[field]?.input;
  const tries = bases.flatMap((b) => [`s${i}-${b}`, `${b}-${i}`, `${b}_${i}`, `${b}${i}`]);
  const made = tries.find((v) => rule === undefined || rule.safeParse(v).success);
  if (made === undefined) throw new Error(`soak: no value of ${kind}.${field} made from ${bases.join(", ")} and ${i}`);
  return made;
}

/**
 * One create's program values: the kind's reference example (its spec's `example`, the first resource of its
 * type), its references to a project or a DNS zone pointed at the soak's own, and its tag field (TAG) made
 * unique by `i`. A new kind needs nothing here. An optional reference to anything else is left out; a
 * required one fails, naming the field.
 */
function argsFor(kind: Kind, i: number, owners: Owners): Props {
  const spec = specFor(kind);
  const example = spec.example?.resources.find((r) => r.type === spec.typeName);
  if (!example) throw new Error(`soak: the ${kind} spec has no example of its own type`);
  const typeOf = new Map(spec.example?.resources.map((r) => [r.name, r.type]));
  const ownerOf: Record<string, string> = { Project: owners.projectId, DnsZone: owners.dnsId };
  const required = new Set(spec.create.safeParse({}).error?.issues.map((issue) => String(issue.path[0])) ?? []);
  /** The value with its references replaced by the soak's owners; undefined if it refers to anything else. */
  const resolve = (v: ExampleValue): unknown => {
    if (typeof v !== "object") return v;
    if (Array.isArray(v)) {
      const items = v.map(resolve);
      return items.includes(undefined) ? undefined : items;
    }
    if ("ref" in v && typeof v.ref === "string") return ownerOf[typeOf.get(v.ref.split(".")[0] ?? "") ?? ""];
    const entries = Object.entries(v).map(([k, inner]) => [k, resolve(inner)] as const);
    return entries.some(([, r]) => r === undefined) ? undefined : Object.fromEntries(entries);
  };
  const args: Props = {};
  for (const [k, v] of Object.entries(example.args)) {
    const value = resolve(v);
    if (value !== undefined) args[k] = value;
    else if (required.has(k)) throw new Error(`soak: ${kind}.${k} refers to what the soak does not make`);
  }
  const tag = TAG[kind];
  // A tag that names a user (a workspace member's) is unique by being a new user; other tags are made from `i`.
  if (tag === "userId") return { ...args, [tag]: owners.user() };
  const base = typeof args[tag] === "string" ? [String(args[tag]), "soak"] : ["soak"];
  return { ...args, [tag]: uniqueValue(kind, tag, base, i) };
}

interface Job {
  i: number;
  kind: Kind;
  collection: string;
  body: Props;
  tempter?: string;
  /** The id the create returned (first run or rerun). */
  id?: string;
  outcome?: "created" | "refused" | "failed" | "unknown" | "init";
}

export async function runSoak(opts: SoakOptions, log: (line: string) => void = () => {}): Promise<SoakReport> {
  const started = Date.now();
  const journalDir = mkdtempSync(join(tmpdir(), "futrou-soak-journal-"));
  const journal = new CreateJournal(journalDir);
  // Reproducible: each request's faults come from the seed and the request itself, not from the order
  // in which concurrent creates happen to reach the emulator; and no rate limit, whose 429s depend on timing.
  const emulator: RunningEmulator = await startEmulator({
    seed: opts.seed,
    faultsByRequest: true,
    rateLimitPerSecond: 1_000_000,
    deployDelayMs: 50,
    retryAfterSeconds: 0.02,
    quiet: true,
  });
  try {
    const plain = new FutrouClient({ baseUrl: emulator.url, token: emulator.token });
    const workspaceId = emulator.workspaceId;
    const project = (await plain.create(
      COLLECTIONS.project,
      { name: "soak-owner", workspaceId },
      specFor("project").model,
    )) as Props;
    const zone = (await plain.create(
      COLLECTIONS.dnsZone,
      { domain: "soak.example.com", workspaceId },
      specFor("dnsZone").model,
    )) as Props;
    const owners = {
      workspaceId,
      projectId: String(project.id),
      dnsId: String(zone.id),
      user: () => emulator.createWorkspace().userId,
    };
    const setupIds = new Set([String(project.id), String(zone.id)]);

    // The jobs, and the tempters made before any create starts (faults off).
    let random = opts.seed >>> 0;
    const roll = () => {
      random = (Math.imul(random ^ (random >>> 15), 1 | random) + 0x6d2b79f5) >>> 0;
      return random / 2 ** 32;
    };
    const jobs: Job[] = [];
    for (let i = 0; i < opts.creates; i++) {
      const kind = KINDS[i % KINDS.length] as Kind;
      const spec = specFor(kind);
      const args = argsFor(kind, i, owners);
      const withOwner = "workspaceId" in spec.create.shape && kind !== "variable" ? { ...args, workspaceId } : args;
      const body = Object.fromEntries(
        Object.entries(spec.create.parse(withOwner) as Props).filter(([, v]) => v !== null && v !== undefined),
      );
      const collection = expandPath(spec.collection, { dnsId: String(zone.id), workspaceId });
      const job: Job = { i, kind, collection, body };
      if (roll() < opts.temptShare) {
        job.tempter = String(((await plain.create(collection, body, spec.model)) as Props).id);
      }
      jobs.push(job);
    }
    const tempters = new Set(jobs.flatMap((j) => (j.tempter ? [j.tempter] : [])));
    log(`setup: ${jobs.length} creates planned, ${tempters.size} tempted`);

    const client = new FutrouClient({
      baseUrl: emulator.url,
      token: emulator.token,
      timeoutMs: opts.timeoutMs,
      retry: { backoffBaseMs: 20, backoffLimitMs: 200, maxRetryAfterMs: 200 },
    });
    const create = (job: Job): Promise<Props> => {
      const spec = specFor(job.kind);
      const kind: CreateKind = {
        spec,
        client: () => client,
        live: (o) => normalize(job.kind, o),
        pulumiId: (o) => String(o.id),
        outputs: (o) => o,
        ours: new Set(),
      };
      return createObject(kind, {
        collection: job.collection,
        body: job.body,
        inputs: job.body,
        settle: async (o) => o,
        journal,
      });
    };
    const pool = async (list: Job[], run: (job: Job) => Promise<void>) => {
      let next = 0;
      const worker = async () => {
        while (next < list.length) await run(list[next++] as Job);
      };
      await Promise.all(Array.from({ length: opts.concurrency }, worker));
    };

    emulator.resetStats();
    emulator.setFaults(opts.faults);
    await pool(jobs, async (job) => {
      try {
        job.id = String((await create(job)).id);
        job.outcome = "created";
      } catch (e) {
        const message = e instanceof Error ? e.message : String(e);
        if (e instanceof ResourceInitError) {
          job.id = e.id;
          job.outcome = "init";
        } else if (/already (used|in use)/.test(message) && job.tempter) job.outcome = "refused";
        else if (e instanceof UnsettledCreateError) job.outcome = "unknown";
        else {
          job.outcome = "failed";
          log(`#${job.i} ${job.kind} failed: ${message}`);
        }
      }
    });
    const stats = emulator.stats();
    emulator.setFaults({
      rate429: 0,
      rate500: 0,
      rate503: 0,
      dropRate: 0,
      commitThenDropRate: 0,
      commitThenLateRate: 0,
    });
    const count = (o: Job["outcome"]) => jobs.filter((j) => j.outcome === o).length;
    const firstRun = {
      created: count("created"),
      refused: count("refused"),
      failed: count("failed"),
      unknown: count("unknown"),
      initErrors: count("init"),
    };
    log(`first run: ${JSON.stringify(firstRun)}`);

    // Late answers drain; then the next `up` on this machine re-runs what did not return an object.
    await new Promise((resolve) => setTimeout(resolve, (opts.faults.lateAnswerMs ?? 0) + 200));
    const rerun = { adopted: 0, created: 0, refused: 0, failed: 0 };
    const again = jobs.filter((j) => j.outcome === "unknown" || j.outcome === "failed");
    const inventoryBefore = new Set(allIds(emulator));
    await pool(again, async (job) => {
      try {
        job.id = String((await create(job)).id);
        if (inventoryBefore.has(job.id)) rerun.adopted++;
        else rerun.created++;
      } catch (e) {
        if (job.tempter && /already (used|in use)/.test(e instanceof Error ? e.message : String(e))) rerun.refused++;
        else {
          rerun.failed++;
          log(`rerun #${job.i} ${job.kind} failed: ${e instanceof Error ? e.message : String(e)}`);
        }
      }
    });
    log(`rerun: ${JSON.stringify(rerun)}`);

    // The verdict, from the API's raw inventory and the ids the creates returned: never through the
    // provider's own lookup fields or normal forms, so a bug there cannot hide what it broke.
    const inventory = emulator.inventory(workspaceId);
    const raw = new Map(
      KINDS.flatMap((kind) =>
        inventory[kind].filter((o) => o.platform !== true).map((o) => [String(o.id), o] as const),
      ),
    );
    const returned = new Map<string, Job>();
    const wrongAdoptions: string[] = [];
    const lost: string[] = [];
    for (const job of jobs) {
      if (!job.id) continue;
      if (tempters.has(job.id) || setupIds.has(job.id)) wrongAdoptions.push(`#${job.i} ${job.kind} took ${job.id}`);
      const other = returned.get(job.id);
      if (other) wrongAdoptions.push(`#${job.i} and #${other.i} both returned ${job.id}`);
      returned.set(job.id, job);
      const obj = raw.get(job.id);
      if (!obj) lost.push(`#${job.i} ${job.kind} ${job.id}`);
      else if (obj[TAG[job.kind]] !== job.body[TAG[job.kind]]) {
        wrongAdoptions.push(`#${job.i} ${job.kind} returned ${job.id}, whose ${TAG[job.kind]} is not its own`);
      }
    }
    // Orphans: what exists, minus what the setup made, minus what the creates returned.
    const orphans = [...raw.keys()]
      .filter((id) => !setupIds.has(id) && !tempters.has(id) && !returned.has(id))
      .map((id) => `${id} (${JSON.stringify(raw.get(id)?.name ?? raw.get(id)?.domain ?? raw.get(id)?.key)})`);
    // Duplicates: more than one stored object carrying one create's own tag value, as the API stores it.
    const duplicates: string[] = [];
    for (const job of jobs) {
      const tag = TAG[job.kind];
      const copies = inventory[job.kind].filter((o) => !tempters.has(String(o.id)) && o[tag] === job.body[tag]);
      if (copies.length > 1) duplicates.push(`#${job.i} ${job.kind}: ${copies.map((o) => String(o.id)).join(", ")}`);
    }
    return {
      creates: jobs.length,
      tempted: tempters.size,
      firstRun,
      rerun,
      injected: Object.fromEntries(
        ["429", "500", "503", "dropped"].map((k) => [k, stats.byStatus[k] ?? 0] as [string, number]),
      ),
      requests: stats.total,
      orphans,
      duplicates,
      wrongAdoptions,
      lost,
      seconds: Math.round((Date.now() - started) / 100) / 10,
    };
  } finally {
    await emulator.close();
    rmSync(journalDir, { recursive: true, force: true });
  }
}

function allIds(emulator: RunningEmulator): string[] {
  const inv = emulator.inventory();
  return KINDS.flatMap((k) => inv[k].map((o) => String(o.id)));
}

if (require.main === module) {
  const creates = Number(process.env.SOAK_CREATES ?? 1200);
  const seed = Number(process.env.SOAK_SEED ?? 1);
  runSoak({ creates, seed, faults: HEAVY_FAULTS, temptShare: 0.25, concurrency: 16, timeoutMs: SOAK_TIMEOUT_MS }, (l) =>
    console.log(l),
  )
    .then((report) => {
      console.log(JSON.stringify(report, null, 2));
      const bad = report.orphans.length + report.duplicates.length + report.wrongAdoptions.length + report.lost.length;
      process.exitCode = bad === 0 ? 0 : 1;
    })
    .catch((e: unknown) => {
      console.error(e);
      process.exitCode = 2;
    });
}
