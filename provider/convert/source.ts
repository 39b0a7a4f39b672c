/**
 * The Futrou CLI's project config as `futrou deploy` reads it: the first of futrou.json, futrou.js,
 * futrou.cjs, futrou.mjs and futrou.ts in the folder (JSON wins). A .js/.cjs/.mjs file is evaluated the way
 * `futrou config` does it (Node imports it; its default export is an object or a function returning one);
 * a .ts file needs bun or deno in the CLI, so the converter asks for its JSON instead.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { z } from "zod";

/** The file names the CLI looks for, in its order. */
export const CONFIG_FILES = ["futrou.json", "futrou.js", "futrou.cjs", "futrou.mjs", "futrou.ts"] as const;

const Item = z.record(z.string(), z.unknown());
export type Item = z.infer<typeof Item>;

/** The config's top level (config.go `Config`); every list item is kept as the CLI's loose object. */
export const CliConfig = z.looseObject({
  workspace: z.string().optional(),
  project: z.string().optional(),
  serverlets: z.array(Item).optional(),
  dns: z.array(Item).optional(),
  proxies: z.array(Item).optional(),
  volumes: z.array(Item).optional(),
  storages: z.array(Item).optional(),
  crons: z.array(Item).optional(),
  locks: z.record(z.string(), z.string()).optional(),
});
export type CliConfig = z.infer<typeof CliConfig>;

/** Where a value sits in the config: its keys and list indexes from the top (`["serverlets", 0, "cpu"]`). */
export type JsonPath = readonly (string | number)[];

/** A place in the config's text, 1-based as the engine prints it (`futrou.json:12,7-7`). */
export interface Position {
  line: number;
  column: number;
}

/**
 * Where each value of a JSON text (already known to parse) is written, by its JSON path: an object's member at
 * its key's opening quote, a list's item at its first character. A scan of the text, not a parser: JSON.parse
 * keeps no positions.
 */
export function jsonPositions(text: string): Map<string, Position> {
  const found = new Map<string, Position>();
  let i = 0;
  let line = 1;
  let column = 1;
  const step = () => {
    if (text[i] === "\n") {
      line++;
      column = 1;
    } else column++;
    i++;
  };
  const blank = () => {
    while (i < text.length && /\s/.test(text[i] ?? "")) step();
  };
  const string = (): string => {
    const start = i;
    step();
    while (i < text.length && text[i] !== '"') {
      if (text[i] === "\\") step();
      step();
    }
    step();
    return JSON.parse(text.slice(start, i)) as string;
  };
  const value = (path: JsonPath): void => {
    blank();
    const key = JSON.stringify(path);
    if (!found.has(key)) found.set(key, { line, column });
    const open = text[i];
    if (open === "{" || open === "[") {
      const close = open === "{" ? "}" : "]";
      step();
      blank();
      for (let n = 0; i < text.length && text[i] !== close; n++) {
        if (open === "{") {
          const at = { line, column };
          const member = string();
          found.set(JSON.stringify([...path, member]), at);
          blank();
          step(); // the colon
          value([...path, member]);
        } else value([...path, n]);
        blank();
        if (text[i] === ",") step();
        blank();
      }
      step();
    } else if (open === '"') string();
    else while (i < text.length && !/[\s,\]}]/.test(text[i] ?? "")) step();
  };
  value([]);
  return found;
}

/** A config the converter cannot read: one line naming the file and what to do. */
export class SourceError extends Error {
  override readonly name = "SourceError";
}

/** Same script as `futrou config` runs with node (config.go `readProjectConfig`). */
const EVALUATE =
  "import(process.argv[1]).then(async m=>{let v=m.default;if(v===undefined)v=m;if(typeof v==='function')v=await v();" +
  "if(v===null||typeof v!=='object'||Array.isArray(v))throw new Error('default export must be an object or function returning an object');" +
  "process.stdout.write(JSON.stringify(v))}).catch(e=>{console.error(String(e&&e.message||e));process.exit(1)})";

/**
 * Reads the folder's CLI config; the file's name is returned for messages, and for futrou.json where each
 * value is written (`locate`: the value's position, else its nearest enclosing one's). A futrou.js/.cjs/.mjs
 * config is the JSON its code returns, with no place in the file to point at: it has no `locate`, and its
 * diagnostics name the file alone.
 */
export function readCliConfig(dir: string): {
  file: string;
  config: CliConfig;
  locate?: (at: JsonPath) => Position | undefined;
} {
  const name = CONFIG_FILES.find((f) => existsSync(join(dir, f)));
  if (!name) {
    throw new SourceError(
      `no Futrou CLI config in ${dir} (looked for ${CONFIG_FILES.join(", ")}): run pulumi convert --from futrou in the folder that holds it`,
    );
  }
  const path = join(dir, name);
  let text: string;
  if (name === "futrou.json") {
    text = readFileSync(path, "utf8");
  } else if (name === "futrou.ts") {
    throw new SourceError(
      `${name}: a TypeScript config needs bun or deno to evaluate; write it as JSON with \`futrou config > futrou.json\` and convert again`,
    );
  } else {
    try {
      text = execFileSync(process.execPath, ["-e", EVALUATE, pathToFileURL(path).href], {
        cwd: dir,
        encoding: "utf8",
        timeout: 30_000,
        stdio: ["ignore", "pipe", "pipe"],
      });
    } catch (error) {
      const stderr = String((error as { stderr?: unknown }).stderr ?? "")
        .trim()
        .split("\n")[0];
      throw new SourceError(
        `${name}: evaluating it failed (${stderr || "no output"}): fix the file so \`futrou config\` prints it`,
      );
    }
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new SourceError(
      `${name}: not valid JSON (${(error as Error).message}): fix the file so \`futrou deploy\` accepts it`,
    );
  }
  const parsed = CliConfig.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new SourceError(
      `${name}: ${issue?.path.join(".") || "the top level"} ${issue?.message ?? "is not a Futrou CLI config"}: fix the file so \`futrou deploy\` accepts it`,
    );
  }
  if (name !== "futrou.json") return { file: name, config: parsed.data };
  const positions = jsonPositions(text);
  const locate = (at: JsonPath): Position | undefined => {
    for (let n = at.length; n >= 0; n--) {
      const found = positions.get(JSON.stringify(at.slice(0, n)));
      if (found) return found;
    }
    return undefined;
  };
  return { file: name, config: parsed.data, locate };
}
