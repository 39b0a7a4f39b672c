// Generated from the kinds' folders by scripts/declarations.ts (`make docs`): do not edit.
import type * as pulumi from "@pulumi/pulumi";
import { cert } from "../../provider/kinds/cert/spec";
import { resourceClass } from "../kindClass";
import type { OutputsOf, ResourceClass, Timestamps } from "../types";

/** The inputs of a Cert. */
export interface CertArgs {
  /** The domain the certificate is for, e.g. `app.example.com` or `*.example.com`, at most 253 characters. Changing it replaces the certificate. */
  domain: pulumi.Input<string>;
  /** The owning workspace. Default: the API token's workspace. Changing it replaces the certificate. */
  workspaceId?: pulumi.Input<string>;
  /** Any text, at most 255 characters: a new value runs `renew` during the update, in place (Renews the certificate now; answers it once issued again); a create only records it. Never sent to the API. */
  renewTrigger?: pulumi.Input<string>;
}

/** Read-only fields set by the API. */
export interface CertComputed extends Timestamps {
  /** `pending` until the certificate is issued, then `issued` (or `failed`); a renewal sets it back to `pending`. Changes on its own; never a diff. */
  readonly status: pulumi.Output<string | null | undefined>;
  /** When the certificate expires (ISO 8601); a renewal moves it once the certificate is issued again. Changes on its own; never a diff. */
  readonly expiresAt: pulumi.Output<string | null | undefined>;
}

/** Outputs the runtime sets on the instance. */
export interface Cert extends pulumi.CustomResource, OutputsOf<CertArgs>, CertComputed {}

/** A TLS certificate for a domain (a wildcard `*.example.com` too). `up` waits until it is `issued` (futrou:readyTimeoutSeconds, default 300) and fails when it ends `failed`. Nothing of it changes in place: a new `domain` replaces it. Renew it with a new `renewTrigger` value (both modes) or the `renew` method (plugin mode). Import with `{ import: "<certId>" }`: the program must match the remote certificate. */
export const Cert: ResourceClass<CertArgs, Cert> = resourceClass(cert);
