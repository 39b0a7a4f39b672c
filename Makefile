# pulumi-futrou — contributor commands. `make test` and `make demo` set themselves up on a fresh clone.
SHELL := /bin/bash
.DEFAULT_GOAL := help

PULUMI_VERSION := $(shell sed -n 's/.*"@pulumi\/pulumi": *"\([0-9.]*\)".*/\1/p' package.json | head -n1)
PULUMI_BIN := $(or $(PULUMI_FUTROU_CACHE),$(HOME)/.cache/pulumi-futrou)/$(PULUMI_VERSION)/bin

# One Node.js for everything (engine, language host, dynamic-provider host, jest, demo): node@22 from
# node_modules/.bin, then the pinned Pulumi toolchain.
export PATH := $(CURDIR)/node_modules/.bin:$(PULUMI_BIN):$(PATH)
export PULUMI_SKIP_UPDATE_CHECK := true
export PULUMI_DIY_BACKEND_GZIP := false

.PHONY: help install toolchain build lint typecheck test demo bench emulator clean

help:
	@echo "make install   npm packages (when the lockfile changed) + the Pulumi $(PULUMI_VERSION) toolchain"
	@echo "make build     compile TypeScript to dist/, and the provider plugin to dist/plugin/"
	@echo "make lint      biome lint/format check + type-check"
	@echo "make test      all tests (unit, emulator, provider, end-to-end with the real engine)"
	@echo "make demo      webapp example against the embedded emulator: up, drift, refresh, repair, destroy"
	@echo "make bench     benchmarks, written to bench/RESULTS.md"
	@echo "make emulator  run the Futrou API emulator in the foreground"

install: node_modules/.installed toolchain

# Only when package.json or the lockfile changed since the last install. npm 11 writes lockfiles without
# other platforms' optional packages and then `npm ci` may refuse them as out of sync (npm/cli#8320);
# `npm install` still installs the locked versions.
node_modules/.installed: package-lock.json package.json
	npm ci --no-audit --no-fund --loglevel=error 2>/dev/null || npm install --no-audit --no-fund --loglevel=error
	@# Programs in this repo resolve `pulumi-futrou` (and the serialized providers require it) like a user's would.
	ln -sfn .. node_modules/pulumi-futrou
	touch $@

toolchain: node_modules/.installed
	@bash scripts/install-pulumi.sh >/dev/null

build: node_modules/.installed
	tsc -p tsconfig.json
	@chmod +x dist/emulator/cli.js 2>/dev/null || true
	@# The provider plugin folder: launcher, bundled plugin.js, schema.json (scripts/build-plugin.ts).
	node dist/scripts/build-plugin.js

typecheck: node_modules/.installed
	tsc -p tsconfig.json --noEmit
	tsc -p test/tsconfig.json --noEmit
	tsc -p tsconfig.programs.json

lint: typecheck
	biome check .

test: install build lint
	jest --ci

demo: install build
	node dist/scripts/demo.js

bench: install build
	node dist/bench/run.js

emulator: build
	node dist/emulator/cli.js

clean:
	rm -rf dist node_modules/.installed
