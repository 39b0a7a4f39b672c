import * as pulumi from "@pulumi/pulumi";
import type * as dynamic from "pulumi-futrou";

const config = new pulumi.Config();
// `mode: plugin` runs the same resources on the futrou provider plugin, through the SDK generated from its
// schema (same class names and arguments); the default is the dynamic-provider SDK, which itself registers
// on the plugin when the stack sets `futrou:mode: plugin`.
const futrou: typeof dynamic = config.get("mode") === "plugin" ? require("@futrou/pulumi") : require("pulumi-futrou");
const count = config.requireNumber("count");
const secret = config.requireSecret("secret");

// Ten resources per unit, one of each kind plus a second variable and a second DNS record.
for (let i = 0; i < Math.ceil(count / 10); i++) {
  const project = new futrou.Project(`p${i}`, { displayName: `Bench project ${i}` });
  const volume = new futrou.Volume(`v${i}`, { projectId: project.id, sizeGb: 10 + i });
  const app = new futrou.Serverlet(`s${i}`, {
    projectId: project.id,
    image: `registry.example/bench/app:${i}`,
    maxInstances: 2,
    ports: [{ port: 8080, protocol: "http" }],
    volumes: [{ volumeId: volume.id, mountPath: "/data" }],
    env: { UNIT: String(i) },
  });
  new futrou.Variable(`secret${i}`, { serverletId: app.id, key: "API_SECRET", value: secret, isSecret: true });
  new futrou.Variable(`mode${i}`, { projectId: project.id, key: "MODE", value: "bench" });
  new futrou.Proxy(`x${i}`, {
    projectId: project.id,
    domain: `app-${i}.bench.example`,
    target: "app.internal",
    port: 8080,
  });
  const zone = new futrou.DnsZone(`z${i}`, { projectId: project.id, domain: `zone-${i}.bench.example` });
  new futrou.DnsRecord(`a${i}`, { dnsId: zone.id, name: "@", type: "A", value: `198.51.100.${i % 250}` });
  new futrou.DnsRecord(`w${i}`, { dnsId: zone.id, name: "www", type: "CNAME", value: `zone-${i}.bench.example` });
  new futrou.Cron(`c${i}`, {
    projectId: project.id,
    schedule: "*/10 * * * *",
    url: `https://app-${i}.bench.example/health`,
  });
}
