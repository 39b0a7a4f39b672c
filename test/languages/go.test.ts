/**
 * Go programs as Go users run them: a `runtime: go` project, the `pulumi` CLI in its folder, our Go language
 * host (scripts/pulumi-language-go) building the program with `go build` and running it. examples/go (the
 * webapp, on the Go SDK generated from the plugin's schema) goes through the whole lifecycle; `pulumi import`
 * prints Go that, put into the program, goes up with no change.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { GO_PACKAGE } from "../../scripts/release";
import { repoRoot } from "../e2e/engine";
import { cliWebappStack, describeImport } from "./cli-project";
import { describeLifecycle } from "./lifecycle";

describeLifecycle("Go with the pulumi CLI (examples/go, runtime: go)", (emulator) =>
  cliWebappStack("examples/go", emulator),
);

const example = (name: string) => readFileSync(join(repoRoot, "examples", "go", name), "utf8");

describeImport(
  "Go",
  (pluginDir) => ({
    "Pulumi.yaml": `name: futrou-go-import\nruntime: go\nplugins:\n  providers:\n    - name: futrou\n      path: ${pluginDir}\n`,
    // examples/go's module: its go.mod names the generated SDK.
    "go.mod": example("go.mod"),
    "go.sum": example("go.sum"),
    "main.go":
      'package main\n\nimport "github.com/pulumi/pulumi/sdk/v3/go/pulumi"\n\nfunc main() {\n\tpulumi.Run(func(*pulumi.Context) error { return nil })\n}\n',
  }),
  "main.go",
  (code) => {
    expect(code).toContain(`"${GO_PACKAGE}"`);
    expect(code).toMatch(
      /futrou\.NewProject\(ctx, "shop", &futrou\.ProjectArgs\{.*DisplayName: +pulumi\.String\("Shop"\),/s,
    );
    expect(code).toMatch(/Name: +pulumi\.String\("imported-shop"\),/);
  },
);
