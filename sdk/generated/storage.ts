// Generated from the kinds' folders by scripts/declarations.ts (`make docs`): do not edit.
import type * as pulumi from "@pulumi/pulumi";
import { storage } from "../../provider/kinds/storage/spec";
import { resourceClass } from "../kindClass";
import type { OutputsOf, ResourceClass, Timestamps } from "../types";

/** The inputs of a Storage. */
export interface StorageArgs {
  /** The storage's name, at most 255 characters, unique in the workspace. Default: `<logical name>-<7 characters>`, the same in every run of the stack (see `pulumi:autonaming`). Updated in place. */
  name?: pulumi.Input<string>;
  /** The storage plan id, which sets its size (see `getStoragePlans` / `getStoragePlan`). Default: the API's choice, kept until you set one. Updated in place (a new plan resizes the storage). */
  storagePlanId?: pulumi.Input<string | null>;
  /** Whether its files are publicly readable. Default `false`. Updated in place. */
  public?: pulumi.Input<boolean>;
  /** The owning workspace. Default: the API token's workspace. Changing it replaces the storage (its files are lost). */
  workspaceId?: pulumi.Input<string>;
  /** The project the storage belongs to. Default `null`. Updated in place. */
  projectId?: pulumi.Input<string | null>;
  /** The region id (see `getRegions`). Default: the API's choice, kept until you set one. Changing it replaces the storage (its files are lost). */
  regionId?: pulumi.Input<string | null>;
}

/** Read-only fields set by the API. */
export interface StorageComputed extends Timestamps {
}

/** Outputs the runtime sets on the instance. */
export interface Storage extends pulumi.CustomResource, OutputsOf<StorageArgs>, StorageComputed {}

/** Persistent storage (the newest API generation's successor of Volume), mounted into serverlets with `Serverlet.mounts`. Its files (`/storages/{id}/files`) are data, not managed here. Deleting or replacing it deletes its files: consider the `protect` resource option. Import with `{ import: "<storageId>" }`. */
export const Storage: ResourceClass<StorageArgs, Storage> = resourceClass(storage);
