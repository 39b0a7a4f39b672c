/** gRPC plumbing of the plugin's service: unary handlers, the engine's error form, URNs and type tokens. */
import * as grpc from "@grpc/grpc-js";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import * as statusproto from "@pulumi/pulumi/proto/status_pb";
import { Any } from "google-protobuf/google/protobuf/any_pb";
import type { Kind } from "../../api/contract";
import { ResourceInitError } from "../../kit";
import { isKind, specFor } from "../../registry";
import { PLUGIN_TYPE_PREFIX } from "../../spec";
import { toWire } from "./wire";

export const PACKAGE = "futrou";
/** `futrou:index:<Type>`: the type tokens of resources and functions. */
export const TOKEN_PREFIX = PLUGIN_TYPE_PREFIX;

type Callback<T> = (error: grpc.ServiceError | null, value?: T | null, trailer?: grpc.Metadata) => void;

/** A unary handler from an async function; an error becomes the gRPC status the engine prints. */
export function unary<Req, Res>(fn: (req: Req) => Promise<Res>) {
  return (call: grpc.ServerUnaryCall<Req, Res>, callback: Callback<Res>) => {
    fn(call.request).then(
      (res) => callback(null, res),
      (error: unknown) => {
        const e = toServiceError(error);
        callback(e, null, e.metadata);
      },
    );
  };
}

/**
 * The engine's form of an error: a ResourceInitError (the object exists but did not become ready) carries
 * ErrorResourceInitFailed, so the engine records the resource instead of losing it.
 */
function toServiceError(error: unknown): grpc.ServiceError {
  const message = error instanceof Error ? error.message : String(error);
  const metadata = new grpc.Metadata();
  if (error instanceof ResourceInitError) {
    const detail = new provproto.ErrorResourceInitFailed();
    detail.setId(error.id);
    detail.setProperties(toWire(error.properties)); // sealed by the kit
    detail.setReasonsList(error.reasons);
    const any = new Any();
    any.pack(detail.serializeBinary(), "pulumirpc.ErrorResourceInitFailed");
    const status = new statusproto.Status();
    status.setCode(grpc.status.UNKNOWN);
    status.setMessage(message);
    status.addDetails(any);
    metadata.add("grpc-status-details-bin", Buffer.from(status.serializeBinary()));
  }
  return Object.assign(new Error(message), { code: grpc.status.UNKNOWN, details: message, metadata });
}

/** `urn:pulumi:<stack>::<project>::<parent types$type>::<name>` */
export function parseUrn(urn: string): { stack: string; project: string; types: string[]; name: string } {
  const [head = "", project = "", qualified = "", ...rest] = urn.split("::");
  return { stack: head.replace(/^urn:pulumi:/, ""), project, types: qualified.split("$"), name: rest.join("::") };
}

/** The kind a type token names, or a clear error. */
export function kindOf(type: string): Kind {
  const typeName = type.startsWith(TOKEN_PREFIX) ? type.slice(TOKEN_PREFIX.length) : "";
  const kind = typeName.charAt(0).toLowerCase() + typeName.slice(1);
  if (!isKind(kind) || specFor(kind).typeName !== typeName) {
    throw new Error(`futrou: unknown resource type "${type}"`);
  }
  return kind;
}

/** A request's type token: its own, else the last type of its URN. */
export const typeOf = (req: { getType(): string; getUrn(): string }): string =>
  req.getType() || (parseUrn(req.getUrn()).types.at(-1) ?? "");
