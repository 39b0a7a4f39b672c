/**
 * The files the kinds' folders generate (scripts/declarations.ts, written by `make docs`) are checked in: the
 * SDK's Args, Computed, classes, exports and lookup Result interfaces (sdk/generated/), the models' index
 * (provider/kinds/index.ts), the field tables of docs/resources.md and the table of docs/drift.md. Each must
 * be what the declarations generate now, so a declaration changed without `make docs` fails here, and so does
 * a generated file edited by hand. Starts nothing.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fieldDoc } from "../../provider/kinds/fields";
import { kinds, specFor } from "../../provider/registry";
import { generatedFiles } from "../../scripts/declarations";

const root = join(__dirname, "..", "..");

test("every kind's folder is a registered kind, and each registered kind's spec is its folder's", () => {
  const folders = readdirSync(join(root, "provider", "kinds"), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);
  expect(folders.sort()).toEqual([...kinds()].sort());
  for (const kind of kinds()) expect(specFor(kind).kind).toBe(kind);
});

test.each(Object.entries(generatedFiles(root)))(
  "%s is what the declarations generate (run `make docs`)",
  (path, text) => {
    expect(readFileSync(join(root, path), "utf8")).toBe(text);
  },
);

describe.each(kinds())("%s: each input's doc says its default and what a change does", (kind) => {
  const { fields, noun } = specFor(kind).fields;
  test.each(Object.entries(fields).filter(([, f]) => f.input !== undefined))("%s", (_, f) => {
    const doc = fieldDoc(f, noun);
    expect(doc.startsWith(f.doc)).toBe(true);
    expect(doc).toMatch(
      f.updatable ? /Updated in place( \([^)]*\))?\.$/ : new RegExp(`Changing it replaces the ${noun}`),
    );
    if (f.default !== undefined && f.defaultDoc === undefined)
      expect(doc).toContain(
        `Default \`${f.default === "" ? '""' : typeof f.default === "string" ? f.default : JSON.stringify(f.default)}\`.`,
      );
  });
});
