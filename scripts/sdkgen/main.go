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
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/blang/semver"
	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	"github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	"github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	"golang.org/x/mod/modfile"
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

// withGoMod makes the Go SDK its own module that requires the Pulumi Go SDK at the pinned release. The
// generator writes a go.mod only for schemas with meta.supportPack, and pins its own sdk/v3 version there;
// otherwise the module path is the directory above the schema's go.importBasePath.
func withGoMod(pkg *schema.Package, files map[string][]byte, goSDK string) (map[string][]byte, error) {
	info, _ := pkg.Language["go"].(gogen.GoPackageInfo)
	modulePath := info.ModulePath
	if modulePath == "" && info.ImportBasePath != "" {
		modulePath = path.Dir(info.ImportBasePath)
	}
	if modulePath == "" {
		return nil, errors.New("sdkgen: the schema's language.go needs importBasePath (or modulePath)")
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
	// The generator's files are already below the module root, at the import path's last element (futrou/…).
	out := map[string][]byte{"go.mod": formatted}
	for name, content := range files {
		if name != "go.mod" {
			out[name] = content
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

func main() {
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
