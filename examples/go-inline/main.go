// go-inline: the webapp of examples/webapp in Go, on the SDK generated from the futrou plugin's schema
// (`make sdks` writes it to dist/sdks/go), run through the Automation API's inline source. No Pulumi Go
// language host is involved: the engine talks to the program inside this process.
//
//	go run . [-workdir DIR] up|preview|refresh|destroy
//
// Environment: FUTROU_PLUGIN_DIR (the plugin folder, default ../../dist/plugin), the provider's usual
// FUTROU_API_URL and FUTROU_API_TOKEN, DB_PASSWORD (stored as the secret stack config `dbPassword`), and
// the engine's PULUMI_BACKEND_URL and PULUMI_CONFIG_PASSPHRASE. The project and stack settings live in
// -workdir (default: the current directory). Each command prints one JSON line: the operation, the
// resource changes by kind of step, and the stack outputs (secret ones as "[secret]").
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/futrou/pulumi-futrou/sdk/go/futrou"
	"github.com/pulumi/pulumi/sdk/v3/go/auto"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optdestroy"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optpreview"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optrefresh"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optup"
	"github.com/pulumi/pulumi/sdk/v3/go/common/tokens"
	"github.com/pulumi/pulumi/sdk/v3/go/common/workspace"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

const (
	projectName = "futrou-go-inline"
	stackName   = "dev"
)

// webapp declares the stack: every futrou kind, wired as in examples/webapp.
func webapp(ctx *pulumi.Context) error {
	cfg := config.New(ctx, "")
	domain := cfg.Get("domain")
	if domain == "" {
		domain = "go.example.com"
	}
	image := cfg.Get("image")
	if image == "" {
		image = "ghcr.io/futrou-examples/webapp:1.4.2"
	}

	regions, err := futrou.GetRegions(ctx)
	if err != nil {
		return err
	}
	if len(regions.Regions) == 0 {
		return errors.New("the Futrou API lists no regions")
	}
	region := pulumi.String(regions.Regions[0].Id)

	project, err := futrou.NewProject(ctx, "webapp", &futrou.ProjectArgs{
		DisplayName: pulumi.String("Go web application"),
	})
	if err != nil {
		return err
	}
	data, err := futrou.NewVolume(ctx, "data", &futrou.VolumeArgs{
		ProjectId: project.ID(),
		RegionId:  region,
		SizeGb:    pulumi.Float64(20),
	})
	if err != nil {
		return err
	}
	if _, err := futrou.NewStorage(ctx, "files", &futrou.StorageArgs{ProjectId: project.ID()}); err != nil {
		return err
	}
	app, err := futrou.NewServerlet(ctx, "app", &futrou.ServerletArgs{
		ProjectId:    project.ID(),
		RegionId:     region,
		Image:        pulumi.String(image),
		MinInstances: pulumi.Int(1),
		MaxInstances: pulumi.Int(3),
		Ports:        futrou.ServerletPortArray{futrou.ServerletPortArgs{Port: pulumi.Int(8080), Protocol: pulumi.String("http")}},
		Volumes: futrou.ServerletVolumeArray{
			futrou.ServerletVolumeArgs{VolumeId: data.ID(), MountPath: pulumi.String("/var/lib/webapp")},
		},
		Env: pulumi.StringMap{"LOG_LEVEL": pulumi.String("info"), "DATA_DIR": pulumi.String("/var/lib/webapp")},
	})
	if err != nil {
		return err
	}
	if _, err := futrou.NewVariable(ctx, "db-password", &futrou.VariableArgs{
		ServerletId: app.ID(),
		Key:         pulumi.String("DB_PASSWORD"),
		Value:       cfg.RequireSecret("dbPassword"),
		IsSecret:    pulumi.Bool(true),
	}); err != nil {
		return err
	}
	proxy, err := futrou.NewProxy(ctx, "proxy", &futrou.ProxyArgs{
		ProjectId:    project.ID(),
		Domain:       pulumi.String(domain),
		Target:       pulumi.Sprintf("%s.serverlets.internal", app.Name),
		Port:         pulumi.Int(8080),
		EnforceHttps: pulumi.Bool(true),
	})
	if err != nil {
		return err
	}
	zone, err := futrou.NewDnsZone(ctx, "zone", &futrou.DnsZoneArgs{ProjectId: project.ID(), Domain: pulumi.String(domain)})
	if err != nil {
		return err
	}
	if _, err := futrou.NewDnsRecord(ctx, "apex", &futrou.DnsRecordArgs{
		DnsId: zone.ID(), Name: pulumi.String("@"), Type: pulumi.String("A"), Value: pulumi.String("203.0.113.10"),
	}); err != nil {
		return err
	}
	if _, err := futrou.NewDnsRecord(ctx, "www", &futrou.DnsRecordArgs{
		DnsId: zone.ID(), Name: pulumi.String("www"), Type: pulumi.String("CNAME"), Value: pulumi.String(domain),
		Ttl: pulumi.Int(3600),
	}); err != nil {
		return err
	}
	if _, err := futrou.NewCron(ctx, "health", &futrou.CronArgs{
		ProjectId: project.ID(),
		Schedule:  pulumi.String("*/5 * * * *"),
		Method:    pulumi.String("GET"),
		Url:       pulumi.Sprintf("https://%s/health", proxy.Domain),
	}); err != nil {
		return err
	}

	ctx.Export("url", pulumi.Sprintf("https://%s", proxy.Domain))
	ctx.Export("projectId", project.ID())
	ctx.Export("serverletId", app.ID())
	ctx.Export("serverletState", app.State)
	ctx.Export("zoneId", zone.ID())
	return nil
}

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
	stack, err := auto.UpsertStackInlineSource(ctx, stackName, projectName, webapp,
		auto.Project(project), auto.WorkDir(workdir))
	if err != nil {
		return nil, err
	}
	if password := os.Getenv("DB_PASSWORD"); password != "" {
		if err := stack.SetConfig(ctx, "dbPassword", auto.ConfigValue{Value: password, Secret: true}); err != nil {
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
