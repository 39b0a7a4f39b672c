/**
 * Constructs the resources listed in stack config `resources`: a JSON array of `{kind, name, args, opts?}`.
 * An args value `"ref:<name>"` (also nested) becomes the id of the resource of that name declared before it, so one
 * program serves many cases by changing config only (no lookups: a preview makes no API request). `opts`
 * are resource options as JSON (`aliases` as `{ name }` objects or URNs, `replaceOnChanges`, `import`,
 * `retainOnDelete`, `deleteBeforeReplace`, `protect`); `secret: ["field"]` makes those args secret.
 */
import * as pulumi from "@pulumi/pulumi";
import * as futrou from "pulumi-futrou";

type Class = new (name: string, args: never, opts?: pulumi.CustomResourceOptions) => pulumi.CustomResource;
/** The SDK's class of a kind, named by its type (`dnsZone` → `futrou.DnsZone`): every kind the SDK exports. */
const classOf = (kind: string): Class | undefined =>
  (futrou as unknown as Record<string, Class | undefined>)[`${kind.charAt(0).toUpperCase()}${kind.slice(1)}`];

interface Entry {
  kind: string;
  name: string;
  args: Record<string, unknown>;
  opts?: pulumi.CustomResourceOptions;
  secret?: string[];
}

const entries = new pulumi.Config().requireObject<Entry[]>("resources");
const ids: Record<string, pulumi.Output<string>> = {};
for (const { kind, name, args, opts, secret } of entries) {
  const Class = classOf(kind);
  if (!Class) throw new Error(`unknown kind "${kind}"`);
  /** `"ref:<name>"` anywhere in a value (also nested) becomes that resource's id, an Output. */
  const resolve = (v: unknown, where: string): unknown => {
    if (typeof v === "string" && v.startsWith("ref:")) {
      const id = ids[v.slice(4)];
      if (id === undefined) throw new Error(`${where}: no resource named "${v.slice(4)}" before it`);
      return id;
    }
    if (Array.isArray(v)) return v.map((x, i) => resolve(x, `${where}[${i}]`));
    if (v !== null && typeof v === "object") {
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, resolve(x, `${where}.${k}`)]));
    }
    return v;
  };
  const resolved = Object.fromEntries(
    Object.entries(args).map(([k, v]) => {
      const value = resolve(v, `${name}.${k}`);
      return [k, secret?.includes(k) ? pulumi.secret(value) : value];
    }),
  );
  ids[name] = new Class(name, resolved as never, opts).id;
}

export const resourceIds = ids;
