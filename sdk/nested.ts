/**
 * The SDK's nested input types (a proxy's rules, a serverlet's volumes, ports and scaling), named as the schema
 * names them (`<Kind><Field>Args`): the generated Args (sdk/generated/) use them, sdk/index.ts exports them.
 */
import type * as pulumi from "@pulumi/pulumi";

/** The `if` of a proxy rule (2026-08-30 `RuleCondition`): what a request must match. */
export interface ProxyRuleIfArgs {
  /** The request's host name, at most 253 characters. */
  host?: pulumi.Input<string>;
  /** The request's method, lowercase as the API publishes it. */
  method?: pulumi.Input<"get" | "post" | "put" | "delete" | "patch" | "options" | "head">;
  /** The request's path. */
  path?: pulumi.Input<string>;
  /** The port the request came in on, 1–65535. */
  port?: pulumi.Input<number>;
}

/** A proxy rule (2026-08-30 `Rule`): when `if` matches, `then` applies. */
export interface ProxyRuleArgs {
  /** What a request must match (every condition given); none matches every request. */
  if?: pulumi.Input<ProxyRuleIfArgs>;
  /** What to do: objects whose keys the API does not publish, passed through as given. */
  then?: pulumi.Input<pulumi.Input<Record<string, unknown>>[]>;
}

/** A volume mounted into the serverlet. */
export interface ServerletVolumeArgs {
  /** The Volume id. */
  volumeId: pulumi.Input<string>;
  /** Absolute mount path, e.g. `/data`. */
  mountPath: pulumi.Input<string>;
  /** Mount read-only. Default `false`. */
  readOnly?: pulumi.Input<boolean>;
}

/** A port the serverlet listens on. */
export interface ServerletPortArgs {
  /** 1–65535. */
  port: pulumi.Input<number>;
  /** `http`, `tcp` or `udp`. Default `http`. */
  protocol?: pulumi.Input<"http" | "tcp" | "udp">;
}

/**
 * Autoscaling: a map of numbers. The 2026-08-02 API takes the four keys below (all of them); the 2026-08-30
 * Model is a map whose keys are not published, so other keys pass through as given.
 */
export interface ServerletScalingArgs {
  /** Scale up above this CPU use, 1–100 %. */
  cpuPercent?: pulumi.Input<number>;
  /** Scale up above this memory use, 1–100 %. */
  ramPercent?: pulumi.Input<number>;
  /** Seconds between scale-ups. */
  upCooldown?: pulumi.Input<number>;
  /** Seconds between scale-downs. */
  downCooldown?: pulumi.Input<number>;
  [key: string]: pulumi.Input<number> | undefined;
}
