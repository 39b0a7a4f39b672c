/** Looks up the project named by config `projectName` (a lookup that finds nothing fails the program). */
import * as pulumi from "@pulumi/pulumi";
import * as futrou from "pulumi-futrou";

const config = new pulumi.Config();

export const projectId = futrou.getProject({ name: config.require("projectName") }).then((p) => p.id);
