// Generated from the kinds' folders by scripts/declarations.ts (`make docs`): do not edit.
export { ApiToken, type ApiTokenArgs } from "./apiToken";
export { Cert, type CertArgs } from "./cert";
export { Cron, type CronArgs } from "./cron";
export { DnsRecord, type DnsRecordArgs } from "./dnsRecord";
export { DnsZone, type DnsZoneArgs } from "./dnsZone";
export { Project, type ProjectArgs } from "./project";
export { Proxy, type ProxyArgs } from "./proxy";
export { Serverlet, type ServerletArgs } from "./serverlet";
export { Storage, type StorageArgs } from "./storage";
export { Variable, type VariableArgs } from "./variable";
export { Volume, type VolumeArgs } from "./volume";
export { WorkspaceMember, type WorkspaceMemberArgs } from "./workspaceMember";
