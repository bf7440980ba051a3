#!/usr/bin/env bash
# `npm test`: the checks (types, boundaries, format, lint) run beside the tests instead of before them.
# The type check uses one core for about 10 s, time the test workers would otherwise wait for; the run
# fails when either fails, and the checks' findings are printed again at its end.
# Arguments: the mocha test globs. The islands are built first, also for the HTTP tests (they check the
# built assets' caching).
set -uo pipefail
checks_log="$(mktemp)"
trap 'rm -f "$checks_log"' EXIT

npm run check --silent >"$checks_log" 2>&1 &
checks=$!

npm run build --silent && mocha --parallel --jobs 3 "$@"
tests=$?

wait "$checks"
checked=$?
if [ "$checked" -ne 0 ]; then
  printf '\n==> checks failed (npm run check: types, boundaries, format, lint)\n'
  cat "$checks_log"
fi
[ "$tests" -eq 0 ] && [ "$checked" -eq 0 ]
