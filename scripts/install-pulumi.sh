#!/usr/bin/env bash
# Builds the pinned Pulumi toolchain from Go modules: the offline route for machines with no Pulumi
# download site. A normal user installs Pulumi the official way (https://www.pulumi.com/docs/install/).
#
#   scripts/install-pulumi.sh            builds (or reuses) the toolchain, prints the bin directory last
#
# Produces, in ${PULUMI_FUTROU_CACHE:-~/.cache/pulumi-futrou}/<version>/bin:
#   pulumi                         the CLI and engine (github.com/pulumi/pulumi/pkg/v3/cmd/pulumi)
#   pulumi-language-nodejs         our Node.js language host (scripts/pulumi-language-nodejs), built
#                                  against the same sdk/v3 release; the official one is a separate Go
#                                  module that the module proxy here does not serve
#   pulumi-language-go             our Go language host (scripts/pulumi-language-go): builds and runs `runtime: go`
#                                  programs
#   pulumi-language-python         our Python language host (scripts/pulumi-language-python) and, beside it, its
#   pulumi-language-python-exec    runner, which the project's Python runs the program with
#   pulumi-resource-pulumi-nodejs  launcher for @pulumi/pulumi's dynamic-provider host
#   pulumi-language-yaml           the Pulumi YAML language host (github.com/pulumi/pulumi-yaml, pinned below)
#                                  through scripts/pulumi-language-yaml, which adds the Link that later
#                                  pulumi-yaml releases have (`pulumi package add` in a YAML project needs it);
#                                  it does not compile against the CLI's pkg/v3, so it is built in a module
#                                  of its own (which resolves the pkg/v3 release it was made with)
#   sdkgen                         our SDK generator (scripts/sdkgen) over pkg/v3's codegen, for `make sdks`
#
# Cached per component: each binary is rebuilt only when its own inputs change (the CLI and the YAML host
# when their pinned version does, the YAML host also when its entry does, the programs of ours when their
# source does; our three language hosts share scripts/langhost/common.go), and a cache made by an older version of this script (or with another pulumi-yaml, such as
# v1.19.1) is completed by building only the components it lacks or that differ. One run at a time
# per cache (a lock), so parallel `make install`s never build the same thing twice. The CLI is reused from
# PATH when a `pulumi` of the pinned version is there.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)

# The CLI's version follows the pinned @pulumi/pulumi so the Automation API's version check passes.
version=${PULUMI_VERSION:-$(sed -n 's/.*"@pulumi\/pulumi": *"\([0-9.]*\)".*/\1/p' "$repo/package.json" | head -n1)}
[ -n "$version" ] || { echo "install-pulumi: cannot read the @pulumi/pulumi version from package.json" >&2; exit 1; }
# The newest pulumi-yaml the module proxy serves; its binary, with our entry's Link, works with the CLI above.
yaml_version=1.25.0
cache=${PULUMI_FUTROU_CACHE:-$HOME/.cache/pulumi-futrou}
bin="$cache/$version/bin"
log() { echo "install-pulumi: $*" >&2; }

mkdir -p "$bin"
exec 9>"$cache/$version/.lock"
if ! flock -n 9; then
  log "another install is running on $cache/$version; waiting for it"
  flock 9
fi

reports_version() { # <binary> <version> — true when `<binary> version` prints v<version>
  [ -x "$1" ] && "$1" version 2>/dev/null | grep -qx "v$2"
}
# A component of ours is current when its stamp matches the hash of its source and of how it is built.
stamp_of() { # <component> <source files...>
  local name=$1
  shift
  { echo "$name $version"; recipe "$name"; cat "$@"; } | sha256sum | cut -c1-16
}
current() { # <component> <source files...>
  [ -x "$bin/$1" ] && [ "$(cat "$bin/.stamp-$1" 2>/dev/null)" = "$(stamp_of "$@")" ]
}
# How each component of ours is built (part of its stamp: change it here and that component alone rebuilds).
recipe() {
  case $1 in
    pulumi-language-nodejs) echo 'go build -trimpath -ldflags "-s -w -X main.version=$version" ./langhost' ;;
    pulumi-language-go) echo 'go build -trimpath -ldflags "-s -w -X main.version=$version" ./gohost' ;;
    pulumi-language-python) echo 'go build -trimpath -ldflags "-s -w -X main.version=$version" ./pyhost' ;;
    sdkgen) echo 'go build -trimpath -ldflags "-s -w" ./sdkgen' ;;
    pulumi-language-yaml) echo "go build -trimpath -ldflags '-s -w -X pkg/version.Version=v$yaml_version' ./yamlhost (own module)" ;;
  esac
}
nodejs_host_src=("$here/pulumi-language-nodejs/main.go" "$here/langhost/common.go")
go_host_src=("$here/pulumi-language-go/main.go" "$here/langhost/common.go")
python_host_src=("$here/pulumi-language-python/main.go" "$here/langhost/common.go")
sdkgen_src=("$here/sdkgen/main.go")
yaml_src=("$here/pulumi-language-yaml/main.go")

# 1. The dynamic-provider launcher: resolves @pulumi/pulumi from the program's directory (the engine
#    starts it there) and runs its dynamic-provider host with the engine's arguments.
cat > "$bin/pulumi-resource-pulumi-nodejs.tmp" <<'SH'
#!/bin/sh
script=$(node -e "console.log(require.resolve('@pulumi/pulumi/cmd/dynamic-provider'))") || exit 1
exec node "$script" "$@"
SH
chmod +x "$bin/pulumi-resource-pulumi-nodejs.tmp"
mv "$bin/pulumi-resource-pulumi-nodejs.tmp" "$bin/pulumi-resource-pulumi-nodejs"
# The Python host's runner: a script the project's Python runs, copied as it is.
install -m 0755 "$here/pulumi-language-python/pulumi-language-python-exec" "$bin/pulumi-language-python-exec"

need_cli=1
if reports_version "$bin/pulumi" "$version"; then
  need_cli=0
elif existing=$(command -v pulumi 2>/dev/null) && [ "$existing" != "$bin/pulumi" ] && reports_version "$existing" "$version"; then
  log "using $existing (v$version) from PATH"
  ln -sf "$existing" "$bin/pulumi"
  need_cli=0
fi
need_host=1
current pulumi-language-nodejs "${nodejs_host_src[@]}" && need_host=0
need_go_host=1
current pulumi-language-go "${go_host_src[@]}" && need_go_host=0
need_python_host=1
current pulumi-language-python "${python_host_src[@]}" && need_python_host=0
need_sdkgen=1
current sdkgen "${sdkgen_src[@]}" && need_sdkgen=0
need_yaml=1
current pulumi-language-yaml "${yaml_src[@]}" && need_yaml=0

ours=$((need_host + need_go_host + need_python_host + need_sdkgen))
if [ $((need_cli + ours + need_yaml)) = 0 ]; then
  log "Pulumi v$version toolchain is ready in $bin"
  echo "$bin"
  exit 0
fi

command -v go >/dev/null || { log "Go is required to build Pulumi offline (or install pulumi v$version yourself)"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

timed_build() { # <what> <output> <ldflags> <package> — builds to <output>.tmp, then moves it in place
  local what=$1 out=$2 start
  log "building $what"
  start=$(date +%s)
  go build -trimpath -ldflags "$3" -o "$out.tmp" "$4"
  mv "$out.tmp" "$out"
  log "built $what in $(( $(date +%s) - start ))s"
}

# `go install pkg@version` refuses modules whose go.mod carries replace lines, so build from a throwaway
# module that requires pkg/v3 and sdk/v3 at the release and copies pkg/v3's non-local replace lines.
module_for() { # <dir> <module> <version> — writes <dir>/go.mod requiring <module>@<version> with its replaces
  local dir=$1 module=$2 modversion=$3 gomod goversion
  gomod=$(cd "$dir" && GOFLAGS=-mod=mod go mod download -json "$module@$modversion" |
    sed -n 's/.*"GoMod": *"\(.*\)".*/\1/p')
  [ -f "$gomod" ] || { log "could not download $module@$modversion from the Go module proxy"; exit 1; }
  goversion=$(sed -n 's/^go \([0-9.]*\)$/\1/p' "$gomod" | head -n1)
  {
    echo "module pulumi-futrou-toolchain"
    echo
    echo "go $goversion"
    echo
    echo "require $module $modversion"
    echo
    grep -E '^replace .* => [^.]' "$gomod" || true
  } > "$dir/go.mod"
}

# 2. The CLI, our language hosts and sdkgen: one module on pkg/v3 and sdk/v3 at the release.
if [ $((need_cli + ours)) != 0 ]; then
  mkdir -p "$work/toolchain/langhost" "$work/toolchain/gohost" "$work/toolchain/pyhost" "$work/toolchain/sdkgen"
  log "resolving github.com/pulumi/pulumi/pkg/v3@v$version"
  module_for "$work/toolchain" github.com/pulumi/pulumi/pkg/v3 "v$version"
  # The engine's own packages must come from the same release as the SDK.
  (cd "$work/toolchain" && go mod edit -require "github.com/pulumi/pulumi/sdk/v3@v$version")
  cp "${nodejs_host_src[@]}" "$work/toolchain/langhost/"
  cp "${go_host_src[@]}" "$work/toolchain/gohost/"
  cp "${python_host_src[@]}" "$work/toolchain/pyhost/"
  cp "${sdkgen_src[@]}" "$work/toolchain/sdkgen/"
  cat > "$work/toolchain/tools.go" <<'GO'
//go:build tools

package tools

import _ "github.com/pulumi/pulumi/pkg/v3/cmd/pulumi"
GO
  cd "$work/toolchain"
  log "resolving dependencies (the first run downloads several hundred MB of modules)"
  go mod tidy >&2
  if [ "$need_cli" = 1 ]; then
    timed_build "pulumi v$version (several minutes on a cold cache)" "$bin/pulumi" \
      "-s -w -X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=v$version" \
      github.com/pulumi/pulumi/pkg/v3/cmd/pulumi
    reports_version "$bin/pulumi" "$version" || { log "built pulumi does not report v$version: $("$bin/pulumi" version 2>&1)"; exit 1; }
  fi
  if [ "$need_host" = 1 ]; then
    timed_build pulumi-language-nodejs "$bin/pulumi-language-nodejs" "-s -w -X main.version=$version" ./langhost
    stamp_of pulumi-language-nodejs "${nodejs_host_src[@]}" > "$bin/.stamp-pulumi-language-nodejs"
  fi
  if [ "$need_go_host" = 1 ]; then
    timed_build pulumi-language-go "$bin/pulumi-language-go" "-s -w -X main.version=$version" ./gohost
    stamp_of pulumi-language-go "${go_host_src[@]}" > "$bin/.stamp-pulumi-language-go"
  fi
  if [ "$need_python_host" = 1 ]; then
    timed_build pulumi-language-python "$bin/pulumi-language-python" "-s -w -X main.version=$version" ./pyhost
    stamp_of pulumi-language-python "${python_host_src[@]}" > "$bin/.stamp-pulumi-language-python"
  fi
  if [ "$need_sdkgen" = 1 ]; then
    timed_build sdkgen "$bin/sdkgen" "-s -w" ./sdkgen
    stamp_of sdkgen "${sdkgen_src[@]}" > "$bin/.stamp-sdkgen"
  fi
fi

# 3. The YAML host, in a module of its own: pulumi-yaml pins an older pkg/v3 whose API the CLI's release
#    no longer has, so the two cannot share a build list (minimal version selection keeps its pkg/v3).
if [ "$need_yaml" = 1 ]; then
  mkdir -p "$work/yaml/yamlhost"
  module_for "$work/yaml" github.com/pulumi/pulumi-yaml "v$yaml_version"
  # pulumi-yaml's own go.mod has no replace lines; pkg/v3's (forks of go-diff and clipboard) still apply.
  pkgv3=$(sed -n 's/^\tgithub.com\/pulumi\/pulumi\/pkg\/v3 \(v[^ ]*\).*/\1/p' \
    "$(go env GOMODCACHE)/cache/download/github.com/pulumi/pulumi-yaml/@v/v$yaml_version.mod" | head -n1)
  gomod=$(cd "$work/yaml" && GOFLAGS=-mod=mod go mod download -json "github.com/pulumi/pulumi/pkg/v3@$pkgv3" |
    sed -n 's/.*"GoMod": *"\(.*\)".*/\1/p')
  grep -E '^replace .* => [^.]' "$gomod" >> "$work/yaml/go.mod" || true
  # Our entry (scripts/pulumi-language-yaml) imports pulumi-yaml's server, so tidy resolves it.
  cp "${yaml_src[@]}" "$work/yaml/yamlhost/"
  cd "$work/yaml"
  log "resolving github.com/pulumi/pulumi-yaml@v$yaml_version (pkg/v3 $pkgv3)"
  go mod tidy >&2
  timed_build "pulumi-language-yaml v$yaml_version" "$bin/pulumi-language-yaml" \
    "-s -w -X github.com/pulumi/pulumi-yaml/pkg/version.Version=v$yaml_version" \
    ./yamlhost
  stamp_of pulumi-language-yaml "${yaml_src[@]}" > "$bin/.stamp-pulumi-language-yaml"
fi

log "Pulumi v$version toolchain is ready in $bin ($(du -sh "$bin" | cut -f1))"
echo "$bin"
