import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as pulumi from "@pulumi/pulumi";
import * as futrou from "pulumi-futrou";

/** A row of records.json: a DNS record without its zone. */
type RecordRow = Omit<futrou.DnsRecordArgs, "dnsId"> & { name: string; type: string };

const domain = new pulumi.Config().get("domain") ?? "example.org";
const rows: RecordRow[] = JSON.parse(readFileSync(join(__dirname, "records.json"), "utf8"));

const zone = new futrou.DnsZone("zone", { domain, enableDnssec: true });

// One resource per row; the logical name is stable as long as the row's name and type are.
const seen = new Map<string, number>();
const records = rows.map((row) => {
  const base = `${row.type}-${row.name === "@" ? "apex" : row.name}`.toLowerCase().replace(/[^a-z0-9-]/g, "-");
  const n = (seen.get(base) ?? 0) + 1;
  seen.set(base, n);
  return new futrou.DnsRecord(n === 1 ? base : `${base}-${n}`, { dnsId: zone.id, ...row });
});

export const zoneId = zone.id;
export const recordCount = records.length;
