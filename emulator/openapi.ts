/** GET /openapi.json, generated from the route table and the emulator's own wire definitions (OpenAPI 3.0). */
import { z } from "zod";
import type { Route } from "./router";
import { WIRE } from "./wire";
import { KINDS_IN_ORDER, PAGE, PAGE_HEADERS } from "./wire/api";
import { type Serving, schemaFor } from "./wire/kind";
import {
  AuthContext,
  ErrorBody,
  LoginRequest,
  LoginResponse,
  Plan,
  Region,
  ServerletPlan,
  StoragePlan,
  Workspace,
  WorkspaceLimits,
} from "./wire/lookups";
import { ServerletInstance } from "./wire/serverlet";
import { StorageInstance } from "./wire/storage";

/** Interface version of the published spec the older generation follows (the newest one's is unknown). */
const SPEC_VERSION = "2.0.123";

/** Component schemas: responses as this emulator answers them, request bodies as it validates them. */
function components(s: Serving): Record<string, [z.ZodType, "input" | "output"]> {
  const g = s.generation;
  const out: Record<string, [z.ZodType, "input" | "output"]> = {
    Plan: [schemaFor(Plan, s), "output"],
    ServerletPlan: [schemaFor(ServerletPlan, s), "output"],
    StoragePlan: [schemaFor(StoragePlan, s), "output"],
    Region: [schemaFor(Region, s), "output"],
    Workspace: [schemaFor(Workspace, s), "output"],
    WorkspaceLimits: [WorkspaceLimits[g], "output"],
    AuthContext: [schemaFor(AuthContext, s), "output"],
    LoginRequest: [LoginRequest, "input"],
    LoginResponse: [LoginResponse, "output"],
    ServerletInstance: [ServerletInstance[g], "output"],
    StorageInstance: [StorageInstance, "output"],
    Error: [ErrorBody, "output"],
  };
  for (const kind of KINDS_IN_ORDER) {
    const wire = WIRE[kind];
    out[wire.name] = [schemaFor(wire.views, s), "output"];
    out[`${wire.name}Create`] = [wire.create[g], "input"];
    out[`${wire.name}Update`] = [wire.update[g], "input"];
  }
  return out;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: ref("Error") } },
});

export function openapiDocument(routes: readonly Route[], serving: Serving): Record<string, unknown> {
  const schemas: Record<string, unknown> = {};
  for (const [name, [schema, io]] of Object.entries(components(serving))) {
    schemas[name] = z.toJSONSchema(schema, { target: "openapi-3.0", io, unrepresentable: "any" });
  }
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const doc = route.doc;
    if (!doc) continue;
    const params = [...route.pattern.matchAll(/\{(\w+)\}/g)].map((m) => ({
      name: m[1],
      in: "path",
      required: true,
      schema: { type: "string" },
    }));
    const success = String(
      doc.status ?? (route.method === "DELETE" ? 204 : route.method === "POST" && route.creates ? 201 : 200),
    );
    const body = doc.response
      ? doc.list
        ? { type: "array", items: ref(doc.response) }
        : ref(doc.response)
      : undefined;
    const operation: Record<string, unknown> = {
      summary: doc.summary,
      tags: [doc.tag],
      parameters: [...params, ...(doc.list ? LIST_PARAMETERS : [])],
      responses: {
        [success]: {
          description: "OK",
          ...(body ? { content: { "application/json": { schema: body } } } : {}),
          ...(doc.list ? { headers: PAGE_HEADER_DOCS } : {}),
        },
        "400": errorResponse("Invalid request"),
        ...(route.public ? {} : { "401": errorResponse("Authentication missing or invalid") }),
        "404": errorResponse("Not found"),
        "429": errorResponse("Rate limited; see Retry-After"),
      },
      ...(route.public ? { security: [] } : {}),
    };
    if (doc.request) {
      operation.requestBody = { required: true, content: { "application/json": { schema: ref(doc.request) } } };
    }
    const path = route.pattern;
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation };
  }
  return {
    openapi: "3.0.3",
    info: {
      title: "Futrou Cloud API (local emulator)",
      version: SPEC_VERSION,
      description:
        `The subset of the Futrou API v2 that pulumi-futrou uses, served by the local emulator in the ` +
        `${serving.generation} generation's shapes (${serving.shape} shape).`,
      "x-futrou-generation": serving.generation,
    },
    servers: [{ url: "/v2" }],
    security: [{ bearerAuth: [] }],
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: "http", scheme: "bearer" } },
      schemas,
    },
  };
}

const LIST_PARAMETERS = [
  { name: "page", in: "query", schema: { type: "integer", minimum: 1, default: 1 } },
  {
    name: "limit",
    in: "query",
    schema: { type: "integer", minimum: 1, default: PAGE.defaultLimit },
    description: `page size; values above ${PAGE.maxLimit} are capped at ${PAGE.maxLimit} (follow X-Total-Pages)`,
  },
  { name: "sort", in: "query", schema: { type: "string", default: "createdAt" } },
  { name: "direction", in: "query", schema: { type: "string", enum: ["asc", "desc"], default: "desc" } },
  ...["id", "workspaceId", "projectId", "search", "name", "domain"].map((name) => ({
    name,
    in: "query",
    schema: { type: "string" },
  })),
  ...["createdAt", "updatedAt"].map((name) => ({
    name,
    in: "query",
    description: "ISO 8601 range `from/to`; either side may be empty",
    schema: { type: "string" },
  })),
];

const PAGE_HEADER_DOCS = Object.fromEntries(
  Object.values(PAGE_HEADERS).map((h) => [
    h
      .split("-")
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join("-"),
    { schema: { type: "integer" } },
  ]),
);
