// What our language hosts (scripts/pulumi-language-nodejs, -go, -python) share: the engine's handshake, the
// programs they run and stop, the gRPC server and its port line, the code generators of sdkgen, and the
// stream of `pulumi install`'s output. scripts/install-pulumi.sh compiles this file into each host (package
// main, beside the host's own main.go).
package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/emptypb"
)

// version is set at build time (-ldflags "-X main.version=...") to the Pulumi release it was built with.
var version = "0.0.0-dev"

// exitCodeReported is what a Pulumi program exits with after it has already shown its error to the engine
// (the SDKs' "logged error" status): the engine then reports no second error.
const exitCodeReported = 32

// hostBase is embedded by each host: the engine's address and the programs it runs.
type hostBase struct {
	pulumirpc.UnimplementedLanguageRuntimeServer

	// language is the host's language as sdkgen names it (nodejs, python, go); languageName as users do.
	language, languageName string
	// packages is the host's GetRequiredPackages, which GetRequiredPlugins (older engines) answers from.
	packages func(context.Context, *pulumirpc.GetRequiredPackagesRequest) (*pulumirpc.GetRequiredPackagesResponse, error)

	mu            sync.Mutex
	engineAddress string
	running       []*exec.Cmd
}

func (b *hostBase) Handshake(
	_ context.Context, req *pulumirpc.LanguageHandshakeRequest,
) (*pulumirpc.LanguageHandshakeResponse, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.engineAddress = req.GetEngineAddress()
	return &pulumirpc.LanguageHandshakeResponse{}, nil
}

func (b *hostBase) GetPluginInfo(context.Context, *emptypb.Empty) (*pulumirpc.PluginInfo, error) {
	return &pulumirpc.PluginInfo{Version: version}, nil
}

func (b *hostBase) engine() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.engineAddress
}

func (b *hostBase) Cancel(context.Context, *emptypb.Empty) (*emptypb.Empty, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, cmd := range b.running {
		if cmd.Process != nil {
			_ = cmd.Process.Signal(os.Interrupt)
		}
	}
	return &emptypb.Empty{}, nil
}

func (b *hostBase) track(cmd *exec.Cmd, add bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if add {
		b.running = append(b.running, cmd)
		return
	}
	for i, c := range b.running {
		if c == cmd {
			b.running = append(b.running[:i], b.running[i+1:]...)
			return
		}
	}
}

// runProgram starts cmd (the program, its output ours, which the engine shows as the program's) and waits for
// it; what names it in errors. Exit code 32 means the program already reported its error.
func (b *hostBase) runProgram(ctx context.Context, cmd *exec.Cmd, what string) (*pulumirpc.RunResponse, error) {
	cmd.Stdout = os.Stdout
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return &pulumirpc.RunResponse{Error: fmt.Sprintf("starting %s: %v", what, err)}, nil
	}
	b.track(cmd, true)
	defer b.track(cmd, false)

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
			return &pulumirpc.RunResponse{Error: fmt.Sprintf("running %s: %v", what, err)}, nil
		}
	}
}

// exitWhenOrphaned stops the host, and the program it runs, once the engine that started it is gone. A `kill -9`
// of `pulumi` leaves its plugins running (the engine starts them in process groups of their own): nothing would
// ever stop them. The engine is the parent; when it dies the host is re-parented, which one getppid a second sees.
func (b *hostBase) exitWhenOrphaned(interval time.Duration) {
	engine := os.Getppid()
	for range time.Tick(interval) {
		if os.Getppid() == engine {
			continue
		}
		b.mu.Lock()
		for _, cmd := range b.running {
			if cmd.Process != nil {
				_ = cmd.Process.Kill()
			}
		}
		b.mu.Unlock()
		os.Exit(1)
	}
}

// serve runs a host: `--version` prints the version; otherwise it serves srv on a port of 127.0.0.1 and prints
// that port as its first line of output, which is how the engine finds it.
func serve(base *hostBase, srv pulumirpc.LanguageRuntimeServer) {
	if len(os.Args) > 1 && (os.Args[1] == "--version" || os.Args[1] == "-version") {
		fmt.Println(version)
		return
	}
	go base.exitWhenOrphaned(time.Second)
	// The engine passes its own address as the last positional argument (older engines; newer ones
	// also send it in Handshake). Flags before it (-tracing, -root, …) are accepted and ignored.
	if n := len(os.Args); n > 1 && !strings.HasPrefix(os.Args[n-1], "-") {
		base.engineAddress = os.Args[n-1]
	}
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Fprintf(os.Stderr, "fatal: listen: %v\n", err)
		os.Exit(1)
	}
	server := grpc.NewServer(grpc.MaxRecvMsgSize(400 * 1024 * 1024))
	pulumirpc.RegisterLanguageRuntimeServer(server, srv)
	fmt.Println(lis.Addr().(*net.TCPAddr).Port)
	if err := server.Serve(lis); err != nil {
		fmt.Fprintf(os.Stderr, "fatal: serve: %v\n", err)
		os.Exit(1)
	}
}

func programDirectory(info *pulumirpc.ProgramInfo, fallback string) string {
	if info != nil && info.GetProgramDirectory() != "" {
		return info.GetProgramDirectory()
	}
	return fallback
}

// runSdkgen runs `sdkgen <args…>` (next to this executable, else on PATH) with req on stdin and reads its answer
// from stdout into resp; what names the work in errors.
func runSdkgen(ctx context.Context, args []string, what string, req, resp proto.Message) error {
	sdkgen := sdkgenPath()
	in, err := proto.Marshal(req)
	if err != nil {
		return err
	}
	cmd := exec.CommandContext(ctx, sdkgen, args...)
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("%s with %s: %w: %s", what, sdkgen, err, strings.TrimSpace(stderr.String()))
	}
	if err := proto.Unmarshal(out, resp); err != nil {
		return fmt.Errorf("reading the answer of %s %s: %w", sdkgen, strings.Join(args, " "), err)
	}
	return nil
}

// GenerateProgram is `pulumi import`'s code in the host's language, from `sdkgen generate-program`.
func (b *hostBase) GenerateProgram(
	ctx context.Context, req *pulumirpc.GenerateProgramRequest,
) (*pulumirpc.GenerateProgramResponse, error) {
	resp := &pulumirpc.GenerateProgramResponse{}
	what := "generating " + b.languageName + " (or pass --generate-code=false)"
	return resp, runSdkgen(ctx, []string{"generate-program", b.language}, what, req, resp)
}

// GenerateProject is `pulumi convert`'s project in the host's language, from `sdkgen generate-project`.
func (b *hostBase) GenerateProject(
	ctx context.Context, req *pulumirpc.GenerateProjectRequest,
) (*pulumirpc.GenerateProjectResponse, error) {
	resp := &pulumirpc.GenerateProjectResponse{}
	what := "generating the " + b.languageName + " project"
	return resp, runSdkgen(ctx, []string{"generate-project", b.language}, what, req, resp)
}

// Link answers `pulumi convert`, which asks to link only parameterized packages (none of ours): the converted
// project's requirements.txt or go.mod already names the SDK it installs. Linking a local SDK into a Python or
// Go program is not offered: the host says so, with what the user does instead. (The Node.js host has its own.)
func (b *hostBase) Link(_ context.Context, req *pulumirpc.LinkRequest) (*pulumirpc.LinkResponse, error) {
	if len(req.GetPackages()) == 0 {
		return &pulumirpc.LinkResponse{}, nil
	}
	return nil, fmt.Errorf("the %s host does not link local SDKs into a program: "+
		"install the package's SDK with the language's own tool instead", b.languageName)
}

// GetRequiredPlugins (older engines) lists the packages of the host's GetRequiredPackages.
func (b *hostBase) GetRequiredPlugins(
	ctx context.Context, req *pulumirpc.GetRequiredPluginsRequest,
) (*pulumirpc.GetRequiredPluginsResponse, error) {
	packages, err := b.packages(ctx, &pulumirpc.GetRequiredPackagesRequest{Info: req.GetInfo()})
	if err != nil {
		return nil, err
	}
	resp := &pulumirpc.GetRequiredPluginsResponse{}
	for _, p := range packages.GetPackages() {
		resp.Plugins = append(resp.Plugins, &pulumirpc.PluginDependency{
			Name: p.GetName(), Kind: p.GetKind(), Version: p.GetVersion(), Server: p.GetServer(),
		})
	}
	return resp, nil
}

// about answers About: the executable that runs programs and the version it reports (`<exe> <args…>`, its
// output without prefix); env is the environment to run it in (nil: ours).
func about(exe string, env []string, prefix string, args ...string) (*pulumirpc.AboutResponse, error) {
	cmd := exec.Command(exe, args...)
	cmd.Env = env
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("running %s %s: %w", exe, strings.Join(args, " "), err)
	}
	return &pulumirpc.AboutResponse{
		Executable: exe,
		Version:    strings.TrimPrefix(strings.TrimSpace(string(out)), prefix),
	}, nil
}

// sdkgenPath is sdkgen next to this executable (the toolchain installs both), else the one on PATH.
func sdkgenPath() string {
	if beside := besideExecutable("sdkgen"); isExecutable(beside) {
		return beside
	}
	return "sdkgen"
}

// besideExecutable is the path of name in this executable's folder.
func besideExecutable(name string) string {
	self, err := os.Executable()
	if err != nil {
		return name
	}
	return filepath.Join(filepath.Dir(self), name)
}

func isExecutable(path string) bool {
	info, err := os.Stat(path)
	return err == nil && !info.IsDir() && info.Mode()&0o111 != 0
}

// installOutput is the stream of InstallDependencies as two writers: what the commands print reaches the
// user's terminal through the engine as it comes.
func installOutput(
	stream grpc.ServerStreamingServer[pulumirpc.InstallDependenciesResponse],
) (stdout, stderr io.Writer) {
	var mu sync.Mutex
	send := func(resp *pulumirpc.InstallDependenciesResponse) error {
		mu.Lock()
		defer mu.Unlock()
		return stream.Send(resp)
	}
	return writerFunc(func(p []byte) error {
			return send(&pulumirpc.InstallDependenciesResponse{Stdout: append([]byte(nil), p...)})
		}), writerFunc(func(p []byte) error {
			return send(&pulumirpc.InstallDependenciesResponse{Stderr: append([]byte(nil), p...)})
		})
}

type writerFunc func([]byte) error

func (f writerFunc) Write(p []byte) (int, error) {
	if err := f(p); err != nil {
		return 0, err
	}
	return len(p), nil
}

// runInstall runs one step of InstallDependencies in dir, its output streamed to the user.
func runInstall(dir string, stdout, stderr io.Writer, name string, args ...string) error {
	fmt.Fprintf(stdout, "$ %s %s\n", filepath.Base(name), strings.Join(args, " "))
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Stdout = stdout
	cmd.Stderr = stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("`%s %s` failed in %s: %w", filepath.Base(name), strings.Join(args, " "), dir, err)
	}
	return nil
}
