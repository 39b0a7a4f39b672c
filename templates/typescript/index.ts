import * as pulumi from "@pulumi/pulumi";
import * as futrou from "pulumi-futrou";

const config = new pulumi.Config();

// A project holds the serverlet; both get auto-names (`<logical name>-<7 characters>`).
const project = new futrou.Project("app", { displayName: pulumi.getProject() });

const web = new futrou.Serverlet("web", {
  projectId: project.id,
  image: config.get("image") ?? "nginx:1.27",
  ports: [{ port: 80 }],
});

export const projectName = project.name;
export const serverletName = web.name;
export const serverletState = web.state; // "running" once `pulumi up` returns
