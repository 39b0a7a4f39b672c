// Generated from the kinds' folders by scripts/declarations.ts (`make docs`): do not edit.
import type * as pulumi from "@pulumi/pulumi";
import { apiToken } from "../../provider/kinds/apiToken/spec";
import { resourceClass } from "../kindClass";
import type { OutputsOf, ResourceClass, Timestamps } from "../types";

/** The inputs of an ApiToken. */
export interface ApiTokenArgs {
  /** The token's name, at most 255 characters; names need not be unique. Default: `<logical name>-<7 characters>`, the same in every run of the stack (see `pulumi:autonaming`). Updated in place. */
  name?: pulumi.Input<string>;
  /** What the token acts as: `user`, `workspace` or `server`. Default `user`. Changing it replaces the token (a new bearer value). */
  type?: pulumi.Input<"user" | "workspace" | "server">;
  /** When the token stops working (ISO 8601 with a time zone, e.g. `2027-01-01T00:00:00Z`); without it the token never expires. Updated in place (the new expiry applies at once). */
  expiresAt?: pulumi.Input<string>;
  /** The owning workspace. Default: the API token's workspace. Changing it replaces the token. */
  workspaceId?: pulumi.Input<string>;
}

/** Read-only fields set by the API. */
export interface ApiTokenComputed extends Timestamps {
  /** The user the token acts for: its creator. */
  readonly userId: pulumi.Output<string | null | undefined>;
  /** The secret half of the bearer value: authenticate with `Authorization: Bearer <id>-<token>`. Only the create answer carries it: always secret, kept in the state from the create (a refresh or an update keeps it; a replacement gets the new object's); `pulumi import` cannot read it, so an imported resource has none. */
  readonly token: pulumi.Output<string | null | undefined>;
}

/** Outputs the runtime sets on the instance. */
export interface ApiToken extends pulumi.CustomResource, OutputsOf<ApiTokenArgs>, ApiTokenComputed {}

/** An API token of the workspace: whoever holds its bearer value `<id>-<token>` acts as it. The API answers `token` only to the create: the state keeps it from there, always as a secret. A refresh cannot see it (no answer but the create carries it): it keeps the state's value and never reports it as drift; and `pulumi import` cannot read it, so an imported token has none: replace it (`pulumi up --replace`) to get one. A new `name` or `expiresAt` updates it in place; a new `type` or workspace replaces it, with a new bearer value. Import with `{ import: "<apiTokenId>" }`. */
export const ApiToken: ResourceClass<ApiTokenArgs, ApiToken> = resourceClass(apiToken);
