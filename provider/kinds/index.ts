// Generated from the kinds' folders by scripts/declarations.ts (`make docs`): do not edit.
/**
 * Every kind's response model, for code that names them (tests, scripts, the bench). The provider itself
 * reaches a kind through the registry (provider/registry.ts), which loads it on first use.
 */
export { ApiToken } from "./apiToken/fields";
export { Cert } from "./cert/fields";
export { Cron } from "./cron/fields";
export { DnsRecord } from "./dnsRecord/fields";
export { DnsZone } from "./dnsZone/fields";
export { Project } from "./project/fields";
export { Proxy } from "./proxy/fields";
export { Serverlet } from "./serverlet/fields";
export { Storage } from "./storage/fields";
export { Variable } from "./variable/fields";
export { Volume } from "./volume/fields";
export { WorkspaceMember } from "./workspaceMember/fields";
