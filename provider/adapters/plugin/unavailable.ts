/**
 * A plugin that cannot work here (an old Node.js, a start-up failure) still starts, and answers every call
 * with the one line that says why and what to do. Exiting instead would make the engine show its "exited
 * prematurely … This is *always* a bug in the provider" block first, with our reason dumped after it; an
 * answer is shown as the error itself. The handshake succeeds, for the same reason: Pulumi's plugin loader
 * (the engine's, and the YAML language host's when it loads a schema) takes a refused handshake for a plugin
 * that "did not come alive" and shows that block; the next call (GetSchema, Configure, …) carries the reason.
 * Cancel is acknowledged, so the engine closes it as a plugin that shut down cleanly. It exits when the process that started it is gone (an engine or language host that
 * stopped without killing it), so it never outlives the run. Loads only gRPC: nothing here needs the Node.js
 * the provider needs.
 */
import type * as grpc from "@grpc/grpc-js";
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import { ProviderHandshakeResponse } from "@pulumi/pulumi/proto/provider_pb";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { listen } from "./listen";

/** gRPC's FAILED_PRECONDITION: the system is not in a state the call needs. */
const FAILED_PRECONDITION = 9;

export function unavailableService(reason: string): grpc.UntypedServiceImplementation {
  const refuse: grpc.handleUnaryCall<unknown, unknown> = (_call, callback) =>
    callback({ code: FAILED_PRECONDITION, details: reason });
  const service: grpc.UntypedServiceImplementation = Object.fromEntries(
    Object.keys(provrpc.ResourceProviderService).map((method) => [method, refuse]),
  );
  service.cancel = ((_call, callback) => callback(null, new Empty())) as grpc.handleUnaryCall<unknown, Empty>;
  service.handshake = ((_call, callback) => callback(null, new ProviderHandshakeResponse())) as grpc.handleUnaryCall<
    unknown,
    ProviderHandshakeResponse
  >;
  return service;
}

/** Serves `reason` on every call until the parent process is gone; resolves with the port and the server. */
export async function serveUnavailable(reason: string): Promise<{ port: number; server: grpc.Server }> {
  const { port, server } = await listen(unavailableService(reason));
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid !== parent) {
      clearInterval(watch);
      server.forceShutdown();
    }
  }, 500);
  watch.unref();
  return { port, server };
}
