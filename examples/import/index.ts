/**
 * Adopting existing Futrou resources. Describe each one as it is, and give its id with the `import`
 * option: the first `pulumi up` adopts it (nothing is changed remotely; if the program does not match the
 * resource, the import stops and names the fields that differ). Afterwards the resources are managed like
 * any other; the `import` option can stay or go.
 *
 *   pulumi config set projectId <id>         # futrou projects list
 *   pulumi config set volumeId <id>
 *   pulumi config set zoneId <id>
 *   pulumi config set wwwRecordId <zoneId>/<recordId>   # DNS records are imported as <dnsId>/<recordId>
 */
import * as pulumi from "@pulumi/pulumi";
import * as futrou from "pulumi-futrou";

const config = new pulumi.Config();

const project = new futrou.Project(
  "legacy",
  { name: "legacy-shop", displayName: "Legacy shop" },
  { import: config.require("projectId") },
);

const volume = new futrou.Volume(
  "legacy-data",
  { name: "legacy-data", projectId: project.id, sizeGb: 50 },
  { import: config.require("volumeId") },
);

const zone = new futrou.DnsZone(
  "legacy-zone",
  { domain: "legacy-shop.example", projectId: project.id },
  { import: config.require("zoneId") },
);

const www = new futrou.DnsRecord(
  "legacy-www",
  { dnsId: zone.id, name: "www", type: "CNAME", value: "legacy-shop.example", ttl: 3600 },
  { import: config.require("wwwRecordId") },
);

export const projectId = project.id;
export const volumeSizeGb = volume.sizeGb;
export const recordId = www.id;
