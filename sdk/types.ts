/**
 * Public helper types of the SDK classes. This file (and every type a public signature names) stays free
 * of zod and of the provider's internals, so the package's `.d.ts` compiles in a stock `pulumi new
 * typescript` project (no `esModuleInterop`, no `skipLibCheck`).
 */
import type * as pulumi from "@pulumi/pulumi";

/** The outputs of a resource: each Args property as the API returns it (the Args JSDoc carries over). */
export type OutputsOf<Args> = {
  readonly [K in keyof Args]-?: pulumi.Output<Exclude<pulumi.Unwrap<Args[K]>, undefined>>;
};

/** `Foo.get`'s optional state: any known output values (a kept field such as a variable's value). */
export type StateOf<Args> = { [K in keyof Args]?: Args[K] };

/** Set by the API on every kind that has them. */
export interface Timestamps {
  /** When the object was created (ISO 8601, set by the API). */
  readonly createdAt: pulumi.Output<string>;
  /** When the object last changed (ISO 8601, set by the API). */
  readonly updatedAt: pulumi.Output<string>;
}

/** The args may be left out when every one is optional (`new futrou.Project("shop")`). */
type ArgsParameter<Args> = Record<never, never> extends Args ? [args?: Args] : [args: Args];

/** A kind's class: its constructor, and `get`, an existing object by its id. */
export interface ResourceClass<Args, Instance> {
  new (name: string, ...rest: [...ArgsParameter<Args>, opts?: pulumi.CustomResourceOptions]): Instance;
  /**
   * An existing object by its id, read into the program without managing it: `refresh` reads it, `destroy`
   * leaves it alone. `state` may give values the API never returns (kept fields).
   */
  get(name: string, id: pulumi.Input<pulumi.ID>, state?: StateOf<Args>, opts?: pulumi.CustomResourceOptions): Instance;
  readonly prototype: Instance;
}
