// Package webapp is the webapp of examples/webapp in Go, on the Go SDK generated from the futrou plugin's
// schema: the program of examples/go (run by the Go language host, `runtime: go`) and of examples/go-inline
// (run through the Automation API's inline source).
package webapp

import (
	"errors"

	"github.com/futrou/pulumi-futrou/sdk/go/futrou"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

// Program declares the stack: every futrou kind, wired as in examples/webapp, plus the domain's TLS
// certificate, a deploy token and a colleague's membership.
func Program(ctx *pulumi.Context) error {
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
		SizeGb:    pulumi.Int(20),
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

	// The domain's certificate. A new RenewTrigger value renews it during the next `pulumi up`.
	tls, err := futrou.NewCert(ctx, "tls", &futrou.CertArgs{
		Domain:       pulumi.String(domain),
		RenewTrigger: pulumi.String("2026-11"),
	})
	if err != nil {
		return err
	}
	// A token for the deploy pipeline: its bearer value is a secret output.
	deploy, err := futrou.NewApiToken(ctx, "deploy", &futrou.ApiTokenArgs{Type: pulumi.String("server")})
	if err != nil {
		return err
	}
	// A colleague who has a Futrou user (`pulumi config set colleagueUserId <userId>`): a developer on the
	// project.
	if _, err := futrou.NewWorkspaceMember(ctx, "colleague", &futrou.WorkspaceMemberArgs{
		UserId:     pulumi.String(cfg.Require("colleagueUserId")),
		Role:       pulumi.String("developer"),
		ProjectIds: pulumi.StringArray{project.ID().ToStringOutput()},
	}); err != nil {
		return err
	}

	ctx.Export("url", pulumi.Sprintf("https://%s", proxy.Domain))
	ctx.Export("projectId", project.ID())
	ctx.Export("serverletId", app.ID())
	ctx.Export("serverletState", app.State)
	ctx.Export("zoneId", zone.ID())
	ctx.Export("certExpiresAt", tls.ExpiresAt)
	ctx.Export("deployToken", pulumi.Sprintf("%s-%s", deploy.ID(), deploy.Token))
	return nil
}
