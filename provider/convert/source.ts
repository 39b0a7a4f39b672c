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

/** A config the converter cannot read: one line naming the file and what to do. */
export class SourceError extends Error {
  override readonly name = "SourceError";
}

/** Same script as `futrou config` runs with node (config.go `readProjectConfig`). */
const EVALUATE =
  "import(process.argv[1]).then(async m=>{let v=m.default;if(v===undefined)v=m;if(typeof v==='function')v=await v();" +
  "if(v===null||typeof v!=='object'||Array.isArray(v))throw new Error('default export must be an object or function returning an object');" +
  "process.stdout.write(JSON.stringify(v))}).catch(e=>{console.error(String(e&&e.message||e));process.exit(1)})";

/** Reads the folder's CLI config; the file's name is returned for messages. */
export function readCliConfig(dir: string): { file: string; config: CliConfig } {
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
  return { file: name, config: parsed.data };
}
