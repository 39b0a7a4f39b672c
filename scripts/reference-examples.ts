/**
 * The example on each function's reference page (scripts/reference-docs.ts renders it in TypeScript, YAML, Go
 * and Python from the schema's types), as data: one call and the result field it exports. A function the
 * schema has and this file lacks fails the generator, so a new one gets an example. A kind's example is its
 * spec's `example` (provider/kinds/<kind>/spec.ts), in the kind's own folder.
 */

export interface FunctionExample {
  args: Record<string, string>;
  /** The result field the example exports. */
  field: string;
}

export const FUNCTION_EXAMPLES: Record<string, FunctionExample> = {
  getProject: { args: { name: "shop" }, field: "id" },
  getDnsZone: { args: { domain: "example.com" }, field: "id" },
  getServerlet: { args: { name: "api" }, field: "state" },
  getVolume: { args: { name: "data" }, field: "sizeGb" },
  getStorage: { args: { name: "assets" }, field: "id" },
  getProxy: { args: { domain: "example.com" }, field: "target" },
  getCron: { args: { name: "health" }, field: "schedule" },
  getRegions: { args: {}, field: "regions" },
  getServerletPlan: { args: { name: "starter" }, field: "id" },
  getVolumePlan: { args: { name: "starter" }, field: "id" },
  getDnsPlan: { args: { name: "standard" }, field: "id" },
  getCronPlan: { args: { name: "starter" }, field: "id" },
  getStoragePlan: { args: { name: "standard" }, field: "id" },
  getStoragePlans: { args: {}, field: "plans" },
  getProxyPlan: { args: { name: "starter" }, field: "id" },
};
