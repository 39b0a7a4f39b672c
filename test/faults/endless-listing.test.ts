/**
 * A listing that never ends (page 1 served for every page asked, a million pages announced), against the
 * scripted API: nothing destructive is decided on it. A zone's "not empty" guard refuses the delete after
 * two list requests, naming the records and how far it got; a create takes no candidates from it and sends
 * no POST; reads go by GET. Once the listing ends again, the same delete goes through.
 */

import { makeProvider } from "../../provider/kit";
import { specFor } from "../../provider/registry";
import { configOf } from "../provider/harness";
import { type ScriptedApi, startScriptedApi } from "./scripted-api";

let api: ScriptedApi;
beforeEach(async () => {
  api = await startScriptedApi();
});
afterEach(() => api.close());

const provider = async (kind: "dnsZone" | "project") => {
  const p = makeProvider(specFor(kind));
  await p.configure({
    config: configOf({ "futrou:apiUrl": api.url, "futrou:apiToken": api.token }),
  });
  return p;
};
const requests = (line: string) => api.log.filter((l) => l === line).length;

test("a zone whose records listing never ends is not deleted: the step fails after 2 list requests, saying how far it got", async () => {
  const zone = { domain: "example.com", workspaceId: "w1" };
  const id = api.seed("/dns", zone);
  const records = `/dns/${id}/records`;
  api.seed(records, {
    name: "@",
    type: "SOA",
    value: "ns1.futrou.example. hostmaster.example.com. 1 7200 900 1209600 300",
  });
  api.endlessLists = true;

  const zones = await provider("dnsZone");
  const refused = await zones.delete(id, zone).catch((e: unknown) => e as Error);

  expect(refused).toBeInstanceOf(Error);
  expect((refused as Error).message).toBe(
    `futrou:DnsZone "example.com" (${id}) was not deleted: its records could not be listed completely (stopped ` +
      "after 2 pages of 1,000,000 announced: page 2 repeated objects already listed); nothing was deleted. Run the " +
      "command again once the API lists them completely, or set `forceDestroy: true` and run `pulumi up` " +
      "first to delete it with whatever it holds.",
  );
  expect(api.objects.get("/dns")?.has(id)).toBe(true);
  expect(requests(`GET ${records}`)).toBe(2);
  expect(requests(`DELETE /dns/${id}`)).toBe(0);

  // The listing ends again: the zone holds only the platform's records, and goes.
  api.endlessLists = false;
  await zones.delete(id, zone);
  expect(api.objects.get("/dns")?.has(id)).toBe(false);
});

test("a create whose candidates cannot be listed completely sends no POST", async () => {
  // The filtered list of candidates named "shop" is empty on every page, of a million announced.
  api.seed("/projects", { name: "other", workspaceId: "w1" });
  api.endlessLists = true;
  const projects = await provider("project");
  const failed = await projects
    .create({ name: "shop", displayName: "Shop", workspaceId: "w1" })
    .catch((e: unknown) => e as Error);
  expect((failed as Error).message).toMatch(
    /^GET \/projects could not be listed completely \(stopped after 1 page of 1,000,000 announced: page 1 was empty\)/,
  );
  expect(requests("POST /projects")).toBe(0);
  expect(requests("GET /projects")).toBeLessThanOrEqual(3);
});

test("reads in a listing that never ends stop asking it after page 2 and read by GET", async () => {
  const listed = api.seed("/projects", { name: "listed", workspaceId: "w1" });
  // Objects the workspace's listing does not show: each read would ask it one page further.
  const unlisted = Array.from({ length: 4 }, (_, i) => api.seed("/projects", { name: `u${i}`, workspaceId: "w2" }));
  api.endlessLists = true;
  const projects = await provider("project");
  expect((await projects.read(listed, { name: "listed", workspaceId: "w1" })).props).toMatchObject({ name: "listed" });
  for (const [i, id] of unlisted.entries()) {
    expect((await projects.read(id, { name: `u${i}`, workspaceId: "w1" })).props).toMatchObject({ name: `u${i}` });
  }
  expect(requests("GET /projects")).toBe(2);
  for (const id of unlisted) expect(requests(`GET /projects/${id}`)).toBe(1);
});
