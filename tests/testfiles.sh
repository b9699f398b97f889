#!/usr/bin/env bash
# Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
# The bug-finding test files, for `make test`: `tools/testfiles/testfiles.py check` (its
# --help says what it checks; it reads ./puzzle_trace, built by make test), then that the
# Python scripts end quietly when their reader goes away (`| head`: no BrokenPipeError
# traceback). A line per check; the last line is "N passed, M failed".
# Environment: PUZZLE_BIN (default ./puzzle).
cd "$(dirname "$0")/.." || exit 1
out=$(python3 tools/testfiles/testfiles.py check)
status=$?
summary=$(tail -n 1 <<<"$out")
sed '$d' <<<"$out"
if [[ $summary =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed$ ]]; then
  passed=${BASH_REMATCH[1]} failed=${BASH_REMATCH[2]}
else
  echo "$summary"
  passed=0 failed=1
fi
[ "$status" -eq 0 ] || [ "$failed" -gt 0 ] || failed=1
for command in "tools/testfiles/testfiles.py check" "tests/scripts/rule-variant --list"; do
  # shellcheck disable=SC2086
  err=$( { python3 $command | head -n 1 > /dev/null; } 2>&1)
  if [ -z "$err" ]; then
    passed=$((passed + 1))
    echo "ok    $command | head: quiet"
  else
    failed=$((failed + 1))
    echo "FAIL  $command | head: $(tail -n 1 <<<"$err")"
  fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
