# Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
# shellcheck shell=bash
# The verdict helpers of the test scripts that run a tool once per test and keep what
# it printed in $tmp/NAME.out (or in $out) and its exit status in $status
# (tests/compare.sh, tests/diagnose.sh, and others): sourced, not run. The script
# prints "$passed passed, $failed failed" at its end.
# It also makes the script's temporary folder, $tmp, removed when the script ends (unless
# the script made its own), and ends the script with 130 on Ctrl-C (SIGINT) or SIGTERM
# (the EXIT trap cleans up).
# shellcheck disable=SC2154  # status is the sourcing script's
passed=0
failed=0
if [ -z "${tmp:-}" ]; then
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
fi
trap 'exit 130' INT TERM

# result NAME PROBLEM...: ok when no PROBLEM is given (empty strings are ignored); a
# failure lists the problems and the last 30 lines of the output under test: $out when
# the script sets it, else $tmp/NAME.out.
result() {
  local name=$1 p problems=()
  shift
  for p in "$@"; do [ -n "$p" ] && problems+=("$p"); done
  if [ ${#problems[@]} -eq 0 ]; then
    passed=$((passed + 1))
    echo "ok    $name"
  else
    failed=$((failed + 1))
    echo "FAIL  $name"
    printf '      %s\n' "${problems[@]}"
    local shown=${out:-$tmp/$name.out}
    [ -f "$shown" ] && sed 's/^/      | /' "$shown" | tail -n 30
  fi
}
# expect_text NAME TEXT: the output holds TEXT (a fixed string).
expect_text() {
  grep -qF -- "$2" "$tmp/$1.out" || echo "the output does not say: $2"
}
# expect_status NAME STATUS: the run exited with STATUS.
expect_status() {
  [ "$status" -eq "$2" ] || echo "exit status $status, expected $2"
}
