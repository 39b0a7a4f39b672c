/**
 * The example on each reference page (scripts/reference-docs.ts renders it in TypeScript, YAML, Go and
 * Python from the schema's types), as data: resources with literal arguments and references to an earlier
 * resource's output, and for a function one call and the result field it exports. A kind or function the
 * schema has and this file lacks fails the generator, so a new one gets an example.
 */

/** An earlier resource's output: `{ ref: "shop.id" }`. */
export interface Ref {
  ref: string;
}
export type Value = string | number | boolean | Ref | Value[] | { [key: string]: Value };

export interface ExampleResource {
  /** The logical name; also the variable's name in each language. */
  name: string;
  /** The type's short name (`Serverlet`). */
  type: string;
  args: Record<string, Value>;
}

export interface ResourceExample {
  resources: ExampleResource[];
  /** Stack outputs: output name → reference. */
  exports: Record<string, Ref>;
}

export interface FunctionExample {
  args: Record<string, string>;
  /** The result field the example exports. */
  field: string;
}

const project: ExampleResource = { name: "shop", type: "Project", args: { displayName: "Shop" } };
const zone: ExampleResource = { name: "zone", type: "DnsZone", args: { domain: "example.com" } };

export const RESOURCE_EXAMPLES: Record<string, ResourceExample> = {
  Project: {
    resources: [{ name: "shop", type: "Project", args: { name: "shop", displayName: "Shop" } }],
    exports: { projectId: { ref: "shop.id" } },
  },
  Variable: {
    resources: [
      project,
      { name: "logLevel", type: "Variable", args: { projectId: { ref: "shop.id" }, key: "LOG_LEVEL", value: "info" } },
    ],
    exports: { variableId: { ref: "logLevel.id" } },
  },
  DnsZone: {
    resources: [
      project,
      { name: "zone", type: "DnsZone", args: { domain: "example.com", projectId: { ref: "shop.id" } } },
    ],
    exports: { zoneId: { ref: "zone.id" } },
  },
  DnsRecord: {
    resources: [
      zone,
      {
        name: "apex",
        type: "DnsRecord",
        args: { dnsId: { ref: "zone.id" }, name: "@", type: "A", value: "203.0.113.10" },
      },
      {
        name: "mail",
        type: "DnsRecord",
        args: { dnsId: { ref: "zone.id" }, name: "@", type: "MX", value: "mail.example.com", priority: 10 },
      },
    ],
    exports: { apexRecordId: { ref: "apex.recordId" }, mailRecordId: { ref: "mail.recordId" } },
  },
  Cron: {
    resources: [
      {
        name: "health",
        type: "Cron",
        args: { schedule: "*/5 * * * *", url: "https://example.com/health", headers: { "X-Probe": "pulumi" } },
      },
    ],
    exports: { cronName: { ref: "health.name" } },
  },
  Proxy: {
    resources: [
      {
        name: "web",
        type: "Proxy",
        args: {
          domain: "example.com",
          target: "203.0.113.10",
          port: 8080,
          enforceHttps: true,
          // biome-ignore lint/suspicious/noThenProperty: the API's field name (`{if, then}`)
          rules: [{ if: { path: "/v1", method: "get" }, then: [{ target: "api-v1:8080" }] }],
        },
      },
    ],
    exports: { proxyId: { ref: "web.id" } },
  },
  Volume: {
    resources: [project, { name: "data", type: "Volume", args: { projectId: { ref: "shop.id" }, sizeGb: 20 } }],
    exports: { volumeName: { ref: "data.name" } },
  },
  Storage: {
    resources: [project, { name: "assets", type: "Storage", args: { projectId: { ref: "shop.id" }, public: false } }],
    exports: { storageName: { ref: "assets.name" } },
  },
  Serverlet: {
    resources: [
      project,
      { name: "data", type: "Volume", args: { projectId: { ref: "shop.id" }, sizeGb: 20 } },
      {
        name: "api",
        type: "Serverlet",
        args: {
          projectId: { ref: "shop.id" },
          image: "nginx:1.27",
          maxInstances: 2,
          ports: [{ port: 80 }],
          volumes: [{ volumeId: { ref: "data.id" }, mountPath: "/data" }],
          env: { LOG_LEVEL: "info" },
          scaling: { cpuPercent: 70, ramPercent: 80, upCooldown: 60, downCooldown: 300 },
        },
      },
    ],
    exports: { serverletState: { ref: "api.state" } },
  },
};

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
