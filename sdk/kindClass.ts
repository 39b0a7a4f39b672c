/**
 * Every kind's SDK class, made once: `resourceClass(spec)` is the class `new futrou.Cron(name, args, opts)`
 * constructs, with its `get`. Each kind's generated file (sdk/generated/<kind>.ts, scripts/declarations.ts) names
 * it, types it with its Args and Computed interfaces as a `ResourceClass` (sdk/types.ts, so that the public
 * declarations never reach this file, which names the provider's spec) and gives it the spec's `doc` as TSDoc.
 *
 * One class per kind, made here, not a shared base class: Pulumi takes a resource's source position a fixed
 * number of frames up (`Resource.stackTrace(4)`), so between the program and `pulumi.CustomResource` there is
 * exactly one constructor, as before (sdk/resource.ts, "debug stack traces").
 */
import * as pulumi from "@pulumi/pulumi";
import type { ResourceSpec } from "../provider/spec";
import { announceImport, resourceArgs, restoreDebugStacks, withoutDebugStacks } from "./resource";
import type { ResourceClass } from "./types";

/** The class of `spec`'s kind, named after it (`Cron`). */
export function resourceClass<Args, Instance extends pulumi.CustomResource>(
  spec: ResourceSpec,
): ResourceClass<Args, Instance> {
  const made = class extends pulumi.CustomResource {
    static get(name: string, id: pulumi.Input<pulumi.ID>, state?: object, opts?: pulumi.CustomResourceOptions) {
      return new made(name, state, { ...opts, id });
    }

    constructor(name: string, args?: object, opts?: pulumi.CustomResourceOptions) {
      try {
        super(...withoutDebugStacks(resourceArgs(spec, name, args, opts)));
      } finally {
        restoreDebugStacks();
      }
      announceImport(this, spec, opts);
    }
  };
  Object.defineProperty(made, "name", { value: spec.typeName });
  return made as unknown as ResourceClass<Args, Instance>;
}
