/**
 * `pulumi convert --from futrou` and `pulumi import --from futrou`, as plain functions (the converter
 * plugin's gRPC server calls them; tests and the bench may too): read the folder's Futrou CLI config,
 * declare its objects, find the deployed ones when the provider's settings reach the API, and write the
 * program as PCL or list the objects to import.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { clientFor, resolveSettings } from "../config";
import { specFor } from "../registry";
import { type Adoption, adopt } from "./adopt";
import { declare, type Program, typeToken } from "./declare";
import { linkProjects, renderPcl } from "./pcl";
import { type JsonPath, readCliConfig, SourceError } from "./source";

export interface Diagnostic {
  severity: "error" | "warning";
  summary: string;
  /** The config file it is about, when there is one. */
  file?: string;
  /** Where in the file (1-based), when the diagnostic is about one value and the file is futrou.json. */
  line?: number;
  column?: number;
}

export interface Conversion {
  diagnostics: Diagnostic[];
  program?: Program;
  adoption?: Adoption;
}

const oneLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split("\n")[0] ?? "";

/** The declared objects, adopted where the API holds them. */
async function convert(
  sourceDir: string,
  env: NodeJS.ProcessEnv,
): Promise<Conversion & { locks?: Record<string, string> }> {
  /** A diagnostic and the config value it is about (none: the whole file). */
  const diagnostics: (Diagnostic & { at?: JsonPath })[] = [];
  let read: ReturnType<typeof readCliConfig>;
  try {
    read = readCliConfig(sourceDir);
  } catch (error) {
    if (error instanceof SourceError) return { diagnostics: [{ severity: "error", summary: error.message }] };
    throw error;
  }
  const { file, config, locate } = read;
  const program = declare(config, file);
  const settings = resolveSettings(undefined, env);
  let adoption: Adoption | undefined;
  if (!settings.apiToken) {
    const line = `FUTROU_API_TOKEN is not set: no object was looked up, so the program adopts none (pulumi up would create every one); set it (and FUTROU_API_URL) and convert again to adopt the deployed objects`;
    program.header.push(line);
    diagnostics.push({ severity: "warning", summary: line });
  } else {
    try {
      adoption = await adopt(program, config, clientFor(settings), settings.workspaceId);
    } catch (error) {
      diagnostics.push({
        severity: "error",
        summary: `looking up the deployed objects at ${settings.apiUrl} failed: ${oneLine(error)} (set FUTROU_API_URL and FUTROU_API_TOKEN to the CLI's, or unset the token to convert without adoption)`,
      });
      return { diagnostics, program };
    }
    for (const w of adoption.drifted) diagnostics.push({ severity: "warning", summary: w.text, at: w.at });
    for (const line of adoption.undeclared) {
      const text = `deployed but not declared in ${file}: ${line}; not adopted, it stays outside the program`;
      program.header.push(text);
      diagnostics.push({ severity: "warning", summary: text });
    }
    if (adoption.missing.length > 0) {
      const named = adoption.missing.slice(0, 10).map((d) => `${specFor(d.kind).typeName} ${d.label}`);
      const more = adoption.missing.length > 10 ? ` and ${adoption.missing.length - 10} more` : "";
      const text = `declared but not deployed, so pulumi up creates them: ${named.join(", ")}${more}`;
      program.header.push(text);
      diagnostics.push({ severity: "warning", summary: text });
    }
  }
  linkProjects(program);
  for (const w of program.warnings) diagnostics.push({ severity: "warning", summary: w.text, at: w.at });
  const located = diagnostics.map(({ at, ...d }) => ({ ...d, file, ...(at && locate ? locate(at) : {}) }));
  return { diagnostics: located, program, adoption, locks: config.locks ?? {} };
}

/** `ConvertProgram`: writes `main.pp` into `targetDir` unless an error diagnostic says why not. */
export async function convertProgram(sourceDir: string, targetDir: string, env = process.env): Promise<Conversion> {
  const result = await convert(sourceDir, env);
  if (result.program && !result.diagnostics.some((d) => d.severity === "error")) {
    mkdirSync(targetDir, { recursive: true });
    writeFileSync(join(targetDir, "main.pp"), renderPcl(result.program, result.locks ?? {}));
  }
  return result;
}

/** `ConvertState`: the deployed objects to import, as type, logical name and the provider's id. */
export async function convertState(
  sourceDir: string,
  env = process.env,
): Promise<{ diagnostics: Diagnostic[]; resources: { type: string; name: string; id: string }[] }> {
  const result = await convert(sourceDir, env);
  const resources = (result.program?.objects ?? []).flatMap((d) =>
    d.importId ? [{ type: typeToken(d.kind), name: d.name, id: d.importId }] : [],
  );
  return { diagnostics: result.diagnostics, resources };
}
