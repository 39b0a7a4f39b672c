/** A storage sized by a plan from config; with `legacyId` set, one made outside Pulumi is adopted too. */
import * as pulumi from "@pulumi/pulumi";
import * as futrou from "pulumi-futrou";

const config = new pulumi.Config();

const files = new futrou.Storage("files", { storagePlanId: config.get("planId") });

const legacyId = config.get("legacyId");
if (legacyId) {
  new futrou.Storage(
    "legacy",
    { name: "legacy-files", storagePlanId: config.require("legacyPlanId") },
    { import: legacyId },
  );
}

export const filesId = files.id;
export const filesPlanId = files.storagePlanId;
/** The same storage found again by name (GET /storages needs a workspace: the lookup supplies it). */
export const foundId = futrou.getStorageOutput({ name: files.name }).id;
