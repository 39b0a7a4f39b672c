/**
 * check: validates and normalizes inputs before any request; failures name the field (shown at preview).
 * Also: the auto-name, the name of an object being replaced (`replacing`), the default workspace, the
 * warning before a replacement that loses data, and the comparison with an object to import (`toImport`).
 */
import type { dynamic } from "@pulumi/pulumi";
import { Listings, ownerFilter } from "../listing";
import { randomName } from "../naming";
import { normalize, same } from "../normal";
import type { Secrets } from "../secrets";
import { HIDDEN, idFault, type Props } from "../spec";
import { containsUnknown, type Failure, validateInputs } from "../validate";
import { withGivenInputs } from "./given";
import { sealing } from "./guard";
import { importable } from "./import";
import { appliedOf, hidden, pick, unreadOf, visible } from "./props";
import type { KindRuntime } from "./runtime";
import { visibleWorkspaces } from "./workspaces";

/**
 * A failure never echoes a secret input, whatever rule produced it (nor a secret map's keys in its path).
 * The engine prints a failing property's value next to the reason, and it takes that value from the
 * program's inputs, secret or not (Pulumi 3.259 prints `property name value {&{{…}}} has a problem`): so a
 * failure on a secret input names no property for the engine to look up, and says which one in the reason.
 */
function redactFailures(failures: Failure[], secrets: Secrets): Failure[] {
  return failures.map((f) => {
    const property = secrets.redact(f.property);
    const reason = secrets.redact(f.reason);
    return secrets.has(f.property.split(/[.[]/)[0] as string)
      ? { property: "", reason: `${property} (secret): ${reason}` }
      : { property, reason };
  });
}

/**
 * A failed check: reasons without secret values, and failures on secret inputs name no property for the
 * engine to print the value of (redactFailures). Secret inputs go back masked as well (nothing is applied).
 */
function failed(inputs: Props, failures: Failure[], secrets: Secrets): dynamic.CheckResult {
  return { inputs: secrets.masked(inputs), failures: redactFailures(failures, secrets) };
}

/** The workspace a new object goes to when the program names none: the token's only one. */
async function defaultWorkspace(rt: KindRuntime, olds: Props | undefined): Promise<Failure | string> {
  if (typeof olds?.workspaceId === "string") return olds.workspaceId;
  if (rt.settings.workspaceId) return rt.settings.workspaceId;
  const ids = await visibleWorkspaces(rt.client());
  if (ids.length === 1) return ids[0] as string;
  return {
    property: "workspaceId",
    reason:
      ids.length === 0
        ? "the API token sees no workspace; set workspaceId (or futrou:workspaceId)"
        : `the API token sees ${ids.length} workspaces (${ids.join(", ")}); set workspaceId (or futrou:workspaceId) to one of them`,
  };
}

/**
 * An object of this kind holding the program's unique value in its scope, if any (kinds whose replacement
 * loses data look before they are created or replaced: `pulumi up --replace` tells the provider nothing
 * else). From the collection's listing, as the create protocol's candidates.
 */
async function holderOf(rt: KindRuntime, checked: Props): Promise<Props | undefined> {
  const { spec } = rt;
  const unique = spec.unique;
  if (!unique || typeof checked[unique.field] !== "string" || containsUnknown(checked)) return undefined;
  const collection = rt.collectionOf(checked);
  // The collection's listing (listing.ts), which the creates that follow use too; else one filtered list.
  const listed = ((await Listings.of(rt.client()).all(
    collection,
    ownerFilter(spec, checked),
    spec.model,
    spec.itemKey,
  )) ?? (await rt.client().list(collection, spec.model, spec.lookup.filter?.(rt.body(checked))))) as Props[];
  return listed.find((o) => same(rt.live(o)[unique.field], checked[unique.field]));
}

/** Fills the auto-named field: the replaced or previous object's name, else the SDK's, else a random one. */
function fillAutoName(rt: KindRuntime, inputs: Props, before: Props | undefined): void {
  const field = rt.spec.autoName;
  if (!field || inputs[field] !== undefined) return;
  const wasAutoNamed = before?.[HIDDEN.autoName] !== undefined || before?.[HIDDEN.name] !== undefined;
  const previous = wasAutoNamed ? before?.[field] : undefined;
  const suggested = inputs[HIDDEN.autoName];
  const logical = inputs[HIDDEN.name];
  if (typeof previous === "string") inputs[field] = previous;
  else if (typeof suggested === "string") inputs[field] = suggested;
  else if (typeof logical === "string") inputs[field] = randomName(logical);
}

/** Every failure of the program's inputs: validation, transition rules, secret path inputs, the import id. */
function failuresOf(rt: KindRuntime, failures: Failure[], inputs: Props, before: Props | undefined, secrets: Secrets) {
  const { spec } = rt;
  const shown = visible(inputs);
  const moved = spec.transition && before ? spec.transition.rule(appliedOf(before), inputs) : undefined;
  if (moved) failures.push(moved);
  // Path inputs (and an item key) are part of the Pulumi id (`<dnsId>/<recordId>`), which the engine never encrypts.
  const inId = spec.itemKey ? [...rt.params, spec.itemKey] : rt.params;
  for (const p of inId.filter((k) => secrets.has(k) && shown[k] !== undefined)) {
    failures.push({
      property: p,
      reason: `cannot be a secret: it is part of the ${spec.typeName}'s id (${spec.idFormat}), which Pulumi stores and prints in plain text`,
    });
  }
  // An import id that is not one of this kind's ids would make the import's GET read another path.
  const importing = inputs[HIDDEN.import];
  const importFault = typeof importing === "string" && importing !== "" ? idFault(spec, importing) : undefined;
  if (importFault) failures.push({ property: "", reason: `import: ${importFault}` });
  return failures;
}

/**
 * Kinds whose replacement loses data, for a new resource or `pulumi up --replace` (the engine passes no old
 * inputs and calls no diff): an object already holding the unique value is what such a replacement would
 * delete. A shrink of it is refused (returned), else a warning.
 */
async function replacementLoss(rt: KindRuntime, checked: Props, secrets: Secrets): Promise<Failure | undefined> {
  const { spec } = rt;
  if (!spec.replacementLoses) return undefined;
  const holder = await holderOf(rt, checked);
  if (!holder) return undefined;
  const existing = rt.live(holder);
  const what = rt.label(existing, String(holder.id));
  const shrink = spec.transition?.rule(existing, checked);
  if (shrink) {
    const reason = `${shrink.reason}. ${what} exists, and replacing it (\`pulumi up --replace\`) would delete it with ${spec.replacementLoses(existing)}`;
    return { property: shrink.property, reason };
  }
  await rt.warn(
    secrets,
    `${what} already exists. If this run replaces it (\`pulumi up --replace\`), it is deleted with ` +
      `${spec.replacementLoses(existing)} and the new ${spec.kind} starts empty.`,
  );
  return undefined;
}

export async function check(rt: KindRuntime, olds: Props, news: Props, secrets: Secrets): Promise<dynamic.CheckResult> {
  const { spec } = rt;
  const inputs: Props = { ...news };
  const managed = olds !== undefined && Object.keys(olds).length > 0;
  // `import` applies once: a resource already in the state is managed, so a replacement creates anew.
  if (managed) delete inputs[HIDDEN.import];
  // The engine's re-check before a replacement it decided in diff (no old inputs): the object it replaces.
  const key = managed ? undefined : rt.replacementKey(inputs);
  const replaced = key === undefined ? undefined : rt.replacing.get(key);
  if (replaced && key !== undefined) {
    rt.replacing.delete(key);
    delete inputs[HIDDEN.import];
  }
  const before = managed ? olds : replaced?.olds;
  fillAutoName(rt, inputs, before);
  const shown = visible(inputs);
  const { failures, unknown, created, local } = validateInputs(spec, shown);
  // A resource this adapter cannot serve (the dynamic host meets state the plugin wrote): refused before
  // anything changes.
  const refusal = managed ? rt.adapter.refuseState?.(olds) : undefined;
  if (refusal) return failed(inputs, [{ property: "", reason: refusal }], secrets);
  if (failuresOf(rt, failures, inputs, before, secrets).length > 0) return failed(inputs, failures, secrets);
  // Values only known at apply stay as they are; known ones get zod's normal form (e.g. defaults).
  const parsed = {
    ...(unknown.size > 0 || !created.success ? {} : (created.data as Props)),
    ...(local?.success && !rt.localKeys.some((k) => unknown.has(k)) ? (local.data as Props) : {}),
  };
  const checked = normalize(spec.kind, { ...spec.defaults, ...shown, ...parsed });
  for (const k of spec.apiChosen) if (checked[k] === null) delete checked[k];
  if (spec.defaultWorkspace && checked.workspaceId === undefined) {
    const workspace = await defaultWorkspace(rt, olds);
    if (typeof workspace !== "string") return failed(inputs, [workspace], secrets);
    checked.workspaceId = workspace;
  }
  // Every input this check knows of, claimed or not (an import leaves some unclaimed, just below).
  const given = Object.keys(visible(checked)).sort();
  const importId = inputs[HIDDEN.import];
  const importing = typeof importId === "string" && importId !== "";
  if (importing) {
    // What the API never says and the program does not set is not claimed (adopt writes what it sets).
    for (const k of rt.claimable) if (news[k] === undefined && k !== "workspaceId") delete checked[k];
  }
  if (!before && !importing) {
    const refused = await replacementLoss(rt, checked, secrets);
    if (refused) return failed(inputs, [refused], secrets);
  }
  if (importing) {
    // Checked at preview already: a program that differs from the object to import fails here, not in up.
    const { found, differing } = await importable(rt, importId, checked, secrets);
    if (differing.length > 0) {
      const reason = `the program differs from the object to import "${importId}" in ${differing.join(", ")}: make the program match, import, then change it`;
      return failed(inputs, [{ property: HIDDEN.import.replace(/^__/, ""), reason }], secrets);
    }
    rt.toImport.set(importId, found);
  }
  const applied = spec.transition ? { [HIDDEN.applied]: pick(checked, spec.transition.fields) } : {};
  const result = withGivenInputs({ ...checked, ...hidden(inputs), ...applied }, given);
  // Secret fields an import withheld (read) stay unread while the program leaves them out (withKept).
  const unread = unreadOf(olds).filter((k) => spec.secrets.includes(k) && news[k] === undefined);
  if (unread.length > 0) result[HIDDEN.unread] = unread;
  else delete result[HIDDEN.unread];
  return { inputs: secrets.sealed(result, { ...sealing(rt, secrets, news), derived: false }) };
}
