import * as pulumi from "@pulumi/pulumi";
import { storage } from "../provider/resources/storage";
import type { StorageArgs, StorageComputed } from "./generated/storage";
import { announceImport, resourceArgs, restoreDebugStacks, withoutDebugStacks } from "./resource";
import type { OutputsOf, StateOf } from "./types";

export type { StorageArgs };

/** Outputs the runtime sets on the instance (merged with the class below). */
export interface Storage extends OutputsOf<StorageArgs>, StorageComputed {}

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
