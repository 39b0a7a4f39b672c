import type * as pulumi from "@pulumi/pulumi";
import { variable } from "../provider/kinds/variable/spec";
import type { VariableArgs, VariableComputed } from "./generated/variable";
import { resourceClass } from "./kindClass";
import type { OutputsOf, ResourceClass } from "./types";

export type { VariableArgs };

/** Outputs the runtime sets on the instance. */
export interface Variable extends pulumi.CustomResource, OutputsOf<VariableArgs>, VariableComputed {}

/**
 * An environment variable for a workspace, project or serverlet. Import with `{ import: "<variableId>" }`;
 * the value cannot be compared on import (the API never returns it): the program's value is kept.
 */
export const Variable: ResourceClass<VariableArgs, Variable> = resourceClass(variable);
