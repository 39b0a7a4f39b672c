// examples/webapp on the futrou provider plugin, plus a Storage, the domain's TLS certificate, a deploy token
// and a colleague's membership so that every kind is used, written with the
// TypeScript SDK that `make sdks` generates from the plugin's schema (package `@futrou/pulumi`). State holds
// `futrou:index:*` resources and no serialized code.
import * as futrou from "@futrou/pulumi";
import * as pulumi from "@pulumi/pulumi";

const config = new pulumi.Config();
const domain = config.get("domain") ?? "webapp.example.com";
const image = config.get("image") ?? "ghcr.io/futrou-examples/webapp:1.4.2";
const publicIp = config.get("publicIp") ?? "203.0.113.10";
// `pulumi config set --secret dbPassword ...`: stays encrypted in state, never printed.
const dbPassword = config.requireSecret("dbPassword");
// A colleague who has a Futrou user (`pulumi config set colleagueUserId <userId>`): a developer on the project.
const colleagueUserId = config.require("colleagueUserId");

const region = futrou.getRegions().then(({ regions }) => {
  const first = regions[0];
  if (!first) throw new Error("the Futrou API lists no regions");
  return first.id;
});
const plan = futrou.getServerletPlan({ name: "starter" });

const project = new futrou.Project("webapp", { displayName: "Web application" });

const data = new futrou.Volume("data", {
  projectId: project.id,
  regionId: region,
  sizeGb: 20,
});

new futrou.Storage("files", { projectId: project.id });

const app = new futrou.Serverlet("app", {
  projectId: project.id,
  regionId: region,
  serverletPlanId: plan.then((p) => p.id),
  image,
  minInstances: 1,
  maxInstances: 3,
  ports: [{ port: 8080, protocol: "http" }],
  volumes: [{ volumeId: data.id, mountPath: "/var/lib/webapp" }],
  env: { LOG_LEVEL: "info", DATA_DIR: "/var/lib/webapp" },
});

new futrou.Variable("db-password", {
  serverletId: app.id,
  key: "DB_PASSWORD",
  value: dbPassword,
  isSecret: true,
});

const proxy = new futrou.Proxy("app", {
  projectId: project.id,
  domain,
  target: pulumi.interpolate`${app.name}.serverlets.internal`,
  port: 8080,
  enforceHttps: true,
});

const zone = new futrou.DnsZone("zone", { projectId: project.id, domain });
new futrou.DnsRecord("apex", { dnsId: zone.id, name: "@", type: "A", value: publicIp });
new futrou.DnsRecord("www", { dnsId: zone.id, name: "www", type: "CNAME", value: domain, ttl: 3600 });

new futrou.Cron("health", {
  projectId: project.id,
  schedule: "*/5 * * * *",
  method: "GET",
  url: pulumi.interpolate`https://${proxy.domain}/health`,
});

// The domain's certificate. A new renewTrigger value renews it during the next `pulumi up`.
const tls = new futrou.Cert("tls", { domain, renewTrigger: "2026-11" });
// A token for the deploy pipeline: its bearer value is a secret output.
const deploy = new futrou.ApiToken("deploy", { type: "server" });
new futrou.WorkspaceMember("colleague", { userId: colleagueUserId, role: "developer", projectIds: [project.id] });

export const url = pulumi.interpolate`https://${proxy.domain}`;
export const projectId = project.id;
export const serverletId = app.id;
export const serverletState = app.state;
export const zoneId = zone.id;
export const certExpiresAt = tls.expiresAt;
export const deployToken = pulumi.interpolate`${deploy.id}-${deploy.token}`;
