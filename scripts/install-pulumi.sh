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
#   pulumi-resource-pulumi-nodejs  launcher for @pulumi/pulumi's dynamic-provider host
#
# Idempotent: skips the build when the cached binaries report the pinned version, and prefers a `pulumi`
# of the pinned version already on PATH (then only the two small Node.js pieces are built).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)

# The CLI's version follows the pinned @pulumi/pulumi so the Automation API's version check passes.
version=${PULUMI_VERSION:-$(sed -n 's/.*"@pulumi\/pulumi": *"\([0-9.]*\)".*/\1/p' "$repo/package.json" | head -n1)}
[ -n "$version" ] || { echo "install-pulumi: cannot read the @pulumi/pulumi version from package.json" >&2; exit 1; }
cache=${PULUMI_FUTROU_CACHE:-$HOME/.cache/pulumi-futrou}
bin="$cache/$version/bin"
log() { echo "install-pulumi: $*" >&2; }

reports_version() { # <binary> — true when it prints the pinned version
  [ -x "$1" ] && "$1" version 2>/dev/null | grep -qx "v$version"
}
host_reports_version() {
  [ -x "$1" ] && [ "$("$1" --version 2>/dev/null)" = "$version" ]
}
src_stamp() { cat "$here/pulumi-language-nodejs/main.go" "$here/install-pulumi.sh" | sha256sum | cut -c1-16; }

mkdir -p "$bin"

# 1. The dynamic-provider launcher: resolves @pulumi/pulumi from the program's directory (the engine
#    starts it there) and runs its dynamic-provider host with the engine's arguments.
cat > "$bin/pulumi-resource-pulumi-nodejs.tmp" <<'SH'
#!/bin/sh
script=$(node -e "console.log(require.resolve('@pulumi/pulumi/cmd/dynamic-provider'))") || exit 1
exec node "$script" "$@"
SH
chmod +x "$bin/pulumi-resource-pulumi-nodejs.tmp"
mv "$bin/pulumi-resource-pulumi-nodejs.tmp" "$bin/pulumi-resource-pulumi-nodejs"

need_cli=1
if reports_version "$bin/pulumi"; then
  need_cli=0
elif existing=$(command -v pulumi 2>/dev/null) && [ "$existing" != "$bin/pulumi" ] && reports_version "$existing"; then
  log "using $existing (v$version) from PATH"
  ln -sf "$existing" "$bin/pulumi"
  need_cli=0
fi
need_host=1
if host_reports_version "$bin/pulumi-language-nodejs" && [ "$(cat "$bin/.host-stamp" 2>/dev/null)" = "$(src_stamp)" ]; then
  need_host=0
fi

if [ "$need_cli" = 0 ] && [ "$need_host" = 0 ]; then
  log "Pulumi v$version toolchain is ready in $bin"
  echo "$bin"
  exit 0
fi

command -v go >/dev/null || { log "Go is required to build Pulumi offline (or install pulumi v$version yourself)"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# `go install pkg@version` refuses modules whose go.mod carries replace lines, so build from a throwaway
# module that requires pkg/v3 and sdk/v3 at the release and copies pkg/v3's non-local replace lines.
log "resolving github.com/pulumi/pulumi/pkg/v3@v$version"
pkgmod=$(cd "$work" && GOFLAGS=-mod=mod go mod download -json "github.com/pulumi/pulumi/pkg/v3@v$version" |
  sed -n 's/.*"GoMod": *"\(.*\)".*/\1/p')
[ -f "$pkgmod" ] || { log "could not download pkg/v3@v$version from the Go module proxy"; exit 1; }
goversion=$(sed -n 's/^go \([0-9.]*\)$/\1/p' "$pkgmod" | head -n1)
{
  echo "module pulumi-futrou-toolchain"
  echo
  echo "go $goversion"
  echo
  echo "require ("
  echo "	github.com/pulumi/pulumi/pkg/v3 v$version"
  echo "	github.com/pulumi/pulumi/sdk/v3 v$version"
  echo ")"
  echo
  grep -E '^replace .* => [^.]' "$pkgmod" || true
} > "$work/go.mod"
mkdir -p "$work/langhost"
cp "$here/pulumi-language-nodejs/main.go" "$work/langhost/main.go"
cat > "$work/tools.go" <<'GO'
//go:build tools

package tools

import _ "github.com/pulumi/pulumi/pkg/v3/cmd/pulumi"
GO

cd "$work"
log "resolving dependencies (the first run downloads several hundred MB of modules)"
go mod tidy >&2
ldflags_cli="-s -w -X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=v$version"
if [ "$need_cli" = 1 ]; then
  log "building pulumi v$version (several minutes on a cold cache)"
  start=$(date +%s)
  go build -trimpath -ldflags "$ldflags_cli" -o "$bin/pulumi.tmp" github.com/pulumi/pulumi/pkg/v3/cmd/pulumi
  mv "$bin/pulumi.tmp" "$bin/pulumi"
  log "built pulumi in $(( $(date +%s) - start ))s"
fi
log "building pulumi-language-nodejs"
go build -trimpath -ldflags "-s -w -X main.version=$version" -o "$bin/pulumi-language-nodejs.tmp" ./langhost
mv "$bin/pulumi-language-nodejs.tmp" "$bin/pulumi-language-nodejs"
src_stamp > "$bin/.host-stamp"

reports_version "$bin/pulumi" || { log "built pulumi does not report v$version: $("$bin/pulumi" version 2>&1)"; exit 1; }
log "Pulumi v$version toolchain is ready in $bin ($(du -sh "$bin" | cut -f1))"
echo "$bin"
