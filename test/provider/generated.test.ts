/**
 * The files the field declarations generate (scripts/declarations.ts, written by `make docs`) are checked in:
 * the SDK's Args, Computed and lookup Result interfaces (sdk/generated/) and the field tables of
 * docs/resources.md. Each must be what the declarations generate now, so a declaration changed without
 * `make docs` fails here, and so does a generated file edited by hand. Starts nothing.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fieldDoc } from "../../provider/kinds/fields";
import { kinds, specFor } from "../../provider/registry";
import { generatedFiles } from "../../scripts/declarations";

const root = join(__dirname, "..", "..");

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
