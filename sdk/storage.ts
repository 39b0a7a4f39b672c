import type * as pulumi from "@pulumi/pulumi";
import { storage } from "../provider/kinds/storage/spec";
import type { StorageArgs, StorageComputed } from "./generated/storage";
import { resourceClass } from "./kindClass";
import type { OutputsOf, ResourceClass } from "./types";

export type { StorageArgs };

/** Outputs the runtime sets on the instance. */
export interface Storage extends pulumi.CustomResource, OutputsOf<StorageArgs>, StorageComputed {}

/**
 * Persistent storage (the newest API generation's successor of Volume), mounted into serverlets with
 * `Serverlet.mounts`. Its files (`/storages/{id}/files`) are data, not managed here. Deleting or replacing
 * it deletes its files: consider the `protect` resource option. Import with `{ import: "<storageId>" }`.
 */
export const Storage: ResourceClass<StorageArgs, Storage> = resourceClass(storage);
