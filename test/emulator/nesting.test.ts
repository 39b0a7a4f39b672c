/**
 * A deeply nested body (issue 27, "Why" point 7): the emulator used to answer 500 to a 1 MB proxy whose rule
 * action nested thousands of levels, yet keep it in memory (served, not in the WAL, gone after a restart),
 * and `/_emulator/inventory` failed while it existed. Now a body nested deeper than MAX_BODY_DEPTH is
 * refused with a 400 naming the field before anything is stored; one at the limit is stored durably.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MAX_BODY_DEPTH, pathTooDeep } from "../../emulator/server";
import { describeError, type Harness, start } from "./helpers";

/** A proxy whose one rule's action holds `x`: arrays nested so that the body is `levels` deep in all. */
function proxyBody(h: Harness, domain: string, levels: number): string {
  // body (1) > rules (2) > rule (3) > then (4) > action (5) > x and its arrays (6 …)
  const arrays = levels - 5;
  const x = `${"[".repeat(arrays)}${"]".repeat(arrays)}`;
  return `{"domain":"${domain}","target":"10.0.0.1","workspaceId":"${h.emu.workspaceId}","rules":[{"then":[{"x":${x}}]}]}`;
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "futrou-nesting-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

test("a 1 MB body nested far too deep is refused with a 400 naming the field, and nothing is stored", async () => {
  const h = await start({ dataFile: join(dir, "state.json") });
  try {
    const body = proxyBody(h, "deep.example.com", 500_000);
    expect(body.length).toBeGreaterThan(999_000);
    const answer = await h.call("POST", "/proxies", body);
    expect(describeError(answer)).toBe(
      `400 VALIDATION_ERROR on rules: nested deeper than ${MAX_BODY_DEPTH} levels of objects and arrays (at rules[0].then[0].x[0]…)`,
    );
    const inventory = await h.admin("GET", "/inventory");
    expect(inventory.status).toBe(200);
    expect(inventory.body.proxy).toEqual([]);
  } finally {
    await h.emu.close();
  }
});

test("a body at the limit is stored durably: listed, in the inventory, and there after a restart", async () => {
  const dataFile = join(dir, "state.json");
  const h = await start({ dataFile });
  let id: string;
  try {
    const answer = await h.call("POST", "/proxies", proxyBody(h, "limit.example.com", MAX_BODY_DEPTH));
    expect(answer.status).toBe(201);
    id = answer.body.id;
    expect((await h.admin("GET", "/inventory")).body.proxy.map((p: { id: string }) => p.id)).toEqual([id]);
  } finally {
    await h.emu.close();
  }
  const again = await start({ dataFile });
  try {
    expect((await again.call("GET", `/proxies/${id}`)).status).toBe(200);
    const [kept] = (await again.admin("GET", "/inventory")).body.proxy;
    expect(kept.id).toBe(id);
    // Kept whole: the action's arrays reach the limit exactly.
    expect(pathTooDeep(kept, MAX_BODY_DEPTH)).toBeUndefined();
    expect(pathTooDeep(kept, MAX_BODY_DEPTH - 1)).toEqual(expect.arrayContaining(["rules", 0, "then", 0, "x"]));
  } finally {
    await again.emu.close();
  }
});

test("depth is measured without recursion, and the path names the first place too deep", () => {
  const deep = JSON.parse(`{"a":{"b":${"[".repeat(200_000)}${"]".repeat(200_000)}}}`);
  expect(pathTooDeep(deep, 3)).toEqual(["a", "b", 0]);
  expect(pathTooDeep({ a: [1, { b: "x" }] }, 3)).toBeUndefined();
  expect(pathTooDeep({ a: [1, { b: {} }] }, 3)).toEqual(["a", 1, "b"]);
});
