/** Markdown read as test/docs/commands.test.ts needs it: the docs' files, their fenced shell blocks and markers. */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "../../scripts/program-dir";

/** Flags every engine command takes that say nothing about what a test exercises. */
const GENERIC_FLAGS = new Set(["--yes", "--skip-preview", "--non-interactive"]);
const SHELL = new Set(["sh", "bash", "shell", "console"]);

export interface Block {
  file: string;
  line: number;
  marker: string | undefined;
  commands: string[];
}

export function markdownFiles(): string[] {
  const out = [join(repoRoot, "README.md")];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".md")) out.push(path);
    }
  };
  walk(join(repoRoot, "docs"));
  return out;
}

/** The fenced shell blocks of a Markdown file, each with the marker on the line before it. */
export function shellBlocks(file: string, text: string): Block[] {
  const lines = text.split("\n");
  const blocks: Block[] = [];
  let open: { line: number; lang: string } | undefined;
  lines.forEach((line, i) => {
    if (!line.startsWith("```")) return;
    if (!open) {
      open = { line: i, lang: line.slice(3).trim() };
      return;
    }
    if (SHELL.has(open.lang)) {
      const marker = /^<!-- exercised-by: (.+?) -->$/.exec(lines[open.line - 1] ?? "")?.[1];
      const commands = lines
        .slice(open.line + 1, i)
        .map((l) => l.replace(/\s+#\s.*$/, "").trim())
        .filter((l) => l !== "" && !l.startsWith("#") && !/^export [A-Z_]+=/.test(l));
      blocks.push({ file, line: open.line + 1, marker, commands });
    }
    open = undefined;
  });
  return blocks;
}

export const camel = (flag: string) => flag.replace(/^--/, "").replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** The words a test running this command must mention: subcommands (no paths, ids or values) and long flags. */
export function keyWords(command: string): string[] {
  const tokens = command.split(/\s+&&\s+/).flatMap((part) => part.split(/\s+/).slice(1));
  const words = tokens.filter((t, i) => i < 3 && /^[a-z][a-z-]*$/.test(t) && !tokens[i - 1]?.startsWith("--"));
  const flags = tokens.filter((t) => /^--[a-z-]+$/.test(t) && !GENERIC_FLAGS.has(t));
  return [...new Set([...words, ...flags])];
}
