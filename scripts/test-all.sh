#!/usr/bin/env bash
# npm test: build, type-check and lint, then both test suites. The agent-CLI suite runs even when the
# main suite failed (and the other way round), and the last lines say how each went, so one failing
# file never hides what the other suite would have found.
set -u
cd "$(dirname "$0")/.."

# Node reads the whole bundle NODE_EXTRA_CA_CERTS names at every start, before any code runs: ~40 ms of
# CPU per process on the 2-core machine (the test sandboxes already give tessera a minimal environment,
# but vitest's workers, tsc, eslint and the tests' helper programs inherit this one). The checks and
# tests reach no network (the agents talk to a local fake model over plain HTTP), so they run without
# it; the installs that may reach the registry (npm's pretest, the agent CLIs' ensure-installed) keep
# it. A whole quiet run took 698-714 s instead of 748 s (CPU 1,342-1,385 s instead of 1,420 s).
offline() { env -u NODE_EXTRA_CA_CERTS "$@"; }

offline npm run build && offline npm run typecheck && offline npm run lint || exit 1

# Each suite also writes a JSON report, so the last lines can name the failed tests (CI keeps only the tail).
reports=$(mktemp -d)
trap 'rm -rf "$reports"' EXIT
json_report() { echo "--reporter=default --reporter=json --outputFile.json=$reports/$1.json"; }

offline npx vitest run $(json_report main)
main=$?
# What `npm run test:agents:only` runs, with the install kept apart from the offline tests.
node tests/agents/ensure-installed.mjs && offline npx vitest run -c tests/agents/vitest.config.ts $(json_report agents)
agents=$?

verdict() { if [ "$1" -eq 0 ]; then echo passed; else echo "FAILED (exit $1)"; fi; }
[ "$main" -eq 0 ] && [ "$agents" -eq 0 ] || node scripts/print-failures.mjs "$reports/main.json" "$reports/agents.json"
echo
echo "npm test: main suite (vitest run) $(verdict "$main"); agent-CLI suite (tests/agents) $(verdict "$agents")"
[ "$main" -eq 0 ] && [ "$agents" -eq 0 ]
