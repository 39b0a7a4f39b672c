/**
 * Which inputs are secrets, and how the kit keeps their values out of everything it prints or stores.
 *
 * A resource's secrets are the kind's own (`spec.secrets`: a variable's value, cron headers and body) and
 * the top-level inputs the program marked secret (`pulumi.secret`, `config.requireSecret`, an Output
 * derived from a secret). The dynamic-provider host hands the provider plain values (it does not accept
 * secrets), so the SDK records those names in the hidden input `__secrets` (sdk/resource.ts); the provider
 * plugin fills the same input from the secrets the engine sends it. Names only: the list holds no value.
 *
 * `Secrets` answers, for one operation, "is this field secret" and "take every secret value out of this
 * text": check failures, error messages (an API error may echo a field), log lines and the create journal
 * go through it. Outputs that carry a secret value in another field are sealed as Pulumi secrets.
 */
import { createHash } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import { HIDDEN, inputSchema, isHidden, type Props, type ResourceSpec, schemaLayers } from "./spec";

/** What a secret value reads as wherever it would have been printed. */
export const MASK = "[secret]";

/**
 * A Pulumi secret on the wire (the engine's property encoding, which the dynamic-provider host and a
 * provider plugin both pass through): an object with this signature key and value, and the value under
 * `value`. The engine reads it back as a secret and stores it encrypted.
 */
export const SECRET_SIG_KEY = "4dabf18193072939515e22adb298388d";
export const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

export const seal = (value: unknown): Props => ({ [SECRET_SIG_KEY]: SECRET_SIG, value });

export const isSealed = (v: unknown): v is { value: unknown } =>
  v !== null && typeof v === "object" && (v as Props)[SECRET_SIG_KEY] === SECRET_SIG;

/** The names in a `__secrets` input (anything else there is ignored: it is data from the state). */
export function declaredSecrets(props: Props | undefined): string[] {
  const list = props?.[HIDDEN.secrets];
  return Array.isArray(list) ? list.filter((k): k is string => typeof k === "string") : [];
}

const isObject = (v: unknown): v is Props => v !== null && typeof v === "object" && !Array.isArray(v);

/** Whether an input is a map of user-chosen keys (env, headers): its keys are part of the secret too. */
function isMapField(spec: ResourceSpec, name: string): boolean {
  return schemaLayers(inputSchema(spec, name)).some((l) => l.type === "record");
}

/** Every string and number inside a value (and the keys of a map), as they could appear in text. */
function leaves(v: unknown, mapKeys: boolean, out: string[]): void {
  if (typeof v === "string") out.push(v);
  else if (typeof v === "number" && Number.isFinite(v)) out.push(String(v));
  else if (isSealed(v)) leaves(v.value, mapKeys, out);
  else if (Array.isArray(v)) for (const x of v) leaves(x, mapKeys, out);
  else if (isObject(v)) {
    if (mapKeys) out.push(...Object.keys(v));
    for (const x of Object.values(v)) leaves(x, false, out);
  }
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Forms longer than this are masked without a regular expression: V8 refuses to compile one of about 64 K
 * characters ("Regular expression too large"), and a secret that long (a certificate bundle, a value over the
 * API's limit that check is about to refuse) must not turn every message into that error.
 */
const REGEX_FORM_MAX = 4096;

/** `text` with every case-insensitive occurrence of `form` replaced by `[secret]`, with no regular expression. */
function maskLong(text: string, form: string): string {
  const lower = text.toLowerCase();
  const target = form.toLowerCase();
  // Lowercasing that changes lengths (rare letters) would shift positions: match exactly instead.
  if (lower.length !== text.length || target.length !== form.length) return text.split(form).join(MASK);
  let out = "";
  let at = 0;
  for (let i = lower.indexOf(target); i !== -1; i = lower.indexOf(target, at)) {
    out += text.slice(at, i) + MASK;
    at = i + target.length;
  }
  return out + text.slice(at);
}

/** The secrets of one operation: names, and a pattern matching any of their values in text. */
export class Secrets {
  readonly names: ReadonlySet<string>;
  readonly #pattern: RegExp | undefined;
  /** Forms too long for the pattern, longest first (`maskLong`). */
  readonly #long: string[];
  /** The kind's own secret fields (`spec.secrets`). */
  readonly #kind: ReadonlySet<string>;
  /**
   * The kind's own secret fields that are no input (an output only the create answer carries): no input of
   * the same name tells the dynamic-provider host's engine to mark them, so they are always sealed.
   */
  readonly #outputOnly: ReadonlySet<string>;

  private constructor(kind: readonly string[], names: Set<string>, values: string[], outputOnly: readonly string[]) {
    this.#kind = new Set(kind);
    this.#outputOnly = new Set(outputOnly);
    this.names = names;
    // Each value also as it appears inside JSON or a URL; longest first, so no part of one is left over.
    const forms = new Set<string>();
    for (const v of values) {
      if (v === "") continue;
      forms.add(v);
      forms.add(JSON.stringify(v).slice(1, -1));
      forms.add(encodeURIComponent(v));
    }
    const sorted = [...forms].sort((a, b) => b.length - a.length);
    this.#long = sorted.filter((f) => f.length > REGEX_FORM_MAX);
    const alternatives = sorted
      .filter((f) => f.length <= REGEX_FORM_MAX)
      // A short value (or a number) only as a whole word: "7" must not mask every 7 in a message.
      .map((f) => (f.length >= 4 && !/^\d+$/.test(f) ? escapeRegExp(f) : `(?<![\\w.])${escapeRegExp(f)}(?![\\w.])`));
    this.#pattern = alternatives.length > 0 ? new RegExp(alternatives.join("|"), "gi") : undefined;
  }

  /**
   * The secrets of a resource given any of its property bags (news, olds, outputs): the kind's own
   * secret fields, those its `secretWhen` flag makes secret in any bag, and every name a bag's `__secrets`
   * lists; the values are taken from every bag.
   */
  static of(spec: ResourceSpec, ...bags: (Props | undefined)[]): Secrets {
    const flagged = Object.entries(spec.secretWhen ?? {})
      .filter(([, flag]) => bags.some((bag) => bag?.[flag] === true))
      .map(([name]) => name);
    const names = new Set([...spec.secrets, ...flagged, ...bags.flatMap(declaredSecrets)]);
    const values: string[] = [];
    for (const bag of bags) {
      if (!bag) continue;
      for (const name of names) leaves(bag[name], isMapField(spec, name), values);
    }
    // Flagged fields are wrapped by the SDK like the kind's own: the engine marks them secret.
    return new Secrets([...spec.secrets, ...flagged], names, values, spec.fromCreate);
  }

  has(name: string): boolean {
    return this.names.has(name);
  }

  /** `text` with every secret value in it replaced by `[secret]`. */
  redact(text: string): string {
    const shortened = this.#long.reduce(maskLong, text);
    return this.#pattern ? shortened.replace(this.#pattern, MASK) : shortened;
  }

  /** Whether `text` holds a secret value. */
  leaksInto(text: string): boolean {
    return this.redact(text) !== text;
  }

  /** Whether a value holds a secret value (a string containing one, a number equal to one, or either inside). */
  carried(value: unknown): boolean {
    if (value === undefined || value === null || typeof value === "boolean" || isSealed(value)) return false;
    return this.leaksInto(typeof value === "string" ? value : JSON.stringify(value));
  }

  /** A value for a message: `[secret]` for a secret field, else its JSON. */
  show(field: string, value: unknown): string {
    return this.has(field) ? MASK : JSON.stringify(value);
  }

  /** Inputs to hand back with a failed check (the engine prints them next to the reasons): secrets masked. */
  masked(props: Props): Props {
    const out = { ...props };
    for (const k of this.names) if (out[k] !== undefined && out[k] !== null) out[k] = MASK;
    return out;
  }

  /**
   * Property values as the engine should store them, with what must be encrypted sealed:
   * - a secret field (the kind's own, or one in `program`: the op's inputs' `__secrets`), unless the engine
   *   marks it secret by itself (`marked`: the dynamic-provider host's engine marks an answer's field secret
   *   when the input of the same name was; a provider plugin's engine marks nothing);
   * - with `derived`, any other field that carries a secret value (a serverlet's `stateReason` naming a
   *   secret image, the `instances` a secret `minInstances` set, a `displayName` the API copied from a
   *   secret `name`), or that `previous` outputs list as sealed and that has not changed since: the
   *   `displayName` stays encrypted after the `name` it came from is changed.
   * Outputs (`derived`) list what they hold sealed in their `__secrets` (besides the kind's own fields), so
   * the next read, update or delete knows it; checked inputs (`derived: false`) keep the program's list.
   */
  sealed(
    props: Props,
    options: { program?: readonly string[]; marked?: ReadonlySet<string>; previous?: Props; derived?: boolean },
  ): Props {
    const { program = [], marked = new Set(), previous, derived = true } = options;
    const before = new Set(declaredSecrets(previous));
    const out: Props = {};
    const held = new Set<string>();
    for (const [k, v] of Object.entries(props)) {
      if (v === undefined || v === null || isHidden(k)) {
        // The last applied values of guarded fields (`__applied`) are stored like inputs: secret ones sealed.
        out[k] = k === HIDDEN.applied && isObject(v) ? this.#sealedFields(v) : v;
        continue;
      }
      const unchanged = before.has(k) && previous !== undefined && isDeepStrictEqual(previous[k], v);
      const secret = this.#kind.has(k) || program.includes(k) || (derived && (unchanged || this.carried(v)));
      if (secret) held.add(k);
      out[k] = secret && !marked.has(k) && !isSealed(v) ? seal(v) : v;
    }
    if (derived) {
      const listed = [...new Set([...program, ...held])].filter((k) => !this.#kind.has(k)).sort();
      if (listed.length > 0) out[HIDDEN.secrets] = listed;
      else delete out[HIDDEN.secrets];
    }
    return out;
  }

  /** The entries of a bag whose field is secret, sealed (the engine marks nothing inside a hidden input). */
  #sealedFields(bag: Props): Props {
    return Object.fromEntries(
      Object.entries(bag).map(([f, v]) => [
        f,
        this.has(f) && v !== undefined && v !== null && !isSealed(v) ? seal(v) : v,
      ]),
    );
  }

  /**
   * What the dynamic-provider host's engine marks secret by itself in its answers to an op on `inputs`: the
   * outputs named like a secret input (never an output-only one, `#outputOnly`).
   */
  markedBy(inputs: Props | undefined): ReadonlySet<string> {
    return new Set([...this.#kind, ...declaredSecrets(inputs)].filter((k) => !this.#outputOnly.has(k)));
  }

  /**
   * The error, its message, stack and init-failure reasons with every secret value taken out (in place:
   * the host prints `${e}: ${e.stack}` and sends `e.message` and `e.reasons` to the engine).
   */
  scrub<E>(error: E): E {
    if (!this.#pattern || !(error instanceof Error)) return error;
    const redacted = this.redact(error.message);
    if (redacted !== error.message) {
      try {
        error.message = redacted;
      } catch {
        Object.defineProperty(error, "message", { value: redacted });
      }
    }
    if (typeof error.stack === "string") error.stack = this.redact(error.stack);
    const reasons = (error as { reasons?: unknown }).reasons;
    if (Array.isArray(reasons)) {
      Object.defineProperty(error, "reasons", {
        value: reasons.map((r) => (typeof r === "string" ? this.redact(r) : r)),
        configurable: true,
      });
    }
    return error;
  }

  /**
   * A stand-in for a secret value where a deterministic identity is needed (the create journal's file
   * name and identity): a digest, so no plain value goes further. It never reaches the disk as is: the
   * journal keys it (HMAC under its per-machine key, journal.ts) before writing.
   */
  static digest(value: unknown): string {
    return `sha256:${createHash("sha256")
      .update(JSON.stringify(value) ?? "")
      .digest("hex")}`;
  }

  /** The props with the secret fields' values replaced by their digests. */
  digested(props: Props): Props {
    return Object.fromEntries(Object.entries(props).map(([k, v]) => [k, this.has(k) ? Secrets.digest(v) : v]));
  }
}
