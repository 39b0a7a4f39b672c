package main

import (
	"github.com/futrou/pulumi-futrou/sdk/go/futrou"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		image := cfg.Get("image")
		if image == "" {
			image = "nginx:1.27"
		}

		// A project holds the serverlet; both get auto-names (`<logical name>-<7 characters>`).
		project, err := futrou.NewProject(ctx, "app", &futrou.ProjectArgs{
			DisplayName: pulumi.String(ctx.Project()),
		})
		if err != nil {
			return err
		}
		web, err := futrou.NewServerlet(ctx, "web", &futrou.ServerletArgs{
			ProjectId: project.ID(),
			Image:     pulumi.String(image),
			Ports: futrou.ServerletPortArray{
				futrou.ServerletPortArgs{Port: pulumi.Int(80)},
			},
		})
		if err != nil {
			return err
		}

		ctx.Export("projectName", project.Name)
		ctx.Export("serverletName", web.Name)
		ctx.Export("serverletState", web.State)
		return nil
	})
}
