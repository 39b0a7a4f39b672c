/**
 * The TypeScript SDK's TSDoc (sdk/*.ts), read as data. The plugin's schema (provider/schema.ts) takes its nested
 * types', functions' and settings' descriptions from here at build time, so the TypeScript docs and every
 * generated SDK say the same (a kind's and a field's come from the kind's folder, as sdk/generated/ has them).
 *
 * Parse only (no type-checking): interfaces with their properties' comments (inherited ones included,
 * `OutputsOf<XArgs>` read as XArgs), and the comments of exported classes, functions and constants, with
 * each lookup's argument and result interfaces (`Lookup<Args, Result>`, `Promise<Result[]>`).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import type { Docs, InterfaceDoc } from "../provider/schema";

/** A JSDoc comment's text: lines trimmed, kept as lines (Markdown joins them). */
function commentOf(node: ts.Node): string | undefined {
  const docs = ts.getJSDocCommentsAndTags(node).filter(ts.isJSDoc);
  const text = docs
    .map((d) => ts.getTextOfJSDocComment(d.comment) ?? "")
    .join("\n")
    .split("\n")
    .map((l) => l.trim())
    .join("\n")
    .trim();
  return text === "" ? undefined : text;
}

const typeName = (t: ts.TypeNode | undefined): string | undefined =>
  t && ts.isTypeReferenceNode(t) ? t.typeName.getText() : undefined;

interface RawInterface {
  description?: string;
  properties: Record<string, string>;
  bases: string[];
}

export function extractDocs(sdkDir: string): Docs {
  const raw: Record<string, RawInterface> = {};
  const symbols: Record<string, string> = {};
  const functions: Docs["functions"] = {};
  for (const file of readdirSync(sdkDir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"))) {
    const source = ts.createSourceFile(file, readFileSync(join(sdkDir, file), "utf8"), ts.ScriptTarget.ES2022, true);
    for (const node of source.statements) {
      if (ts.isInterfaceDeclaration(node)) {
        const properties: Record<string, string> = {};
        for (const m of node.members) {
          const doc = ts.isPropertySignature(m) ? commentOf(m) : undefined;
          if (doc && m.name && ts.isIdentifier(m.name)) properties[m.name.text] = doc;
        }
        const bases = (node.heritageClauses ?? []).flatMap((h) =>
          h.types.map((t) => {
            const name = t.expression.getText();
            // `OutputsOf<XArgs>`: the Args' properties, as outputs.
            return name === "OutputsOf" && t.typeArguments?.[0] ? (typeName(t.typeArguments[0]) ?? name) : name;
          }),
        );
        const existing = raw[node.name.text];
        raw[node.name.text] = {
          description: existing?.description ?? commentOf(node),
          properties: { ...existing?.properties, ...properties },
          bases: [...(existing?.bases ?? []), ...bases],
        };
      } else if (ts.isClassDeclaration(node) && node.name) {
        const doc = commentOf(node);
        if (doc) symbols[node.name.text] = doc;
      } else if (ts.isFunctionDeclaration(node) && node.name) {
        const doc = commentOf(node);
        if (doc) symbols[node.name.text] = doc;
        // `Promise<Region[]>`: a list of Region.
        const ret = node.type;
        if (ret && ts.isTypeReferenceNode(ret) && ret.typeName.getText() === "Promise") {
          const inner = ret.typeArguments?.[0];
          const element = inner && ts.isArrayTypeNode(inner) ? typeName(inner.elementType) : typeName(inner);
          if (element) functions[node.name.text] = { result: element };
        }
      } else if (ts.isVariableStatement(node)) {
        for (const decl of node.declarationList.declarations) {
          if (!ts.isIdentifier(decl.name)) continue;
          const doc = commentOf(node);
          if (doc) symbols[decl.name.text] = doc;
          const t = decl.type;
          if (t && ts.isTypeReferenceNode(t) && t.typeName.getText() === "Lookup" && t.typeArguments?.length === 2) {
            const [args, result] = t.typeArguments.map(typeName);
            if (args && result) functions[decl.name.text] = { args, result };
          }
        }
      }
    }
  }
  const resolved: Record<string, InterfaceDoc> = {};
  const resolve = (name: string, seen: Set<string> = new Set()): Record<string, string> => {
    const r = raw[name];
    if (!r || seen.has(name)) return {};
    seen.add(name);
    const inherited = Object.assign({}, ...r.bases.map((b) => resolve(b, seen))) as Record<string, string>;
    return { ...inherited, ...r.properties };
  };
  for (const [name, r] of Object.entries(raw)) {
    resolved[name] = { ...(r.description ? { description: r.description } : {}), properties: resolve(name) };
  }
  return { interfaces: resolved, symbols, functions };
}
