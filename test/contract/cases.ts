/**
 * The programs the contract tests run: every registered kind's `contract` examples (provider/kinds/<kind>/
 * cases.ts), in registry order. Each is the inputs a user writes (no `workspaceId`: the token's only workspace
 * is the default) and one observed field an update changes.
 */
import type { Kind } from "../../provider/api/contract";
import { CANNED_ZONE_ID, type ContractCase } from "../../provider/kinds/cases";
import { kinds } from "../../provider/registry";
import { casesOf } from "../kind-cases";
import { COLLECTION, itemKey, type Props, WORKSPACE } from "./wire";

export interface Case extends ContractCase {
  kind: Kind;
}

/** The zone the canned API holds: the records' parent. */
export const ZONE_ID = CANNED_ZONE_ID;

/** The parents the canned API holds, by the collection path's placeholder: the records' zone, the token's workspace. */
const PARENTS: Record<string, string> = { dnsId: ZONE_ID, workspaceId: WORKSPACE.id };

function parent(placeholder: string): string {
  const id = PARENTS[placeholder];
  if (id === undefined) throw new Error(`test bug: test/contract/cases.ts has no parent for {${placeholder}}`);
  return id;
}

/** A kind's collection path in the canned API, its placeholders filled with the parents there. */
export const collectionOf = (kind: Kind): string => COLLECTION[kind].replace(/\{(\w+)\}/g, (_, p: string) => parent(p));

/** The Pulumi id of an object the canned API holds: its parents' ids, then its item key (`<dnsId>/<recordId>`). */
export function pulumiIdOf(kind: Kind, object: Props): string {
  const parents = [...COLLECTION[kind].matchAll(/\{(\w+)\}/g)].map(([, p]) => parent(String(p)));
  return [...parents, itemKey(kind, object)].join("/");
}

export const CASES: Case[] = kinds().flatMap((kind) => casesOf(kind).contract.map((c) => ({ kind, ...c })));

export const caseName = (c: Case): string => `${c.kind}: ${c.label}`;
