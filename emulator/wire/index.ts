/** The emulator's wire definitions, per managed kind. */
import type { Kind } from "./api";
import { apiToken } from "./apiToken";
import { cert } from "./cert";
import { cron } from "./cron";
import { dnsRecord } from "./dnsRecord";
import { dnsZone } from "./dnsZone";
import type { WireKind } from "./kind";
import { project } from "./project";
import { proxy } from "./proxy";
import { serverlet } from "./serverlet";
import { storage } from "./storage";
import { variable } from "./variable";
import { volume } from "./volume";
import { workspaceMember } from "./workspaceMember";

export const WIRE: Record<Kind, WireKind> = {
  project,
  variable,
  dnsZone,
  dnsRecord,
  cron,
  proxy,
  volume,
  serverlet,
  storage,
  apiToken,
  workspaceMember,
  cert,
};
