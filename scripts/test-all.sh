#!/usr/bin/env bash
# npm test: build, type-check and lint, then both test suites. The agent-CLI suite runs even when the
# main suite failed (and the other way round), and the last lines say how each went, so one failing
# file never hides what the other suite would have found.
set -u
cd "$(dirname "$0")/.."

npm run build && npm run typecheck && npm run lint || exit 1

# Each suite also writes a JSON report, so the last lines can name the failed tests (CI keeps only the tail).
reports=$(mktemp -d)
trap 'rm -rf "$reports"' EXIT
json_report() { echo "--reporter=default --reporter=json --outputFile.json=$reports/$1.json"; }

npx vitest run $(json_report main)
main=$?
npm run test:agents:only -- $(json_report agents)
agents=$?

verdict() { if [ "$1" -eq 0 ]; then echo passed; else echo "FAILED (exit $1)"; fi; }
[ "$main" -eq 0 ] && [ "$agents" -eq 0 ] || node scripts/print-failures.mjs "$reports/main.json" "$reports/agents.json"
echo
echo "npm test: main suite (vitest run) $(verdict "$main"); agent-CLI suite (tests/agents) $(verdict "$agents")"
[ "$main" -eq 0 ] && [ "$agents" -eq 0 ]
