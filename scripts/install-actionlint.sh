#!/usr/bin/env bash
# Builds actionlint (github.com/rhysd/actionlint, a Go module) once into the toolchain cache and prints its
# path, for `make lint` to check .github/workflows/. Reused while the pinned version is cached: no Go build,
# no network on the hot path.
#
#   "$(bash scripts/install-actionlint.sh)" .github/workflows/*.yml
set -euo pipefail

version=v1.7.12
cache=${PULUMI_FUTROU_CACHE:-$HOME/.cache/pulumi-futrou}
dir="$cache/actionlint-$version"
bin="$dir/actionlint"

if [ ! -x "$bin" ]; then
  mkdir -p "$cache"
  exec 9>"$cache/.actionlint.lock"
  flock 9
  if [ ! -x "$bin" ]; then
    echo "install-actionlint: building actionlint $version (once)" >&2
    building=$(mktemp -d "$cache/.actionlint-XXXXXX")
    GOBIN="$building" GOFLAGS=-trimpath go install -ldflags "-s -w" "github.com/rhysd/actionlint/cmd/actionlint@$version" >&2
    mkdir -p "$dir"
    mv "$building/actionlint" "$bin"
    rmdir "$building"
  fi
fi
echo "$bin"
