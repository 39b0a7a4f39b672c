/**
 * Errors about settings and deployments through the real engine (issue 15, point 6): each is one line that
 * names the setting (config key or environment variable, and which one held the value), the URL, or the
 * resource's kind, name and id, and says what to do.
 */
import { type RunningEmulator, startEmulator } from "../../emulator";
import { programStack } from "../e2e/engine";

jest.setTimeout(600_000);

const PROJECT = JSON.stringify([{ kind: "project", name: "site", args: {} }]);
const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The preview's output of a `table` program with these settings (it must fail). */
async function failedPreview(env: Record<string, string>, config: Record<string, { value: string; secret?: boolean }>) {
  const ps = await programStack({
    program: "table",
    stackName: "settings",
    env: { PULUMI_NODEJS_TRANSPILE_ONLY: "true", ...env },
    config: { resources: { value: PROJECT }, ...config },
  });
  try {
    let text = "";
    await expect(ps.stack.preview({ onOutput: (o) => (text += o) })).rejects.toThrow();
    return text;
  } finally {
    await ps.dispose();
  }
}

describe("settings errors name the setting, where its value came from and the URL", () => {
  let emulator: RunningEmulator;
  beforeAll(async () => {
    emulator = await startEmulator({ quiet: true });
  });
  afterAll(async () => {
    await emulator?.close();
  });

  it("a refused token from the environment: 401 names FUTROU_API_TOKEN, the URL and its setting", async () => {
    const text = await failedPreview({ FUTROU_API_URL: emulator.url, FUTROU_API_TOKEN: "not-a-token" }, {});
    expect(text).toMatch(
      new RegExp(
        `401 Unauthorized — [^\\n]*\\(GET /workspaces\\): the API at ${literal(emulator.url)} \\(FUTROU_API_URL \\(environment\\)\\) ` +
          "refused the API token from FUTROU_API_TOKEN \\(environment\\): set a valid token there",
      ),
    );
    expect(text).not.toContain("not-a-token");
  });

  it("a refused token from the stack config: 401 names futrou:apiToken", async () => {
    const text = await failedPreview(
      { FUTROU_API_URL: emulator.url, FUTROU_API_TOKEN: emulator.token },
      { "futrou:apiToken": { value: "revoked-or-wrong", secret: true } },
    );
    expect(text).toMatch(/refused the API token from futrou:apiToken \(stack config or a futrou\.Provider\)/);
    expect(text).not.toContain("revoked-or-wrong");
  });

  it("an API URL that is not a URL names futrou:apiUrl and what to set", async () => {
    const text = await failedPreview(
      { FUTROU_API_TOKEN: emulator.token },
      { "futrou:apiUrl": { value: "api futrou com" } },
    );
    expect(text).toMatch(
      /the API URL "api futrou com\/v2" from futrou:apiUrl \(stack config or a futrou\.Provider\) is not usable \([^)]*\): set it to the API's base URL, e\.g\. https:\/\/api\.futrou\.com/,
    );
  });

  it("an address where nothing answers names FUTROU_API_URL and the URL", async () => {
    const text = await failedPreview({ FUTROU_API_URL: "http://127.0.0.1:9/v2", FUTROU_API_TOKEN: emulator.token }, {});
    expect(text).toMatch(
      /network error: .*ECONNREFUSED.*\(GET \/workspaces\): nothing usable answers at http:\/\/127\.0\.0\.1:9\/v2, the API URL from FUTROU_API_URL \(environment\): check it/,
    );
  });
});

describe("a serverlet that fails to deploy", () => {
  it("names its kind, name and id, and says what to do; it stays in the stack", async () => {
    const emulator = await startEmulator({ quiet: true, deployDelayMs: 50 });
    const ps = await programStack({
      program: "table",
      stackName: "deploy",
      env: { FUTROU_API_URL: emulator.url, FUTROU_API_TOKEN: emulator.token, PULUMI_NODEJS_TRANSPILE_ONLY: "true" },
      config: {
        resources: {
          value: JSON.stringify([{ kind: "serverlet", name: "app", args: { image: "ghcr.io/acme/does-not-exist:1" } }]),
        },
      },
    });
    try {
      let text = "";
      await expect(ps.stack.up({ onOutput: (o) => (text += o) })).rejects.toThrow();
      const [made] = emulator.inventory().serverlet;
      expect(text).toMatch(
        new RegExp(
          `futrou:Serverlet "app-[a-z0-9]{7}" \\(${made?.id}\\) did not become running: failed: [^\\n]*It stays in the stack with its id: fix the cause \\(e\\.g\\. the image\\) and run \`pulumi up\` again\\.`,
        ),
      );
      expect(text).not.toMatch(/^\s*\* failed: /m); // never the state alone
      const state = await ps.stack.exportStack();
      expect((state.deployment.resources ?? []).some((r: { id?: string }) => r.id === made?.id)).toBe(true);
    } finally {
      await ps.dispose();
      await emulator.close();
    }
  });
});
