/**
 * A kind whose item path takes one of its inputs instead of the API's `id` (ResourceSpec `itemKey`): a workspace
 * member is `/workspaces/{workspaceId}/users/{userId}`. Proven on a member spec declared in this file, apart from
 * any registered kind, against the emulator's `/workspaces/{workspaceId}/users` (which answers an item by its
 * user or its id): the Pulumi id is `<workspaceId>/<userId>`, every item request names the user, the API's id is
 * the output `memberId`, refresh reads members from their listing, import takes `<workspaceId>/<userId>`, a user
 * who is already a member is never taken as a create's own, and a member already gone deletes as done.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { inputId } from "../../provider/api/models";
import { ApiId } from "../../provider/api/path";
import { resolveSettings } from "../../provider/config";
import { createObject } from "../../provider/create";
import { CreateJournal } from "../../provider/journal";
import { declare, derive, TIMESTAMPS } from "../../provider/kinds/fields";
import { type KitProvider, makeProvider } from "../../provider/kit";
import { KindRuntime } from "../../provider/kit/runtime";
import { defineSpec, HIDDEN, type Props, type ResourceSpec } from "../../provider/spec";
import { json, startFixture } from "../client/fixture";

/** A workspace member as the contract assumes it (provider/api/contract.ts, `workspaceMember`). */
const MEMBER_FIELDS = declare({
  userId: { input: inputId, required: true, since: "2026-08-02", doc: "The user." },
  workspaceId: { since: "2026-08-02", doc: "The workspace the user is a member of (a path input)." },
  role: {
    input: z.enum(["viewer", "developer", "administrator"]),
    updatable: true,
    default: "viewer",
    since: "2026-08-02",
    doc: "What the member may do.",
  },
  memberId: { tsType: "string", since: "2026-08-02", returned: [], answer: false, doc: "The API's id." },
  ...TIMESTAMPS,
});

const memberSpec = (): ResourceSpec => ({
  ...defineSpec({
    // Any registered kind's name: the spec's collection and type name below are what the kit uses.
    kind: "project",
    doc: "A user's membership of a workspace, keyed by the user.",
    fields: derive(MEMBER_FIELDS, "member"),
    pathInputs: z.object({ workspaceId: ApiId.optional() }),
    itemKey: "userId",
    apiIdOutput: "memberId",
    idFormat: "<workspaceId>/<userId>",
    unique: { field: "userId", within: ["workspaceId"] },
    lookup: { fields: ["userId"] },
  }),
  typeName: "Member",
  collection: "/workspaces/{workspaceId}/users",
});

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startEmulator({ quiet: true });
});
afterAll(() => emu.close());

/** A kit of the member spec for the API at `url` with `token` (its own client, listings and workspace list). */
async function kitAt(url: string, token: string): Promise<KitProvider> {
  const kit = makeProvider(memberSpec());
  const values: Record<string, string> = { "futrou:apiUrl": url, "futrou:apiToken": token };
  await kit.configure({ config: { get: (k) => values[k] } });
  return kit;
}

/** A workspace of its own, with the member spec's kit for its token: no test sees another's listings. */
async function workspace(): Promise<{ workspaceId: string; token: string; kit: KitProvider }> {
  const made = emu.createWorkspace();
  return { ...made, kit: await kitAt(emu.url, made.token) };
}

/** A request made outside the kit (another program adding a member). */
const call = async (token: string, method: string, path: string, body?: unknown): Promise<Props> => {
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const res = await fetch(`${emu.url}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return (text === "" ? {} : JSON.parse(text)) as Props;
};

/** A user who exists (the owner of a workspace of their own), to be made a member. */
const aUser = (): string => emu.createWorkspace().userId;

/** The members of a workspace as the emulator stores them. */
const members = (workspaceId: string) => emu.inventory(workspaceId).workspaceMember;

/** The requests to `path` since the last reset, by method. */
const requestsTo = (path: string) =>
  Object.fromEntries(
    Object.entries(emu.stats().byPath)
      .filter(([k]) => k.endsWith(` /v2${path}`))
      .map(([k, n]) => [k.split(" ")[0], n]),
  );

test("create, read, update and delete name the member by its user; the Pulumi id is <workspaceId>/<userId>", async () => {
  const { workspaceId, kit } = await workspace();
  const userId = aUser();
  const checked = (await kit.check({}, { userId })).inputs as Props;
  // The workspace is a path input, defaulted like a body's `workspaceId`: the token's only one.
  expect(checked).toMatchObject({ userId, workspaceId, role: "viewer" });

  emu.resetStats();
  const { id, outs } = await kit.create(checked);
  const [member] = members(workspaceId);
  expect(id).toBe(`${workspaceId}/${userId}`);
  expect(member?.id).not.toBe(userId);
  expect(outs).toMatchObject({ memberId: member?.id, userId, workspaceId, role: "viewer" });

  const read = await kit.read(id, outs as Props);
  expect(read).toMatchObject({ id, props: { memberId: member?.id, role: "viewer" } });
  const news = (await kit.check(checked, { userId, role: "developer" })).inputs as Props;
  // In place: the role is updatable.
  const diff = await kit.diff(id, read.props as Props, news);
  expect({ changed: diff.changed, replaces: diff.replaces }).toEqual({ changed: ["role"], replaces: undefined });
  const updated = (await kit.update(id, read.props as Props, news)).outs as Props;
  expect(updated).toMatchObject({ memberId: member?.id, role: "developer" });
  expect(members(workspaceId)).toEqual([expect.objectContaining({ id: member?.id, role: "developer" })]);

  await kit.delete(id, updated);
  expect(members(workspaceId)).toEqual([]);
  expect(requestsTo(`/workspaces/${workspaceId}/users/${userId}`)).toMatchObject({ PATCH: 1, DELETE: 1 });
  // The member's own id is never in a path.
  expect(Object.keys(emu.stats().byPath).filter((k) => k.includes(String(member?.id)))).toEqual([]);

  // Already gone: a second delete (404) is done, and a read says it is gone.
  await kit.delete(id, updated);
  expect(requestsTo(`/workspaces/${workspaceId}/users/${userId}`)).toMatchObject({ DELETE: 2 });
  expect(await kit.read(id, updated)).toEqual({ id: "", props: {} });
});

test("refresh reads members from the workspace's listing: one list request, not a GET per member", async () => {
  const { workspaceId, token, kit } = await workspace();
  const made: Props[] = [];
  for (let i = 0; i < 4; i++)
    made.push(await call(token, "POST", `/workspaces/${workspaceId}/users`, { userId: aUser() }));
  emu.resetStats();
  for (const m of made) {
    const outs = { userId: m.userId, workspaceId, role: "viewer", memberId: m.id };
    const read = await kit.read(`${workspaceId}/${m.userId}`, outs);
    expect(read).toMatchObject({ id: `${workspaceId}/${m.userId}`, props: { memberId: m.id, userId: m.userId } });
  }
  const gets = Object.entries(emu.stats().byPath).filter(([k]) => k.startsWith("GET "));
  // The first read decides whether list items say all a GET says: one GET, one list; the others read the list.
  expect(Object.fromEntries(gets)).toEqual({
    [`GET /v2/workspaces/${workspaceId}/users`]: 1,
    [`GET /v2/workspaces/${workspaceId}/users/${made[0]?.userId}`]: 1,
  });
});

test("import takes <workspaceId>/<userId> and adopts the member; another form is refused before any request", async () => {
  const { workspaceId, token, kit } = await workspace();
  const userId = aUser();
  const made = await call(token, "POST", `/workspaces/${workspaceId}/users`, { userId, role: "developer" });
  const importId = `${workspaceId}/${userId}`;
  const inputs = (await kit.check({}, { userId, role: "developer", [HIDDEN.import]: importId })).inputs as Props;
  const { id, outs } = await kit.create(inputs);
  expect(id).toBe(importId);
  expect(outs).toMatchObject({ memberId: made.id, userId, workspaceId, role: "developer" });
  expect(members(workspaceId)).toHaveLength(1);

  const byApiId = await kit.check({}, { userId, [HIDDEN.import]: String(made.id) });
  expect(byApiId.failures).toEqual([
    { property: "", reason: expect.stringMatching(/^import: malformed id .*, expected <workspaceId>\/<userId>/) },
  ]);
});

test("a user who is already a member is not taken as the create's: it fails naming the member, nothing changes", async () => {
  const { workspaceId, token, kit } = await workspace();
  const userId = aUser();
  const theirs = await call(token, "POST", `/workspaces/${workspaceId}/users`, { userId, role: "administrator" });
  const checked = (await kit.check({}, { userId, role: "viewer" })).inputs as Props;
  await expect(kit.create(checked)).rejects.toThrow(
    new RegExp(`^futrou:Member userId=\\S+: userId \\S+ is already used by Member ${theirs.id}\\. `),
  );
  expect(members(workspaceId)).toEqual([expect.objectContaining({ id: theirs.id, role: "administrator" })]);
});

test("a POST whose answer is lost is recovered by the user's new membership, not sent again", async () => {
  const { workspaceId, kit } = await workspace();
  const userId = aUser();
  const checked = (await kit.check({}, { userId })).inputs as Props;
  emu.setFaults({ commitThenDropRate: 1 });
  try {
    const { id, outs } = await kit.create(checked);
    expect(id).toBe(`${workspaceId}/${userId}`);
    expect(members(workspaceId)).toEqual([expect.objectContaining({ id: (outs as Props).memberId, userId })]);
  } finally {
    emu.setFaults({ commitThenDropRate: 0 });
  }
});

describe("the create journal: a create killed after its POST answered", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "item-key-journal-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /**
   * The create protocol over the member spec's runtime for `token`; `settle` stands for the readiness wait. A
   * next run is another process: another token gives it a client (and listings) of its own.
   */
  const createFor = (token: string, inputs: Props, settle: (o: Props) => Promise<Props> = async (o) => o) => {
    const rt = new KindRuntime(memberSpec());
    const values: Record<string, string> = { "futrou:apiUrl": emu.url, "futrou:apiToken": token };
    rt.settings = resolveSettings({ get: (k) => values[k] });
    const journal = new CreateJournal(dir);
    return createObject(rt, { collection: rt.collectionOf(inputs), body: rt.body(inputs), inputs, settle, journal });
  };
  const killed = async () => {
    throw new Error("killed");
  };

  test("the next run adopts the member at the user's path, with no second POST", async () => {
    const { workspaceId, token } = emu.createWorkspace();
    const inputs = { userId: aUser(), workspaceId, role: "viewer" };
    await expect(createFor(token, inputs, killed)).rejects.toThrow("killed");
    const [made] = members(workspaceId);
    emu.resetStats();
    const next = emu.issueToken(workspaceId);
    expect(await createFor(next, inputs)).toMatchObject({ id: made?.id, userId: inputs.userId });
    expect(requestsTo(`/workspaces/${workspaceId}/users/${inputs.userId}`)).toEqual({ GET: 1 });
    expect(requestsTo(`/workspaces/${workspaceId}/users`)).toEqual({});
  });

  test("a member another program made for that user since is not adopted: the create fails naming it", async () => {
    const { workspaceId, token } = emu.createWorkspace();
    const inputs = { userId: aUser(), workspaceId, role: "viewer" };
    await expect(createFor(token, inputs, killed)).rejects.toThrow("killed");
    const users = `/workspaces/${workspaceId}/users`;
    await call(token, "DELETE", `${users}/${inputs.userId}`);
    const theirs = await call(token, "POST", users, { userId: inputs.userId, role: "administrator" });
    await expect(createFor(emu.issueToken(workspaceId), inputs)).rejects.toThrow(
      `is already used by Member ${theirs.id}.`,
    );
    expect(members(workspaceId)).toEqual([expect.objectContaining({ id: theirs.id, role: "administrator" })]);
  });
});

test("the user's id is part of the Pulumi id, so it cannot be a secret", async () => {
  const { kit } = await workspace();
  const result = await kit.check({}, { userId: aUser(), [HIDDEN.secrets]: ["userId"] });
  expect(result.failures).toEqual([
    {
      property: "",
      reason: expect.stringMatching(
        /^userId \(secret\): cannot be a secret: it is part of the Member's id \(<workspaceId>\/<userId>\)/,
      ),
    },
  ]);
});

test("an answer for another user at the user's path is refused: nothing of it enters the state", async () => {
  const api = await startFixture();
  try {
    const kit = await kitAt(api.url, "fixture-token");
    // The item answers another user's membership; the list (the read's listing) holds nothing.
    const theirs = { id: "m2", userId: "u2", workspaceId: "w1", role: "viewer" };
    api.answer((req, res) => json(200, req.url.startsWith("/v2/workspaces/w1/users/u1") ? theirs : [])(req, res));
    const ours = { userId: "u1", workspaceId: "w1", role: "viewer", memberId: "m1" };
    await expect(kit.read("w1/u1", ours)).rejects.toThrow(
      'futrou:Member "w1/u1": the API answered another object than the one asked for: userId "u2" (asked for "u1")',
    );
    await expect(kit.update("w1/u1", ours, { ...ours, role: "developer" })).rejects.toThrow(
      'the API answered the update with another object, Member "m2"; the state keeps the old values',
    );
    expect(api.seen.filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.url}`)).toEqual([
      "PATCH /v2/workspaces/w1/users/u1",
    ]);
  } finally {
    await api.close();
  }
});

test("an item key must be a required input: the POST body names the object", () => {
  expect(() =>
    defineSpec({
      kind: "project",
      doc: "A member.",
      fields: derive(MEMBER_FIELDS, "member"),
      itemKey: "role",
      lookup: { fields: [] },
    }),
  ).toThrow("futrou: project: itemKey role must be a required input (the POST body names it)");
});
