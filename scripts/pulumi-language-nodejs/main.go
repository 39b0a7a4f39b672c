// pulumi-language-nodejs: a small Node.js language host for the Pulumi engine.
//
// The official host is a separate Go module that the module proxy reachable here does not serve, so
// scripts/install-pulumi.sh builds this one instead, against the same pulumi sdk/v3 release as the CLI.
// It implements what `pulumi up/preview/refresh/destroy` and the Automation API need from a language
// host: the handshake, plugin and package queries (a program of dynamic resources needs no plugin
// downloads), and Run, which starts `node @pulumi/pulumi/cmd/run` exactly as the official host does
// (same flags, same PULUMI_CONFIG environment, exit code 32 = error already reported to the user).
// GenerateProgram (TypeScript for `pulumi import` and `pulumi convert`) is handed to `sdkgen
// generate-program`, which links Pulumi's code generators; linking them here would add their start-up cost
// to every engine run. Generating SDKs and projects, packing and linking are not offered.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/emptypb"
	"google.golang.org/protobuf/types/known/structpb"
)

// version is set at build time (-ldflags "-X main.version=...") to the Pulumi release it was built with.
var version = "0.0.0-dev"

// exitCodeReported is what @pulumi/pulumi/cmd/run exits with after it has already shown the error.
const exitCodeReported = 32

type host struct {
	pulumirpc.UnimplementedLanguageRuntimeServer

	mu            sync.Mutex
	engineAddress string
	running       []*exec.Cmd
}

func (h *host) Handshake(
	_ context.Context, req *pulumirpc.LanguageHandshakeRequest,
) (*pulumirpc.LanguageHandshakeResponse, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.engineAddress = req.GetEngineAddress()
	return &pulumirpc.LanguageHandshakeResponse{}, nil
}

func (h *host) GetPluginInfo(context.Context, *emptypb.Empty) (*pulumirpc.PluginInfo, error) {
	return &pulumirpc.PluginInfo{Version: version}, nil
}

// Programs of dynamic resources need no resource plugins beyond pulumi-resource-pulumi-nodejs, which
// the engine finds on PATH; reporting none keeps the engine from trying to download anything.
func (h *host) GetRequiredPlugins(
	context.Context, *pulumirpc.GetRequiredPluginsRequest,
) (*pulumirpc.GetRequiredPluginsResponse, error) {
	return &pulumirpc.GetRequiredPluginsResponse{}, nil
}

func (h *host) GetRequiredPackages(
	context.Context, *pulumirpc.GetRequiredPackagesRequest,
) (*pulumirpc.GetRequiredPackagesResponse, error) {
	return &pulumirpc.GetRequiredPackagesResponse{}, nil
}

func (h *host) GetProgramDependencies(
	context.Context, *pulumirpc.GetProgramDependenciesRequest,
) (*pulumirpc.GetProgramDependenciesResponse, error) {
	return &pulumirpc.GetProgramDependenciesResponse{}, nil
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
	out, err := exec.Command(node, "--version").Output()
	if err != nil {
		return nil, fmt.Errorf("running %s --version: %w", node, err)
	}
	return &pulumirpc.AboutResponse{
		Executable: node,
		Version:    strings.TrimPrefix(strings.TrimSpace(string(out)), "v"),
	}, nil
}

// GenerateProgram runs `sdkgen generate-program` (next to this executable, else on PATH) with the request
// on stdin and answers what it writes to stdout.
func (h *host) GenerateProgram(
	ctx context.Context, req *pulumirpc.GenerateProgramRequest,
) (*pulumirpc.GenerateProgramResponse, error) {
	sdkgen := "sdkgen"
	if self, err := os.Executable(); err == nil {
		if beside := filepath.Join(filepath.Dir(self), "sdkgen"); isExecutable(beside) {
			sdkgen = beside
		}
	}
	in, err := proto.Marshal(req)
	if err != nil {
		return nil, err
	}
	cmd := exec.CommandContext(ctx, sdkgen, "generate-program")
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("generating TypeScript with %s (or pass --generate-code=false): %w: %s",
			sdkgen, err, strings.TrimSpace(stderr.String()))
	}
	resp := &pulumirpc.GenerateProgramResponse{}
	if err := proto.Unmarshal(out, resp); err != nil {
		return nil, fmt.Errorf("reading the answer of %s generate-program: %w", sdkgen, err)
	}
	return resp, nil
}

func isExecutable(path string) bool {
	info, err := os.Stat(path)
	return err == nil && !info.IsDir() && info.Mode()&0o111 != 0
}

func (h *host) Cancel(context.Context, *emptypb.Empty) (*emptypb.Empty, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, cmd := range h.running {
		if cmd.Process != nil {
			_ = cmd.Process.Signal(os.Interrupt)
		}
	}
	return &emptypb.Empty{}, nil
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
	cmd.Stdout = os.Stdout
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return &pulumirpc.RunResponse{Error: fmt.Sprintf("starting node: %v", err)}, nil
	}
	h.track(cmd, true)
	defer h.track(cmd, false)

	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-ctx.Done():
		_ = cmd.Process.Kill()
		<-done
		return nil, ctx.Err()
	case err := <-done:
		var exitErr *exec.ExitError
		switch {
		case err == nil:
			return &pulumirpc.RunResponse{}, nil
		case errors.As(err, &exitErr) && exitErr.ExitCode() == exitCodeReported:
			return &pulumirpc.RunResponse{Bail: true}, nil
		case errors.As(err, &exitErr):
			return &pulumirpc.RunResponse{
				Error: fmt.Sprintf("Program exited with non-zero exit code: %d", exitErr.ExitCode()),
			}, nil
		default:
			return &pulumirpc.RunResponse{Error: fmt.Sprintf("running node: %v", err)}, nil
		}
	}
}

func (h *host) track(cmd *exec.Cmd, add bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if add {
		h.running = append(h.running, cmd)
		return
	}
	for i, c := range h.running {
		if c == cmd {
			h.running = append(h.running[:i], h.running[i+1:]...)
			return
		}
	}
}

// resolveRunScript finds @pulumi/pulumi/cmd/run from the program's directory, the way node would.
func resolveRunScript(req *pulumirpc.RunRequest) (string, error) {
	dir := req.GetPwd()
	if info := req.GetInfo(); info != nil && info.GetProgramDirectory() != "" {
		dir = info.GetProgramDirectory()
	}
	cmd := exec.Command("node", "-e", "console.log(require.resolve('@pulumi/pulumi/cmd/run'))")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf(
			"could not find @pulumi/pulumi from %s: run `npm install` in the program's directory (%v)", dir, err)
	}
	return strings.TrimSpace(string(out)), nil
}

// nodeInvocation builds node's arguments and environment; the flags are those @pulumi/pulumi/cmd/run parses.
func (h *host) nodeInvocation(req *pulumirpc.RunRequest, runScript string) ([]string, []string, error) {
	h.mu.Lock()
	engine := h.engineAddress
	h.mu.Unlock()

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

// exitWhenOrphaned stops the host, and the program it runs, once the engine that started it is gone. A `kill -9`
// of `pulumi` leaves its plugins running (the engine starts them in process groups of their own): nothing would
// ever stop them. The engine is the parent; when it dies the host is re-parented, which one getppid a second sees.
func (h *host) exitWhenOrphaned(interval time.Duration) {
	engine := os.Getppid()
	for range time.Tick(interval) {
		if os.Getppid() == engine {
			continue
		}
		h.mu.Lock()
		for _, cmd := range h.running {
			if cmd.Process != nil {
				_ = cmd.Process.Kill()
			}
		}
		h.mu.Unlock()
		os.Exit(1)
	}
}

func main() {
	if len(os.Args) > 1 && (os.Args[1] == "--version" || os.Args[1] == "-version") {
		fmt.Println(version)
		return
	}
	h := &host{}
	go h.exitWhenOrphaned(time.Second)
	// The engine passes its own address as the last positional argument (older engines; newer ones
	// also send it in Handshake). Flags before it (-tracing, -root, …) are accepted and ignored.
	if n := len(os.Args); n > 1 && !strings.HasPrefix(os.Args[n-1], "-") {
		h.engineAddress = os.Args[n-1]
	}

	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Fprintf(os.Stderr, "fatal: listen: %v\n", err)
		os.Exit(1)
	}
	server := grpc.NewServer(grpc.MaxRecvMsgSize(400 * 1024 * 1024))
	pulumirpc.RegisterLanguageRuntimeServer(server, h)
	// The engine reads the port from our first line of output.
	fmt.Println(lis.Addr().(*net.TCPAddr).Port)
	if err := server.Serve(lis); err != nil {
		fmt.Fprintf(os.Stderr, "fatal: serve: %v\n", err)
		os.Exit(1)
	}
}
