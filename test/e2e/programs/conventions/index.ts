/**
 * What a user of any Pulumi provider expects: an auto-named project (stable across preview and up,
 * following `pulumi:autonaming`), an existing project read with `Project.get` and found with
 * `getProjectOutput`, a project in a second workspace through an explicit `futrou.Provider` whose token is
 * a secret, and (with config `slow`) a serverlet whose `customTimeouts.create` fires.
 */
import * as pulumi from "@pulumi/pulumi";
import * as futrou from "pulumi-futrou";

const config = new pulumi.Config();

const main = new futrou.Project("main");

const seen = futrou.Project.get("seen", config.require("existingId"));
const found = futrou.getProjectOutput({ name: seen.name });

const ws2 = new futrou.Provider("ws2", { apiToken: config.requireSecret("ws2Token") });
const other = new futrou.Project("other", { name: "other-ws" }, { provider: ws2 });
// Looked up once it exists (its id is known only after create; a preview skips the lookup).
const otherFound = futrou.getProjectOutput({ name: other.id.apply(() => other.name) }, { provider: ws2 });

if (config.getBoolean("slow")) {
  new futrou.Serverlet("slow", { image: "nginx" }, { customTimeouts: { create: "2s" } });
}

export const mainName = main.name;
export const seenName = seen.name;
export const seenWorkspace = seen.workspaceId;
export const foundId = found.id;
export const otherWorkspace = other.workspaceId;
export const otherFoundId = otherFound.id;
