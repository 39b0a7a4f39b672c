/**
 * The provider's settings: a missing token, the API URL's forms, and which source wins.
 */
import type { dynamic } from "@pulumi/pulumi";
import { z } from "zod";
import { FutrouClient } from "../../provider/api/client";
import { FutrouNetworkError } from "../../provider/api/errors";
import { clientFor, MISSING_TOKEN, resolveSettings } from "../../provider/config";
import { makeProvider } from "../../provider/kit";
import { specFor } from "../../provider/registry";
import { configOf, useHarness } from "./harness";

const h = useHarness();

describe("configuration", () => {
  test("a missing token fails on the first request with how to set it; check with a workspace needs none", async () => {
    const p = makeProvider(specFor("project"));
    await p.configure?.({ config: configOf({ "futrou:apiUrl": h.emulator.url }) as dynamic.Config });
    const saved = process.env.FUTROU_API_TOKEN;
    delete process.env.FUTROU_API_TOKEN;
    try {
      await p.configure?.({ config: configOf({ "futrou:apiUrl": h.emulator.url }) as dynamic.Config });
      expect((await p.check!({}, { name: "ok", workspaceId: "w1" })).failures).toBeUndefined();
      // Without a workspace, check asks the API which workspaces the token sees: that needs the token.
      await expect(p.check!({}, { name: "ok" })).rejects.toThrow(MISSING_TOKEN);
      await expect(p.create({ name: "ok", workspaceId: "w1" })).rejects.toThrow(MISSING_TOKEN);
    } finally {
      if (saved !== undefined) process.env.FUTROU_API_TOKEN = saved;
    }
    expect(MISSING_TOKEN).toContain("pulumi config set futrou:apiToken --secret <token>");
    expect(MISSING_TOKEN).toContain("export FUTROU_API_TOKEN=");
  });

  test("the API URL works with or without /v2, as the official CLI's FUTROU_API_URL does", () => {
    for (const [given, used] of [
      ["https://api.futrou.com", "https://api.futrou.com/v2"],
      ["https://api.dev.futrou.com/", "https://api.dev.futrou.com/v2"],
      ["https://api.futrou.com/v2", "https://api.futrou.com/v2"],
      ["http://127.0.0.1:8080/v2/", "http://127.0.0.1:8080/v2"],
    ] as const) {
      expect(resolveSettings(undefined, { FUTROU_API_URL: given }).apiUrl).toBe(used);
      expect(resolveSettings(configOf({ "futrou:apiUrl": given }), {}).apiUrl).toBe(used);
    }
  });

  test("stack config wins over the environment, which wins over defaults", () => {
    const env = { FUTROU_API_URL: "http://env/v2", FUTROU_API_TOKEN: "env-token", FUTROU_READY_TIMEOUT_SECONDS: "7" };
    expect(resolveSettings(configOf({ "futrou:apiUrl": "http://config/v2" }), env)).toEqual({
      apiUrl: "http://config/v2",
      apiToken: "env-token",
      readyTimeoutMs: 7000,
      pollIntervalMs: 250,
      requestDeadlineMs: 120_000,
      workspaceId: undefined,
      // Where each came from, for messages that name the setting to fix.
      origin: {
        apiUrl: "futrou:apiUrl (stack config or a futrou.Provider)",
        apiUrlAsGiven: "http://config/v2",
        apiToken: "FUTROU_API_TOKEN (environment)",
      },
    });
    expect(resolveSettings(undefined, {})).toMatchObject({
      apiUrl: "https://api.futrou.com/v2",
      readyTimeoutMs: 300_000,
      origin: { apiUrl: "the default URL" },
    });
    expect(() => resolveSettings(configOf({ "futrou:readyTimeoutSeconds": "soon" }), {})).toThrow(
      /futrou:readyTimeoutSeconds .* must be a positive number/,
    );
  });

  test("an API URL with a wrong path is named as the user wrote it, saying that /v2 was added", async () => {
    const given = h.emulator.url.replace(/\/v2$/, "/v3");
    const client = clientFor(resolveSettings(undefined, { FUTROU_API_URL: given, FUTROU_API_TOKEN: h.emulator.token }));
    await expect(client.list("/workspaces", z.unknown())).rejects.toThrow(
      `(GET /workspaces): ${given}/v2/workspaces does not exist: ${given}, the API URL from FUTROU_API_URL ` +
        "(environment), to which the provider added /v2, is not the Futrou API's base URL; set it to one such as " +
        "https://api.futrou.com (with or without /v2)",
    );
  });

  test("an address where nothing answers is named as the user wrote it, not with the /v2 the provider added", async () => {
    const given = "http://127.0.0.1:9/v3";
    const { apiUrl, origin } = resolveSettings(undefined, { FUTROU_API_URL: given });
    // The client clientFor makes, but with no retries: a refused connection is otherwise retried with backoff.
    const client = new FutrouClient({
      baseUrl: apiUrl,
      token: h.emulator.token,
      retry: { limit: 0 },
      origin: { apiUrl: origin.apiUrl, apiUrlAsGiven: given, apiToken: "FUTROU_API_TOKEN (environment)" },
    });
    const error = await client.list("/workspaces", z.unknown()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FutrouNetworkError);
    expect((error as Error).message).toContain(
      `(GET /workspaces): nothing usable answers at ${given}, the API URL from FUTROU_API_URL (environment): check it`,
    );
    expect((error as Error).message).not.toContain(`${given}/v2`);
  });

  test("a refused token names the API URL as the user wrote it, without /v2", async () => {
    const given = h.emulator.url.replace(/\/v2$/, "");
    const client = clientFor(resolveSettings(undefined, { FUTROU_API_URL: given, FUTROU_API_TOKEN: "not-a-token" }));
    await expect(client.list("/workspaces", z.unknown())).rejects.toThrow(
      `(GET /workspaces): the API at ${given} (FUTROU_API_URL (environment)) refused the API token from ` +
        "FUTROU_API_TOKEN (environment): set a valid token there",
    );
  });

  test("given with /v2, the wrong URL is named once, with nothing said to be added", async () => {
    const given = h.emulator.url.replace(/\/v2$/, "/v3/v2");
    const client = clientFor(
      resolveSettings(configOf({ "futrou:apiUrl": given }), { FUTROU_API_TOKEN: h.emulator.token }),
    );
    await expect(client.list("/workspaces", z.unknown())).rejects.toThrow(
      `(GET /workspaces): ${given}/workspaces does not exist: ${given}, the API URL from futrou:apiUrl ` +
        "(stack config or a futrou.Provider), is not the Futrou API's base URL;",
    );
  });
});
