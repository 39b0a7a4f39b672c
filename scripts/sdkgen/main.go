// sdkgen: generates the futrou SDKs for TypeScript, Python and Go from the provider plugin's package schema,
// with Pulumi's own code generators (github.com/pulumi/pulumi/pkg/v3/codegen), offline.
//
// `pulumi package gen-sdk` would hand the schema to each language host's GeneratePackage, and the official
// language hosts are not served by the module proxy reachable here; this program calls the same generators
// directly. scripts/install-pulumi.sh builds it into the cached toolchain next to `pulumi`.
//
//	sdkgen [-lang nodejs,python,go] [-go-sdk v3.259.0] <schema.json> <out-dir>
//
// writes <out-dir>/nodejs, <out-dir>/python and <out-dir>/go, each replaced whole (no stale file survives).
// The schema must be self-contained: references to other packages are refused, so nothing is looked up or
// downloaded. The generated Go module requires github.com/pulumi/pulumi/sdk/v3 at -go-sdk.
//
//	sdkgen generate-program [nodejs|python|go] < GenerateProgramRequest > GenerateProgramResponse
//
// is the program generator behind our language hosts' GenerateProgram (`pulumi import` prints its code), in
// the host's language (TypeScript when none is named): it reads the engine's request (protobuf) on stdin,
// binds the PCL with schemas from the engine's loader, and writes the response (protobuf) to stdout.
//
//	sdkgen generate-project [nodejs|python|go] < GenerateProjectRequest > GenerateProjectResponse
//
// is the same for the hosts' GenerateProject (`pulumi convert --language <lang>`): it binds the PCL files of
// the request's source directory and writes a whole project in that language (Pulumi.yaml, the program and
// its dependency file) into its target directory.
//
//	sdkgen program -lang go|python|nodejs <schema.json> <pcl-dir> <out-dir>
//
// writes a project in that language from a PCL directory (what `pulumi convert --language pcl` writes) with
// the schema's package alone, for languages whose host the engine cannot run here (the Go and Python hosts
// are not served by the module proxy): test/convert/languages.test.ts compiles what it writes.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/blang/semver"
	"github.com/hashicorp/hcl/v2"
	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	"github.com/pulumi/pulumi/pkg/v3/codegen/hcl2/syntax"
	"github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	"github.com/pulumi/pulumi/pkg/v3/codegen/pcl"
	"github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	"github.com/pulumi/pulumi/sdk/v3/go/common/workspace"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"golang.org/x/mod/modfile"
	"google.golang.org/protobuf/proto"
)

// tool is the name the generators write into every file's "do not edit" header.
const tool = "sdkgen"

const pulumiGoSDK = "github.com/pulumi/pulumi/sdk/v3"

// selfContained is the loader handed to the binder and the generators: it refuses every other package, so a
// schema that references one fails here instead of reaching for a plugin or the network.
type selfContained struct{}

var _ schema.ReferenceLoader = selfContained{}

func refuse(name string) error {
	return fmt.Errorf("sdkgen: the schema references package %q; only self-contained schemas are supported", name)
}

func (selfContained) LoadPackage(pkg string, _ *semver.Version) (*schema.Package, error) {
	return nil, refuse(pkg)
}

func (selfContained) LoadPackageV2(_ context.Context, d *schema.PackageDescriptor) (*schema.Package, error) {
	return nil, refuse(d.Name)
}

func (selfContained) LoadPackageReference(pkg string, _ *semver.Version) (schema.PackageReference, error) {
	return nil, refuse(pkg)
}

func (selfContained) LoadPackageReferenceV2(
	_ context.Context, d *schema.PackageDescriptor,
) (schema.PackageReference, error) {
	return nil, refuse(d.Name)
}

// onePackage serves one bound package to the PCL binder, and refuses every other.
type onePackage struct{ pkg *schema.Package }

func (l onePackage) LoadPackage(name string, _ *semver.Version) (*schema.Package, error) {
	if name != l.pkg.Name {
		return nil, refuse(name)
	}
	return l.pkg, nil
}

func (l onePackage) LoadPackageV2(_ context.Context, d *schema.PackageDescriptor) (*schema.Package, error) {
	return l.LoadPackage(d.Name, nil)
}

func (l onePackage) LoadPackageReference(name string, _ *semver.Version) (schema.PackageReference, error) {
	pkg, err := l.LoadPackage(name, nil)
	if err != nil {
		return nil, err
	}
	return pkg.Reference(), nil
}

func (l onePackage) LoadPackageReferenceV2(
	_ context.Context, d *schema.PackageDescriptor,
) (schema.PackageReference, error) {
	return l.LoadPackageReference(d.Name, nil)
}

// programGenerators are Pulumi's program generators by language, for `sdkgen generate-program <lang>`.
var programGenerators = map[string]func(*pcl.Program) (map[string][]byte, hcl.Diagnostics, error){
	"nodejs": nodejs.GenerateProgram,
	"python": python.GenerateProgram,
	"go":     gogen.GenerateProgram,
}

// writeProject writes a whole project in lang (nodejs, python, go) from a bound program into dir.
func writeProject(lang, dir string, project workspace.Project, program *pcl.Program, local map[string]string) error {
	switch lang {
	case "go":
		return gogen.GenerateProject(dir, project, program, local)
	case "python":
		return python.GenerateProject(dir, project, program, local, "", "pip")
	case "nodejs":
		return nodejs.GenerateProject(dir, project, program, local, false, "nodejs")
	}
	return fmt.Errorf("sdkgen: unknown language %q (go, python, nodejs)", lang)
}

// programProject writes a project in lang from the PCL in pclDir, the package bound from schemaFile.
func programProject(lang, schemaFile, pclDir, outDir string) error {
	pkg, err := bind(schemaFile)
	if err != nil {
		return err
	}
	program, diags, err := pcl.BindDirectory(pclDir, onePackage{pkg}, pcl.PreferOutputVersionedInvokes)
	if err != nil {
		return err
	}
	if diags.HasErrors() {
		return diags
	}
	project := workspace.Project{Name: "converted"}
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return err
	}
	return writeProject(lang, outDir, project, program, nil)
}

// bind reads and validates the schema; every diagnostic is printed, and errors stop the run.
func bind(file string) (*schema.Package, error) {
	raw, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var spec schema.PackageSpec
	if err := json.Unmarshal(raw, &spec); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	pkg, diags, err := schema.BindSpec(spec, selfContained{}, schema.ValidationOptions{})
	for _, d := range diags {
		fmt.Fprintf(os.Stderr, "sdkgen: %s: %s\n", file, d.Error())
	}
	if err != nil {
		return nil, err
	}
	if diags.HasErrors() {
		return nil, fmt.Errorf("%s: the schema does not bind (%d errors above)", file, len(diags.Errs()))
	}
	return pkg, nil
}

// generate runs one language's generator on a freshly bound package (generators annotate the package they
// are given, so languages never share one).
func generate(lang, schemaFile, goSDK string) (map[string][]byte, error) {
	pkg, err := bind(schemaFile)
	if err != nil {
		return nil, err
	}
	switch lang {
	case "nodejs":
		return nodejs.GeneratePackage(tool, pkg, nil, nil, false, selfContained{})
	case "python":
		return python.GeneratePackage(tool, pkg, nil, selfContained{})
	case "go":
		files, err := gogen.GeneratePackage(tool, pkg, nil)
		if err != nil {
			return nil, err
		}
		return withGoMod(pkg, files, goSDK)
	default:
		return nil, fmt.Errorf("sdkgen: unknown language %q (nodejs, python, go)", lang)
	}
}

// withGoMod makes the Go SDK its own module that requires the Pulumi Go SDK at the pinned release. The module
// path is the schema's go.modulePath, else the directory above go.importBasePath. The generator writes its
// files at the import path's last element (futrou/…); below a modulePath that is further up than that
// directory, they move to the import path's place in the module: importBasePath github.com/o/r/sdk/go/futrou
// in module github.com/o/r/sdk (Pulumi's layout: module root sdk/, tag sdk/v<version>) puts them in go/futrou/.
// The generator's own go.mod (only for schemas with meta.supportPack) is kept, with its sdk/v3 pin replaced.
func withGoMod(pkg *schema.Package, files map[string][]byte, goSDK string) (map[string][]byte, error) {
	info, _ := pkg.Language["go"].(gogen.GoPackageInfo)
	if info.ImportBasePath == "" {
		return nil, errors.New("sdkgen: the schema's language.go needs importBasePath")
	}
	packageDir := path.Dir(info.ImportBasePath)
	modulePath := info.ModulePath
	if modulePath == "" {
		modulePath = packageDir
	}
	prefix := ""
	if packageDir != modulePath {
		if !strings.HasPrefix(packageDir, modulePath+"/") {
			return nil, fmt.Errorf("sdkgen: the schema's go.importBasePath %s is not in its go.modulePath %s",
				info.ImportBasePath, modulePath)
		}
		prefix = strings.TrimPrefix(packageDir, modulePath+"/") + "/"
	}
	var mod modfile.File
	if existing, ok := files["go.mod"]; ok {
		parsed, err := modfile.Parse("go.mod", existing, nil)
		if err != nil {
			return nil, err
		}
		mod = *parsed
	} else {
		if err := mod.AddModuleStmt(modulePath); err != nil {
			return nil, err
		}
		if err := mod.AddGoStmt("1.25"); err != nil {
			return nil, err
		}
	}
	if err := mod.AddRequire(pulumiGoSDK, goSDK); err != nil {
		return nil, err
	}
	formatted, err := mod.Format()
	if err != nil {
		return nil, err
	}
	out := map[string][]byte{"go.mod": formatted}
	for name, content := range files {
		if name != "go.mod" {
			out[prefix+name] = content
		}
	}
	return out, nil
}

// write replaces dir with exactly the generated files.
func write(dir string, files map[string][]byte) error {
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		target := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(target, files[name], 0o644); err != nil {
			return err
		}
	}
	return nil
}

// generateProgram writes code in lang (nodejs, python, go) for the engine's PCL. Package schemas come from
// the engine's schema loader at req.LoaderTarget, so the code uses the providers' own types; problems in the
// PCL come back as diagnostics, which the engine prints.
func generateProgram(lang string, req *pulumirpc.GenerateProgramRequest) (*pulumirpc.GenerateProgramResponse, error) {
	generator, ok := programGenerators[lang]
	if !ok {
		return nil, fmt.Errorf("unknown language %q (nodejs, python, go)", lang)
	}
	loader, err := schema.NewLoaderClient(req.GetLoaderTarget())
	if err != nil {
		return nil, fmt.Errorf("connecting to the engine's schema loader: %w", err)
	}
	defer loader.Close()

	parser := syntax.NewParser()
	names := make([]string, 0, len(req.GetSource()))
	for name := range req.GetSource() {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if err := parser.ParseFile(strings.NewReader(req.GetSource()[name]), name); err != nil {
			return nil, fmt.Errorf("reading %s: %w", name, err)
		}
	}
	if parser.Diagnostics.HasErrors() {
		return &pulumirpc.GenerateProgramResponse{
			Diagnostics: plugin.HclDiagnosticsToRPCDiagnostics(parser.Diagnostics),
		}, nil
	}

	options := []pcl.BindOption{pcl.PreferOutputVersionedInvokes}
	if !req.GetStrict() {
		// `pulumi import` asks for leniency: its PCL may name parents and providers it does not declare.
		options = append(options, pcl.NonStrictBindOptions()...)
	}
	program, diags, err := pcl.BindProgram(parser.Files, schema.NewCachedLoader(loader), options...)
	if err != nil {
		return nil, err
	}
	if diags.HasErrors() || program == nil {
		return &pulumirpc.GenerateProgramResponse{Diagnostics: plugin.HclDiagnosticsToRPCDiagnostics(diags)}, nil
	}
	files, genDiags, err := generator(program)
	if err != nil {
		return nil, err
	}
	return &pulumirpc.GenerateProgramResponse{
		Source:      files,
		Diagnostics: plugin.HclDiagnosticsToRPCDiagnostics(append(diags, genDiags...)),
	}, nil
}

// generateProject writes a project in lang for the PCL in req.SourceDirectory into req.TargetDirectory,
// with package schemas from the engine's loader; problems in the PCL come back as diagnostics.
func generateProject(lang string, req *pulumirpc.GenerateProjectRequest) (*pulumirpc.GenerateProjectResponse, error) {
	loader, err := schema.NewLoaderClient(req.GetLoaderTarget())
	if err != nil {
		return nil, fmt.Errorf("connecting to the engine's schema loader: %w", err)
	}
	defer loader.Close()

	var project workspace.Project
	if err := json.Unmarshal([]byte(req.GetProject()), &project); err != nil {
		return nil, fmt.Errorf("reading the project: %w", err)
	}
	options := []pcl.BindOption{pcl.PreferOutputVersionedInvokes}
	if !req.GetStrict() {
		options = append(options, pcl.NonStrictBindOptions()...)
	}
	program, diags, err := pcl.BindDirectory(req.GetSourceDirectory(), schema.NewCachedLoader(loader), options...)
	if err != nil {
		return nil, err
	}
	if diags.HasErrors() || program == nil {
		return &pulumirpc.GenerateProjectResponse{Diagnostics: plugin.HclDiagnosticsToRPCDiagnostics(diags)}, nil
	}
	if err := writeProject(lang, req.GetTargetDirectory(), project, program, req.GetLocalDependencies()); err != nil {
		return nil, err
	}
	return &pulumirpc.GenerateProjectResponse{Diagnostics: plugin.HclDiagnosticsToRPCDiagnostics(diags)}, nil
}

// serveStdio reads one request of type Req on stdin, answers it with run, and writes the response on stdout.
func serveStdio[Req proto.Message, Resp proto.Message](req Req, run func(Req) (Resp, error)) error {
	in, err := io.ReadAll(os.Stdin)
	if err != nil {
		return err
	}
	if err := proto.Unmarshal(in, req); err != nil {
		return fmt.Errorf("reading the request on stdin: %w", err)
	}
	resp, err := run(req)
	if err != nil {
		return err
	}
	out, err := proto.Marshal(resp)
	if err != nil {
		return err
	}
	_, err = os.Stdout.Write(out)
	return err
}

func main() {
	// The language of generate-program and generate-project: TypeScript unless the host names another.
	lang := "nodejs"
	if len(os.Args) == 3 {
		lang = os.Args[2]
	}
	if (len(os.Args) == 2 || len(os.Args) == 3) && os.Args[1] == "generate-program" {
		run := func(req *pulumirpc.GenerateProgramRequest) (*pulumirpc.GenerateProgramResponse, error) {
			return generateProgram(lang, req)
		}
		if err := serveStdio(&pulumirpc.GenerateProgramRequest{}, run); err != nil {
			fmt.Fprintf(os.Stderr, "sdkgen generate-program: %v\n", err)
			os.Exit(1)
		}
		return
	}
	if (len(os.Args) == 2 || len(os.Args) == 3) && os.Args[1] == "generate-project" {
		run := func(req *pulumirpc.GenerateProjectRequest) (*pulumirpc.GenerateProjectResponse, error) {
			return generateProject(lang, req)
		}
		if err := serveStdio(&pulumirpc.GenerateProjectRequest{}, run); err != nil {
			fmt.Fprintf(os.Stderr, "sdkgen generate-project: %v\n", err)
			os.Exit(1)
		}
		return
	}
	if len(os.Args) == 7 && os.Args[1] == "program" && os.Args[2] == "-lang" {
		if err := programProject(os.Args[3], os.Args[4], os.Args[5], os.Args[6]); err != nil {
			fmt.Fprintf(os.Stderr, "sdkgen program: %v\n", err)
			os.Exit(1)
		}
		return
	}
	// A flag set of our own: the Pulumi packages register logging flags on the global one.
	flags := flag.NewFlagSet("sdkgen", flag.ExitOnError)
	langs := flags.String("lang", "nodejs,python,go", "comma-separated languages to generate")
	goSDK := flags.String("go-sdk", "v3.259.0", "github.com/pulumi/pulumi/sdk/v3 version the Go SDK requires")
	flags.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: sdkgen [-lang nodejs,python,go] [-go-sdk v3.x.y] <schema.json> <out-dir>")
		flags.PrintDefaults()
	}
	_ = flags.Parse(os.Args[1:])
	if flags.NArg() != 2 {
		flags.Usage()
		os.Exit(2)
	}
	schemaFile, outDir := flags.Arg(0), flags.Arg(1)
	for _, lang := range strings.Split(*langs, ",") {
		files, err := generate(strings.TrimSpace(lang), schemaFile, *goSDK)
		if err == nil {
			err = write(filepath.Join(outDir, lang), files)
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "sdkgen: %s: %v\n", lang, err)
			os.Exit(1)
		}
		fmt.Fprintf(os.Stderr, "sdkgen: %s: %d files in %s\n", lang, len(files), filepath.Join(outDir, lang))
	}
}
