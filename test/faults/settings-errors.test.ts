/**
 * Errors about settings and deployments through the real engine (issue 15, point 6): each is one line that
 * names the setting (config key or environment variable, and which one held the value), the URL, or the
 * resource's kind, name and id, and says what to do.
 */
import { execFileSync } from "node:child_process";
import { delimiter, dirname } from "node:path";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { atLeast, MIN_NODE_VERSION } from "../../provider/nodeVersion";
import { programStack } from "../e2e/engine";
import { oldNode } from "../e2e/old-node";

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

describe("refresh and destroy use the settings recorded at the last up", () => {
  it("a token set since: the message says so and gives the cure, and --run-program works", async () => {
    const emulator = await startEmulator({ quiet: true });
    const ps = await programStack({
      program: "table",
      stackName: "recorded",
      env: { FUTROU_API_URL: emulator.url, FUTROU_API_TOKEN: emulator.token, PULUMI_NODEJS_TRANSPILE_ONLY: "true" },
      config: { resources: { value: PROJECT } },
    });
    try {
      await ps.stack.up({ onOutput: () => {} });
      // The token moves from the environment to the stack's config, after the last `up`.
      delete (ps.stack.workspace as { envVars: Record<string, string> }).envVars.FUTROU_API_TOKEN;
      await ps.stack.setConfig("futrou:apiToken", { value: emulator.token, secret: true });
      for (const run of ["refresh", "destroy"] as const) {
        let text = "";
        const onOutput = (o: string) => {
          text += o;
        };
        await expect(
          run === "refresh" ? ps.stack.refresh({ onOutput }) : ps.stack.destroy({ onOutput }),
        ).rejects.toThrow();
        expect(text).toContain(
          "futrou: no API token configured. Set one with `pulumi config set futrou:apiToken --secret <token>` or " +
            "`export FUTROU_API_TOKEN=<token>`. If one is set already, `pulumi refresh` and `pulumi destroy` use the " +
            "settings recorded at the last `pulumi up`: run them with `--run-program` to use the stack's current " +
            "settings, or run `pulumi up` first.",
        );
        expect(text).not.toContain(emulator.token);
      }
      // The cure, as the message gives it.
      const refreshed = await ps.stack.refresh({ runProgram: true, onOutput: () => {} });
      expect(refreshed.summary.result).toBe("succeeded");
      await ps.stack.destroy({ runProgram: true, onOutput: () => {} });
      expect(emulator.inventory().project).toEqual([]);
    } finally {
      await ps.dispose();
      await emulator.close();
    }
  });
});

describe("an API URL with a wrong path", () => {
  it("the first request's 404 names the setting that holds the URL, and the URL", async () => {
    const emulator = await startEmulator({ quiet: true });
    try {
      const wrong = emulator.url.replace(/\/v2$/, "/v3");
      const text = await failedPreview({ FUTROU_API_URL: wrong, FUTROU_API_TOKEN: emulator.token }, {});
      expect(text).toMatch(
        new RegExp(
          `404 Not Found[^\\n]*\\(GET /workspaces\\): ${literal(wrong)}/v2/workspaces does not exist: ${literal(wrong)}, ` +
            "the API URL from FUTROU_API_URL \\(environment\\), to which the provider added /v2, is not the Futrou API's " +
            "base URL; set it to one such as " +
            "https://api\\.futrou\\.com \\(with or without /v2\\)",
        ),
      );
      expect(text).not.toContain(emulator.token);
    } finally {
      await emulator.close();
    }
  });
});

describe("a lookup that finds nothing", () => {
  it("is one line: what was looked for and what there is, no stack frames", async () => {
    const emulator = await startEmulator({ quiet: true });
    const ps = await programStack({
      program: "lookup",
      stackName: "lookup",
      env: { FUTROU_API_URL: emulator.url, FUTROU_API_TOKEN: emulator.token, PULUMI_NODEJS_TRANSPILE_ONLY: "true" },
      config: { projectName: { value: "no-such-project" } },
    });
    try {
      let text = "";
      await expect(ps.stack.preview({ onOutput: (o) => (text += o) })).rejects.toThrow();
      expect(text).toMatch(/error: futrou: no project with name "no-such-project"\n/);
      expect(text).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
      expect(text).not.toContain("unhandled exception");
    } finally {
      await ps.dispose();
      await emulator.close();
    }
  });
});

describe("an old Node.js", () => {
  it("is one line naming the version needed and the one found, no stack frames", async () => {
    // A Node.js older than the package needs (the machine's v20, or npm's): the program runs with it first on PATH.
    const old = oldNode();
    const version = execFileSync(old, ["--version"], { encoding: "utf8" }).trim();
    expect(atLeast(version)).toBe(false);
    const ps = await programStack({
      program: "table",
      stackName: "old-node",
      env: {
        PATH: `${dirname(old)}${delimiter}${process.env.PATH ?? ""}`,
        FUTROU_API_TOKEN: "unused",
        PULUMI_NODEJS_TRANSPILE_ONLY: "true",
      },
      config: { resources: { value: PROJECT } },
    });
    try {
      let text = "";
      await expect(ps.stack.preview({ onOutput: (o) => (text += o) })).rejects.toThrow();
      expect(text).toContain(
        `error: pulumi-futrou needs Node.js ${MIN_NODE_VERSION} or newer, but this is Node.js ${version.slice(1)} (${old}). ` +
          "Install a newer Node.js and put it first on PATH: the Pulumi CLI runs the program and the provider with it.\n",
      );
      expect(text).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
    } finally {
      await ps.dispose();
    }
  });
});
