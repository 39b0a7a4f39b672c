/**
 * The converter plugin's gRPC service (`pulumirpc.Converter`): `ConvertProgram` for `pulumi convert --from
 * futrou` and `ConvertState` for `pulumi import --from futrou`, over provider/convert/ (the conversion itself,
 * which knows no host). Whatever goes wrong is an error diagnostic of one line, which the engine prints as the
 * conversion's failure.
 */
import { isAbsolute, resolve } from "node:path";
import type * as grpc from "@grpc/grpc-js";
import * as hclproto from "@pulumi/pulumi/proto/codegen/hcl_pb";
import * as convrpc from "@pulumi/pulumi/proto/converter_grpc_pb";
import * as convproto from "@pulumi/pulumi/proto/converter_pb";
import { convertProgram, convertState, type Diagnostic } from "../../convert";
import { listen } from "../plugin/listen";

const SEVERITY = {
  error: hclproto.DiagnosticSeverity.DIAG_ERROR,
  warning: hclproto.DiagnosticSeverity.DIAG_WARNING,
} as const;

/**
 * A diagnostic as the engine prints it: `<file>:<line>,<column>-<column>: <summary>` at the config value it is
 * about, `<file>:1,1-1` when it is about the whole file or the file has no positions (futrou.js), the summary
 * alone without a file.
 */
export function toProto(d: Diagnostic): hclproto.Diagnostic {
  const proto = new hclproto.Diagnostic().setSeverity(SEVERITY[d.severity]).setSummary(d.summary);
  if (!d.file) return proto;
  const start = new hclproto.Pos().setLine(d.line ?? 1).setColumn(d.column ?? 1);
  return proto.setSubject(new hclproto.Range().setFilename(d.file).setStart(start).setEnd(start));
}
const failure = (error: unknown): Diagnostic => ({
  severity: "error",
  summary: `futrou converter: ${(error instanceof Error ? error.message : String(error)).split("\n")[0]}`,
});

/** The folder `pulumi import --from futrou [folder]` names, else the current one. */
const sourceOf = (args: string[]) => (args[0] ? (isAbsolute(args[0]) ? args[0] : resolve(args[0])) : process.cwd());

export const converterService: grpc.UntypedServiceImplementation = {
  convertProgram(
    call: grpc.ServerUnaryCall<convproto.ConvertProgramRequest, convproto.ConvertProgramResponse>,
    callback: grpc.sendUnaryData<convproto.ConvertProgramResponse>,
  ) {
    const req = call.request;
    convertProgram(req.getSourceDirectory(), req.getTargetDirectory())
      .catch((error: unknown) => ({ diagnostics: [failure(error)] }))
      .then((result) =>
        callback(null, new convproto.ConvertProgramResponse().setDiagnosticsList(result.diagnostics.map(toProto))),
      );
  },
  convertState(
    call: grpc.ServerUnaryCall<convproto.ConvertStateRequest, convproto.ConvertStateResponse>,
    callback: grpc.sendUnaryData<convproto.ConvertStateResponse>,
  ) {
    convertState(sourceOf(call.request.getArgsList()))
      .catch((error: unknown) => ({ diagnostics: [failure(error)], resources: [] }))
      .then(({ diagnostics, resources }) =>
        callback(
          null,
          new convproto.ConvertStateResponse()
            .setDiagnosticsList(diagnostics.map(toProto))
            .setResourcesList(
              resources.map((r) => new convproto.ResourceImport().setType(r.type).setName(r.name).setId(r.id)),
            ),
        ),
      );
  },
};

/** Serves the converter; resolves with the port. */
export async function serve(): Promise<{ port: number; server: grpc.Server }> {
  return listen(converterService, convrpc.ConverterService);
}
