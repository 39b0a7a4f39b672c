// go-inline: the webapp of examples/webapp in Go, on the SDK generated from the futrou plugin's schema
// (`make sdks` writes it to dist/sdks/go), run through the Automation API's inline source. No Pulumi Go
// language host is involved: the engine talks to the program inside this process.
//
//	go run . [-workdir DIR] up|preview|refresh|destroy
//
// Environment: FUTROU_PLUGIN_DIR (the plugin folder, default ../../dist/plugin), the provider's usual
// FUTROU_API_URL and FUTROU_API_TOKEN, DB_PASSWORD (stored as the secret stack config `dbPassword`),
// COLLEAGUE_USER_ID (the stack config `colleagueUserId`: a user to make a developer on the project), and
// the engine's PULUMI_BACKEND_URL and PULUMI_CONFIG_PASSPHRASE. The project and stack settings live in
// -workdir (default: the current directory). Each command prints one JSON line: the operation, the
// resource changes by kind of step, and the stack outputs (secret ones as "[secret]").
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/futrou/pulumi-futrou/examples/go/webapp"
	"github.com/pulumi/pulumi/sdk/v3/go/auto"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optdestroy"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optpreview"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optrefresh"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optup"
	"github.com/pulumi/pulumi/sdk/v3/go/common/tokens"
	"github.com/pulumi/pulumi/sdk/v3/go/common/workspace"
)

const (
	projectName = "futrou-go-inline"
	stackName   = "dev"
)

type result struct {
	Op      string         `json:"op"`
	Changes map[string]int `json:"changes"`
	Outputs map[string]any `json:"outputs,omitempty"`
}

func outputs(in auto.OutputMap) map[string]any {
	out := make(map[string]any, len(in))
	for k, v := range in {
		if v.Secret {
			out[k] = "[secret]"
		} else {
			out[k] = v.Value
		}
	}
	return out
}

func changes(in *map[string]int) map[string]int {
	if in == nil {
		return map[string]int{}
	}
	return *in
}

func run(ctx context.Context, op, workdir string) (*result, error) {
	pluginDir := os.Getenv("FUTROU_PLUGIN_DIR")
	if pluginDir == "" {
		pluginDir = filepath.Join("..", "..", "dist", "plugin")
	}
	pluginDir, err := filepath.Abs(pluginDir)
	if err != nil {
		return nil, err
	}
	project := workspace.Project{
		Name:    tokens.PackageName(projectName),
		Runtime: workspace.NewProjectRuntimeInfo("go", nil),
		// The engine starts the futrou plugin from this folder: no plugin download, no PATH lookup.
		Plugins: &workspace.Plugins{Providers: []workspace.PluginOptions{{Name: "futrou", Path: pluginDir}}},
	}
	stack, err := auto.UpsertStackInlineSource(ctx, stackName, projectName, webapp.Program,
		auto.Project(project), auto.WorkDir(workdir))
	if err != nil {
		return nil, err
	}
	if password := os.Getenv("DB_PASSWORD"); password != "" {
		if err := stack.SetConfig(ctx, "dbPassword", auto.ConfigValue{Value: password, Secret: true}); err != nil {
			return nil, err
		}
	}
	if user := os.Getenv("COLLEAGUE_USER_ID"); user != "" {
		if err := stack.SetConfig(ctx, "colleagueUserId", auto.ConfigValue{Value: user}); err != nil {
			return nil, err
		}
	}
	// The engine's own progress goes to stderr; stdout carries only the result line.
	progress := io.Writer(os.Stderr)
	switch op {
	case "up":
		res, err := stack.Up(ctx, optup.ProgressStreams(progress))
		if err != nil {
			return nil, err
		}
		return &result{Op: op, Changes: changes(res.Summary.ResourceChanges), Outputs: outputs(res.Outputs)}, nil
	case "preview":
		res, err := stack.Preview(ctx, optpreview.ProgressStreams(progress), optpreview.Diff())
		if err != nil {
			return nil, err
		}
		counts := map[string]int{}
		for kind, n := range res.ChangeSummary {
			counts[string(kind)] = n
		}
		return &result{Op: op, Changes: counts}, nil
	case "refresh":
		res, err := stack.Refresh(ctx, optrefresh.ProgressStreams(progress))
		if err != nil {
			return nil, err
		}
		return &result{Op: op, Changes: changes(res.Summary.ResourceChanges)}, nil
	case "destroy":
		res, err := stack.Destroy(ctx, optdestroy.ProgressStreams(progress))
		if err != nil {
			return nil, err
		}
		return &result{Op: op, Changes: changes(res.Summary.ResourceChanges)}, nil
	default:
		return nil, fmt.Errorf("unknown command %q (up, preview, refresh, destroy)", op)
	}
}

func main() {
	workdir := flag.String("workdir", ".", "folder for the project and stack settings")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: go-inline [-workdir DIR] up|preview|refresh|destroy")
		os.Exit(2)
	}
	res, err := run(context.Background(), flag.Arg(0), *workdir)
	if err != nil {
		fmt.Fprintf(os.Stderr, "go-inline %s: %v\n", flag.Arg(0), err)
		os.Exit(1)
	}
	if err := json.NewEncoder(os.Stdout).Encode(res); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
