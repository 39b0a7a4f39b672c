/**
 * The repository's import graph, read the way TypeScript reads it (`ts.preProcessFile`: static imports and
 * re-exports, `import type`, `import()` and `require()` with a literal path; a `require()` whose path is a
 * template, as the bundler reads it: every file it can name), and the layering rules of
 * ARCHITECTURE.md ("Layers: who may import whom") checked against it.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, posix } from "node:path";
import ts from "typescript";

/** Our source folders; `node_modules` and `dist` are never read. */
export const SOURCE_ROOTS = ["provider", "sdk", "emulator", "scripts", "bench", "test", "examples"] as const;

/** Repository-relative path (always `/`) → file text. */
export type Sources = Map<string, string>;

/** An import of one of our files by another: `from` imports `to`. */
export interface Edge {
  from: string;
  to: string;
}

/** Every `.ts` file under the source roots (declaration files and dependencies left out). */
export function readSources(root: string): Sources {
  const sources: Sources = new Map();
  const walk = (dir: string) => {
    let entries: import("node:fs").Dirent[];
    try {
      entries = readdirSync(join(root, dir), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = posix.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "node_modules" && entry.name !== "dist") walk(path);
      } else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts")) {
        sources.set(path, readFileSync(join(root, path), "utf8"));
      }
    }
  };
  for (const dir of SOURCE_ROOTS) walk(dir);
  return sources;
}

/** The file a relative specifier names (`./x` → `x.ts` or `x/index.ts`); undefined for packages and non-sources. */
function resolve(sources: Sources, from: string, specifier: string): string | undefined {
  if (!specifier.startsWith(".")) return undefined;
  const base = posix.normalize(posix.join(posix.dirname(from), specifier));
  return [base, `${base}.ts`, posix.join(base, "index.ts")].find((candidate) => sources.has(candidate));
}

/**
 * The files a `require` whose path is a template names (`./kinds/${kind}/spec`), as the plugin's bundler reads
 * it: each `${…}` one path segment or part of one, every matching file of ours.
 */
function templateRequires(sources: Sources, from: string, text: string): string[] {
  const literal = (p: string) => p.replace(/[.*+?^$()|[\]{}\\]/g, "\\$&");
  return [...text.matchAll(/\brequire\(\s*`(\.{1,2}\/[^`]*\$\{[^`]*)`\s*\)/g)].flatMap((m) => {
    const [head = "", ...rest] = (m[1] as string).split(/\$\{[^}]*\}/);
    // posix.join keeps a trailing "/": `./kinds/${kind}` is `provider/kinds/` and one segment.
    const parts = [posix.join(posix.dirname(from), head), ...rest].map(literal);
    const pattern = new RegExp(`^${parts.join("[^/]+")}(\\.ts|/index\\.ts)?$`);
    return [...sources.keys()].filter((f) => pattern.test(f));
  });
}

/** Each file's imports of our other files (a template `require`'s: every file it can name). */
export function importGraph(sources: Sources): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const [file, text] of sources) {
    const imported = ts.preProcessFile(text, true, true).importedFiles.map((i) => resolve(sources, file, i.fileName));
    const found = [...imported.filter((f): f is string => f !== undefined), ...templateRequires(sources, file, text)];
    graph.set(file, [...new Set(found)]);
  }
  return graph;
}

/** A layering rule: no file matching `from` may import a file matching `to` (which may look at the importer). */
export interface Rule {
  name: string;
  from: (file: string) => boolean;
  to: (file: string, from: string) => boolean;
}

const under = (dir: string) => (file: string) => file.startsWith(`${dir}/`);

/** ARCHITECTURE.md's layers, as the rules a change must not break. */
export const RULES: readonly Rule[] = [
  { name: "provider/ imports nothing from sdk/", from: under("provider"), to: under("sdk") },
  {
    name: "emulator/ imports nothing from provider/ or sdk/",
    from: under("emulator"),
    to: (f) => under("provider")(f) || under("sdk")(f),
  },
  {
    name: "provider/api/ imports nothing else of ours",
    from: under("provider/api"),
    to: (f) => !under("provider/api")(f),
  },
  {
    // Adapters depend on the core, never the reverse; the one core file that names a host is the dynamic
    // host's entry (provider/index.ts, kept at its path: every dynamic resource's state requires it).
    name: "provider/ imports nothing from provider/adapters/ (but the dynamic host's entry, provider/index.ts)",
    from: (f) => under("provider")(f) && !under("provider/adapters")(f) && f !== "provider/index.ts",
    to: under("provider/adapters"),
  },
  {
    // The create protocol is below the kit: the kit's create calls it, it never calls back into the kit.
    name: "the create protocol (provider/create.ts, journal.ts, listing.ts) imports nothing from provider/kit/",
    from: (f) => ["provider/create.ts", "provider/journal.ts", "provider/listing.ts"].includes(f),
    to: under("provider/kit"),
  },
  {
    // The dynamic host's entry is a door for the host, not a module: the registry is where kinds are found.
    name: "provider/ imports nothing from the dynamic host's entry (provider/index.ts)",
    from: (f) => under("provider")(f) && f !== "provider/index.ts",
    to: (f) => f === "provider/index.ts",
  },
  {
    // The registry is imported by the adapters, the schema, the converter and the kit's callers, never the
    // reverse: it reaches the kinds and what they are made of, nothing that uses it.
    name: "provider/registry.ts imports only the kinds (provider/kinds/), provider/spec.ts and provider/api/",
    from: (f) => f === "provider/registry.ts",
    to: (f) => !(under("provider/kinds")(f) || f === "provider/spec.ts" || under("provider/api")(f)),
  },
  {
    // A kind's spec (provider/kinds/<kind>/spec.ts) says how the kind behaves, in the spec's language.
    name: "a kind's spec (provider/kinds/<kind>/spec.ts) imports only provider/spec.ts, provider/api/ and provider/kinds/",
    from: isKindSpec,
    to: (f) => !(f === "provider/spec.ts" || under("provider/api")(f) || under("provider/kinds")(f)),
  },
  {
    // A kind's declarations are made of the API layer's building blocks and the declaration language
    // (provider/kinds/fields.ts), nothing that reads them.
    name: "provider/kinds/ (but the kinds' specs) imports only provider/kinds/ and provider/api/",
    from: (f) => under("provider/kinds")(f) && !isKindSpec(f),
    to: (f) => !(under("provider/kinds")(f) || under("provider/api")(f)),
  },
  {
    // A kind's test examples (provider/kinds/cases.ts, provider/kinds/<kind>/cases.ts) are for the tests: no
    // provider, SDK, emulator, script or bench file takes them in (nor the plugin bundle, built from provider/).
    name: "only test/ and the kinds' examples import the kinds' test examples (provider/kinds/**/cases.ts)",
    from: (f) => !under("test")(f) && !isKindCases(f),
    to: isKindCases,
  },
  {
    name: "a kind's folder (provider/kinds/<kind>/) imports no other kind's folder",
    from: (f) => kindFolder(f) !== undefined,
    to: (f, from) => kindFolder(f) !== undefined && kindFolder(f) !== kindFolder(from),
  },
];

/** A kind's test examples or their shared types: `provider/kinds/<kind>/cases.ts`, `provider/kinds/cases.ts`. */
function isKindCases(file: string): boolean {
  return /^provider\/kinds\/([^/]+\/)?cases\.ts$/.test(file);
}

/** A kind's spec: `provider/kinds/<kind>/spec.ts`. */
function isKindSpec(file: string): boolean {
  return /^provider\/kinds\/[^/]+\/spec\.ts$/.test(file);
}

/** The kind whose folder holds a file (`provider/kinds/cron/fields.ts` → `cron`), if any. */
export function kindFolder(file: string): string | undefined {
  return /^provider\/kinds\/([^/]+)\//.exec(file)?.[1];
}

/** The imports that break a rule, as `from → to`. */
export function forbiddenImports(
  graph: Map<string, string[]>,
  rules: readonly Rule[] = RULES,
): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const rule of rules) {
    const edges = [...graph].flatMap(([from, tos]) =>
      rule.from(from) ? tos.filter((to) => rule.to(to, from)).map((to) => `${from} → ${to}`) : [],
    );
    if (edges.length > 0) found[rule.name] = edges;
  }
  return found;
}

/**
 * The import cycles: each group of files that reach one another through imports (strongly connected
 * components, Tarjan), sorted; a file importing itself is a cycle too.
 */
export function importCycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next++;
    stack.push(file);
    onStack.add(file);
    for (const to of graph.get(file) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file) as number, low.get(to) as number));
      } else if (onStack.has(to)) {
        low.set(file, Math.min(low.get(file) as number, index.get(to) as number));
      }
    }
    if (low.get(file) === index.get(file)) {
      const group: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        group.push(member);
      } while (member !== file);
      if (group.length > 1 || (graph.get(file) ?? []).includes(file)) cycles.push(group.sort());
    }
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return cycles.sort((a, b) => (a[0] as string).localeCompare(b[0] as string));
}
