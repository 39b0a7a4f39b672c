import * as pulumi from "@pulumi/pulumi";
import * as futrou from "pulumi-futrou";

const config = new pulumi.Config();

// One create at a time (dependsOn), so each kill point of the test interrupts exactly one create.
const project = new futrou.Project("proj", { name: "kill-proj" });
const variable = new futrou.Variable("var", { key: "KILL_KEY", value: "kill-value", projectId: project.id });
// Waits for `running` (the emulator's deploy delay): a kill can land in the readiness wait.
const app = new futrou.Serverlet(
  "app",
  { name: "kill-app", image: "nginx:1", projectId: project.id },
  { dependsOn: [variable] },
);
// The zone already holds an identical record that is not this stack's: it must never be adopted.
new futrou.DnsRecord(
  "www",
  { dnsId: config.require("zoneId"), name: "www", type: "A", value: "192.0.2.7" },
  { dependsOn: [app] },
);

export const appId = app.id;
