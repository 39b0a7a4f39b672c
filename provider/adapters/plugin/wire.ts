/**
 * Property bags between the engine's protobuf Structs and the kit's plain objects. The plugin tells the
 * engine it accepts secrets, so a value the program (or the state) marks secret arrives wrapped in Pulumi's
 * secret envelope: it is unwrapped here, and the names of the top-level properties that held one are kept.
 * On the way out they must be wrapped again (the engine keeps no secret-ness of its own for a provider that
 * accepts secrets): the kit seals what it returns (provider/secrets.ts), and this passes seals through.
 */
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import { isSealed, seal } from "../../secrets";
import type { Props } from "../../spec";

const isObject = (v: unknown): v is Props => typeof v === "object" && v !== null && !Array.isArray(v);

/** The value with every secret envelope removed, and whether there was one anywhere inside. */
export function unwrap(value: unknown): { value: unknown; secret: boolean } {
  if (Array.isArray(value)) {
    const items = value.map(unwrap);
    return { value: items.map((i) => i.value), secret: items.some((i) => i.secret) };
  }
  if (!isObject(value)) return { value, secret: false };
  if (isSealed(value)) return { value: unwrap(value.value).value, secret: true };
  const entries = Object.entries(value).map(([k, v]) => [k, unwrap(v)] as const);
  return {
    value: Object.fromEntries(entries.map(([k, u]) => [k, u.value])),
    secret: entries.some(([, u]) => u.secret),
  };
}

/** A bag from the engine: plain values, and the top-level names whose value held a secret. */
export interface Received {
  props: Props;
  secret: string[];
}

export function fromWire(struct: Struct | undefined): Received {
  const raw = (struct?.toJavaScript() ?? {}) as Props;
  const props: Props = {};
  const secret: string[] = [];
  for (const [k, v] of Object.entries(raw)) {
    const u = unwrap(v);
    props[k] = u.value;
    if (u.secret) secret.push(k);
  }
  return { props, secret };
}

/** `undefined` has no protobuf form: object members that are undefined are left out, list items become null. */
function plain(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => (v === undefined ? null : plain(v)));
  if (isSealed(value)) return seal(plain(value.value));
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, plain(v)]),
  );
}

/**
 * A bag for the engine. The kit already seals what is secret in what it returns (makeProvider's
 * `acceptsSecrets`); `secrets` names further top-level properties to wrap (provider settings).
 */
export function toWire(props: Props, secrets: Iterable<string> = []): Struct {
  const wrapped = plain(props) as Props;
  for (const k of secrets) {
    const v = wrapped[k];
    if (v !== undefined && v !== null && !isSealed(v)) wrapped[k] = seal(v);
  }
  return Struct.fromJavaScript(wrapped as Parameters<typeof Struct.fromJavaScript>[0]);
}
