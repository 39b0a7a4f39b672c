// The webapp of examples/webapp in Go (`runtime: go`): the engine's Go language host builds this program and
// runs it, and pulumi.Run connects it to the engine. The program itself is webapp.Program.
package main

import (
	"github.com/futrou/pulumi-futrou/examples/go/webapp"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(webapp.Program)
}
