// Generated from the kinds' folders by scripts/declarations.ts (`make docs`): do not edit.
// The package's public types never name zod: each result field is typed from its declared reader.

/** A Project, as `getProject` finds it. */
export interface ProjectResult {
  readonly id: string;
  /** The project's slug: lowercase letters, digits and `-`, at most 255 characters. */
  readonly name: string | undefined;
  /** The name shown in the console, at most 255 characters. */
  readonly displayName: string | undefined;
  /** The workspace that owns the project. */
  readonly workspaceId: string | undefined;
  /** The linked Git repository's name, if any (set outside Pulumi). */
  readonly gitRepositoryName: string | undefined;
  /** The linked Git repository's URL, if any (set outside Pulumi). */
  readonly gitRepositoryUrl: string | undefined;
  /** When the object was created (ISO 8601, set by the API). */
  readonly createdAt: string | undefined;
  /** When the object last changed (ISO 8601, set by the API). */
  readonly updatedAt: string | undefined;
}

/** A DnsZone, as `getDnsZone` finds it. */
export interface DnsZoneResult {
  readonly id: string;
  /** The zone's domain, e.g. `example.com`, at most 253 characters. */
  readonly domain: string | undefined;
  /** Sign the zone with DNSSEC. */
  readonly enableDnssec: boolean | undefined;
  /** The owning workspace. */
  readonly workspaceId: string | undefined;
  /** The project the zone belongs to. */
  readonly projectId: string | undefined;
  /** The DNS plan id (see `getDnsPlan`). `null`: the API's default plan. */
  readonly dnsPlanId: string | undefined;
  /** When the object was created (ISO 8601, set by the API). */
  readonly createdAt: string | undefined;
  /** When the object last changed (ISO 8601, set by the API). */
  readonly updatedAt: string | undefined;
}

/** A Serverlet, as `getServerlet` finds it. */
export interface ServerletResult {
  readonly id: string;
  /** The serverlet's name, at most 255 characters. */
  readonly name: string | undefined;
  /** The container image, e.g. `ghcr.io/acme/api:1.4`, at most 512 characters. */
  readonly image: string | undefined;
  /** The serverlet plan id (see `getServerletPlan`), which sizes it in the newest API. */
  readonly serverletPlanId: string | undefined;
  /** The owning workspace. */
  readonly workspaceId: string | undefined;
  /** The project the serverlet belongs to. */
  readonly projectId: string | undefined;
  /** The region id (see `getRegions`). */
  readonly regionId: string | undefined;
  /** Fewest instances, a whole number 0–1000, at most `maxInstances`. */
  readonly minInstances: number | undefined;
  /** Most instances, a whole number 0–1000. */
  readonly maxInstances: number | undefined;
  /** CPU per instance in **millicores**, a whole number 10–32000 (`250` = a quarter core). The 2026-08-02 API only: the newest sizes by plan. */
  readonly cpu: number | undefined;
  /** Memory per instance in **MiB**, a whole number 32–262144. The 2026-08-02 API only: the newest sizes by plan. */
  readonly ram: number | undefined;
  /** Mounted storages (2026-08-30): absolute mount path → Storage id, e.g. `{ "/data": files.id }`. A path may not be in `volumes` too. */
  readonly mounts: Readonly<Record<string, string>> | undefined;
  /** Autoscaling. */
  readonly scaling: Readonly<Record<string, number>> | undefined;
  /** CPU architecture, `amd64` or `arm64` (2026-08-30). */
  readonly arch: string | undefined;
  /** A private network id. */
  readonly networkId: string | undefined;
  /** A runtime name, for images built by the platform. */
  readonly runtime: string | undefined;
  /** Instances running now (the 2026-08-02 API only). Changes on its own; never a diff. */
  readonly instances: number | ReadonlyArray<unknown> | undefined;
  /** As the API reports it: `state` in the 2026-08-02 API (`deploying`, `running`, `stopped`, `failed`), or `status` in the 2026-08-30 one (`pending`, `creating`, `ready`, `deleting`, `deleted`, `failed`); other values may appear. `running` or `ready` after up. Changes on its own; never a diff. */
  readonly state: string | undefined;
  /** When the object was created (ISO 8601, set by the API). */
  readonly createdAt: string | undefined;
  /** When the object last changed (ISO 8601, set by the API). */
  readonly updatedAt: string | undefined;
}

/** A Volume, as `getVolume` finds it. */
export interface VolumeResult {
  readonly id: string;
  /** The volume's name, at most 255 characters. */
  readonly name: string | undefined;
  /** Size in GB, a whole number 0–1048576 (1 PiB). */
  readonly sizeGb: number | undefined;
  /** The volume type, e.g. `ssd` (a free string in the API). */
  readonly type: string | undefined;
  /** The owning workspace. */
  readonly workspaceId: string | undefined;
  /** The project the volume belongs to. */
  readonly projectId: string | undefined;
  /** The region id (see `getRegions`). */
  readonly regionId: string | undefined;
  /** The volume plan id (see `getVolumePlan`). */
  readonly volumePlanId: string | undefined;
  /** When the object was created (ISO 8601, set by the API). */
  readonly createdAt: string | undefined;
  /** When the object last changed (ISO 8601, set by the API). */
  readonly updatedAt: string | undefined;
}

/** A Storage, as `getStorage` finds it. */
export interface StorageResult {
  readonly id: string;
  /** The storage's name, at most 255 characters, unique in the workspace. */
  readonly name: string | undefined;
  /** The storage plan id, which sets its size (see `getStoragePlans` / `getStoragePlan`). */
  readonly storagePlanId: string | undefined;
  /** Whether its files are publicly readable. */
  readonly public: boolean | undefined;
  /** The owning workspace. */
  readonly workspaceId: string | undefined;
  /** The project the storage belongs to. */
  readonly projectId: string | undefined;
  /** The region id (see `getRegions`). */
  readonly regionId: string | undefined;
  /** When the object was created (ISO 8601, set by the API). */
  readonly createdAt: string | undefined;
  /** When the object last changed (ISO 8601, set by the API). */
  readonly updatedAt: string | undefined;
}

/** A Proxy, as `getProxy` finds it. */
export interface ProxyResult {
  readonly id: string;
  /** The public domain the proxy answers for, at most 253 characters. */
  readonly domain: string | undefined;
  /** Where traffic goes: a host name or IP address, optionally with `:port` (`web:8080`); at most 259 characters. */
  readonly target: string | undefined;
  /** The target port, 1–65535. */
  readonly port: number | undefined;
  /** `http`, `tcp` or `udp`. */
  readonly type: string | undefined;
  /** Load-balancing strategy: `round-robin` or `primary-failover` (the newest API's enum; the older one took any string, so others pass through). */
  readonly strategy: string | undefined;
  /** Redirect plain HTTP to HTTPS. */
  readonly enforceHttps: boolean | undefined;
  /** Compress responses (the 2026-08-02 API; the newest has no such field and ignores it). */
  readonly compress: boolean | undefined;
  /** Follow the target's redirects. */
  readonly followRedirects: boolean | undefined;
  /** Pass request headers through. */
  readonly preserveHeaders: boolean | undefined;
  /** Pass the Host header through. */
  readonly preserveHost: boolean | undefined;
  /** Pass the path through. */
  readonly preservePath: boolean | undefined;
  /** Pass the query string through. */
  readonly preserveQuery: boolean | undefined;
  /** Verify the target's TLS certificate. */
  readonly verifyTls: boolean | undefined;
  /** 2026-08-02: `pending` until the domain and TLS are verified, then `active` (or `failed`); the newest API has no `status`. Changes on its own; never a diff. */
  readonly status: string | undefined;
  /** 2026-08-30: whether the domain is verified. Changes on its own; never a diff. */
  readonly isVerified: boolean | undefined;
  /** Routing rules (2026-08-30): `[{ if: { host, method, path, port }, then: [...] }]`. */
  readonly rules: ReadonlyArray<Readonly<Record<string, unknown>>> | undefined;
  /** The owning workspace. */
  readonly workspaceId: string | undefined;
  /** The project the proxy belongs to. */
  readonly projectId: string | undefined;
  /** The proxy plan id (see `getProxyPlan`). */
  readonly proxyPlanId: string | undefined;
  /** The region id (see `getRegions`, 2026-08-30). */
  readonly regionId: string | undefined;
  /** When the object was created (ISO 8601, set by the API). */
  readonly createdAt: string | undefined;
  /** When the object last changed (ISO 8601, set by the API). */
  readonly updatedAt: string | undefined;
}

/** A Cron, as `getCron` finds it. Its `headers` and `body` may hold credentials: lookups leave them out. */
export interface CronResult {
  readonly id: string;
  /** The job's name, at most 255 characters. */
  readonly name: string | undefined;
  /** When to run: five cron fields (`*\/5 * * * *`) or a macro such as `@daily`. */
  readonly schedule: string | undefined;
  /** `simple` (call `url`) or `code` (run `code`). */
  readonly type: string | undefined;
  /** HTTP method for `simple` jobs. */
  readonly method: string | undefined;
  /** The http(s) URL a `simple` job calls (required for `simple`), at most 8000 characters. */
  readonly url: string | undefined;
  /** The code a `code` job runs (required for `code`). */
  readonly code: string | undefined;
  /** Whether the schedule is active. */
  readonly enabled: boolean | undefined;
  /** The owning workspace. */
  readonly workspaceId: string | undefined;
  /** The project the job belongs to. */
  readonly projectId: string | undefined;
  /** The cron plan id (see `getCronPlan`). */
  readonly cronPlanId: string | undefined;
  /** The region id (see `getRegions`). */
  readonly regionId: string | undefined;
  /** When the job last started (ISO 8601), or `null`. Changes on its own; never a diff. */
  readonly startedAt: string | undefined;
  /** When the object was created (ISO 8601, set by the API). */
  readonly createdAt: string | undefined;
  /** When the object last changed (ISO 8601, set by the API). */
  readonly updatedAt: string | undefined;
}
