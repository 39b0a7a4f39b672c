/**
 * The program as PCL (`main.pp`), which `pulumi convert` turns into the target language: one resource
 * block per declared object on the provider plugin's types, references between them, `secret(...)` around
 * secret values, the `import` option on adopted objects, and comments for what was not mapped.
 */
import { specFor } from "../registry";
import { inputNames } from "../spec";
import { type Declared, type Expr, objectWithId, type Program, typeToken } from "./declare";

/** An HCL string literal: JSON's escapes, and template sequences kept literal. */
const quote = (s: string) => JSON.stringify(s).replaceAll("${", "$${").replaceAll("%{", "%%{");
const comment = (text: string, indent: string) =>
  text
    .split("\n")
    .map((line) => `${indent}# ${line}`)
    .join("\n");

/** Gives objects in the config's project a reference to it, as the API holds them (or will create them). */
export function linkProjects(program: Program): void {
  const project = program.objects.find((o) => o.kind === "project");
  if (!project) return;
  for (const d of program.objects) {
    if (d.kind === "project" || d.inputs.has("projectId") || !inputNames(specFor(d.kind)).includes("projectId"))
      continue;
    const inIt = d.apiId === undefined || (project.apiId !== undefined && d.apiProjectId === project.apiId);
    if (inIt) d.inputs.set("projectId", { kind: "ref", target: project, output: "id" });
  }
}

export function renderPcl(program: Program, locks: Record<string, string>): string {
  const expr = (e: Expr, indent: string): string => {
    switch (e.kind) {
      case "literal":
        return typeof e.value === "string" ? quote(e.value) : JSON.stringify(e.value ?? null);
      case "ref":
        return `${e.target.name}.${e.output}`;
      case "id": {
        const target = objectWithId(program, locks, e.id, e.of);
        return target ? `${target.name}.id` : quote(e.id);
      }
      case "secret":
        return `secret(${expr(e.inner, indent)})`;
      case "list":
        return e.items.length === 0 ? "[]" : `[${e.items.map((i) => expr(i, indent)).join(", ")}]`;
      case "object": {
        if (e.entries.length === 0) return "{}";
        const inner = `${indent}  `;
        const lines = e.entries.map(([k, v]) => `${inner}${quote(k)} = ${expr(v, inner)}`);
        return `{\n${lines.join("\n")}\n${indent}}`;
      }
    }
  };
  const block = (d: Declared): string => {
    const lines: string[] = [];
    const notes = [...d.comments];
    if (d.unanswered.size > 0) {
      notes.push(
        "From the config, left out because this API generation's answers do not carry them (adopting cannot compare",
        "them; the object keeps what the CLI deployed). Add them back to manage them: the next up writes them once.",
        ...[...d.unanswered].map(([field, value]) => `  ${field} = ${expr(value, "  ")}`),
      );
    }
    if (notes.length > 0) lines.push(comment(notes.join("\n"), ""));
    lines.push(`resource ${d.name} ${quote(typeToken(d.kind))} {`);
    if (d.importId) lines.push("  options {", `    import = ${quote(d.importId)}`, "  }");
    for (const [field, value] of d.inputs) lines.push(`  ${field} = ${expr(value, "  ")}`);
    lines.push("}");
    return lines.join("\n");
  };
  return `${comment(program.header.join("\n"), "")}\n\n${program.objects.map(block).join("\n\n")}\n`;
}
