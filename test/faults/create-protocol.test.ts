/**
 * The create protocol (provider/create.ts) step by step, against a scripted API: what it does after each
 * kind of ambiguous or unreadable answer, with a pre-existing look-alike, and when a run was interrupted
 * (the journal's entry is there, as a killed `pulumi up` leaves it).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import { FutrouClient } from "../../provider/api/client";
import type { Kind } from "../../provider/api/contract";
import { deadlineIn } from "../../provider/api/deadline";
import {
  AmbiguousMatchError,
  type CreateKind,
  type CreateRequest,
  createObject,
  UnsettledCreateError,
} from "../../provider/create";
import { CreateJournal, type JournalEntry } from "../../provider/journal";
import { makeProvider, ResourceInitError } from "../../provider/kit";
import { FRESH_PARENT_MS } from "../../provider/listing";
import { normalize } from "../../provider/normal";
import { specFor } from "../../provider/registry";
import { Secrets } from "../../provider/secrets";
import type { Props } from "../../provider/spec";
import { configOf } from "../provider/harness";
import { type ScriptedApi, startScriptedApi } from "./scripted-api";

let api: ScriptedApi;
let journalDir: string;
let journal: CreateJournal;

beforeEach(async () => {
  api = await startScriptedApi();
  journalDir = mkdtempSync(join(tmpdir(), "futrou-journal-test-"));
  journal = new CreateJournal(journalDir);
});
afterEach(async () => {
  await api.close();
  rmSync(journalDir, { recursive: true, force: true });
});

const PROJECTS = "/projects";
const RECORDS = "/dns/z1/records";

/**
 * The response models are tolerant (only `id` is required), so almost any JSON object reads; a stricter
 * model stands in for "a 2xx the client cannot read" where a test needs one.
 */
const STRICT_NAME = z.looseObject({ id: z.string(), name: z.string() });

/** A client as one run of the dynamic-provider host has (its listings live as long as it). */
const runClient = (): FutrouClient =>
  new FutrouClient({
    baseUrl: api.url,
    token: api.token,
    timeoutMs: 2000,
    retry: { limit: 3, backoffBaseMs: 1, backoffLimitMs: 4, maxRetryAfterMs: 1 },
  });

/** One run of a create, as the kit makes it (a fresh client: one run of the dynamic-provider host). */
function create(
  kind: Kind,
  collection: string,
  body: Props,
  model?: z.ZodObject,
  hidden: Props = {},
  client = runClient(),
  context: Partial<Pick<CreateKind, "ours"> & Pick<CreateRequest, "settle">> = {},
): Promise<Props> {
  const runtime: CreateKind = {
    spec: model ? { ...specFor(kind), model } : specFor(kind),
    client: () => client,
    live: (o) => normalize(kind, o),
    pulumiId: (o) => String(o.id),
    outputs: (o) => ({ ...body, ...o }),
    ours: context.ours ?? new Set(),
  };
  return createObject(runtime, {
    collection,
    body,
    inputs: { ...body, __provider: "serialized-provider", ...hidden },
    settle: context.settle ?? (async (o) => o),
    journal,
  });
}

const ids = (collection: string) => [...(api.objects.get(collection)?.keys() ?? [])];
const entryIds = () => journal.entries().map((e) => e.id);
const posts = () => api.log.filter((l) => l.startsWith("POST")).length;

test("a lost answer after the write committed: the new object is taken, one object", async () => {
  api.posts = ["commit-drop"];
  const made = await create("project", PROJECTS, { name: "shop" });
  expect(ids(PROJECTS)).toEqual([made.id]);
  expect(posts()).toBe(1);
  // Kept, with the id, until the engine is known to have recorded it (journal.ts `confirm`).
  expect(entryIds()).toEqual([made.id]);
});

test("a write that lands after the lookup: the re-POST's 'already in use' is our own late write, taken", async () => {
  api.posts = ["commit-after-lookup"];
  const made = await create("project", PROJECTS, { name: "late" });
  expect(ids(PROJECTS)).toEqual([made.id]);
  expect(posts()).toBe(2);
});

test("a pre-existing object with the same name is never adopted after a lost answer", async () => {
  const theirs = api.seed(PROJECTS, { name: "taken", displayName: "someone else's" });
  api.posts = ["drop"];
  const error = await create("project", PROJECTS, { name: "taken" }).catch((e: unknown) => e);
  expect((error as Error).message).toMatch(new RegExp(`name "taken" is already used by Project ${theirs}`));
  expect(ids(PROJECTS)).toEqual([theirs]);
  expect(journal.entries()).toEqual([]);
});

test("records: an identical pre-existing record is not ours; the new one is", async () => {
  const theirs = api.seed(RECORDS, { name: "www", type: "A", value: "192.0.2.1" });
  api.posts = ["commit-drop"];
  const made = await create("dnsRecord", RECORDS, { name: "www", type: "A", value: "192.0.2.1" });
  expect(made.id).not.toBe(theirs);
  expect(ids(RECORDS).sort()).toEqual([theirs, made.id].sort());
});

test("records in a zone this run created: no candidate list, and a lost answer still takes the new one", async () => {
  const run = runClient();
  const zone = await create("dnsZone", "/dns", { domain: "fresh.example.com" }, undefined, {}, run);
  const records = `/dns/${zone.id}/records`;
  // What the API made with the zone: its NS record at the apex.
  const platformNs = api.seed(records, { name: "@", type: "NS", value: "ns1.futrou.example" });
  api.log.length = 0;
  api.posts = ["commit-drop"];
  const made = await create("dnsRecord", records, { name: "www", type: "A", value: "192.0.2.1" }, undefined, {}, run);
  // No list before the POST; after the lost answer, one lookup finds the one new record.
  expect(api.log.map((l) => l.split("?")[0])).toEqual([`POST ${records}`, `GET ${records}`]);
  expect(ids(records).sort()).toEqual([platformNs, made.id].sort());
  // A record the platform makes (NS at the apex) still lists first: the platform's own is never taken as ours.
  api.log.length = 0;
  api.posts = ["drop"];
  const ns = { name: "@", type: "NS", value: "ns1.futrou.example" };
  const error = await create("dnsRecord", records, ns, undefined, {}, run).catch((e: unknown) => e);
  expect(api.log[0]?.split("?")[0]).toBe(`GET ${records}`);
  expect(error).toBeInstanceOf(Error);
  expect(ids(records).sort()).toEqual([platformNs, made.id].sort());
  // Another run (a zone it did not create) lists first too.
  api.log.length = 0;
  await create("dnsRecord", records, { name: "api", type: "A", value: "192.0.2.2" });
  expect(api.log[0]?.split("?")[0]).toBe(`GET ${records}`);
  // And so does this run, once the zone is older than FRESH_PARENT_MS.
  const now = Date.now();
  const later = jest.spyOn(Date, "now").mockReturnValue(now + FRESH_PARENT_MS + 1);
  try {
    api.log.length = 0;
    await create("dnsRecord", records, { name: "old", type: "A", value: "192.0.2.3" }, undefined, {}, run);
    expect(api.log[0]?.split("?")[0]).toBe(`GET ${records}`);
  } finally {
    later.mockRestore();
  }
});

test("records: a lost answer and nothing listed yet is not re-sent (no twin); the next run adopts the late write", async () => {
  const mx = { name: "mx", type: "MX", value: "mail.example.com", priority: 10 };
  api.posts = ["commit-after-lookup", "ok"];
  // 1st POST dropped, its write lands only after the lookup: a 2nd POST would have made a twin.
  const error = await create("dnsRecord", RECORDS, mx).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(UnsettledCreateError);
  expect((error as Error).message).toMatch(/no new DnsRecord is listed yet, and it is not sent again/);
  expect(posts()).toBe(1);
  expect(journal.entries()).toHaveLength(1);
  const late = ids(RECORDS);
  expect(late).toHaveLength(1);
  // The next `pulumi up`: the journal's entry adopts the write that landed, without a POST.
  const adopted = await create("dnsRecord", RECORDS, mx);
  expect(adopted.id).toBe(late[0]);
  expect(posts()).toBe(1);
  expect(ids(RECORDS)).toEqual(late);
  expect(entryIds()).toEqual(late);
});

test("records: a lost answer whose write never landed is created by the next run, once", async () => {
  const txt = { name: "t", type: "TXT", value: "v=spf1 -all" };
  api.posts = ["drop"];
  const error = await create("dnsRecord", RECORDS, txt).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(UnsettledCreateError);
  expect(ids(RECORDS)).toEqual([]);
  const made = await create("dnsRecord", RECORDS, txt);
  expect(ids(RECORDS)).toEqual([made.id]);
  expect(posts()).toBe(2);
  expect(entryIds()).toEqual([made.id]);
});

test("two new look-alikes after a lost answer: none is taken, the error names both", async () => {
  api.posts = ["commit-twin-drop"];
  const error = await create("dnsRecord", RECORDS, { name: "q", type: "TXT", value: "same" }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(AmbiguousMatchError);
  expect((error as AmbiguousMatchError).ids.sort()).toEqual(ids(RECORDS).sort());
  expect((error as Error).message).toMatch(/2 new objects match \(ids .+, .+\); none was taken/);
});

test("a recovery lookup that fails is 'unknown', not 'failed': the entry is kept, the next run adopts without a POST", async () => {
  api.posts = ["commit-drop"];
  api.failListsAfterPost = 100;
  const error = await create("project", PROJECTS, { name: "unsure" }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(UnsettledCreateError);
  expect((error as Error).message).toMatch(/created or not is unknown.*The journal keeps this create/);
  expect(journal.entries()).toHaveLength(1);
  api.failLists = 0;
  const sent = posts();
  const adopted = await create("project", PROJECTS, { name: "unsure" });
  expect(posts()).toBe(sent);
  expect(ids(PROJECTS)).toEqual([adopted.id]);
  expect(entryIds()).toEqual([adopted.id]);
});

test("a secret name is in no message and, written to disk, only as a digest; the rerun still adopts", async () => {
  const name = "topsecret-journal";
  const marked = { __secrets: ["name"] };
  api.posts = ["commit-drop"];
  api.failListsAfterPost = 100;
  const error = await create("project", PROJECTS, { name }, undefined, marked).catch((e: unknown) => e as Error);
  expect(error).toBeInstanceOf(UnsettledCreateError);
  expect(error.message).toMatch(/futrou:Project name=\[secret\]: /);
  expect(error.message).not.toContain(name);
  const files = readdirSync(journalDir)
    .filter((f) => f.endsWith(".json"))
    .map((f) => readFileSync(join(journalDir, f), "utf8"));
  expect(files).toHaveLength(1);
  expect(files.join("")).not.toContain(name);
  // Not even its plain digest, which a guess could be checked against: it is keyed (HMAC) on disk.
  expect(files.join("")).not.toContain(Secrets.digest(name).slice("sha256:".length));
  expect(journal.entries()[0]?.what).toMatch(/^futrou:Project name=\[secret\] at /);
  api.failLists = 0;
  const adopted = await create("project", PROJECTS, { name }, undefined, marked);
  expect(ids(PROJECTS)).toEqual([adopted.id]);
  expect(entryIds()).toEqual([adopted.id]);
  // The engine recorded it (a later run's diff names the id): the entry goes.
  journal.confirm(api.url, "project", String(adopted.id));
  expect(journal.entries()).toEqual([]);
  // A pre-existing object with that name: the refusal does not name it either.
  api.posts = ["drop"];
  const taken = await create("project", PROJECTS, { name }, undefined, marked).catch((e: unknown) => e as Error);
  expect(taken.message).toMatch(/name \[secret\] is already used by Project/);
  expect(taken.message).not.toContain(name);
});

test("a 2xx whose body is not the model keeps its id (read again by GET)", async () => {
  api.posts = ["unreadable-with-id"];
  const made = await create("project", PROJECTS, { name: "odd" }, STRICT_NAME);
  expect(ids(PROJECTS)).toEqual([made.id]);
  expect(made.name).toBe("odd");
  expect(posts()).toBe(1);
  expect(api.log.slice(api.log.indexOf(`POST ${PROJECTS}`) + 1)).toEqual([`GET ${PROJECTS}/${made.id}`]);
});

test("a 2xx with an unreadable body whose GET fails too: an init error that keeps the id and the provider", async () => {
  api.posts = ["unreadable-with-id"];
  api.failGets = 100;
  const error = await create("project", PROJECTS, { name: "odder" }, STRICT_NAME).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ResourceInitError);
  const init = error as ResourceInitError;
  expect(ids(PROJECTS)).toEqual([init.id]);
  expect(init.properties).toMatchObject({ name: "odder", __provider: "serialized-provider" });
});

test("a 2xx that is not JSON: the new object is found by the lookup", async () => {
  api.posts = ["unreadable"];
  const made = await create("project", PROJECTS, { name: "plain" });
  expect(ids(PROJECTS)).toEqual([made.id]);
  expect(posts()).toBe(1);
  expect(api.log.slice(api.log.indexOf(`POST ${PROJECTS}`) + 1)).toEqual([`GET ${PROJECTS}`]);
});

describe("a run killed mid-create (the journal entry is left)", () => {
  /** Leaves an entry as a kill would: the POST committed, the process died before it learnt the outcome. */
  async function interrupted(kind: Kind, collection: string, body: Props): Promise<void> {
    api.posts = ["commit-drop"];
    api.failListsAfterPost = 100;
    await expect(create(kind, collection, body)).rejects.toBeInstanceOf(UnsettledCreateError);
    api.failLists = 0;
    expect(journal.entries()).toHaveLength(1);
  }

  test("the rerun adopts exactly the object the interrupted run made, not a pre-existing look-alike", async () => {
    const theirs = api.seed(RECORDS, { name: "app", type: "CNAME", value: "lb.example.com" });
    await interrupted("dnsRecord", RECORDS, { name: "app", type: "CNAME", value: "lb.example.com" });
    const mine = ids(RECORDS).find((id) => id !== theirs);
    const before = posts();
    const adopted = await create("dnsRecord", RECORDS, { name: "app", type: "CNAME", value: "lb.example.com" });
    expect(adopted.id).toBe(mine);
    expect(posts()).toBe(before);
    expect(ids(RECORDS)).toHaveLength(2);
  });

  test("a program changed since: updatable fields are PATCHed onto the adopted object", async () => {
    await interrupted("project", PROJECTS, { name: "grow", displayName: "Old" });
    const adopted = await create("project", PROJECTS, { name: "grow", displayName: "New" });
    expect(api.log).toContain(`PATCH ${PROJECTS}/${String(adopted.id)}`);
    expect(api.objects.get(PROJECTS)?.get(String(adopted.id))?.displayName).toBe("New");
    expect(ids(PROJECTS)).toEqual([adopted.id]);
  });

  test("a program changed in a field that replaces: the adopted object is deleted and created anew", async () => {
    await interrupted("volume", "/volumes", { name: "data", sizeGb: 5, type: "ssd" });
    const [old] = ids("/volumes");
    const made = await create("volume", "/volumes", { name: "data", sizeGb: 5, type: "hdd" });
    expect(api.log).toContain(`DELETE /volumes/${old}`);
    expect(ids("/volumes")).toEqual([made.id]);
    expect(made.type).toBe("hdd");
  });

  test("killed during the readiness wait: the entry has the id; the rerun adopts by id with one GET, no POST", async () => {
    const body = { name: "waiting" };
    api.posts = ["ok"];
    let entryDuringWait: JournalEntry | undefined;
    // The kill: the process dies in the wait (here the wait throws: nothing returns to the engine).
    const killed = create("project", PROJECTS, body, undefined, {}, runClient(), {
      settle: async () => {
        entryDuringWait = journal.entries()[0];
        throw new Error("killed");
      },
    });
    await expect(killed).rejects.toThrow("killed");
    const [id] = ids(PROJECTS);
    expect(entryDuringWait).toMatchObject({ id, before: [] });
    api.log.length = 0;
    const adopted = await create("project", PROJECTS, body);
    expect(adopted.id).toBe(id);
    expect(api.log).toEqual([`GET ${PROJECTS}/${id}`]);
    expect(ids(PROJECTS)).toEqual([id]);
  });

  test("killed after the create returned, before the engine recorded it: the rerun adopts by id", async () => {
    const made = await create("project", PROJECTS, { name: "returned" });
    // No confirmation came (the engine died before writing its state): the next run's create of it adopts.
    api.log.length = 0;
    const adopted = await create("project", PROJECTS, { name: "returned" });
    expect(adopted.id).toBe(made.id);
    expect(api.log).toEqual([`GET ${PROJECTS}/${String(made.id)}`]);
  });

  test("records too (no unique field): a record whose create returned is adopted by id, not made twice", async () => {
    const body = { name: "twice", type: "TXT", value: "once" };
    const made = await create("dnsRecord", RECORDS, body);
    const adopted = await create("dnsRecord", RECORDS, body);
    expect(adopted.id).toBe(made.id);
    expect(ids(RECORDS)).toEqual([made.id]);
    expect(posts()).toBe(1);
  });

  test("an entry whose object is gone (404) is forgotten: the create starts anew", async () => {
    const made = await create("project", PROJECTS, { name: "gone" });
    api.objects.get(PROJECTS)?.delete(String(made.id));
    const again = await create("project", PROJECTS, { name: "gone" });
    expect(again.id).not.toBe(made.id);
    expect(ids(PROJECTS)).toEqual([again.id]);
    expect(entryIds()).toEqual([again.id]);
  });
});

describe("the journal knows the stack, and forgets an object once the engine holds it", () => {
  const inStack = (stack: string): Props => ({ __stack: stack });

  test("another stack's interrupted create is not this stack's: its object is 'already used', not adopted", async () => {
    api.posts = ["commit-drop"];
    api.failListsAfterPost = 100;
    const a = create("project", PROJECTS, { name: "shared" }, undefined, inStack("a"));
    await expect(a).rejects.toBeInstanceOf(UnsettledCreateError);
    api.failLists = 0;
    const [theirs] = ids(PROJECTS);
    // Stack b, same project and name: its own identity finds no entry; the name is taken by stack a's object.
    const b = await create("project", PROJECTS, { name: "shared" }, undefined, inStack("b")).catch((e: unknown) => e);
    expect((b as Error).message).toMatch(new RegExp(`name "shared" is already used by Project ${theirs}`));
    expect(ids(PROJECTS)).toEqual([theirs]);
    // Stack a's rerun still adopts what its killed run made.
    const adopted = await create("project", PROJECTS, { name: "shared" }, undefined, inStack("a"));
    expect(adopted.id).toBe(theirs);
    expect(journal.entries().map((e) => e.identity[4])).toEqual(["a"]);
  });

  test("identical records in two stacks: each stack creates its own, neither adopts the other's", async () => {
    const body = { name: "both", type: "A", value: "192.0.2.9" };
    const a = await create("dnsRecord", RECORDS, body, undefined, inStack("a"));
    const b = await create("dnsRecord", RECORDS, body, undefined, inStack("b"));
    expect(b.id).not.toBe(a.id);
    expect(ids(RECORDS).sort()).toEqual([a.id, b.id].sort());
  });

  test("a name another stack created after this run listed: 'already used', naming the object, nothing created", async () => {
    const run = runClient();
    await create("project", PROJECTS, { name: "first" }, undefined, inStack("b"), run);
    // Stack a creates it now, after stack b's run took its listing of the collection.
    const theirs = api.seed(PROJECTS, { name: "racing" });
    const error = await create("project", PROJECTS, { name: "racing" }, undefined, inStack("b"), run).catch(
      (e: unknown) => e as Error,
    );
    expect(error.message).toMatch(
      new RegExp(`name "racing" is already used by Project ${theirs}, created after this run listed the collection`),
    );
    expect(
      ids(PROJECTS).filter((id) => id === theirs || api.objects.get(PROJECTS)?.get(id)?.name === "racing"),
    ).toEqual([theirs]);
  });

  test("confirmed by a later operation (the engine named the id): the entry goes, from a fresh process's index", async () => {
    const made = await create("project", PROJECTS, { name: "kept" });
    expect(entryIds()).toEqual([made.id]);
    // Another process (a later run): one readdir builds its index; the id's entry is removed.
    const later = new CreateJournal(journalDir);
    later.confirm(api.url, "dnsRecord", String(made.id)); // another kind's id: not this entry
    expect(entryIds()).toEqual([made.id]);
    later.confirm(api.url, "project", String(made.id));
    expect(journal.entries()).toEqual([]);
    // Then a new create of that identity creates (the state holds the old object, e.g. a replacement).
    const replacement = await create("dnsRecord", RECORDS, { name: "r", type: "A", value: "192.0.2.4" });
    journal.confirm(api.url, "dnsRecord", String(replacement.id));
    const again = await create("dnsRecord", RECORDS, { name: "r", type: "A", value: "192.0.2.4" });
    expect(again.id).not.toBe(replacement.id);
  });

  test("an object the engine named to this process is never adopted, even with its entry still on disk", async () => {
    const body = { name: "same", type: "A", value: "192.0.2.5" };
    const old = await create("dnsRecord", RECORDS, body);
    const replacement = await create("dnsRecord", RECORDS, body, undefined, {}, runClient(), {
      ours: new Set([String(old.id)]),
    });
    expect(replacement.id).not.toBe(old.id);
    expect(ids(RECORDS).sort()).toEqual([old.id, replacement.id].sort());
  });

  test("the engine closed the process normally: the creates it returned are confirmed, an unsettled one stays", async () => {
    const done = await create("project", PROJECTS, { name: "done" });
    api.posts = ["commit-drop"];
    api.failListsAfterPost = 100;
    await expect(create("project", PROJECTS, { name: "unsure-close" })).rejects.toBeInstanceOf(UnsettledCreateError);
    api.failLists = 0;
    expect(journal.entries()).toHaveLength(2);
    CreateJournal.confirmReturned();
    expect(journal.entries().map((e) => e.what.split(" ")[1])).toEqual(['name="unsure-close"']);
    expect(ids(PROJECTS)).toContain(done.id);
  });
});

describe("an answer is checked before it enters the state", () => {
  const named = (collection: string, field: string, value: string) =>
    ids(collection).filter((id) => api.objects.get(collection)?.get(id)?.[field] === value);

  test("a create answered with a project this stack holds: the step fails naming both; the one the POST made is recorded", async () => {
    const run = runClient();
    const held = await create("project", PROJECTS, { name: "shop-a" }, undefined, {}, run);
    api.posts = ["answer-other"];
    const error = await create("project", PROJECTS, { name: "shop-b" }, undefined, {}, run, {
      ours: new Set([String(held.id)]),
    }).catch((e: unknown) => e);
    const [made] = named(PROJECTS, "name", "shop-b");
    expect(error).toBeInstanceOf(ResourceInitError);
    expect((error as Error).message).toContain(
      `the API answered the create of Project "shop-b" with Project ${held.id} "shop-a", which this run had already ` +
        'seen before the POST (an object of this stack) and has name "shop-a", not the "shop-b" sent',
    );
    // What the POST really made is what the engine records (so `destroy` deletes it), never the other one.
    expect((error as ResourceInitError).id).toBe(made);
    expect((error as ResourceInitError).properties).toMatchObject({ id: made, name: "shop-b" });
    expect(entryIds()).toContain(made);
    expect(api.objects.get(PROJECTS)?.get(String(held.id))?.name).toBe("shop-a");
  });

  test("an answer naming an object seen before, with the values sent: refused for its id alone", async () => {
    // Two identical records are allowed (no unique field): only the id tells the answer is not the new one.
    const run = runClient();
    const www = { name: "www", type: "A", value: "192.0.2.1" };
    const first = await create("dnsRecord", RECORDS, www, undefined, {}, run);
    api.posts = ["answer-other"];
    const error = await create("dnsRecord", RECORDS, www, undefined, {}, run, {
      ours: new Set([String(first.id)]),
    }).catch((e: unknown) => e);
    expect((error as Error).message).toContain(
      `with DnsRecord ${first.id} "www A 192.0.2.1", which this run had already seen before the POST (an object of this stack);`,
    );
    expect((error as ResourceInitError).id).not.toBe(first.id);
    expect(ids(RECORDS)).toContain((error as ResourceInitError).id);
  });

  test("an answer naming an object never seen, with another name: refused for its name alone", async () => {
    // Someone else's project, not shown by the (lagging) listing taken before the POST.
    const theirs = api.seed(PROJECTS, { name: "theirs" });
    api.lagLists = { omit: ["theirs"], times: 1 };
    api.posts = ["answer-other"];
    const error = await create("project", PROJECTS, { name: "mine" }).catch((e: unknown) => e);
    expect((error as Error).message).toContain(
      `with Project ${theirs} "theirs", which has name "theirs", not the "mine" sent; nothing of that answer was taken`,
    );
    expect((error as ResourceInitError).id).toBe(named(PROJECTS, "name", "mine")[0]);
  });

  describe("adoption needs proof, not absence", () => {
    const aMinuteAgo = () => new Date(Date.now() - 60_000).toISOString();

    test.each([1, 2])(
      "a pre-existing project that %i lagging listings did not show is never taken as our late create",
      async (lagging) => {
        const theirs = api.seed(PROJECTS, { name: "evc-shop", displayName: "theirs", createdAt: aMinuteAgo() });
        api.lagLists = { omit: ["evc-shop"], times: lagging };
        api.posts = ["fail500"];
        const error = await create("project", PROJECTS, { name: "evc-shop" }).catch((e: unknown) => e);
        expect((error as Error).message).toMatch(
          new RegExp(
            `name "evc-shop" is already used by Project ${theirs} "evc-shop", which no listing before this run's first ` +
              "POST showed but which was not created after it .*it is not this run's, and nothing was created. Adopt it " +
              "with the `import` option, or choose another name",
          ),
        );
        expect(ids(PROJECTS)).toEqual([theirs]);
        expect(api.objects.get(PROJECTS)?.get(theirs)).toMatchObject({ displayName: "theirs" });
        expect(journal.entries()).toEqual([]);
      },
    );

    test("a rerun never adopts from the journal a look-alike created before the first POST", async () => {
      const theirs = api.seed(PROJECTS, { name: "evc-shop", createdAt: aMinuteAgo() });
      // The interrupted run: its listing lagged, its POST was lost, and its lookup failed: the entry stays.
      api.lagLists = { omit: ["evc-shop"], times: 1 };
      api.posts = ["drop"];
      api.failListsAfterPost = 100;
      await expect(create("project", PROJECTS, { name: "evc-shop" })).rejects.toBeInstanceOf(UnsettledCreateError);
      expect(journal.entries()).toMatchObject([{ before: [], apiAt: expect.any(String) }]);
      api.failLists = 0;
      // The rerun finds the name taken by an object older than that POST: not what the interrupted run made.
      const error = await create("project", PROJECTS, { name: "evc-shop" }).catch((e: unknown) => e);
      expect((error as Error).message).toContain(`name "evc-shop" is already used by Project ${theirs}`);
      expect(ids(PROJECTS)).toEqual([theirs]);
    });

    test("an object without createdAt proves nothing: it is not taken", async () => {
      const theirs = api.seed(PROJECTS, { name: "undated", createdAt: undefined });
      api.lagLists = { omit: ["undated"], times: 2 };
      api.posts = ["fail500"];
      const error = await create("project", PROJECTS, { name: "undated" }).catch((e: unknown) => e);
      expect((error as Error).message).toContain(`already used by Project ${theirs} "undated"`);
      expect((error as Error).message).toContain("createdAt not given");
    });
  });

  test("a POST that hangs leaves room in the deadline for the lookup, and the message says what it found", async () => {
    api.posts = ["hang"];
    const slow = new FutrouClient({ baseUrl: api.url, token: api.token, timeoutMs: 60_000 }).within(
      deadlineIn(2_000, "the test's deadline"),
    );
    const error = await create("project", PROJECTS, { name: "hung" }, undefined, {}, slow).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnsettledCreateError);
    expect((error as Error).message).toMatch(
      /^futrou:Project name="hung": not created as far as the API shows: the lookup sent after the last attempt found no new Project with the values sent \(POST \/projects: /,
    );
    expect(api.log.map((l) => l.split("?")[0])).toEqual(["GET /projects", "POST /projects", "GET /projects"]);
  });
});

describe("an update's answer is checked before it enters the state", () => {
  /** A project kit as the engine's provider process has it, against the scripted API. */
  async function projectKit() {
    const kit = makeProvider(specFor("project"));
    await kit.configure({ config: configOf({ "futrou:apiUrl": api.url, "futrou:apiToken": api.token }) });
    return kit;
  }
  const olds = (id: string) => ({ name: "app", displayName: "Old", workspaceId: "ws-1", id });
  const news = { name: "app", displayName: "New", workspaceId: "ws-1", __provider: "serialized-provider" };

  test("a PATCH answered with another object: the update fails naming it; nothing is taken", async () => {
    const app = api.seed(PROJECTS, { name: "app", displayName: "Old", workspaceId: "ws-1" });
    // It even reads back the field written: only its id tells it is not the object asked for.
    const other = api.seed(PROJECTS, { name: "other", displayName: "New", workspaceId: "ws-1" });
    api.patches = ["answer-other"];
    const kit = await projectKit();
    const error = (await kit.update(app, olds(app), news).catch((e: unknown) => e)) as Error;
    expect(error.message).toBe(
      `futrou:Project "app" (${app}): the API answered the update with another object, Project "${other}" "other"; ` +
        "the state keeps the old values, as the update is not confirmed. Run `pulumi refresh` to read what the API " +
        "holds, then `pulumi up` again.",
    );
  });

  test("an empty answer is read back once: applied, it is taken; lost, the update fails", async () => {
    const app = api.seed(PROJECTS, { name: "app", displayName: "Old", workspaceId: "ws-1" });
    const kit = await projectKit();
    api.patches = ["lost"];
    const lost = (await kit.update(app, olds(app), news).catch((e: unknown) => e)) as Error;
    expect(lost.message).toContain('the API answered the update with displayName "Old" (sent "New"); the state keeps');
    expect(api.log.slice(-2)).toEqual([`PATCH ${PROJECTS}/${app}`, `GET ${PROJECTS}/${app}`]);
    api.patches = ["empty"];
    const { outs } = await kit.update(app, olds(app), news);
    expect(outs).toMatchObject({ displayName: "New" });
  });
});
