#!/usr/bin/env bash
# Everything, checked: the spec lints clean, generated/ matches it, the code type-checks,
# and the tests pass against a Prism mock of the same spec.
set -euo pipefail
cd "$(dirname "$0")/.."
export REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true

echo "test: lint openapi/"
npx --no-install redocly lint --format=summary
echo "test: no unannounced breaking change"
node scripts/breaking-changes.mjs
echo "test: generated/ matches openapi/"
node scripts/generate.mjs --check
echo "test: typecheck src/, generated/, test/"
npx --no-install tsc -p .
npx --no-install tsc -p test
echo "test: vitest"
npx --no-install vitest run "$@"
