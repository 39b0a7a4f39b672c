import * as pulumi from "@pulumi/pulumi";
import * as futrou from "pulumi-futrou";

const config = new pulumi.Config();
// 50 objects with `fifty` (the kill test), else 12 (the two-stack race). Every name is explicit: two stacks of
// this project declare the same ones.
const fifty = config.getBoolean("fifty") ?? false;
const n = (small: number, big: number): number => (fifty ? big : small);
const range = (count: number): number[] => Array.from({ length: count }, (_, i) => i);

const project = new futrou.Project("proj", { name: "crowd-proj" });
for (const i of range(n(1, 2))) {
  // Waits for `running` (the emulator's deploy delay): the window in which the other stack once adopted it.
  new futrou.Serverlet(`app-${i}`, { name: `crowd-app-${i}`, image: "nginx:1", projectId: project.id });
  new futrou.Volume(`data-${i}`, { name: `crowd-data-${i}`, projectId: project.id, sizeGb: 5 });
  new futrou.Storage(`files-${i}`, { name: `crowd-files-${i}`, projectId: project.id });
}
for (const i of range(n(1, 4))) {
  new futrou.Cron(`cron-${i}`, {
    name: `crowd-cron-${i}`,
    projectId: project.id,
    schedule: "*/5 * * * *",
    url: `https://crowd.example.com/health/${i}`,
  });
}
for (const i of range(n(2, 14))) {
  new futrou.Variable(`var-${i}`, { key: `CROWD_${i}`, value: `value-${i}`, projectId: project.id });
}
const zone = new futrou.DnsZone("zone", { domain: "crowd.example.com", projectId: project.id });
for (const i of range(n(2, 24))) {
  new futrou.DnsRecord(`rec-${i}`, { dnsId: zone.id, name: `r${i}`, type: "A", value: `192.0.2.${i + 1}` });
}
// Records in a zone made beforehand, identical in both stacks (no unique field): each stack's own.
const shared = config.get("sharedZoneId");
if (shared) {
  new futrou.DnsRecord("shared-a", { dnsId: shared, name: "shared", type: "A", value: "198.51.100.1" });
  new futrou.DnsRecord("shared-txt", { dnsId: shared, name: "shared", type: "TXT", value: "both stacks" });
}
