// A user's program in the stock `pulumi new typescript` layout, using every class and lookup of the
// package as installed from its tarball. Only type-checked (tsc), never run.
import * as pulumi from "@pulumi/pulumi";
import * as futrou from "pulumi-futrou";

const config = new pulumi.Config();
const ws2 = new futrou.Provider("ws2", { apiToken: config.requireSecret("ws2Token"), workspaceId: "ws-2" });

const project = new futrou.Project("shop", { displayName: "Shop" }, { provider: ws2 });
const volume = new futrou.Volume("data", { projectId: project.id, sizeGb: 20 }, { customTimeouts: { create: "5m" } });
const api = new futrou.Serverlet("api", {
  image: "ghcr.io/acme/api:1.4",
  projectId: project.id,
  cpu: 250,
  ram: 512,
  env: { MODE: "production" },
  volumes: [{ volumeId: volume.id, mountPath: "/data" }],
  ports: [{ port: 8080, protocol: "http" }],
});
const variable = new futrou.Variable("db-url", {
  key: "DATABASE_URL",
  value: config.requireSecret("dbUrl"),
  projectId: project.id,
});
const zone = new futrou.DnsZone("zone", { domain: "shop.example" });
const record = new futrou.DnsRecord("www", { dnsId: zone.id, name: "www", type: "CNAME", value: "shop.example" });
const cron = new futrou.Cron("nightly", { schedule: "@daily", url: "https://shop.example/jobs/nightly" });
const proxy = new futrou.Proxy("edge", { domain: "shop.example", target: "api.internal", port: 8080 });

// Outputs have exact types: a variable's value is a string, a record's priority a number or null.
const value: pulumi.Output<string> = variable.value;
const priority: pulumi.Output<number | null> = record.priority;
const state: pulumi.Output<string> = api.state;

// Existing objects by id.
const existing = futrou.Project.get("legacy", "prj-123");
const existingRecord = futrou.DnsRecord.get("legacy-www", "dns-1/rec-2", undefined, { provider: ws2 });
const others = [
  futrou.Variable.get("v", "var-1", { value: "kept" }),
  futrou.DnsZone.get("z", "dns-1"),
  futrou.Cron.get("c", "cron-1"),
  futrou.Proxy.get("p", "proxy-1"),
  futrou.Volume.get("vol", "vol-1"),
  futrou.Serverlet.get("s", "srv-1"),
];

// Lookups, both forms.
export const lookups = (async () => {
  const p: futrou.ProjectResult = await futrou.getProject({ name: "shop" }, { provider: ws2 });
  const z: futrou.DnsZoneResult = await futrou.getDnsZone({ domain: "shop.example" });
  const s: futrou.ServerletResult = await futrou.getServerlet({ name: "api", workspaceId: "ws-1" });
  const v: futrou.VolumeResult = await futrou.getVolume({ name: "data" });
  const x: futrou.ProxyResult = await futrou.getProxy({ domain: "shop.example" });
  const c: futrou.CronResult = await futrou.getCron({ name: "nightly" });
  const plans: futrou.Plan[] = await Promise.all([
    futrou.getServerletPlan({ name: "standard" }),
    futrou.getVolumePlan({ name: "standard" }),
    futrou.getDnsPlan({ name: "standard" }),
    futrou.getCronPlan({ name: "standard" }),
    futrou.getProxyPlan({ name: "standard" }),
  ]);
  const regions: futrou.Region[] = await futrou.getRegions();
  // @ts-expect-error lookup results have exact types: no property outside the API's shape
  const nope = p.noSuchField;
  return [p.name, z.domain, s.state, v.sizeGb, x.status, c.schedule, plans[0]?.monthlyPrice, regions[0]?.id, nope];
})();
export const outputs = [
  futrou.getProjectOutput({ name: project.name }).id,
  // Every result field is a property of the Output form (undefined when the API leaves it out).
  futrou.getProjectOutput({ name: "shop" }).displayName.apply((d) => d ?? "none"),
  futrou.getDnsZoneOutput({ domain: zone.domain }).enableDnssec,
  futrou.getServerletOutput({ name: api.name }).image,
  futrou.getVolumeOutput({ name: volume.name }, { provider: ws2 }).sizeGb,
  futrou.getProxyOutput({ domain: proxy.domain }).target,
  futrou.getCronOutput({ name: cron.name }).enabled,
  futrou.getServerletPlanOutput({ name: "standard" }).id,
  futrou.getVolumePlanOutput({ name: "standard" }).id,
  futrou.getDnsPlanOutput({ name: "standard" }).id,
  futrou.getCronPlanOutput({ name: "standard" }).id,
  futrou.getProxyPlanOutput({ name: "standard" }).id,
  futrou.getRegionsOutput().apply((r) => r.length),
];
export const misc = [value, priority, state, existing.gitRepositoryUrl, existingRecord.recordId, others.length];
