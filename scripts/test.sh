#!/usr/bin/env bash
# Everything, checked, in named stages; `npm test` runs them all, in this order:
#   style     the formatter's layout and the linter's rules (Biome, biome.jsonc) over the tree's code
#   spec      the spec lints clean, no unannounced breaking change, generated/ matches it, its tests
#   unit      src/, generated/, test/ and scripts/ type-check; the client's and the scripts' own tests
#   contract  every operation against a Prism mock of the same spec; the synthetic spec's lists,
#             uploads, downloads (test/contract/shapes.test.ts) and event streams (test/contract/streams.test.ts)
#   package   the packed package installed into a fresh project; the consumer bundle's size
#   docs      Chromium set up (scripts/setup-chromium.mjs), then the docs page opened in it
#   dev       npm run dev: regeneration on save, the servers, no orphan after any exit
#   corpus    every document of ../shared/documents/index.json, in a copy of the project, generates
#             and type-checks (test/documents/builds.test.ts); every OpenAPI 3.2 one, and the synthetic
#             spec as 3.2, through the whole pipeline (test/documents/openapi32.test.ts); skipped
#             where the corpus is absent
# and two that run only when named:
#   runtimes  the packed package on Node 20, 22 and 24, Bun, Deno (network only) and workerd (Miniflare)
#             (slow, about 750 MB of runtimes cached in node_modules/.cache/runtimes/)
#   documents every document of ../shared/documents/index.json, each in a copy of the project,
#             side by side: generate, type check, pack, a strict user of every method, every method
#             called against the mock (as written and without examples), the stateful round trips;
#             the scoreboard in test-results/documents/scoreboard.md (test/documents/corpus.test.ts)
#   bash scripts/test.sh [stage ...]     (npm run test:<stage> runs one)
set -euo pipefail
cd "$(dirname "$0")/.."
export REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true REDOCLY_SUPPRESS_NOTIFICATIONS=true

STAGES=(style spec unit contract package docs dev corpus)
NAMED_ONLY=(runtimes documents)
# each stage's counts also go to test-results/, for the closing line
vitest() { npx --no-install vitest run --reporter=default --reporter=json --outputFile.json="test-results/vitest-$stage.json" "$@"; }

stage_style() {
  echo "test: the formatter's layout and the linter's rules over the tree (biome.jsonc)"
  npx --no-install biome ci --colors=off --error-on-warnings .
}

# prints what the background job $2 wrote to $3 once it ends, under the heading $1; fails as it did
finished() {
  echo "test: $1"
  local code=0
  wait "$2" || code=$?
  cat "$3"
  return "$code"
}

stage_spec() {
  # the three checks side by side (each reads openapi/, none writes), each one's output in this order
  mkdir -p test-results
  npx --no-install redocly lint --format=summary >test-results/spec-lint.log 2>&1 &
  local lint=$!
  node scripts/breaking-changes.mjs >test-results/spec-breaking.log 2>&1 &
  local breaking=$!
  node scripts/generate.mjs --check >test-results/spec-generate.log 2>&1 &
  local generate=$! failed=0
  finished "lint openapi/" "$lint" test-results/spec-lint.log || failed=1
  finished "no unannounced breaking change" "$breaking" test-results/spec-breaking.log || failed=1
  finished "generated/ matches openapi/" "$generate" test-results/spec-generate.log || failed=1
  [ "$failed" -eq 0 ] || return 1
  vitest test/spec
}

stage_unit() {
  # the typecheck runs beside the tests, on the time their files spend waiting on a child or a timer;
  # its output is printed after them, and either failing fails the stage
  echo "test: typecheck src/, generated/, test/, scripts/ (beside the tests)"
  mkdir -p test-results
  { npx --no-install tsc -p . && npx --no-install tsc -p test && npx --no-install tsc -p scripts; } >test-results/typecheck.log 2>&1 &
  local typecheck=$! tests=0
  vitest test/src test/examples test/scripts --exclude test/scripts/dev/dev.test.ts || tests=$?
  if ! wait "$typecheck"; then
    cat test-results/typecheck.log
    echo "test: typecheck failed"
    return 1
  fi
  echo "test: typecheck passed"
  return "$tests"
}

stage_contract() { vitest test/contract; }
stage_package() { vitest test/package; }

stage_docs() {
  node scripts/setup-chromium.mjs
  vitest test/docs
}

stage_dev() { vitest test/scripts/dev/dev.test.ts; }

stage_runtimes() {
  node scripts/setup-runtimes.mjs
  vitest test/runtimes
}

# their own config: no project-wide mock, documents side by side
stage_corpus() { vitest --config test/documents/vitest.config.ts test/documents/builds.test.ts test/documents/references.test.ts test/documents/openapi32.test.ts; }
stage_documents() { vitest --config test/documents/vitest.config.ts test/documents/corpus.test.ts; }

chosen=("$@")
[ ${#chosen[@]} -eq 0 ] && chosen=("${STAGES[@]}")
for stage in "${chosen[@]}"; do
  if [[ ! " ${STAGES[*]} ${NAMED_ONLY[*]} " == *" $stage "* ]]; then
    echo "test: unknown stage $stage; the stages are: ${STAGES[*]} ${NAMED_ONLY[*]}" >&2
    exit 2
  fi
done
rm -f test-results/vitest-*.json
for stage in "${chosen[@]}"; do
  echo "test: == $stage =="
  started=$SECONDS
  "stage_$stage"
  echo "test: $stage passed in $((SECONDS - started)) s"
done
# one closing line over every stage's tests
node -e '
  const { existsSync, readdirSync, readFileSync } = require("node:fs");
  let passed = 0, failed = 0;
  const reports = existsSync("test-results") ? readdirSync("test-results") : [];
  for (const f of reports.filter((f) => /^vitest-.*\.json$/.test(f))) {
    const r = JSON.parse(readFileSync(`test-results/${f}`, "utf8"));
    passed += r.numPassedTests; failed += r.numFailedTests;
  }
  console.log(`test: ${passed} passed, ${failed} failed`);
'

