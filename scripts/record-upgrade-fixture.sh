#!/usr/bin/env bash
# Records an upgrade fixture: a stack made by this package as it was at <commit>, for the upgrade tests
# (test/e2e/upgrade-e2e.test.ts), which take it over with today's package and expect no change and no API write.
#
#   scripts/record-upgrade-fixture.sh <commit> <dynamic|plugin> [program]
#
# Checks <commit> out in a throwaway worktree (/tmp/old-<commit>, node_modules hard-linked from this clone's,
# so nothing is downloaded: an old lockfile must name a subset of today's packages), builds it, starts that
# commit's emulator with a data file, runs <program> (default examples/webapp; `plugin`: with
# futrou:mode: plugin on that commit's provider plugin) with `pulumi up` on a local backend, then writes
# test/fixtures/upgrade/<commit>-<mode>/:
#   state.json     `pulumi stack export` of the stack (secrets encrypted with the test passphrase)
#   emulator.json  the emulator's data file after the up, with every API token and password taken out
#   fixture.json   what the test needs to run the program again (program, mode, stack, config)
#   README.md      how it was made and how the test restores it
# Fails when the state holds the token (in the serialized providers or anywhere else) or the database
# password in plain text. Needs the pinned Pulumi toolchain (`make install`).
set -euo pipefail

commit=${1:?usage: record-upgrade-fixture.sh <commit> <dynamic|plugin> [program]}
mode=${2:?usage: record-upgrade-fixture.sh <commit> <dynamic|plugin> [program]}
program=${3:-examples/webapp}
case $mode in dynamic | plugin) ;; *) echo "mode must be dynamic or plugin, got $mode" >&2 && exit 2 ;; esac

repo=$(cd "$(dirname "$0")/.." && pwd)
short=$(git -C "$repo" rev-parse --short=7 "$commit")
out="$repo/test/fixtures/upgrade/$short-$mode"
old=/tmp/old-$short
# The same values the test uses (test/e2e/upgrade-e2e.test.ts): not secrets, test data.
stack=upgrade
passphrase=pulumi-futrou-tests
db_password=upgrade-fixture-db-password
log() { echo "record-upgrade-fixture: $*" >&2; }

version=$(sed -n 's/.*"@pulumi\/pulumi": *"\([0-9.]*\)".*/\1/p' "$repo/package.json" | head -n1)
export PATH="$repo/node_modules/.bin:${PULUMI_FUTROU_CACHE:-$HOME/.cache/pulumi-futrou}/$version/bin:$PATH"
export PULUMI_SKIP_UPDATE_CHECK=true PULUMI_DIY_BACKEND_GZIP=false PULUMI_CONFIG_PASSPHRASE=$passphrase

if [ ! -d "$old" ]; then
  log "worktree $old at $short"
  git -C "$repo" worktree add --detach "$old" "$short" >/dev/null
  cp -al "$repo/node_modules" "$old/node_modules"
fi
log "building $short"
(cd "$old" && tsc -p tsconfig.json && { [ ! -f scripts/build-plugin.ts ] || node dist/scripts/build-plugin.js; })

scratch=$(mktemp -d /tmp/upgrade-fixture-XXXXXX)
emulator_pid=
cleanup() {
  [ -z "$emulator_pid" ] || kill "$emulator_pid" 2>/dev/null || true
  rm -rf "$scratch"
}
trap cleanup EXIT

log "starting the emulator of $short"
node "$old/dist/emulator/cli.js" --data "$scratch/emulator.json" --deploy-delay-ms 50 >"$scratch/emulator.log" 2>&1 &
emulator_pid=$!
for _ in $(seq 1 100); do grep -q FUTROU_API_TOKEN= "$scratch/emulator.log" && break || sleep 0.1; done
url=$(sed -n 's/.*export FUTROU_API_URL=//p' "$scratch/emulator.log")
token=$(sed -n 's/.*export FUTROU_API_TOKEN=//p' "$scratch/emulator.log")
[ -n "$url" ] && [ -n "$token" ] || { cat "$scratch/emulator.log" >&2; exit 1; }
export FUTROU_API_URL=$url FUTROU_API_TOKEN=$token FUTROU_POLL_INTERVAL_MS=20

log "pulumi up of $program ($mode) with $short"
cp -r "$repo/$program" "$scratch/program"
rm -rf "$scratch/program/node_modules" "$scratch/program"/Pulumi.*.yaml
ln -s "$old/node_modules" "$scratch/program/node_modules"
mkdir "$scratch/backend"
export PULUMI_BACKEND_URL="file://$scratch/backend"
cd "$scratch/program"
if [ "$mode" = plugin ]; then
  printf 'plugins:\n  providers:\n    - name: futrou\n      path: %s\n' "$old/dist/plugin" >>Pulumi.yaml
fi
pulumi stack init "$stack" --non-interactive >/dev/null
pulumi config set --secret dbPassword "$db_password" >/dev/null
config='{"dbPassword": {"value": "'$db_password'", "secret": true}}'
if [ "$mode" = plugin ]; then
  pulumi config set futrou:mode plugin >/dev/null
  config='{"dbPassword": {"value": "'$db_password'", "secret": true}, "futrou:mode": {"value": "plugin"}}'
fi
PULUMI_NODEJS_TRANSPILE_ONLY=true pulumi up --yes --non-interactive --skip-preview >"$scratch/up.log" 2>&1 ||
  { cat "$scratch/up.log" >&2; exit 1; }
pulumi stack export >"$scratch/state.json"
kill "$emulator_pid" && wait "$emulator_pid" 2>/dev/null || true
emulator_pid=

for secret in "$token" "$db_password"; do
  if grep -qF "$secret" "$scratch/state.json"; then
    log "the state holds a secret in plain text; not recorded"
    exit 1
  fi
done

mkdir -p "$out"
cp "$scratch/state.json" "$out/state.json"
# The emulator's data file without credentials: the test issues its own token for the workspace.
node - "$scratch/emulator.json" "$out/emulator.json" "$short" <<'EOF'
const { readFileSync, writeFileSync, existsSync } = require("node:fs");
const [file, target] = process.argv.slice(2);
if (existsSync(`${file}.wal`) && readFileSync(`${file}.wal`, "utf8").trim() !== "") {
  throw new Error(`${file}.wal is not empty: the emulator did not fold its log into the data file on exit`);
}
const data = JSON.parse(readFileSync(file, "utf8"));
data.defaultToken = "";
data.tokens = {};
for (const user of Object.values(data.users ?? {})) if (user && typeof user === "object") user.password = "";
// Write-only values (a variable's value) are never answered: the test cannot tell them, so none is kept.
for (const table of Object.values(data.objects ?? {})) {
  for (const entry of Object.values(table)) {
    for (const k of Object.keys(entry.writeOnly ?? {})) entry.writeOnly[k] = "(not recorded: write-only)";
  }
}
writeFileSync(target, `${JSON.stringify(data, null, 1)}\n`);
EOF
for secret in "$token" "$db_password"; do
  if grep -qF "$secret" "$out/emulator.json"; then
    log "the emulator's data file holds a secret in plain text; not recorded"
    exit 1
  fi
done
cat >"$out/fixture.json" <<EOF
{
  "commit": "$(git -C "$repo" rev-parse "$short")",
  "mode": "$mode",
  "program": "$program",
  "stack": "$stack",
  "config": $config
}
EOF
cat >"$out/README.md" <<EOF
# Upgrade fixture: $short, $mode mode

A stack made by pulumi-futrou at commit $short ($(git -C "$repo" log -1 --format=%cs "$short")), with \`$program\` as it was then$([ "$mode" = plugin ] && echo " and \`futrou:mode: plugin\` (that commit's provider plugin)"), against that commit's emulator.
Recorded by \`scripts/record-upgrade-fixture.sh $short $mode\`.

- \`state.json\`: \`pulumi stack export\` after \`pulumi up\`, stack \`$stack\`; its secrets (the \`dbPassword\` config,
  a variable's value, the cron's headers) are encrypted with the tests' passphrase (\`PULUMI_CONFIG_PASSPHRASE\`,
  test/e2e/engine.ts). The token was given through \`FUTROU_API_TOKEN\` and is nowhere in it.
- \`emulator.json\`: that emulator's data file (\`--data\`) after the up, with every API token, password and
  write-only value (a variable's value, which the API never answers) removed: the workspace, and every object
  the state names, as the API answers them.
- \`fixture.json\`: the program, mode, stack name and config to run it again.

How the test (test/e2e/upgrade-e2e.test.ts) restores it: it copies \`emulator.json\` to a scratch folder and starts
today's emulator with it as its data file (\`startEmulator({ dataFile })\`: it loads the data files of older
versions), issues a token for the file's workspace, \`pulumi stack import\`s \`state.json\` into a fresh local
backend, and runs today's \`$program\` with the same config: \`pulumi preview --expect-no-changes\` must pass and
\`pulumi up\` must send no POST, PATCH or DELETE.
EOF
log "wrote $out ($(du -sh "$out" | cut -f1))"
