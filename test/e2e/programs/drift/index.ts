/** A serverlet whose image CI deploys outside Pulumi (`ignoreChanges: ["image"]`) and a volume that only grows. */
import * as pulumi from "@pulumi/pulumi";
import * as futrou from "pulumi-futrou";

const config = new pulumi.Config();

const data = new futrou.Volume("data", { sizeGb: config.getNumber("sizeGb") ?? 10 });

const app = new futrou.Serverlet(
  "app",
  {
    image: config.get("image") ?? "ghcr.io/acme/app:1.0",
    maxInstances: config.getNumber("maxInstances") ?? 2,
    ports: [{ port: 8080 }],
    volumes: [{ volumeId: data.id, mountPath: "/data" }],
  },
  { ignoreChanges: ["image"] },
);

export const appId = app.id;
export const volumeId = data.id;
