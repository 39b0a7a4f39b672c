// pulumi-language-python: the language host of `runtime: python` projects, for the Pulumi engine.
//
// The official host is a Go module that the module proxy reachable here does not serve, so
// scripts/install-pulumi.sh builds this one, against the same sdk/v3 release as the CLI, with
// scripts/langhost/common.go, and installs our runner (scripts/pulumi-language-python/pulumi-language-python-exec)
// beside it. Run starts the project's Python on the runner, which configures the `pulumi` package's runtime
// (monitor, engine, organization, project, stack, root directory, config and secret keys, dry run, parallelism)
// and runs the program's __main__.py inside the stack. The Python is the project's virtualenv: the
// `virtualenv` runtime option (relative to the project), else a `venv` folder when the project has one, else
// python3 on PATH. InstallDependencies creates that virtualenv and installs requirements.txt into it;
// GetRequiredPackages reads the pulumi-plugin.json of each installed package (the futrou SDK carries one);
// GenerateProgram and GenerateProject (`pulumi import`, `pulumi convert --language python`) are sdkgen's.
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

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
)

// runnerName is our runner, installed beside this host.
const runnerName = "pulumi-language-python-exec"

type pythonHost struct {
	hostBase
}

// virtualenv is the project's virtualenv folder (absolute), or "" when it has none and Python comes from PATH.
func virtualenv(info *pulumirpc.ProgramInfo, fallback string) string {
	root := info.GetRootDirectory()
	if root == "" {
		root = programDirectory(info, fallback)
	}
	if v, ok := info.GetOptions().AsMap()["virtualenv"].(string); ok && v != "" {
		if !filepath.IsAbs(v) {
			v = filepath.Join(root, v)
		}
		return v
	}
	if _, err := os.Stat(filepath.Join(root, "venv", "bin", "python")); err == nil {
		return filepath.Join(root, "venv")
	}
	return ""
}

// python is the interpreter of venv (or python3 on PATH) and the environment that activates venv.
func python(venv string) (string, []string, error) {
	env := os.Environ()
	if venv == "" {
		py, err := exec.LookPath("python3")
		if err != nil {
			return "", nil, errors.New("python3 was not found on PATH: install Python 3, or name a virtualenv in Pulumi.yaml")
		}
		return py, env, nil
	}
	py := filepath.Join(venv, "bin", "python")
	if !isExecutable(py) {
		return "", nil, fmt.Errorf(
			"the virtualenv %s has no bin/python: run `pulumi install` (or python3 -m venv %s and pip install -r requirements.txt)",
			venv, venv)
	}
	bin := filepath.Join(venv, "bin")
	for i, kv := range env {
		if strings.HasPrefix(kv, "PATH=") {
			env[i] = "PATH=" + bin + string(os.PathListSeparator) + strings.TrimPrefix(kv, "PATH=")
		}
	}
	return py, append(env, "VIRTUAL_ENV="+venv), nil
}

// Run starts the runner on the program with the project's Python.
func (h *pythonHost) Run(ctx context.Context, req *pulumirpc.RunRequest) (*pulumirpc.RunResponse, error) {
	py, env, err := python(virtualenv(req.GetInfo(), req.GetPwd()))
	if err != nil {
		return &pulumirpc.RunResponse{Error: err.Error()}, nil
	}
	runner := besideExecutable(runnerName)
	if _, err := os.Stat(runner); err != nil {
		return &pulumirpc.RunResponse{Error: fmt.Sprintf("%s is missing beside the language host: reinstall the toolchain", runner)}, nil
	}
	config, err := json.Marshal(nonNil(req.GetConfig()))
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
	env = append(env, "PULUMI_CONFIG="+string(config), "PULUMI_CONFIG_SECRET_KEYS="+string(secretKeysJSON),
		// The program's prints reach the engine as they happen.
		"PYTHONUNBUFFERED=1")

	args := []string{"-u", runner,
		"--monitor", req.GetMonitorAddress(),
		"--engine", h.engine(),
		"--project", req.GetProject(),
		"--stack", req.GetStack(),
		"--organization", req.GetOrganization(),
		"--root-directory", req.GetInfo().GetRootDirectory(),
		"--parallel", strconv.Itoa(int(req.GetParallel())),
		"--dry-run", strconv.FormatBool(req.GetDryRun()),
		"--pwd", req.GetPwd(),
	}
	program := req.GetProgram()
	if info := req.GetInfo(); info.GetEntryPoint() != "" {
		program = filepath.Join(info.GetProgramDirectory(), info.GetEntryPoint())
	}
	if program == "" {
		program = "."
	}
	args = append(append(args, program), req.GetArgs()...)
	cmd := exec.Command(py, args...)
	cmd.Dir = req.GetPwd()
	cmd.Env = env
	return h.runProgram(ctx, cmd, "Python")
}

func nonNil(m map[string]string) map[string]string {
	if m == nil {
		return map[string]string{}
	}
	return m
}

// listPlugins is run by the project's Python: the pulumi-plugin.json of each installed distribution, as JSON.
const listPlugins = `
import json, importlib.metadata as md
found = []
for dist in md.distributions():
    for f in dist.files or []:
        if f.name == "pulumi-plugin.json":
            try:
                manifest = json.loads(f.read_text())
            except Exception:
                continue
            manifest.setdefault("version", dist.version)
            found.append(manifest)
print(json.dumps(found))
`

func (h *pythonHost) GetRequiredPackages(
	_ context.Context, req *pulumirpc.GetRequiredPackagesRequest,
) (*pulumirpc.GetRequiredPackagesResponse, error) {
	resp := &pulumirpc.GetRequiredPackagesResponse{}
	venv := virtualenv(req.GetInfo(), "")
	if venv == "" {
		// Packages of the system's Python are no project's: nothing to report, as before an install.
		return resp, nil
	}
	py, env, err := python(venv)
	if err != nil {
		return resp, nil
	}
	cmd := exec.Command(py, "-c", listPlugins)
	cmd.Env = env
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("listing the plugins of the packages in %s: %w", venv, err)
	}
	var manifests []struct {
		Resource bool   `json:"resource"`
		Name     string `json:"name"`
		Version  string `json:"version"`
		Server   string `json:"server"`
	}
	if err := json.Unmarshal(bytes.TrimSpace(out), &manifests); err != nil {
		return nil, fmt.Errorf("reading the plugins of the packages in %s: %w", venv, err)
	}
	for _, m := range manifests {
		if m.Resource && m.Name != "" {
			resp.Packages = append(resp.Packages, &pulumirpc.PackageDependency{
				Name: m.Name, Kind: "resource", Version: strings.TrimPrefix(m.Version, "v"), Server: m.Server,
			})
		}
	}
	return resp, nil
}

func (h *pythonHost) GetRequiredPlugins(
	ctx context.Context, req *pulumirpc.GetRequiredPluginsRequest,
) (*pulumirpc.GetRequiredPluginsResponse, error) {
	packages, err := h.GetRequiredPackages(ctx, &pulumirpc.GetRequiredPackagesRequest{Info: req.GetInfo()})
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

// GetProgramDependencies lists the virtualenv's packages (`pulumi about`).
func (h *pythonHost) GetProgramDependencies(
	_ context.Context, req *pulumirpc.GetProgramDependenciesRequest,
) (*pulumirpc.GetProgramDependenciesResponse, error) {
	py, env, err := python(virtualenv(req.GetInfo(), req.GetPwd()))
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(py, "-m", "pip", "list", "--format", "json", "--disable-pip-version-check")
	cmd.Env = env
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("%s -m pip list: %w", py, err)
	}
	var listed []struct{ Name, Version string }
	if err := json.Unmarshal(out, &listed); err != nil {
		return nil, err
	}
	resp := &pulumirpc.GetProgramDependenciesResponse{}
	for _, p := range listed {
		resp.Dependencies = append(resp.Dependencies, &pulumirpc.DependencyInfo{Name: p.Name, Version: p.Version})
	}
	return resp, nil
}

// InstallDependencies creates the project's virtualenv (the `virtualenv` option, `venv` when none is named) and
// installs requirements.txt into it (`pulumi install`, `pulumi new`).
func (h *pythonHost) InstallDependencies(
	req *pulumirpc.InstallDependenciesRequest, stream grpc.ServerStreamingServer[pulumirpc.InstallDependenciesResponse],
) error {
	stdout, stderr := installOutput(stream)
	dir := programDirectory(req.GetInfo(), req.GetDirectory())
	venv := virtualenv(req.GetInfo(), dir)
	if venv == "" {
		venv = filepath.Join(dir, "venv")
	}
	if !isExecutable(filepath.Join(venv, "bin", "python")) {
		py, err := exec.LookPath("python3")
		if err != nil {
			return errors.New("python3 was not found on PATH: install Python 3 to create the project's virtualenv")
		}
		if err := runInstall(dir, stdout, stderr, py, "-m", "venv", venv); err != nil {
			return err
		}
	}
	py := filepath.Join(venv, "bin", "python")
	if _, err := os.Stat(filepath.Join(dir, "requirements.txt")); err != nil {
		fmt.Fprintf(stdout, "no requirements.txt in %s: nothing to install\n", dir)
		return nil
	}
	return runInstall(dir, stdout, stderr, py, "-m", "pip", "install", "--disable-pip-version-check", "-r", "requirements.txt")
}

func (h *pythonHost) About(_ context.Context, req *pulumirpc.AboutRequest) (*pulumirpc.AboutResponse, error) {
	py, env, err := python(virtualenv(req.GetInfo(), ""))
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(py, "--version")
	cmd.Env = env
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("running %s --version: %w", py, err)
	}
	return &pulumirpc.AboutResponse{
		Executable: py,
		Version:    strings.TrimPrefix(strings.TrimSpace(string(out)), "Python "),
	}, nil
}

func (h *pythonHost) GenerateProgram(
	ctx context.Context, req *pulumirpc.GenerateProgramRequest,
) (*pulumirpc.GenerateProgramResponse, error) {
	return generateProgram(ctx, "python", "generating Python (or pass --generate-code=false)", req)
}

func (h *pythonHost) GenerateProject(
	ctx context.Context, req *pulumirpc.GenerateProjectRequest,
) (*pulumirpc.GenerateProjectResponse, error) {
	return generateProject(ctx, "python", "generating the Python project", req)
}

func main() {
	h := &pythonHost{}
	serve(&h.hostBase, h)
}
