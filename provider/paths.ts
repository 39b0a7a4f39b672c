/**
 * Pulumi property paths, as the `replaceOnChanges` and `ignoreChanges` options write them: `name`,
 * `env.LOG_LEVEL`, `ports[0].port`, `volumes[*].mountPath`, `env["a.b"]`, and `*` for every property.
 * The engine applies `replaceOnChanges` only to keys a provider reports as changed, which the
 * dynamic-provider host never does; the kit's diff applies it with these.
 */
import { same } from "./normal";

type Segment = string | number | "*";

/** The segment forms, tried in order at the head of what is left: `[0]`, `[*]`, `["a.b"]`, `.name` (or `name` first). */
const FORMS: readonly { re: RegExp; first?: boolean; segment: (m: RegExpExecArray) => Segment }[] = [
  { re: /^\[\s*(\d+)\s*\]/, segment: (m) => Number(m[1]) },
  { re: /^\[\s*\*\s*\]/, segment: () => "*" },
  { re: /^\[\s*"((?:[^"\\]|\\.)*)"\s*\]/, segment: (m) => JSON.parse(`"${m[1]}"`) as string },
  { re: /^([^.[\]]+)/, first: true, segment: (m) => m[1] as string },
  { re: /^\.([^.[\]]+)/, first: false, segment: (m) => m[1] as string },
];

/** The segments of a path; throws naming the path when it is not one Pulumi accepts. */
export function parsePath(path: string): Segment[] {
  const segments: Segment[] = [];
  let rest = path.trim();
  const bad = () =>
    new Error(`replaceOnChanges: "${path}" is not a property path (e.g. "name", "env.KEY", "ports[*].port")`);
  if (rest === "") throw bad();
  while (rest !== "") {
    const first = segments.length === 0;
    const hit = FORMS.map((f) => (f.first === undefined || f.first === first ? { f, m: f.re.exec(rest) } : undefined))
      .filter((x) => x?.m)
      .at(0);
    if (!hit?.m) throw bad();
    segments.push(hit.f.segment(hit.m));
    rest = rest.slice(hit.m[0].length);
  }
  return segments;
}

/** Every value at `segments` below `v` (wildcards expand over both sides' keys, so an added element counts). */
function valuesAt(a: unknown, b: unknown, segments: readonly Segment[]): [unknown, unknown][] {
  if (segments.length === 0) return [[a, b]];
  const [head, ...tail] = segments as [Segment, ...Segment[]];
  const child = (v: unknown, k: string | number): unknown =>
    v !== null && typeof v === "object" ? (v as Record<string | number, unknown>)[k] : undefined;
  if (head === "*") {
    const keys = new Set<string | number>();
    for (const v of [a, b]) {
      if (Array.isArray(v)) for (let i = 0; i < v.length; i++) keys.add(i);
      else if (v !== null && typeof v === "object") for (const k of Object.keys(v)) keys.add(k);
    }
    return [...keys].flatMap((k) => valuesAt(child(a, k), child(b, k), tail));
  }
  return valuesAt(child(a, head), child(b, head), tail);
}

/**
 * The top-level keys among `changed` whose change the paths say must replace: a path names a key (or `*`)
 * and the value under the path differs between `was` and `now`.
 */
export function replacingKeys(
  paths: readonly string[],
  changed: readonly string[],
  was: object,
  now: object,
): string[] {
  const parsed = paths.map(parsePath);
  return changed.filter((key) =>
    parsed.some((segments) => {
      const [head, ...tail] = segments as [Segment, ...Segment[]];
      if (head !== "*" && head !== key) return false;
      const w = (was as Record<string, unknown>)[key];
      const n = (now as Record<string, unknown>)[key];
      return valuesAt(w, n, tail).some(([x, y]) => !same(x, y));
    }),
  );
}
