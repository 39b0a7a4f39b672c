/**
 * A plugin's gRPC server on 127.0.0.1 (an ephemeral port): the provider's (ResourceProvider, the default) or
 * the converter's (provider/adapters/convert/server.ts), for any implementation of the service.
 */
import * as grpc from "@grpc/grpc-js";
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";

export async function listen(
  service: grpc.UntypedServiceImplementation,
  definition: grpc.ServiceDefinition = provrpc.ResourceProviderService,
): Promise<{ port: number; server: grpc.Server }> {
  const server = new grpc.Server({
    "grpc.max_receive_message_length": 400 * 1024 * 1024,
    "grpc.max_send_message_length": 400 * 1024 * 1024,
  });
  server.addService(definition, service);
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, p) =>
      err ? reject(err) : resolve(p),
    );
  });
  return { port, server };
}
