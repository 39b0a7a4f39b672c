/**
 * Python programs as Python users run them: a `runtime: python` project, `pulumi install` (the virtualenv and
 * requirements.txt), the `pulumi` CLI in its folder, our Python language host (scripts/pulumi-language-python)
 * running __main__.py with the `pulumi` package at the pinned version. examples/python (the webapp, on the
 * Python SDK generated from the plugin's schema) goes through the whole lifecycle; `pulumi import` prints
 * Python that, put into the program, goes up with no change; a resource method (`Cert.renew()`) goes through
 * the engine's Call to the plugin.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "../e2e/engine";
import { cliScope, cliWebappStack, describeImport } from "./cli-project";
import { describeLifecycle, PLUGIN_DIR } from "./lifecycle";

describeLifecycle("Python with the pulumi CLI (examples/python, runtime: python)", (emulator) =>
  cliWebappStack("examples/python", emulator),
);

describeImport(
  "Python",
  (pluginDir) => ({
    "Pulumi.yaml": `name: futrou-python-import\nruntime:\n  name: python\n  options:\n    virtualenv: venv\nplugins:\n  providers:\n    - name: futrou\n      path: ${pluginDir}\n`,
    // examples/python's requirements: the pinned `pulumi` package and the generated SDK.
    "requirements.txt": readFileSync(join(repoRoot, "examples", "python", "requirements.txt"), "utf8"),
    "__main__.py": "import pulumi\n",
  }),
  "__main__.py",
  (code) => {
    expect(code).toContain("import pulumi_futrou as futrou");
    expect(code).toMatch(/shop = futrou\.Project\("shop",.*display_name="Shop",.*name="imported-shop"/s);
  },
);

describe("a resource method in a Python program: Cert.renew() through the engine's Call", () => {
  const scope = cliScope();
  const renews = (id: string) => scope.emulator().stats().byPath[`POST /v2/certs/${id}/renew`] ?? 0;

  it("runs the action once on up, nothing on preview, and answers the renewed certificate", async () => {
    const emulator = scope.emulator();
    const project = await scope.project({
      "Pulumi.yaml": `name: futrou-python-method\nruntime:\n  name: python\n  options:\n    virtualenv: venv\nplugins:\n  providers:\n    - name: futrou\n      path: ${PLUGIN_DIR}\n`,
      "requirements.txt": readFileSync(join(repoRoot, "examples", "python", "requirements.txt"), "utf8"),
      "__main__.py": [
        "import pulumi",
        "import pulumi_futrou as futrou",
        "",
        'tls = futrou.Cert("tls", domain="method.example.com")',
        'if pulumi.Config().get_bool("renew"):',
        "    renewed = tls.renew()",
        '    pulumi.export("renewedStatus", renewed.status)',
        '    pulumi.export("renewedExpiresAt", renewed.expires_at)',
        "",
      ].join("\n"),
    });
    await project.pulumi(["install"]);
    await project.pulumi(["up", "--yes", "--skip-preview"]);
    const [issued] = emulator.inventory().cert;
    if (!issued) throw new Error("the program's certificate is missing");
    const id = String(issued.id);
    expect(renews(id)).toBe(0);

    await project.pulumi(["config", "set", "renew", "true"]);
    await project.pulumi(["preview"]);
    expect(renews(id)).toBe(0);

    await project.pulumi(["up", "--yes", "--skip-preview"]);
    expect(renews(id)).toBe(1);
    expect(await project.lastChanges()).toEqual({ same: 2 });
    const outputs: Record<string, unknown> = JSON.parse(await project.pulumi(["stack", "output", "--json"]));
    const [renewed] = emulator.inventory().cert;
    expect(outputs).toEqual({ renewedStatus: "issued", renewedExpiresAt: renewed?.expiresAt });
    expect(renewed?.expiresAt).not.toBe(issued.expiresAt);
  }, 900_000);
});
