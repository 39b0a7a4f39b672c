/**
 * The spec table each kind is declared by: which inputs replace, the unique field, the secret fields
 * and the id format `pulumi import` takes. Secrets and replacing inputs are held to the hand-written
 * table of test/oracle/secret-replace.ts (the plugin's schema is held to the same table). Starts nothing.
 */
import type { Kind } from "../../provider/api/contract";
import { specFor } from "../../provider/registry";
import { FIELD_RULES } from "../oracle/secret-replace";

describe("the spec table", () => {
  test.each<[Kind, string | undefined, string]>([
    ["project", "name", "<projectId>"],
    ["variable", "key", "<variableId>"],
    ["dnsZone", "domain", "<dnsId>"],
    ["dnsRecord", undefined, "<dnsId>/<recordId>"],
    ["cron", "name", "<cronId>"],
    ["proxy", "domain", "<proxyId>"],
    ["volume", "name", "<volumeId>"],
    ["serverlet", "name", "<serverletId>"],
    ["storage", "name", "<storageId>"],
  ])("%s: unique %s, id %s; replaces and secrets as the oracle says", (kind, unique, idFormat) => {
    const spec = specFor(kind);
    const rules = FIELD_RULES[kind];
    expect([...spec.replaceOn].sort()).toEqual(Object.keys(rules.replace).sort());
    expect([...spec.secrets].sort()).toEqual(Object.keys(rules.secret).sort());
    expect(spec.secretWhen ?? {}).toEqual(
      Object.fromEntries(Object.entries(rules.secretWhen ?? {}).map(([field, { when }]) => [field, when])),
    );
    expect(spec.unique?.field).toBe(unique);
    expect(spec.idFormat).toBe(idFormat);
  });
});
