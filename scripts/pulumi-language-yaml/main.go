// pulumi-language-yaml: the Pulumi YAML language host of github.com/pulumi/pulumi-yaml, with Link.
//
// The newest pulumi-yaml the module proxy reachable here serves (v1.25.0) answers Link with Unimplemented,
// and `pulumi package add` in a YAML project fails after GeneratePackage ("linking package: method Link not
// implemented"), before it records the package in Pulumi.yaml: since pulumi/pulumi#21580 the CLI calls Link
// for every language. pulumi-yaml's later releases answer Link with an empty response (pulumi-yaml#929: a
// YAML project needs nothing linked; the package lock file GeneratePackage writes and the `packages:` entry
// the CLI records are all it uses). This entry serves pulumi-yaml's own host and answers Link the same way,
// so the toolchain scripts/install-pulumi.sh builds behaves as the official Pulumi release does. Everything
// else is pulumi-yaml's, unchanged; its command line (-tracing, -root, -compiler, the engine address) too.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"time"

	"github.com/pulumi/pulumi-yaml/pkg/server"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/cmdutil"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/logging"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
)

// linkingHost is pulumi-yaml's language host with Link answered.
type linkingHost struct {
	pulumirpc.LanguageRuntimeServer
}

// Link has nothing to do for YAML: the CLI records the package in Pulumi.yaml after this returns.
func (linkingHost) Link(context.Context, *pulumirpc.LinkRequest) (*pulumirpc.LinkResponse, error) {
	return &pulumirpc.LinkResponse{}, nil
}

func main() {
	var tracing, root, compiler string
	flag.StringVar(&tracing, "tracing", "", "Emit tracing to a Zipkin-compatible tracing endpoint")
	flag.StringVar(&root, "root", "", "Root of the program execution")
	flag.StringVar(&compiler, "compiler", "", "[obsolete] Compiler to use to pre-process YAML")
	flag.Parse()
	logging.InitLogging(false, 0, false)
	cmdutil.InitTracing("pulumi-language-yaml", "pulumi-language-yaml", tracing)

	// With the engine's address, stop when the engine goes away or on SIGINT, as pulumi-yaml's own entry does.
	var engineAddress string
	var cancel chan bool
	if args := flag.Args(); len(args) > 0 {
		engineAddress = args[0]
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
		cancel = make(chan bool)
		go func() {
			<-ctx.Done()
			stop()
			close(cancel)
		}()
		if err := rpcutil.Healthcheck(ctx, engineAddress, 5*time.Minute, stop); err != nil {
			cmdutil.Exit(fmt.Errorf("could not start health check host RPC server: %w", err))
		}
	}

	handle, err := rpcutil.ServeWithOptions(rpcutil.ServeOptions{
		Cancel: cancel,
		Init: func(srv *grpc.Server) error {
			host := server.NewLanguageHost(engineAddress, tracing, false /* useRPCLoader */)
			pulumirpc.RegisterLanguageRuntimeServer(srv, linkingHost{host})
			return nil
		},
	})
	if err != nil {
		cmdutil.Exit(fmt.Errorf("could not start language host RPC server: %w", err))
	}
	fmt.Printf("%d\n", handle.Port)
	if err := <-handle.Done; err != nil {
		cmdutil.Exit(fmt.Errorf("language host RPC stopped serving: %w", err))
	}
}
