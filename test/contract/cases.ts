/**
 * The programs the contract tests run: every registered kind's `contract` examples (provider/kinds/<kind>/
 * cases.ts), in registry order. Each is the inputs a user writes (no `workspaceId`: the token's only workspace
 * is the default) and one observed field an update changes.
 */
import type { Kind } from "../../provider/api/contract";
import { CANNED_ZONE_ID, type ContractCase } from "../../provider/kinds/cases";
import { kinds } from "../../provider/registry";
import { casesOf } from "../kind-cases";

export interface Case extends ContractCase {
  kind: Kind;
}

/** The zone the canned API holds: the records' parent. */
export const ZONE_ID = CANNED_ZONE_ID;

export const CASES: Case[] = kinds().flatMap((kind) => casesOf(kind).contract.map((c) => ({ kind, ...c })));

export const caseName = (c: Case): string => `${c.kind}: ${c.label}`;
