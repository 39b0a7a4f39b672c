/** A proxy's test examples (provider/kinds/cases.ts says where each is used). */
import type { KindCases, Props } from "../cases";

/** A valid proxy, with `args` changed. */
const proxy = (args: Props) => ({ domain: "app.example.com", target: "10.0.0.1", ...args });

export const cases: KindCases = {
  lifecycle: {
    required: () => ({ domain: "app.example.com", target: "10.0.0.5" }),
    update: (c) => ({
      domain: "www.example.com",
      target: "backend.internal",
      port: 8080,
      type: "tcp",
      strategy: "primary-failover",
      enforceHttps: true,
      compress: true,
      followRedirects: true,
      preserveHeaders: false,
      preserveHost: false,
      preservePath: false,
      preserveQuery: false,
      verifyTls: false,
      rules: [
        // biome-ignore lint/suspicious/noThenProperty: types.go's proxy Rule is literally `{if, then}`
        { if: { host: "api.example.com", method: "get", path: "/v1", port: 443 }, then: [{ forward: "api:8080" }] },
      ],
      projectId: c.projectId,
      proxyPlanId: c.plan("proxy"),
      regionId: c.region("eu-west"),
    }),
    replace: (c) => ({ workspaceId: c.otherWorkspaceId }),
    replaceRefused: true,
    // The newest Proxy Model has no `compress`.
    ignoredIn: { "2026-08-30": ["compress"] },
  },
  contract: [
    {
      label: "target host:port, API defaults",
      program: { domain: "app.example.com", target: "web:8080" },
      update: { target: "web:9090" },
    },
    {
      label: "a strategy we never heard of",
      program: { domain: "lb.example.com", target: "10.0.0.5", port: 443, strategy: "least-connections" },
      update: { enforceHttps: true },
    },
    {
      label: "rules, a plan and a region (the newest Model's fields)",
      program: {
        domain: "rules.example.com",
        target: "web:8080",
        strategy: "primary-failover",
        rules: [
          // biome-ignore lint/suspicious/noThenProperty: types.go's proxy Rule is literally `{if, then}`
          { if: { host: "api.rules.example.com", method: "get", path: "/v1", port: 443 }, then: [{ to: "api" }] },
        ],
        proxyPlanId: "proxy-plan-2",
        regionId: "reg-2",
      },
      // biome-ignore lint/suspicious/noThenProperty: as above
      update: { rules: [{ if: { path: "/v2" }, then: [{ to: "api-v2" }] }] },
    },
  ],
  badInput: [
    { what: "port 0", args: proxy({ port: 0 }), field: "port" },
    { what: "unknown proxy type", args: proxy({ type: "sctp" }), field: "type" },
    { what: "empty strategy", args: proxy({ strategy: "" }), field: "strategy" },
    { what: "target with a bad port", args: proxy({ target: "web:99999" }), field: "target" },
  ],
};
