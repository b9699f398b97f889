#!/usr/bin/env bash
# Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
# tests/e2e/rules.sh: runs tests/rules_test.cpp as built against each rule variant of
# puzzle.cpp (tests/scripts/rule-variant; make e2e builds build/rules/NAME/rules_test):
# with one rule function changed by a line, the solver's outputs must still be those of
# the reference solver playing by the same rule functions, on maps where the change
# matters. One line per variant; the last line "N passed, M failed".
cd "$(dirname "$0")/../.." || exit 1
passed=0
failed=0
for name in $(python3 tests/scripts/rule-variant --list); do
  bin=build/rules/$name/rules_test
  if [ ! -x "$bin" ]; then
    echo "FAIL $name: $bin is not built (make e2e builds it)"
    failed=$((failed + 1))
  elif out=$(RULES_VARIANT=$name "$bin" --gtest_brief=1 2>&1); then
    echo "ok   $name"
    passed=$((passed + 1))
  else
    echo "FAIL $name:"
    grep -v '^Running main' <<<"$out" | head -n 20 | sed 's/^/     /'
    failed=$((failed + 1))
  fi
done
echo "$passed passed, $failed failed"
