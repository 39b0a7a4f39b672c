/**
 * The programs the contract tests run, per kind: the inputs a user writes (no `workspaceId`: the token's
 * only workspace is the default), and one observed field an update changes.
 */
import type { Kind } from "../../provider/api/contract";
import type { Props } from "./wire";

export interface Case {
  kind: Kind;
  /** What the program is, for test names. */
  label: string;
  /** The resource's args as the program passes them. */
  program: Props;
  /** One observed, updatable field and its new value: the PATCH must carry only this. */
  update: Props;
  /** An out-of-band change to an observed field that the program can repair (default: `update`). */
  drift?: Props;
}

export const ZONE_ID = "dns-1";

export const CASES: Case[] = [
  {
    kind: "project",
    label: "name and displayName",
    program: { name: "web-shop", displayName: "Web shop" },
    update: { displayName: "Web shop (new)" },
  },
  {
    kind: "variable",
    label: "scoped to a project, value kept",
    program: { key: "API_URL", value: "https://api.example.com", projectId: "prj-7" },
    update: { description: "where the API lives" },
  },
  {
    kind: "variable",
    label: "secret in the workspace, with a description",
    program: { key: "DB_PASSWORD", value: "s3cret-pw", isSecret: true, description: "db", workspaceId: "ws-1" },
    update: { isSecret: false },
  },
  {
    kind: "dnsZone",
    label: "domain only (answers may carry only name)",
    program: { domain: "example.com" },
    update: { enableDnssec: true },
  },
  {
    kind: "dnsRecord",
    label: "A without priority",
    program: { dnsId: ZONE_ID, name: "www", type: "A", value: "203.0.113.10" },
    update: { ttl: 600 },
  },
  {
    kind: "dnsRecord",
    label: "A with priority 0",
    program: { dnsId: ZONE_ID, name: "api", type: "A", value: "203.0.113.11", priority: 0 },
    update: { value: "203.0.113.12" },
  },
  {
    kind: "dnsRecord",
    label: "TXT at the apex without priority, ttl 3600",
    program: { dnsId: ZONE_ID, name: "@", type: "TXT", value: "v=spf1 -all", ttl: 3600 },
    update: { value: "v=spf1 include:_spf.example.com -all" },
  },
  {
    kind: "dnsRecord",
    label: "MX with priority 10",
    program: { dnsId: ZONE_ID, name: "@", type: "MX", value: "mx.example.com", priority: 10 },
    update: { priority: 20 },
  },
  {
    kind: "cron",
    label: "POST with secret headers and body",
    program: {
      name: "nightly",
      schedule: "0 3 * * *",
      url: "https://example.com/hook",
      method: "POST",
      headers: { Authorization: "Bearer t0ken" },
      body: '{"full":true}',
    },
    update: { schedule: "30 4 * * *" },
  },
  {
    kind: "proxy",
    label: "target host:port, API defaults",
    program: { domain: "app.example.com", target: "web:8080" },
    update: { target: "web:9090" },
  },
  {
    kind: "proxy",
    label: "a strategy we never heard of",
    program: { domain: "lb.example.com", target: "10.0.0.5", port: 443, strategy: "least-connections" },
    update: { enforceHttps: true },
  },
  {
    kind: "proxy",
    label: "rules, a plan and a region (the newest Model's fields)",
    program: {
      domain: "rules.example.com",
      target: "web:8080",
      strategy: "primary-failover",
      // biome-ignore lint/suspicious/noThenProperty: types.go's proxy Rule is literally `{if, then}`
      rules: [{ if: { host: "api.rules.example.com", method: "get", path: "/v1", port: 443 }, then: [{ to: "api" }] }],
      proxyPlanId: "proxy-plan-2",
      regionId: "reg-2",
    },
    // biome-ignore lint/suspicious/noThenProperty: as above
    update: { rules: [{ if: { path: "/v2" }, then: [{ to: "api-v2" }] }] },
  },
  {
    kind: "volume",
    label: "in a region (regionId kept)",
    program: { name: "data", sizeGb: 20, regionId: "reg-1" },
    update: { sizeGb: 40 },
    // Grown outside, a volume cannot be shrunk back: preview refuses (the grow-only rule), so drift the name.
    drift: { name: "data-old" },
  },
  {
    kind: "storage",
    label: "name only (the plan is the API's choice)",
    program: { name: "uploads" },
    update: { name: "uploads-2" },
  },
  {
    kind: "storage",
    label: "plan, public, project",
    program: { name: "assets", storagePlanId: "storage-plan-2", public: true, projectId: "prj-7" },
    update: { storagePlanId: "storage-plan-3" },
  },
  {
    kind: "serverlet",
    label: "env, ports without protocol, volumes, regionId",
    program: {
      name: "api",
      image: "nginx:1.27",
      cpu: 250,
      ram: 512,
      env: { PORT: "8080", LOG_LEVEL: "info" },
      ports: [{ port: 8080 }],
      volumes: [{ volumeId: "vol-1", mountPath: "/data" }],
      regionId: "reg-1",
    },
    update: { image: "nginx:1.28" },
  },
  {
    kind: "serverlet",
    label: "name and image only (cpu, ram from the plan)",
    program: { name: "worker", image: "busybox:1.36" },
    update: { maxInstances: 3 },
  },
  {
    kind: "serverlet",
    label: "plan, storage mounts, a scaling map, arm64 (the newest Model's fields)",
    program: {
      name: "web",
      image: "nginx:1.27",
      serverletPlanId: "plan-2",
      mounts: { "/srv/files": "storage-1" },
      scaling: { minReplicas: 1, targetCpuPercent: 70 },
      arch: "arm64",
    },
    update: { mounts: { "/srv/files": "storage-1", "/srv/cache": "storage-2" } },
  },
];

export const caseName = (c: Case): string => `${c.kind}: ${c.label}`;
