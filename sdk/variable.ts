import * as pulumi from "@pulumi/pulumi";
import { variable } from "../provider/resources/variable";
import type { VariableArgs, VariableComputed } from "./generated/variable";
import { announceImport, resourceArgs, restoreDebugStacks, withoutDebugStacks } from "./resource";
import type { OutputsOf, StateOf } from "./types";

export type { VariableArgs };

/** Outputs the runtime sets on the instance (merged with the class below). */
export interface Variable extends OutputsOf<VariableArgs>, VariableComputed {}

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
