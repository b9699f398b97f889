#!/usr/bin/env bash
# Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
# Ctrl-C stops a long target at once: each target below is started in a session of its
# own with TMPDIR set to an empty folder, gets SIGINT on its whole process group after a
# few seconds, as a terminal's Ctrl-C sends it, and must then end within 5 s with exit
# status 130, print no failure (an interrupted run counts nothing), leave no process of
# its session running and leave TMPDIR empty. Tools have their own such tests
# (tests/compare.sh, tests/grade.sh); this one holds `make test` (tests/run-all) and
# `tools/compare --diagnose`. Run by tests/run-all from the repository root, after make
# test built everything (the `make test` started here builds nothing). Ends with
# "N passed, M failed".
set -u
cd "$(dirname "$0")/.." || exit 1
# shellcheck source=tests/scripts/results.sh
. tests/scripts/results.sh

# interrupt NAME AFTER COMMAND...: runs COMMAND in its own session, sends SIGINT to its
# process group AFTER seconds, and waits up to 5 s for it; its output in $tmp/NAME.out,
# exit status in $status, seconds from the signal to its end in $took, what it left in
# $left (processes) and $litter (files in its TMPDIR).
interrupt() {
  local name=$1 after=$2 pid t0 i
  shift 2
  mkdir -p "$tmp/$name.tmp"
  env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS TMPDIR="$tmp/$name.tmp" tests/scripts/in-session "$@" > "$tmp/$name.out" 2>&1 < /dev/null &
  pid=$!
  sleep "$after"
  t0=$SECONDS
  kill -INT -- "-$pid" 2>/dev/null
  for ((i = 0; i < 50; i++)); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  if kill -0 "$pid" 2>/dev/null; then
    kill -KILL -- "-$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    status="none within 5 s"
  else
    wait "$pid" 2>/dev/null
    status=$?
  fi
  took=$((SECONDS - t0))
  sleep 0.3
  left=$(ps -o pid=,stat=,args= -s "$pid" 2>/dev/null | awk '$2 !~ /^Z/')  # zombies have ended
  [ -n "$left" ] && pkill -KILL -s "$pid"
  litter=$(ls -A "$tmp/$name.tmp")
}
# clean: the problems of the last interrupt, as result takes them.
clean() {
  [ "$status" = 130 ] || echo "exit status $status, expected 130 (took $took s after SIGINT)"
  [ -z "$left" ] || echo "processes left running: $(tr '\n' ';' <<<"$left")"
  [ -z "$litter" ] || echo "left in TMPDIR: $(tr '\n' ' ' <<<"$litter")"
}

# 1. make test: the suite running is stopped, run-all says "interrupted" (or make says
#    "Interrupt", when it was still building), nothing is counted.
interrupt make-test 4 make --no-print-directory test
result make-test "$(clean)" \
  "$(grep -qE '^interrupted$|\] Interrupt$' "$tmp/make-test.out" || echo "neither run-all's 'interrupted' nor make's 'Interrupt'")" \
  "$(! grep -qE '^[0-9]+ passed, [0-9]+ failed$|FAIL' "$tmp/make-test.out" || echo "a count or a failure was printed")"

# 2. tools/compare --diagnose on a solver that takes its time on every run.
printf '#!/bin/sh\nsleep 0.3\nexec %q "$@"\n' "$(realpath "${PUZZLE_BIN:-./puzzle}")" > "$tmp/slow"
chmod +x "$tmp/slow"
interrupt diagnose 3 tools/compare --diagnose --out "$tmp/diagnose-out" "$tmp/slow"
result diagnose "$(clean)"

echo "$passed passed, $failed failed"
