// Generated from the kinds' folders by scripts/declarations.ts (`make docs`): do not edit.
import type * as pulumi from "@pulumi/pulumi";
import { variable } from "../../provider/kinds/variable/spec";
import { resourceClass } from "../kindClass";
import type { OutputsOf, ResourceClass, Timestamps } from "../types";

/** The inputs of a Variable. */
export interface VariableArgs {
  /** The variable name: letters, digits and `_`, not starting with a digit, at most 255 characters. Changing it replaces the variable. */
  key: pulumi.Input<string>;
  /** The value, at most 65,536 characters. A Pulumi secret (encrypted in the state, `[secret]` in previews) when the program makes it one (`config.requireSecret`, `pulumi.secret`) or `isSecret` is true; otherwise a plain value whose changes previews show. Write-only in the API: it is never read back, so a change made outside Pulumi cannot be detected. Updated in place. */
  value: pulumi.Input<string>;
  /** Whether the platform hides the value in its console and logs. `true` also makes `value` a Pulumi secret. Default `false`. Updated in place. */
  isSecret?: pulumi.Input<boolean>;
  /** Free text, at most 255 characters. Default `""`. Updated in place. */
  description?: pulumi.Input<string>;
  /** Scope: the whole workspace. Changing it replaces the variable. */
  workspaceId?: pulumi.Input<string | null>;
  /** Scope: one project. Changing it replaces the variable. */
  projectId?: pulumi.Input<string | null>;
  /** Scope: one serverlet. Changing it replaces the variable. */
  serverletId?: pulumi.Input<string | null>;
}

/** Read-only fields set by the API. */
export interface VariableComputed extends Timestamps {
}

/** Outputs the runtime sets on the instance. */
export interface Variable extends pulumi.CustomResource, OutputsOf<VariableArgs>, VariableComputed {}

/** An environment variable for a workspace, project or serverlet. Import with `{ import: "<variableId>" }`; the value cannot be compared on import (the API never returns it): the program's value is kept. */
export const Variable: ResourceClass<VariableArgs, Variable> = resourceClass(variable);
