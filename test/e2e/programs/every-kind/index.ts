/**
 * One resource of every kind, the same program for both API generations: the older API keeps what it does
 * not answer (mounts, rules, arch), the newest keeps what it does not answer (cpu, env, compress).
 */
import * as pulumi from "@pulumi/pulumi";
import * as futrou from "pulumi-futrou";

const config = new pulumi.Config();

const project = new futrou.Project("shop", { displayName: "Shop" });
const data = new futrou.Volume("data", { projectId: project.id, sizeGb: 20 });
const files = new futrou.Storage("files", { projectId: project.id });

const app = new futrou.Serverlet("app", {
  projectId: project.id,
  image: config.get("image") ?? "nginx:1.27",
  maxInstances: 2,
  arch: "arm64",
  env: { LOG_LEVEL: "info" },
  ports: [{ port: 8080 }],
  volumes: [{ volumeId: data.id, mountPath: "/data" }],
  mounts: { "/srv/files": files.id },
  scaling: { cpuPercent: 70, ramPercent: 80, upCooldown: 60, downCooldown: 300 },
});

new futrou.Variable("db-password", {
  serverletId: app.id,
  key: "DB_PASSWORD",
  value: config.requireSecret("dbPassword"),
  isSecret: true,
});

const proxy = new futrou.Proxy("web", {
  projectId: project.id,
  domain: "every-kind.example.com",
  target: pulumi.interpolate`${app.name}.serverlets.internal:8080`,
  strategy: "primary-failover",
  compress: true,
  // biome-ignore lint/suspicious/noThenProperty: the API's rule is literally `{if, then}`
  rules: [{ if: { path: "/api", method: "get" }, then: [{ target: "api:8080" }] }],
});

const zone = new futrou.DnsZone("zone", { projectId: project.id, domain: "every-kind.example.com" });
new futrou.DnsRecord("www", { dnsId: zone.id, name: "www", type: "CNAME", value: "every-kind.example.com" });

new futrou.Cron("health", {
  projectId: project.id,
  schedule: "*/5 * * * *",
  url: pulumi.interpolate`https://${proxy.domain}/health`,
});

// Its bearer value, answered only to the create, is an output kept secret.
new futrou.ApiToken("deploy", { type: "server", expiresAt: "2027-06-01T00:00:00Z" });
// A user who exists besides the token's own (the test's config), limited to the project.
new futrou.WorkspaceMember("colleague", {
  userId: config.require("otherUserId"),
  role: "developer",
  projectIds: [project.id],
});
// Renewed when the stack's config `certRenew` changes (the renew action's trigger input).
const tls = new futrou.Cert("tls", {
  domain: "every-kind.example.com",
  renewTrigger: config.get("certRenew") ?? "2026-11",
});

export const appState = app.state;
export const appPlanId = app.serverletPlanId;
export const proxyVerified = proxy.isVerified;
export const proxyStatus = proxy.status;
export const filesPlanId = files.storagePlanId;
export const certExpiresAt = tls.expiresAt;
