import * as pulumi from "@pulumi/pulumi";
import { storage } from "../provider/resources/storage";
import { announceImport, resourceArgs, restoreDebugStacks, withoutDebugStacks } from "./resource";
import type { OutputsOf, StateOf, Timestamps } from "./types";

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

/** Outputs the runtime sets on the instance (merged with the class below). */
export interface Storage extends OutputsOf<StorageArgs>, Timestamps {}

/**
 * Persistent storage (the newest API generation's successor of Volume), mounted into serverlets with
 * `Serverlet.mounts`. Its files (`/storages/{id}/files`) are data, not managed here. Deleting or replacing
 * it deletes its files: consider the `protect` resource option. Import with `{ import: "<storageId>" }`.
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: see the interface above
export class Storage extends pulumi.CustomResource {
  /**
   * An existing Storage by its id (`<storageId>`), read into the program without managing it: `refresh` reads it,
   * `destroy` leaves it alone. `state` may give values the API never returns (kept fields).
   */
  static get(
    name: string,
    id: pulumi.Input<pulumi.ID>,
    state?: StateOf<StorageArgs>,
    opts?: pulumi.CustomResourceOptions,
  ): Storage {
    return new Storage(name, state as StorageArgs, { ...opts, id });
  }

  constructor(name: string, args: StorageArgs = {}, opts?: pulumi.CustomResourceOptions) {
    try {
      super(...withoutDebugStacks(resourceArgs(storage, name, args, opts)));
    } finally {
      restoreDebugStacks();
    }
    announceImport(this, storage, opts);
  }
}
