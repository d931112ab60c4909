#!/usr/bin/env bash
# The ESLint plugin's tests (test/eslint/) against ESLint 10, besides the devDependency (ESLint 9):
# ESLint 10 is installed from the npm registry into a temporary directory, and the tests load it
# from there (AGENTS_LINT_ESLINT_DIR, read by test/eslint/eslint-under-test.ts). Needs a build.
# Usage: .ci/eslint-10.sh REPORT_DIR (the vitest JSON report goes there).
set -uo pipefail
cd "$(dirname "$0")/.."
reports="$1"
# Pinned: a new ESLint release must not change what a CI run tests without a commit saying so.
VERSION=10.16.0
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
echo '{ "name": "eslint-10", "private": true }' > "$work/package.json"
(cd "$work" && npm install --no-audit --no-fund --silent "eslint@$VERSION") || { echo "cannot install eslint@$VERSION from the npm registry" >&2; exit 1; }
[ "$(node -p "require('$work/node_modules/eslint/package.json').version")" = "$VERSION" ] || { echo "eslint@$VERSION did not install" >&2; exit 1; }
AGENTS_LINT_ESLINT_DIR="$work" npx vitest run test/eslint --reporter=default --reporter=json --outputFile.json="$reports/eslint-10.json"
