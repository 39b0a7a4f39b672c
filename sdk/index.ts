/**
 * pulumi-futrou: Pulumi resources for the Futrou Cloud API v2.
 *
 * Configure with `pulumi config set futrou:apiToken --secret <token>` (or `FUTROU_API_TOKEN`) and
 * optionally `futrou:apiUrl` (or `FUTROU_API_URL`).
 */
export { Cron, type CronArgs } from "./cron";
export { DnsRecord, type DnsRecordArgs } from "./dnsRecord";
export { DnsZone, type DnsZoneArgs } from "./dnsZone";
export * from "./lookups";
export { Project, type ProjectArgs } from "./project";
export { Proxy, type ProxyArgs } from "./proxy";
export {
  Serverlet,
  type ServerletArgs,
  type ServerletPortArgs,
  type ServerletScalingArgs,
  type ServerletVolumeArgs,
} from "./serverlet";
export { Variable, type VariableArgs } from "./variable";
export { Volume, type VolumeArgs } from "./volume";
