/**
 * Warnings the engine prints (`warning: …` in the run's diagnostics), and status lines it shows in its
 * progress view while an operation runs (ephemeral: the resource's row, gone when the step ends), from inside
 * a provider process.
 *
 * The dynamic-provider host (`@pulumi/pulumi/cmd/dynamic-provider`) gets the engine's address as its first
 * argument but gives a provider no way to log: what a provider writes to stderr the engine shows only as an
 * unmarked `info` line. So the kit sends its warnings to the engine's own `Log` RPC, as a provider plugin
 * does through its host client. A provider plugin (a second adapter over the kit) sets its own sink with
 * `setWarningSink`. Outside any engine (unit tests) warnings go to stderr.
 */
import { dirname } from "node:path";

/** One message to the engine's log: a warning, or an ephemeral status line of the resource `urn` ("": the stack's row). */
export interface LogEntry {
  message: string;
  status?: boolean;
  urn?: string;
}

export type WarningSink = (entry: LogEntry) => Promise<void>;

let sink: WarningSink | undefined;

/** Where `warn` and `status` send messages from now on (a provider plugin passes its engine's Log). */
export function setWarningSink(next: WarningSink | undefined): void {
  sink = next;
}

/** The engine address when this process is the dynamic-provider host (`node …/cmd/dynamic-provider <engine>`). */
function hostEngineAddress(): string | undefined {
  const main = require.main?.filename ?? "";
  const addr = process.argv[2];
  if (!/[\\/]cmd[\\/]dynamic-provider[\\/]/.test(main) || !addr || !/^[\w.[\]:-]+:\d+$/.test(addr)) return undefined;
  return addr;
}

interface EngineLogClient {
  log(request: unknown, done: (error: Error | null) => void): void;
}

/** The engine's Log RPC over @pulumi/pulumi's own gRPC stubs (the copy the host runs from). */
function engineSink(addr: string): WarningSink | undefined {
  try {
    const pulumiDir = dirname(require.resolve("@pulumi/pulumi/package.json"));
    const grpc = require(require.resolve("@grpc/grpc-js", { paths: [pulumiDir] })) as {
      credentials: { createInsecure(): unknown };
    };
    const stubs = require("@pulumi/pulumi/proto/engine_grpc_pb") as {
      EngineClient: new (address: string, credentials: unknown) => EngineLogClient;
    };
    const proto = require("@pulumi/pulumi/proto/engine_pb") as {
      LogRequest: new () => {
        setSeverity(s: number): void;
        setMessage(m: string): void;
        setUrn(u: string): void;
        setEphemeral(e: boolean): void;
      };
      LogSeverity: { INFO: number; WARNING: number };
    };
    const client = new stubs.EngineClient(addr, grpc.credentials.createInsecure());
    return ({ message, status, urn }) =>
      new Promise((resolve, reject) => {
        const request = new proto.LogRequest();
        request.setSeverity(status ? proto.LogSeverity.INFO : proto.LogSeverity.WARNING);
        request.setMessage(message);
        request.setUrn(urn ?? "");
        request.setEphemeral(status === true);
        client.log(request, (error) => (error ? reject(error) : resolve()));
      });
  } catch {
    return undefined;
  }
}

/** Outside an engine: warnings to stderr; status lines, which only a progress view shows, nowhere. */
const toStderr: WarningSink = async ({ message, status }) => {
  if (!status) process.stderr.write(`warning: ${message}\n`);
};

async function send(entry: LogEntry): Promise<void> {
  if (!sink) {
    const addr = hostEngineAddress();
    sink = (addr && engineSink(addr)) || toStderr;
  }
  try {
    await sink(entry);
  } catch {
    await toStderr(entry);
  }
}

/** Prints `message` as an engine warning (never throws: a warning that cannot be delivered goes to stderr). */
export function warn(message: string): Promise<void> {
  return send({ message });
}

/**
 * Shows `message` as the current status of the resource `urn` (the plugin's requests carry it), in the
 * engine's progress view (never throws). The dynamic-provider host tells a provider no URN: without one
 * the line is the stack's.
 */
export function status(message: string, urn = ""): Promise<void> {
  return send({ message, status: true, urn });
}
