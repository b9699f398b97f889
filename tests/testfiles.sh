#!/usr/bin/env bash
# Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
# The bug-finding test files, quickly, for `make test`: every top-level
# test-N-FLAGS.txt is a valid map of at most 10x10, correctly named (N 1..15 distinct,
# FLAGS s or q then m, l or nothing), solved by the solver with its flags (exit 0,
# output, nothing on stderr) and its output accepted by tools/check; at most 15 of them,
# all but at most one with a // comment saying what it targets; no other top-level file
# starts with "test"; together they cover every situation of
# tools/testfiles/situations.py (it reads ./puzzle_trace, built by make test) and expose
# every counted bug of tools/bugs (`tools/bugs --expose`, what make mutants runs). A line
# per check; the last line is "N passed, M failed".
# Environment: PUZZLE_BIN (default ./puzzle).
# Then its Python scripts end quietly when their reader goes away (`| head`): no
# BrokenPipeError traceback.
cd "$(dirname "$0")/.." || exit 1
out=$(python3 tools/testfiles/check.py)
status=$?
summary=$(tail -n 1 <<<"$out")
sed '$d' <<<"$out"
passed=${summary%% passed*}
failed=${summary#*passed, }
failed=${failed%% failed*}
[[ $passed =~ ^[0-9]+$ && $failed =~ ^[0-9]+$ ]] || { echo "$out"; echo "0 passed, 1 failed"; exit 1; }
[ "$status" -eq 0 ] || [ "$failed" -gt 0 ] || failed=1
for script in tools/testfiles/check.py tools/testfiles/search.py tests/scripts/rule-variant; do
  case $script in *search.py) args=--help ;; *rule-variant) args=--list ;; *) args= ;; esac
  # shellcheck disable=SC2086
  err=$( { python3 "$script" $args | head -n 1 > /dev/null; } 2>&1)
  if [ -z "$err" ]; then
    passed=$((passed + 1))
    echo "ok    $script | head: quiet"
  else
    failed=$((failed + 1))
    echo "FAIL  $script | head: $(tail -n 1 <<<"$err")"
  fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
