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
import { fieldTable, generatedFiles, resourcesDoc } from "../../scripts/declarations";

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

describe("a kind docs/resources.md has no section for", () => {
  // Storage's hand-written section taken out, as for a kind just added: `make docs` writes one whole.
  const text = readFileSync(join(root, "docs", "resources.md"), "utf8");
  const start = text.indexOf("## Storage");
  const end = text.indexOf("## Serverlet");
  const without = text.slice(0, start) + text.slice(end);
  const storage = specFor("storage");

  test("gets its whole section before the end of the kinds: heading, doc, field table, unique value, import id", () => {
    const made = resourcesDoc(without);
    const section = made.slice(made.indexOf("<!-- kind:storage -->"), made.indexOf("<!-- /kind:storage -->"));
    expect(made.indexOf("<!-- /kind:storage -->")).toBeLessThan(made.indexOf("<!-- /kinds -->"));
    expect(section).toContain("## Storage\n");
    expect(section).toContain(storage.doc);
    expect(section).toContain(fieldTable("storage"));
    expect(section).toContain("Unique: `name` within the workspace.");
    expect(section).toContain("Import id: `<storageId>`");
    expect(section).toContain("(reference/storage.md)");
  });

  test("keeps it, regenerated in place, and hand-written prose after it, on the next `make docs`", () => {
    const once = resourcesDoc(without);
    const withProse = once.replace("<!-- /kind:storage -->\n", "<!-- /kind:storage -->\n\nMore about storages.\n");
    const stale = withProse.replace(storage.doc, "An old description.");
    expect(resourcesDoc(stale)).toBe(withProse);
  });

  test("fails naming the marker when the file has no end of the kinds", () => {
    expect(() => resourcesDoc(without.replace("<!-- /kinds -->", ""))).toThrow("<!-- /kinds -->");
  });
});
