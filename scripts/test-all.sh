#!/usr/bin/env bash
# npm test: build, type-check and lint, then both test suites. The agent-CLI suite runs even when the
# main suite failed (and the other way round), and the last lines say how each went, so one failing
# file never hides what the other suite would have found.
set -u
cd "$(dirname "$0")/.."

npm run build && npm run typecheck && npm run lint || exit 1

npx vitest run
main=$?
npm run test:agents:only
agents=$?

verdict() { if [ "$1" -eq 0 ]; then echo passed; else echo "FAILED (exit $1)"; fi; }
echo
echo "npm test: main suite (vitest run) $(verdict "$main"); agent-CLI suite (tests/agents) $(verdict "$agents")"
[ "$main" -eq 0 ] && [ "$agents" -eq 0 ]
