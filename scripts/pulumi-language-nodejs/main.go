// pulumi-language-nodejs: a small Node.js language host for the Pulumi engine.
//
// The official host is a separate Go module that the module proxy reachable here does not serve, so
// scripts/install-pulumi.sh builds this one instead, against the same pulumi sdk/v3 release as the CLI, with
// what our hosts share (scripts/langhost/common.go).
// It implements what `pulumi up/preview/refresh/destroy` and the Automation API need from a language
// host: the handshake, plugin and package queries (a program of dynamic resources needs no plugin
// downloads), and Run, which starts `node @pulumi/pulumi/cmd/run` exactly as the official host does
// (same flags, same PULUMI_CONFIG environment, exit code 32 = error already reported to the user).
// GenerateProgram (TypeScript for `pulumi import`) and GenerateProject (a TypeScript project for `pulumi
// convert`) are handed to `sdkgen generate-program` and `sdkgen generate-project`, which link Pulumi's code
// generators; linking them here would add their start-up cost to every engine run. RunPlugin runs this
// repository's folder (PulumiPlugin.yaml) as a source-based plugin, as the official host does;
// GeneratePackage and Link serve `pulumi package add` (sdkgen writes the SDK). Packing is not offered.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/types/known/structpb"
)

type host struct {
	hostBase
}

// The resource plugins a program needs are those of the Pulumi packages it depends on: a package.json with
// `"pulumi": {"resource": true, …}` (an SDK generated from a provider's schema, such as the futrou one). Programs of dynamic
// resources have none (pulumi-resource-pulumi-nodejs is found on PATH), so the engine downloads nothing.
func (h *host) GetRequiredPlugins(
	_ context.Context, req *pulumirpc.GetRequiredPluginsRequest,
) (*pulumirpc.GetRequiredPluginsResponse, error) {
	resp := &pulumirpc.GetRequiredPluginsResponse{}
	for _, p := range pulumiPackages(programDirectory(req.GetInfo(), req.GetProgram())) {
		resp.Plugins = append(resp.Plugins, &pulumirpc.PluginDependency{
			Name: p.Name, Kind: "resource", Version: p.Version, Server: p.Server,
		})
	}
	return resp, nil
}

func (h *host) GetRequiredPackages(
	_ context.Context, req *pulumirpc.GetRequiredPackagesRequest,
) (*pulumirpc.GetRequiredPackagesResponse, error) {
	resp := &pulumirpc.GetRequiredPackagesResponse{}
	for _, p := range pulumiPackages(programDirectory(req.GetInfo(), "")) {
		resp.Packages = append(resp.Packages, &pulumirpc.PackageDependency{
			Name: p.Name, Kind: "resource", Version: p.Version, Server: p.Server,
		})
	}
	return resp, nil
}

// pulumiPackage is the `pulumi` block of a package's package.json.
type pulumiPackage struct {
	Resource bool   `json:"resource"`
	Name     string `json:"name"`
	Version  string `json:"version"`
	Server   string `json:"server"`
}

// pulumiPackages lists the resource packages the program at dir depends on directly (dependencies and
// devDependencies of its package.json, as installed in its node_modules), in name order. Only direct ones: a
// node_modules may hold packages the program never loads (a clone links the SDK it generates), and each one
// reported is a plugin the engine must find or download before the program runs. A plugin folder
// (PulumiPlugin.yaml) needs none: its node_modules holds the SDK of its own schema at most.
func pulumiPackages(dir string) []pulumiPackage {
	if dir == "" {
		return nil
	}
	if _, err := os.Stat(filepath.Join(dir, "PulumiPlugin.yaml")); err == nil {
		return nil
	}
	var found []pulumiPackage
	for _, name := range sortedNames(directDependencies(dir)) {
		raw, err := os.ReadFile(filepath.Join(dir, "node_modules", filepath.FromSlash(name), "package.json"))
		if err != nil {
			continue
		}
		var manifest struct {
			Name    string        `json:"name"`
			Version string        `json:"version"`
			Pulumi  pulumiPackage `json:"pulumi"`
		}
		if json.Unmarshal(raw, &manifest) != nil || !manifest.Pulumi.Resource {
			continue
		}
		p := manifest.Pulumi
		if p.Name == "" {
			p.Name = strings.TrimPrefix(manifest.Name, "@pulumi/")
		}
		if p.Version == "" {
			p.Version = manifest.Version
		}
		found = append(found, p)
	}
	return found
}

// directDependencies are the dependencies and devDependencies of the package.json in dir (name: range), none
// when it has none or cannot be read.
func directDependencies(dir string) map[string]string {
	var program struct {
		Dependencies    map[string]string `json:"dependencies"`
		DevDependencies map[string]string `json:"devDependencies"`
	}
	if raw, err := os.ReadFile(filepath.Join(dir, "package.json")); err != nil || json.Unmarshal(raw, &program) != nil {
		return nil
	}
	all := map[string]string{}
	for name, version := range program.DevDependencies {
		all[name] = version
	}
	for name, version := range program.Dependencies {
		all[name] = version
	}
	return all
}

func sortedNames(deps map[string]string) []string {
	names := make([]string, 0, len(deps))
	for name := range deps {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// GetProgramDependencies lists the program's direct dependencies (what `pulumi about` prints under
// "Dependencies"), each at the version installed in its node_modules, else at the range its package.json asks for.
// Transitive ones are not listed (the request's TransitiveDependencies is not honoured).
func (h *host) GetProgramDependencies(
	_ context.Context, req *pulumirpc.GetProgramDependenciesRequest,
) (*pulumirpc.GetProgramDependenciesResponse, error) {
	dir := programDirectory(req.GetInfo(), req.GetPwd())
	deps := directDependencies(dir)
	resp := &pulumirpc.GetProgramDependenciesResponse{}
	for _, name := range sortedNames(deps) {
		version := deps[name]
		var manifest struct {
			Version string `json:"version"`
		}
		raw, err := os.ReadFile(filepath.Join(dir, "node_modules", filepath.FromSlash(name), "package.json"))
		if err == nil && json.Unmarshal(raw, &manifest) == nil && manifest.Version != "" {
			version = manifest.Version
		}
		resp.Dependencies = append(resp.Dependencies, &pulumirpc.DependencyInfo{Name: name, Version: version})
	}
	return resp, nil
}

// Dependencies are installed by npm before the engine runs; there is nothing to do here.
func (h *host) InstallDependencies(
	*pulumirpc.InstallDependenciesRequest, grpc.ServerStreamingServer[pulumirpc.InstallDependenciesResponse],
) error {
	return nil
}

func (h *host) About(context.Context, *pulumirpc.AboutRequest) (*pulumirpc.AboutResponse, error) {
	node, err := exec.LookPath("node")
	if err != nil {
		return nil, errors.New("node was not found on PATH")
	}
	return about(node, nil, "v", "--version")
}

// GeneratePackage writes the TypeScript SDK of a package's schema into the request's directory, for `pulumi
// package add`: sdkgen writes the sources, as `make sdks` runs it (Link compiles them in the project).
func (h *host) GeneratePackage(
	ctx context.Context, req *pulumirpc.GeneratePackageRequest,
) (*pulumirpc.GeneratePackageResponse, error) {
	work, err := os.MkdirTemp("", "pulumi-language-nodejs-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(work)
	schema := filepath.Join(work, "schema.json")
	if err := os.WriteFile(schema, []byte(req.GetSchema()), 0o600); err != nil {
		return nil, err
	}
	if out, err := exec.CommandContext(ctx, sdkgenPath(), "-lang", "nodejs", schema, work).CombinedOutput(); err != nil {
		return nil, fmt.Errorf("generating the TypeScript SDK: %w: %s", err, strings.TrimSpace(string(out)))
	}
	dir := req.GetDirectory()
	if err := os.RemoveAll(dir); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return nil, err
	}
	if err := os.Rename(filepath.Join(work, "nodejs"), dir); err != nil {
		return nil, err
	}
	for name, content := range req.GetExtraFiles() {
		if err := os.WriteFile(filepath.Join(dir, name), content, 0o644); err != nil {
			return nil, err
		}
	}
	return &pulumirpc.GeneratePackageResponse{}, nil
}

// Link makes each generated SDK a dependency of the program: the project's TypeScript compiles it into
// <sdk>/bin (with its package.json, as `make sdks` does), package.json gets `"<name>": "file:<sdk>/bin"`
// (what `npm install <sdk>/bin` would write) and node_modules/<name> links to that folder, as npm links a
// file: dependency, without a registry round trip.
func (h *host) Link(_ context.Context, req *pulumirpc.LinkRequest) (*pulumirpc.LinkResponse, error) {
	if len(req.GetPackages()) == 0 {
		// `pulumi convert` links only parameterized packages (none of ours): the converted program's package.json
		// already names its SDK, so there is nothing to link and no import to show (the engine prints an empty
		// line where it printed "Use the package in your program:" with nothing under it).
		return &pulumirpc.LinkResponse{}, nil
	}
	program := programDirectory(req.GetInfo(), "")
	manifestPath := filepath.Join(program, "package.json")
	raw, err := os.ReadFile(manifestPath)
	if err != nil {
		return nil, fmt.Errorf("linking needs the program's package.json: %w", err)
	}
	var manifest map[string]any
	if err := json.Unmarshal(raw, &manifest); err != nil {
		return nil, fmt.Errorf("reading %s: %w", manifestPath, err)
	}
	deps, _ := manifest["dependencies"].(map[string]any)
	if deps == nil {
		deps = map[string]any{}
	}
	var imports []string
	for _, dep := range req.GetPackages() {
		sdk := dep.GetPath()
		if !filepath.IsAbs(sdk) {
			sdk = filepath.Join(program, sdk)
		}
		built := filepath.Join(sdk, "bin")
		if err := compileSDK(program, sdk); err != nil {
			return nil, err
		}
		var pkg struct {
			Name string `json:"name"`
		}
		if raw, err := os.ReadFile(filepath.Join(built, "package.json")); err != nil || json.Unmarshal(raw, &pkg) != nil {
			return nil, fmt.Errorf("%s has no package.json: generate the SDK first", built)
		}
		rel, err := filepath.Rel(program, built)
		if err != nil {
			return nil, err
		}
		deps[pkg.Name] = "file:" + filepath.ToSlash(rel)
		link := filepath.Join(program, "node_modules", filepath.FromSlash(pkg.Name))
		if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
			return nil, err
		}
		_ = os.Remove(link)
		if err := os.Symlink(built, link); err != nil {
			return nil, err
		}
		imports = append(imports, fmt.Sprintf("import * as %s from %q;", dep.GetPackage().GetName(), pkg.Name))
	}
	manifest["dependencies"] = deps
	out, err := json.MarshalIndent(manifest, "", "  ")
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(manifestPath, append(out, '\n'), 0o644); err != nil {
		return nil, err
	}
	return &pulumirpc.LinkResponse{ImportInstructions: "Use the package in your program:\n\n  " +
		strings.Join(imports, "\n  ")}, nil
}

// compileSDK compiles the generated TypeScript SDK in sdk with the program's TypeScript into sdk/bin.
func compileSDK(program, sdk string) error {
	tsc, err := resolveFrom(program, "typescript/bin/tsc")
	if err != nil {
		return fmt.Errorf("compiling the SDK needs TypeScript in the project (npm install -D typescript): %w", err)
	}
	if out, err := exec.Command("node", tsc, "-p", sdk).CombinedOutput(); err != nil {
		return fmt.Errorf("compiling the SDK in %s: %w: %s", sdk, err, strings.TrimSpace(string(out)))
	}
	for _, name := range []string{"package.json", "README.md"} {
		if content, err := os.ReadFile(filepath.Join(sdk, name)); err == nil {
			if err := os.WriteFile(filepath.Join(sdk, "bin", name), content, 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}

// Run starts the program under node and waits for it. Its stdout and stderr are ours, which the engine
// shows as the program's output.
func (h *host) Run(ctx context.Context, req *pulumirpc.RunRequest) (*pulumirpc.RunResponse, error) {
	runScript, err := resolveRunScript(req)
	if err != nil {
		return &pulumirpc.RunResponse{Error: err.Error()}, nil
	}
	args, env, err := h.nodeInvocation(req, runScript)
	if err != nil {
		return &pulumirpc.RunResponse{Error: err.Error()}, nil
	}

	cmd := exec.Command("node", args...)
	cmd.Dir = req.GetPwd()
	cmd.Env = env
	return h.runProgram(ctx, cmd, "node")
}

// RunPlugin runs a source-based plugin (a folder with PulumiPlugin.yaml, `runtime: nodejs`) as the official
// host does: `node @pulumi/pulumi/cmd/run-plugin <folder> <args…>`, resolved from the folder, which requires the
// folder's package.json `main`; that module starts the provider and prints its port. Output is streamed to the
// engine as it comes, then the exit code.
func (h *host) RunPlugin(
	req *pulumirpc.RunPluginRequest, stream grpc.ServerStreamingServer[pulumirpc.RunPluginResponse],
) error {
	dir := programDirectory(req.GetInfo(), req.GetProgram())
	script, err := resolveFrom(dir, "@pulumi/pulumi/cmd/run-plugin")
	if err != nil {
		return fmt.Errorf("plugin %s: %w", dir, err)
	}
	cmd := exec.Command("node", append([]string{script, dir}, req.GetArgs()...)...)
	cmd.Dir = req.GetPwd()
	cmd.Env = append(os.Environ(), req.GetEnv()...)

	var sendMu sync.Mutex
	send := func(resp *pulumirpc.RunPluginResponse) {
		sendMu.Lock()
		defer sendMu.Unlock()
		_ = stream.Send(resp)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("starting node for plugin %s: %w", dir, err)
	}
	h.track(cmd, true)
	defer h.track(cmd, false)

	var copying sync.WaitGroup
	forward := func(r io.Reader, wrap func([]byte) *pulumirpc.RunPluginResponse) {
		defer copying.Done()
		buf := make([]byte, 32*1024)
		for {
			n, err := r.Read(buf)
			if n > 0 {
				send(wrap(append([]byte(nil), buf[:n]...)))
			}
			if err != nil {
				return
			}
		}
	}
	copying.Add(2)
	go forward(stdout, func(b []byte) *pulumirpc.RunPluginResponse {
		return &pulumirpc.RunPluginResponse{Output: &pulumirpc.RunPluginResponse_Stdout{Stdout: b}}
	})
	go forward(stderr, func(b []byte) *pulumirpc.RunPluginResponse {
		return &pulumirpc.RunPluginResponse{Output: &pulumirpc.RunPluginResponse_Stderr{Stderr: b}}
	})
	go func() {
		<-stream.Context().Done()
		if cmd.ProcessState == nil && cmd.Process != nil {
			_ = cmd.Process.Kill()
		}
	}()
	copying.Wait()
	code := 0
	var exitErr *exec.ExitError
	if err := cmd.Wait(); errors.As(err, &exitErr) {
		code = exitErr.ExitCode()
	} else if err != nil {
		code = -1
	}
	send(&pulumirpc.RunPluginResponse{Output: &pulumirpc.RunPluginResponse_Exitcode{Exitcode: int32(code)}})
	return nil
}

// resolveRunScript finds @pulumi/pulumi/cmd/run from the program's directory, the way node would.
func resolveRunScript(req *pulumirpc.RunRequest) (string, error) {
	dir := req.GetPwd()
	if info := req.GetInfo(); info != nil && info.GetProgramDirectory() != "" {
		dir = info.GetProgramDirectory()
	}
	return resolveFrom(dir, "@pulumi/pulumi/cmd/run")
}

// resolveFrom resolves a module from dir as node's require would.
func resolveFrom(dir, module string) (string, error) {
	cmd := exec.Command("node", "-e", "console.log(require.resolve(process.argv[1]))", module)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf(
			"could not find %s from %s: run `npm install` in that directory (%v)", module, dir, err)
	}
	return strings.TrimSpace(string(out)), nil
}

// nodeInvocation builds node's arguments and environment; the flags are those @pulumi/pulumi/cmd/run parses.
func (h *host) nodeInvocation(req *pulumirpc.RunRequest, runScript string) ([]string, []string, error) {
	engine := h.engine()

	args := []string{runScript, "--monitor", req.GetMonitorAddress()}
	if engine != "" {
		args = append(args, "--engine", engine)
	}
	for flag, value := range map[string]string{
		"--organization": req.GetOrganization(),
		"--project":      req.GetProject(),
		"--stack":        req.GetStack(),
		"--pwd":          req.GetPwd(),
	} {
		if value != "" {
			args = append(args, flag, value)
		}
	}
	if info := req.GetInfo(); info != nil && info.GetRootDirectory() != "" {
		args = append(args, "--root-directory", info.GetRootDirectory())
	}
	if req.GetDryRun() {
		args = append(args, "--dry-run")
	}
	if req.GetParallel() > 0 {
		args = append(args, "--parallel", strconv.Itoa(int(req.GetParallel())))
	}
	program := req.GetProgram()
	if info := req.GetInfo(); info != nil && info.GetEntryPoint() != "" {
		program = filepath.Join(info.GetProgramDirectory(), info.GetEntryPoint())
	}
	if program == "" {
		program = "."
	}
	args = append(args, program)
	args = append(args, req.GetArgs()...)

	// cmd/run expects JSON objects/arrays, never null.
	configMap := req.GetConfig()
	if configMap == nil {
		configMap = map[string]string{}
	}
	config, err := json.Marshal(configMap)
	if err != nil {
		return nil, nil, err
	}
	secretKeyList := req.GetConfigSecretKeys()
	if secretKeyList == nil {
		secretKeyList = []string{}
	}
	secretKeys, err := json.Marshal(secretKeyList)
	if err != nil {
		return nil, nil, err
	}
	env := append(os.Environ(),
		"PULUMI_CONFIG="+string(config),
		"PULUMI_CONFIG_SECRET_KEYS="+string(secretKeys),
	)
	env = append(env, runtimeOptionEnv(req.GetInfo().GetOptions())...)
	return args, env, nil
}

// runtimeOptionEnv maps Pulumi.yaml `runtime.options` to the variables cmd/run reads.
func runtimeOptionEnv(options *structpb.Struct) []string {
	opts := options.AsMap()
	typescript := true
	if v, ok := opts["typescript"].(bool); ok {
		typescript = v
	}
	env := []string{"PULUMI_NODEJS_TYPESCRIPT=" + strconv.FormatBool(typescript)}
	if v, ok := opts["tsconfig"].(string); ok && v != "" {
		env = append(env, "PULUMI_NODEJS_TSCONFIG_PATH="+v)
	}
	if v, ok := opts["transpileOnly"].(bool); ok {
		env = append(env, "PULUMI_NODEJS_TRANSPILE_ONLY="+strconv.FormatBool(v))
	}
	return env
}

func main() {
	h := &host{hostBase{language: "nodejs", languageName: "TypeScript"}}
	serve(&h.hostBase, h)
}
