// pulumi-language-go: the language host of `runtime: go` projects, for the Pulumi engine.
//
// The official host is a Go module that the module proxy reachable here does not serve, so
// scripts/install-pulumi.sh builds this one, against the same sdk/v3 release as the CLI, with
// scripts/langhost/common.go. Run builds the program with `go build` in its folder (or runs the prebuilt
// executable that the `binary` runtime option names) and starts it with the PULUMI_* environment that the Go
// SDK's pulumi.Run reads: monitor and engine addresses, organization, project, stack, root directory, config
// and its secret keys as JSON, dry run, parallelism. GetRequiredPackages reads the plugins of the modules
// go.mod requires (a pulumi-plugin.json in the module, as the generated futrou SDK carries); InstallDependencies
// is `go mod tidy`; GenerateProgram and GenerateProject (`pulumi import`, `pulumi convert --language go`) are
// sdkgen's.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/blang/semver"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"golang.org/x/mod/modfile"
	"google.golang.org/grpc"
)

type goHost struct {
	hostBase
}

// goOptions are the project's `runtime.options`.
type goOptions struct {
	// binary: a prebuilt executable of the program (on PATH, or a path relative to the project), run as is.
	binary string
	// buildTarget: where `go build` writes the program (kept after the run); a temporary file otherwise.
	buildTarget string
}

func parseOptions(info *pulumirpc.ProgramInfo) (goOptions, error) {
	var opts goOptions
	for name, target := range map[string]*string{"binary": &opts.binary, "buildTarget": &opts.buildTarget} {
		if v, ok := info.GetOptions().AsMap()[name]; ok {
			s, isString := v.(string)
			if !isString {
				return opts, fmt.Errorf("Pulumi.yaml: runtime option %s must be a string", name)
			}
			*target = s
		}
	}
	if opts.binary != "" && opts.buildTarget != "" {
		return opts, errors.New("Pulumi.yaml: runtime options binary and buildTarget exclude each other")
	}
	return opts, nil
}

// Run builds the program (unless a binary is named) and runs it with the engine's settings in its environment.
func (h *goHost) Run(ctx context.Context, req *pulumirpc.RunRequest) (*pulumirpc.RunResponse, error) {
	opts, err := parseOptions(req.GetInfo())
	if err != nil {
		return &pulumirpc.RunResponse{Error: err.Error()}, nil
	}
	dir := programDirectory(req.GetInfo(), req.GetPwd())
	program := opts.binary
	switch {
	case program != "" && strings.ContainsRune(program, filepath.Separator) && !filepath.IsAbs(program):
		program = filepath.Join(req.GetInfo().GetRootDirectory(), program)
	case program != "":
		if program, err = exec.LookPath(program); err != nil {
			return &pulumirpc.RunResponse{Error: fmt.Sprintf("Pulumi.yaml: runtime option binary: %v", err)}, nil
		}
	default:
		if program, err = build(dir, opts.buildTarget); err != nil {
			return &pulumirpc.RunResponse{Error: err.Error()}, nil
		}
		if opts.buildTarget == "" {
			defer os.Remove(program)
		}
	}
	env, err := h.programEnv(req)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(program, req.GetArgs()...)
	cmd.Dir = req.GetPwd()
	cmd.Env = env
	return h.runProgram(ctx, cmd, "the Go program")
}

// build runs `go build` in dir, writing the executable to target (a temporary file when empty); its errors name
// the compiler's own lines.
func build(dir, target string) (string, error) {
	if matches, _ := filepath.Glob(filepath.Join(dir, "*.go")); len(matches) == 0 {
		return "", fmt.Errorf("%s holds no .go file: a `runtime: go` project builds the package in its folder", dir)
	}
	if target == "" {
		f, err := os.CreateTemp("", "pulumi-go-program-")
		if err != nil {
			return "", err
		}
		target = f.Name()
		_ = f.Close()
	} else if !filepath.IsAbs(target) {
		target = filepath.Join(dir, target)
	}
	// -trimpath: the build cache then serves packages the toolchain and other programs compiled the same way.
	cmd := exec.Command("go", "build", "-trimpath", "-o", target, ".")
	cmd.Dir = dir
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &out
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("`go build` of the program in %s failed (%v):\n%s", dir, err, strings.TrimSpace(out.String()))
	}
	if !isExecutable(target) {
		return "", fmt.Errorf("`go build` in %s wrote no executable: the program must be package main", dir)
	}
	return target, nil
}

// programEnv is the environment pulumi.Run reads its settings from.
func (h *goHost) programEnv(req *pulumirpc.RunRequest) ([]string, error) {
	config := req.GetConfig()
	if config == nil {
		config = map[string]string{}
	}
	configJSON, err := json.Marshal(config)
	if err != nil {
		return nil, err
	}
	secretKeys := req.GetConfigSecretKeys()
	if secretKeys == nil {
		secretKeys = []string{}
	}
	secretKeysJSON, err := json.Marshal(secretKeys)
	if err != nil {
		return nil, err
	}
	env := os.Environ()
	for _, kv := range [][2]string{
		{"PULUMI_MONITOR", req.GetMonitorAddress()},
		{"PULUMI_ENGINE", h.engine()},
		{"PULUMI_ORGANIZATION", req.GetOrganization()},
		{"PULUMI_PROJECT", req.GetProject()},
		{"PULUMI_STACK", req.GetStack()},
		{"PULUMI_ROOT_DIRECTORY", req.GetInfo().GetRootDirectory()},
		{"PULUMI_CONFIG", string(configJSON)},
		{"PULUMI_CONFIG_SECRET_KEYS", string(secretKeysJSON)},
		{"PULUMI_DRY_RUN", strconv.FormatBool(req.GetDryRun())},
		{"PULUMI_PARALLEL", strconv.Itoa(int(req.GetParallel()))},
	} {
		if kv[1] != "" {
			env = append(env, kv[0]+"="+kv[1])
		}
	}
	return env, nil
}

// module is what `go list -m -json` says of a required module.
type module struct {
	Path    string
	Version string
	Dir     string
	Replace *module
}

// pluginManifest is a pulumi-plugin.json: the plugin an SDK's package needs.
type pluginManifest struct {
	Resource bool   `json:"resource"`
	Name     string `json:"name"`
	Version  string `json:"version"`
	Server   string `json:"server"`
}

// requiredModules lists the modules the program's go.mod requires, with their folders (local for a replace).
func requiredModules(dir string) ([]module, *modfile.File, error) {
	goModPath := filepath.Join(dir, "go.mod")
	raw, err := os.ReadFile(goModPath)
	if err != nil {
		return nil, nil, err
	}
	gomod, err := modfile.Parse(goModPath, raw, nil)
	if err != nil {
		return nil, nil, err
	}
	if len(gomod.Require) == 0 {
		return nil, gomod, nil
	}
	args := []string{"list", "-m", "-json"}
	for _, r := range gomod.Require {
		args = append(args, r.Mod.Path)
	}
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	out, err := cmd.Output()
	if err != nil {
		return nil, gomod, fmt.Errorf("go list -m in %s: %w", dir, err)
	}
	var mods []module
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		var m module
		if err := dec.Decode(&m); err != nil {
			return nil, gomod, err
		}
		if m.Replace != nil && m.Replace.Dir != "" {
			m.Dir = m.Replace.Dir
		}
		mods = append(mods, m)
	}
	return mods, gomod, nil
}

// manifestOf finds the pulumi-plugin.json of a module: at its root, or in one of its packages (the futrou SDK
// keeps it in go/futrou/), as Pulumi's generated Go SDKs place it.
func manifestOf(m module) (*pluginManifest, bool) {
	if m.Dir == "" {
		return nil, false
	}
	candidates := []string{filepath.Join(m.Dir, "pulumi-plugin.json"), filepath.Join(m.Dir, "go", "pulumi-plugin.json")}
	for _, pattern := range []string{"*/pulumi-plugin.json", "go/*/pulumi-plugin.json"} {
		found, _ := filepath.Glob(filepath.Join(m.Dir, pattern))
		candidates = append(candidates, found...)
	}
	for _, path := range candidates {
		raw, err := os.ReadFile(path)
		if err != nil {
			continue
		}
		var manifest pluginManifest
		if json.Unmarshal(raw, &manifest) == nil && manifest.Resource {
			return &manifest, true
		}
	}
	return nil, false
}

// pluginVersion is the manifest's version, else the module's (a pseudo-version names no release: none then).
func pluginVersion(manifest *pluginManifest, m module) string {
	if manifest.Version != "" {
		return manifest.Version
	}
	v, err := semver.ParseTolerant(m.Version)
	if err != nil || len(v.Pre) > 0 || (v.Major == 0 && v.Minor == 0 && v.Patch == 0) {
		return ""
	}
	return v.String()
}

func (h *goHost) GetRequiredPackages(
	_ context.Context, req *pulumirpc.GetRequiredPackagesRequest,
) (*pulumirpc.GetRequiredPackagesResponse, error) {
	resp := &pulumirpc.GetRequiredPackagesResponse{}
	mods, _, err := requiredModules(programDirectory(req.GetInfo(), ""))
	if err != nil {
		// No go.mod yet (before `pulumi install`) or no module cache: the engine then needs nothing from us.
		return resp, nil
	}
	for _, m := range mods {
		if manifest, ok := manifestOf(m); ok {
			name := manifest.Name
			if name == "" {
				name = strings.TrimPrefix(filepath.Base(m.Path), "pulumi-")
			}
			resp.Packages = append(resp.Packages, &pulumirpc.PackageDependency{
				Name: name, Kind: "resource", Version: pluginVersion(manifest, m), Server: manifest.Server,
			})
		}
	}
	return resp, nil
}

// GetProgramDependencies lists go.mod's requirements (`pulumi about`); a replaced module has no version.
func (h *goHost) GetProgramDependencies(
	_ context.Context, req *pulumirpc.GetProgramDependenciesRequest,
) (*pulumirpc.GetProgramDependenciesResponse, error) {
	dir := programDirectory(req.GetInfo(), req.GetPwd())
	raw, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		return nil, fmt.Errorf("reading the program's go.mod: %w", err)
	}
	gomod, err := modfile.Parse("go.mod", raw, nil)
	if err != nil {
		return nil, err
	}
	replaced := map[string]bool{}
	for _, r := range gomod.Replace {
		replaced[r.Old.Path] = true
	}
	resp := &pulumirpc.GetProgramDependenciesResponse{}
	for _, r := range gomod.Require {
		if r.Indirect && !req.GetTransitiveDependencies() {
			continue
		}
		v := r.Mod.Version
		if replaced[r.Mod.Path] {
			v = ""
		}
		resp.Dependencies = append(resp.Dependencies, &pulumirpc.DependencyInfo{Name: r.Mod.Path, Version: v})
	}
	return resp, nil
}

// InstallDependencies is `go mod tidy` in the program's folder (`pulumi install`, `pulumi new`).
func (h *goHost) InstallDependencies(
	req *pulumirpc.InstallDependenciesRequest, stream grpc.ServerStreamingServer[pulumirpc.InstallDependenciesResponse],
) error {
	stdout, stderr := installOutput(stream)
	return runInstall(programDirectory(req.GetInfo(), req.GetDirectory()), stdout, stderr, "go", "mod", "tidy")
}

func (h *goHost) About(context.Context, *pulumirpc.AboutRequest) (*pulumirpc.AboutResponse, error) {
	goBin, err := exec.LookPath("go")
	if err != nil {
		return nil, errors.New("go was not found on PATH: a `runtime: go` project needs Go (https://go.dev/dl/)")
	}
	return about(goBin, nil, "go", "env", "GOVERSION")
}

func main() {
	h := &goHost{hostBase{language: "go", languageName: "Go"}}
	h.packages = h.GetRequiredPackages
	serve(&h.hostBase, h)
}
