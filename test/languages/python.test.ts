/**
 * Python programs as Python users run them: a `runtime: python` project, `pulumi install` (the virtualenv and
 * requirements.txt), the `pulumi` CLI in its folder, our Python language host (scripts/pulumi-language-python)
 * running __main__.py with the `pulumi` package at the pinned version. examples/python (the webapp, on the
 * Python SDK generated from the plugin's schema) goes through the whole lifecycle; `pulumi import` prints
 * Python that, put into the program, goes up with no change.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "../e2e/engine";
import { cliWebappStack, describeImport } from "./cli-project";
import { describeLifecycle } from "./lifecycle";

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
