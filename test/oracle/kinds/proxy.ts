/** The oracle of a proxy (`/proxies`): test/oracle/kind.ts says what each fact is and where it comes from. */
import { type KindOracle, TIMES, WORKSPACE_MOVE } from "../kind";

/** A proxy's boolean switches, published in both generations. */
const FLAGS = [
  "enforceHttps",
  "followRedirects",
  "preserveHeaders",
  "preserveHost",
  "preservePath",
  "preserveQuery",
  "verifyTls",
];

export const oracle: KindOracle = {
  collection: "/proxies",
  idPrefix: "px",
  idFormat: "<proxyId>",
  unique: "domain",
  published: ["domain", "target", "port", "type", "strategy", ...FLAGS, "compress", "status", ...TIMES],
  stored: ["workspaceId", "projectId", "proxyPlanId", "regionId", "rules"],
  apiDefaults: {
    port: 80,
    type: "http",
    strategy: "round-robin",
    enforceHttps: false,
    compress: false,
    followRedirects: false,
    preserveHeaders: true,
    preserveHost: true,
    preservePath: true,
    preserveQuery: true,
    verifyTls: true,
    status: "active",
  },
  // Fields of the newest Model that the provider does not take as inputs (never fields it does: an older API
  // that answered `rules` would answer the object's, not invented ones).
  extras: { isVerified: true, proxyPlan: { id: "pp-1" } },
  unknownEnums: { status: "verifying-dns" },
  unseen: ["projectId", "proxyPlanId", "regionId", "rules"],
  replace: { workspaceId: WORKSPACE_MOVE },
  // types.go@3caf725's Proxy Model: `rules`, a plan and a region; no `compress` and no `status`.
  newest: {
    published: [
      "domain",
      "target",
      "port",
      "type",
      "strategy",
      ...FLAGS,
      "isVerified",
      "rules",
      "workspaceId",
      "projectId",
      "proxyPlanId",
      "regionId",
      ...TIMES,
    ],
    stored: [],
    // Values the API chooses when the create names none (ours), which the provider must never take for drift.
    apiDefaults: {
      port: 80,
      type: "http",
      strategy: "round-robin",
      ...Object.fromEntries(FLAGS.map((f) => [f, !["enforceHttps", "followRedirects"].includes(f)])),
      isVerified: true,
      proxyPlanId: "proxy-plan-1",
      regionId: "reg-1",
    },
    // The newest Models embed the related objects.
    extras: { proxyPlan: { id: "pp-1" }, region: { id: "reg-1", name: "eu-central" }, project: null },
    unknownEnums: {},
    unseen: ["compress"],
  },
};
