/**
 * The update values of the lifecycle test (lifecycle-provider.test.ts updates every updatable field in place):
 * the kind's examples name some (provider/kinds/<kind>/cases.ts, where a value needs the test's fixtures or
 * cannot be made up), and every other updatable field takes its declaration's `example`, else a value made
 * from its input rule (a string, a number, a boolean, an enum member, a string map) that the rule accepts and
 * that differs from its default and from its created value. A field added to a kind thus needs no test edit
 * here; one whose rule no made-up value passes fails, naming the field and the two places to say a value.
 */
import { isDeepStrictEqual } from "node:util";
import type { Kind } from "../../provider/api/contract";
import type { Field } from "../../provider/kinds/fields";

type Props = Record<string, unknown>;
interface Def {
  type?: string;
  innerType?: unknown;
  in?: unknown;
  entries?: Record<string, unknown>;
}

/** The zod definition under `.nullable()`, `.optional()`, `.default()` and a pipe's input. */
function coreDef(schema: unknown): Def {
  let def = (schema as { _zod: { def: Def } })._zod.def;
  for (let i = 0; i < 8; i++) {
    const under = ["nullable", "optional", "default"].includes(def.type ?? "")
      ? def.innerType
      : def.type === "pipe"
        ? def.in
        : undefined;
    if (under === undefined) return def;
    def = (under as { _zod: { def: Def } })._zod.def;
  }
  return def;
}

/** Values to try for a field of this rule, in order. */
function candidates(name: string, def: Def): unknown[] {
  switch (def.type) {
    case "string":
      return [
        `updated-${name}`,
        `Updated ${name}`,
        `https://example.com/updated-${name}`,
        `updated-${name}.example.com`,
      ];
    case "number":
      return [2, 20, 200, 2000, 1, 0];
    case "boolean":
      return [true, false];
    case "enum":
      return Object.values(def.entries ?? {});
    case "record":
      return [{ UPDATED: "yes" }, { updated: "yes" }];
    default:
      return [];
  }
}

/** A new value for one updatable field: its declared `example`, else one made from its rule; undefined if none. */
export function madeUpValue(name: string, field: Field, created: unknown): unknown {
  const rule = field.input;
  if (!rule) return undefined;
  const tried = field.example !== undefined ? [field.example] : candidates(name, coreDef(rule));
  return tried.find(
    (v) => rule.safeParse(v).success && !isDeepStrictEqual(v, field.default) && !isDeepStrictEqual(v, created),
  );
}

/**
 * The update of every updatable field: `named` (the kind's examples) over a value for each other one. Throws,
 * naming the field, when no value can be made for one.
 */
export function updateValues(
  kind: Kind,
  fields: Readonly<Record<string, Field>>,
  updatable: readonly string[],
  created: Props,
  named: Props,
): Props {
  const made = updatable
    .filter((k) => !(k in named))
    .map((k) => {
      const value = madeUpValue(k, fields[k] as Field, created[k]);
      if (value === undefined)
        throw new Error(
          `${kind}.${k}: no update value: declare its \`example\` (provider/kinds/${kind}/fields.ts) or name it in lifecycle.update (provider/kinds/${kind}/cases.ts)`,
        );
      return [k, value] as const;
    });
  return { ...Object.fromEntries(made), ...named };
}
