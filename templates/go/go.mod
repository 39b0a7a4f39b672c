module ${PROJECT}

go 1.25

require (
	github.com/futrou/pulumi-futrou/sdk v0.1.0
	github.com/pulumi/pulumi/sdk/v3 v3.259.0
)
