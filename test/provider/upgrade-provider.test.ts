/**
 * A field added to the package with a default never shows as a change on a stack made before it existed:
 * its absence from the old outputs (and old inputs) reads as its default. Every defaulted input of every
 * kind, derived from the specs (spec.ts `inputDefaults`), on both adapters: the dynamic-provider host (diff
 * sees the old outputs only) and the provider plugin (old outputs and old inputs). The kit's diff alone, no
 * API: the recorded stacks of earlier versions are in test/e2e/upgrade-e2e.test.ts.
 */
import { DYNAMIC_HOST } from "../../provider/adapters/dynamic";
import type { Kind } from "../../provider/api/contract";
import { makeProvider } from "../../provider/kit";
import { normalize } from "../../provider/normal";
import { kinds, specFor } from "../../provider/registry";
import { inputDefaults, type Props } from "../../provider/spec";

/** Each kind's defaulted inputs, as [kind, field, default] rows. */
const rows: [Kind, string, unknown][] = kinds().flatMap((kind) =>
  Object.entries(inputDefaults(specFor(kind))).map(([field, value]) => [kind, field, value] as [Kind, string, unknown]),
);

const ADAPTERS = [
  ["the dynamic-provider host", DYNAMIC_HOST, false],
  ["the provider plugin", { acceptsSecrets: true }, true],
] as const;

describe("the defaulted inputs, derived from the specs", () => {
  test("take in the API's defaults and the schemas' own, such as a zone's provider-only forceDestroy", () => {
    expect(inputDefaults(specFor("dnsZone"))).toMatchObject({ forceDestroy: false, enableDnssec: false });
    expect(inputDefaults(specFor("proxy"))).toMatchObject({ port: 80, enforceHttps: false });
    expect(rows.length).toBeGreaterThan(30);
  });
});

describe.each(ADAPTERS)("a state written before a defaulted field existed, on %s", (_name, adapter, hasInputs) => {
  /** The inputs check makes from a program that sets nothing: every default filled in, in normal form. */
  const checked = (kind: Kind): Props => normalize(kind, { ...inputDefaults(specFor(kind)) });
  const diffOf = (kind: Kind, olds: Props, news: Props) =>
    makeProvider(specFor(kind), adapter).diff("obj-1", olds, news, hasInputs ? olds : undefined);

  test.each(rows)("%s: %s left at its default (%j) is no change", async (kind, field) => {
    const news = checked(kind);
    const { [field]: _, ...olds } = news;
    const diff = await diffOf(kind, olds, news);
    expect(diff.changed).not.toContain(field);
  });

  test.each(rows)("%s: %s set to another value than its default is a change", async (kind, field) => {
    const news = { ...checked(kind), [field]: "not-the-default" };
    const { [field]: _, ...olds } = checked(kind);
    const diff = await diffOf(kind, olds, news);
    expect(diff.changed).toContain(field);
  });

  test("a field the old check knew of and left out (an import's unclaimed env) is still a change", async () => {
    const news = checked("serverlet");
    const { env: _, ...olds } = news;
    const diff = await diffOf("serverlet", { ...olds, __given: Object.keys(news) }, news);
    expect(diff.changed).toEqual(["env"]);
  });

  test("a field the old state holds is compared as always: a zone's forceDestroy true → false is a change", async () => {
    const news = checked("dnsZone");
    const diff = await diffOf("dnsZone", { ...news, forceDestroy: true }, news);
    expect(diff).toMatchObject({ changes: true, changed: ["forceDestroy"] });
  });
});
