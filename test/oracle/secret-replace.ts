/**
 * The test oracle of which fields are secrets and which force a replacement, per kind: written by hand
 * from provider/api/CONTRACT.md and the API's behaviour (what a PATCH can change), with the reason for each
 * row, never derived from the provider's specs (provider/kinds/<kind>/spec.ts, provider/spec.ts `replaceOn`) or
 * the schema generated from them. test/plugin/schema.test.ts holds the plugin's schema to it and
 * test/provider/spec-table.test.ts the kit's specs, so a spec that stops marking a credential secret, or
 * starts replacing on a field the API updates in place, fails there.
 */

import type { Kind } from "../../provider/api/contract";

export interface FieldRules {
  /** Inputs whose change replaces the object (the API cannot change them in place), with the reason. */
  replace: Record<string, string>;
  /** Fields that are always Pulumi secrets (inputs and outputs), with the reason. */
  secret: Record<string, string>;
  /** Fields that are secrets only when another input says so: not marked in the schema, hidden at run time. */
  secretWhen?: Record<string, { when: string; why: string }>;
}

const WORKSPACE = "the owner workspace is set at create; nothing moves an object to another workspace";

export const FIELD_RULES: Record<Kind, FieldRules> = {
  project: {
    replace: { workspaceId: `${WORKSPACE} (CONTRACT.md Project: create only)` },
    secret: {},
  },
  variable: {
    replace: {
      key: "CONTRACT.md Variable: changing key = replace",
      workspaceId: "CONTRACT.md Variable: changing the scope (workspace, project or serverlet) = replace",
      projectId: "CONTRACT.md Variable: changing the scope = replace",
      serverletId: "CONTRACT.md Variable: changing the scope = replace",
    },
    secret: {},
    secretWhen: {
      value: {
        when: "isSecret",
        why: "a secret variable's value is a credential; a plain one (NODE_ENV) is config whose changes previews show",
      },
    },
  },
  dnsZone: {
    replace: {
      domain: "CONTRACT.md DNS zone: changing domain = replace",
      workspaceId: WORKSPACE,
    },
    secret: {},
  },
  dnsRecord: {
    // name, type, value, ttl and priority are PATCHed in place.
    replace: { dnsId: "CONTRACT.md DNS record: changing dnsId (the zone) = replace; the id is <dnsId>/<recordId>" },
    secret: {},
  },
  cron: {
    replace: { workspaceId: WORKSPACE },
    secret: {
      headers: "CONTRACT.md Cron: headers may hold credentials (an Authorization header): treat as secret",
      body: "CONTRACT.md Cron: body may hold credentials: treat as secret",
    },
  },
  proxy: {
    replace: { workspaceId: WORKSPACE },
    secret: {},
  },
  volume: {
    replace: {
      type: "CONTRACT.md Volume: changing type = replace (hdd and ssd are different disks)",
      regionId: "CONTRACT.md Volume: changing regionId = replace",
      workspaceId: WORKSPACE,
    },
    secret: {},
  },
  serverlet: {
    replace: {
      regionId: "a serverlet runs in the region it was created in: its update carries no regionId",
      workspaceId: WORKSPACE,
    },
    secret: {},
  },
  storage: {
    replace: {
      regionId: "a storage's files live in the region it was created in: its update carries no regionId",
      workspaceId: WORKSPACE,
    },
    secret: {},
  },
};

/** The provider's settings that are secrets (config and a futrou.Provider's inputs). */
export const SECRET_SETTINGS: Record<string, string> = {
  apiToken: "the API token authenticates every request to the workspace",
};
