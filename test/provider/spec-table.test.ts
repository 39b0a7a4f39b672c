/**
 * The spec table each kind is declared by: which inputs replace, the unique field, the secret fields
 * and the id format `pulumi import` takes. Starts nothing.
 */
import type { Kind } from "../../provider/api/contract";
import { specFor } from "../../provider/index";

describe("the spec table", () => {
  test.each<[Kind, string[], string | undefined, string[], string]>([
    ["project", ["workspaceId"], "name", [], "<projectId>"],
    ["variable", ["key", "workspaceId", "projectId", "serverletId"], "key", [], "<variableId>"],
    ["dnsZone", ["domain", "workspaceId"], "domain", [], "<dnsId>"],
    ["dnsRecord", ["dnsId"], undefined, [], "<dnsId>/<recordId>"],
    ["cron", ["workspaceId"], "name", ["headers", "body"], "<cronId>"],
    ["proxy", ["workspaceId"], "domain", [], "<proxyId>"],
    ["volume", ["type", "workspaceId", "regionId"], "name", [], "<volumeId>"],
    ["serverlet", ["workspaceId", "regionId"], "name", [], "<serverletId>"],
    ["storage", ["workspaceId", "regionId"], "name", [], "<storageId>"],
  ])("%s replaces on %j, unique %s, secrets %j, id %s", (kind, replaceOn, unique, secrets, idFormat) => {
    const spec = specFor(kind);
    expect([...spec.replaceOn].sort()).toEqual([...replaceOn].sort());
    expect(spec.unique?.field).toBe(unique);
    expect(spec.secrets).toEqual(secrets);
    expect(spec.idFormat).toBe(idFormat);
  });
});
