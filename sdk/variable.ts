import * as pulumi from "@pulumi/pulumi";
import { variable } from "../provider/resources/variable";
import { announceImport, resourceArgs, restoreDebugStacks, withoutDebugStacks } from "./resource";
import type { OutputsOf, StateOf, Timestamps } from "./types";

/** Set exactly one of `workspaceId`, `projectId` or `serverletId`: the variable's scope. */
export interface VariableArgs {
  /**
   * The variable name: letters, digits and `_`, not starting with a digit, at most 255 characters. Changing it
   * replaces the variable.
   */
  key: pulumi.Input<string>;
  /**
   * The value, at most 65,536 characters. A Pulumi secret (encrypted in the state, `[secret]` in previews) when the program makes it one
   * (`config.requireSecret`, `pulumi.secret`) or `isSecret` is true; otherwise a plain value whose changes
   * previews show. Write-only in the API: it is never read back, so a change made outside Pulumi cannot be
   * detected. Updated in place.
   */
  value: pulumi.Input<string>;
  /**
   * Whether the platform hides the value in its console and logs. Default `false`. Updated in place. `true`
   * also makes `value` a Pulumi secret.
   */
  isSecret?: pulumi.Input<boolean>;
  /** Free text, at most 255 characters. Default `""`. Updated in place. */
  description?: pulumi.Input<string>;
  /** Scope: the whole workspace. Changing the scope replaces the variable. */
  workspaceId?: pulumi.Input<string | null>;
  /** Scope: one project. Changing the scope replaces the variable. */
  projectId?: pulumi.Input<string | null>;
  /** Scope: one serverlet. Changing the scope replaces the variable. */
  serverletId?: pulumi.Input<string | null>;
}

/** Outputs the runtime sets on the instance (merged with the class below). */
export interface Variable extends OutputsOf<VariableArgs>, Timestamps {}

/**
 * An environment variable for a workspace, project or serverlet. Import with `{ import: "<variableId>" }`;
 * the value cannot be compared on import (the API never returns it): the program's value is kept.
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: see the interface above
export class Variable extends pulumi.CustomResource {
  /**
   * An existing Variable by its id (`<variableId>`), read into the program without managing it: `refresh` reads it,
   * `destroy` leaves it alone. `state` may give values the API never returns (kept fields).
   */
  static get(
    name: string,
    id: pulumi.Input<pulumi.ID>,
    state?: StateOf<VariableArgs>,
    opts?: pulumi.CustomResourceOptions,
  ): Variable {
    return new Variable(name, state as VariableArgs, { ...opts, id });
  }

  constructor(name: string, args: VariableArgs, opts?: pulumi.CustomResourceOptions) {
    try {
      super(...withoutDebugStacks(resourceArgs(variable, name, args, opts)));
    } finally {
      restoreDebugStacks();
    }
    announceImport(this, variable, opts);
  }
}
