/**
 * Rules no evidence settles, each behind a switch that is cheap to flip. A switch that is on makes the
 * emulator stricter than the official CLI shows the real API to be, so every switch defaults to the
 * evidence. Turn one on with `--assume <name>`, `FUTROU_EMULATOR_ASSUME=<name>[,<name>]` or
 * `startEmulator({ assume: { <key>: true } })`.
 */

export const ASSUMPTIONS = {
  lockedPlatformRecords: {
    name: "locked-platform-records",
    default: false,
    /**
     * Evidence (futrou-cli deployer.go): `deploy` never changes an SOA record's `value`, and otherwise
     * updates and deletes the records of a zone it does not declare, NS included. So by default only the
     * SOA's value is the platform's; this switch also refuses every change to, or delete of, the SOA and
     * NS records a new zone starts with.
     */
    summary: "the SOA and NS records of a new zone cannot be changed or deleted",
  },
  storageListNeedsScope: {
    name: "storage-list-needs-scope",
    default: false,
    /**
     * Evidence (futrou-cli 3caf725 storages.go): its list says `GET /v2/storages` "requires at least one of
     * workspaceId/projectId … unlike most other list endpoints", but its deploy lists `/v2/storages`
     * unscoped and its test answers that 200. So by default an unscoped list is answered; this switch
     * refuses it with a 400 on `workspaceId`.
     */
    summary: "GET /storages without workspaceId or projectId is a 400",
  },
} as const;

export type AssumptionKey = keyof typeof ASSUMPTIONS;
export type Assumptions = Record<AssumptionKey, boolean>;
export const ENV_ASSUME = "FUTROU_EMULATOR_ASSUME";

const KEYS = Object.keys(ASSUMPTIONS) as AssumptionKey[];

/** The key of a switch from its `--assume` name; an unknown name is refused at start. */
export function assumptionKey(name: string): AssumptionKey {
  const key = KEYS.find((k) => ASSUMPTIONS[k].name === name.trim());
  if (!key) {
    throw new Error(`unknown assumption "${name}"; one of ${KEYS.map((k) => ASSUMPTIONS[k].name).join(", ")}`);
  }
  return key;
}

/** Defaults, then the names listed in the environment, then the options (which win). */
export function assumptionsFrom(options: Partial<Assumptions> = {}, env: NodeJS.ProcessEnv = process.env): Assumptions {
  const result = Object.fromEntries(KEYS.map((k) => [k, ASSUMPTIONS[k].default])) as Assumptions;
  for (const name of (env[ENV_ASSUME] ?? "").split(",").filter((n) => n.trim() !== "")) {
    result[assumptionKey(name)] = true;
  }
  for (const k of KEYS) if (options[k] !== undefined) result[k] = options[k] === true;
  return result;
}
