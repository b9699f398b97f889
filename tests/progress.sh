#!/usr/bin/env bash
# Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
# Tests of what the long targets print and how they end: tests/run-all (a
# line per suite with its counts and time, the framing of googletest and of scripts left
# out, every test counted, the summary line last), tests/fuzz/run (progress lines, one
# verdict line, the exit status) and bench/run (goals as "met"/"not met", exit 1 only
# for a wrong answer or a failed run, BASE= columns and byte check, WRITE=1 into a
# README, one verdict line).
# run-all and fuzz/run get stand-ins in a temporary folder (test binaries and scripts
# that report given counts, a fuzzer that prints libFuzzer's lines); bench/run times the
# real ./puzzle on one small map. Run by tests/run-all from the repository root, after
# `make test` (or `make sanitize`) built ./puzzle, tools/, the test binaries and
# bench/floor. Ends with "N passed, M failed".
set -u
cd "$(dirname "$0")/.." || exit 1
# shellcheck source=tests/scripts/results.sh
. tests/scripts/results.sh

# has NAME REGEX: the output has a line matching REGEX (grep -E).
has() { grep -qE -- "$2" "$tmp/$1.out" || echo "no line matching: $2"; }
# lacks NAME REGEX: no line of the output matches REGEX.
lacks() { ! grep -qE -- "$2" "$tmp/$1.out" || echo "a line matches what must not be there: $2"; }
# last NAME TEXT: the output's last line is exactly TEXT.
last() {
  local l
  l=$(tail -n 1 "$tmp/$1.out")
  [ "$l" = "$2" ] || echo "last line '$l', expected '$2'"
}
# last_like NAME REGEX: the output's last line matches REGEX.
last_like() {
  local l
  l=$(tail -n 1 "$tmp/$1.out")
  grep -qE -- "$2" <<<"$l" || echo "last line '$l' does not match: $2"
}
status_is() { [ "$status" -eq "$1" ] || echo "exit status $status, expected $1"; }

# --- tests/run-all ----------------------------------------------------------------------
# fake_gtest NAME TESTS FAILURES EXIT [LINE...]: a test binary that prints the LINEs,
# writes googletest's XML report (unless TESTS is "none") and exits with EXIT.
fake_gtest() {
  local f=$tmp/bins/$1_test
  mkdir -p "$tmp/bins"
  {
    echo '#!/usr/bin/env bash'
    echo 'for a in "$@"; do case $a in --gtest_output=xml:*) xml=${a#--gtest_output=xml:};; esac; done'
    [ $# -ge 5 ] && printf 'echo %q\n' "${@:5}"
    if [ "$2" != none ]; then
      printf 'echo %q > "$xml"\n' '<?xml version="1.0" encoding="UTF-8"?>'
      printf 'echo %q >> "$xml"\n' "<testsuites tests=\"$2\" failures=\"$3\" disabled=\"0\" errors=\"0\" time=\"0.1\" timestamp=\"2024-01-01T00:00:00\" name=\"AllTests\">"
    fi
    echo "exit $4"
  } > "$f"
  chmod +x "$f"
}
# fake_script NAME EXIT LINE...: a tests/*.sh stand-in that prints the LINEs.
fake_script() {
  mkdir -p "$tmp/scripts"
  { printf 'echo %q\n' "${@:3}"; echo "exit $2"; } > "$tmp/scripts/$1.sh"
}
run_all() {  # run_all NAME: tests/run-all on $tmp/bins and $tmp/scripts
  out=$tmp/$1.out
  TEST_BIN_DIR=$tmp/bins TEST_SCRIPT_DIR=$tmp/scripts bash tests/run-all > "$out" 2>&1
  status=$?
}

# 1. All passing: a line per suite with counts and time, googletest's and a script's
#    framing left out, what a suite prints on purpose kept, the summary last, exit 0.
fake_gtest alpha 3 0 0 'Running main() from gtest_main.cc' 'alpha: 12 maps checked' \
  '[==========] 3 tests from 1 test suite ran. (5 ms total)' '[  PASSED  ] 3 tests.'
fake_script beta 0 'ok    first' 'ok    second' '2 passed, 0 failed'
run_all passing
result run-all-passing "$(status_is 0)" \
  "$(has passing '^alpha_test +3 passed, 0 failed +[0-9]+\.[0-9] s$')" \
  "$(has passing '^beta\.sh +2 passed, 0 failed +[0-9]+\.[0-9] s$')" \
  "$(has passing '^    alpha: 12 maps checked$')" \
  "$(lacks passing 'Running main|\[==========\]|PASSED|ok    first')" \
  "$(has passing '^2 suites in [0-9]+\.[0-9] s$')" \
  "$(last passing '5 passed, 0 failed')"

# 2. Failures count: a failing test, a binary that dies before its report, a binary that
#    exits 1 with no failing test, a script without a summary, a script that exits 1
#    with "0 failed". Each shows why under its line; the total counts every one.
fake_gtest gamma 4 1 1 '[  FAILED  ] Gamma.Wrong (1 ms)'
fake_gtest delta none 0 134 'Aborted'
fake_gtest epsilon 2 0 1
fake_script zeta 1 'something broke'
fake_script eta 1 'ok    one' '1 passed, 0 failed'
run_all failing
result run-all-failing "$(status_is 1)" \
  "$(has failing '^gamma_test +3 passed, 1 failed +[0-9]+\.[0-9] s$')" \
  "$(has failing '^    \[  FAILED  \] Gamma\.Wrong')" \
  "$(has failing '^delta_test +0 passed, 1 failed .*died with exit 134 before reporting')" \
  "$(has failing '^epsilon_test +2 passed, 1 failed .*exit 1 with no failing test')" \
  "$(has failing '^zeta\.sh +0 passed, 1 failed .*without a summary line')" \
  "$(has failing '^    something broke$')" \
  "$(has failing '^eta\.sh +1 passed, 1 failed .*exit 1 with no failing test')" \
  "$(last failing '11 passed, 5 failed')"

# 3. A real GoogleTest binary: its report is read right (the count of the tests chosen
#    by GTEST_FILTER, as --gtest_list_tests gives it).
rm -rf "$tmp/bins" "$tmp/scripts"
mkdir -p "$tmp/bins" "$tmp/scripts"
real=${TEST_BIN_DIR:-build/tests}/search_test  # make sanitize runs its own builds
[[ $real == /* ]] || real=$PWD/$real
ln -s "$real" "$tmp/bins/real_test"
filter='EdgeTest.*:RulesTest.*'
want=$(GTEST_FILTER=$filter "$real" --gtest_list_tests | grep -c '^  ')
GTEST_FILTER=$filter run_all real
result run-all-real-binary "$(status_is 0)" "$([ "$want" -gt 0 ] || echo "no test matches $filter")" \
  "$(has real "^real_test +$want passed, 0 failed")" "$(last real "$want passed, 0 failed")"

# --- tests/fuzz/run ---------------------------------------------------------------------
# fake_fuzzer NAME SECONDS EXIT LINE...: prints a status line, waits, prints the LINEs.
fake_fuzzer() {
  {
    echo '#!/usr/bin/env bash'
    echo "echo 'INFO: Seed: 1234'"
    printf 'echo %q\n' '#2048	pulse  cov: 321 ft: 654 corp: 17/2Kb lim: 4096 exec/s: 1024 rss: 40Mb'
    echo "sleep $2"
    printf 'echo %q\n' "${@:4}"
    echo "exit $3"
  } > "$tmp/$1"
  chmod +x "$tmp/$1"
}
fuzz() {  # fuzz NAME: tests/fuzz/run on the fake fuzzer NAME, a progress line a second
  out=$tmp/$1.out
  FUZZ_PROGRESS_SECONDS=1 bash tests/fuzz/run "$tmp/$1.log" "$tmp/$1" -print_final_stats=1 "$tmp/corpus" \
    > "$out" 2>&1
  status=$?
}

# 4. No crash: progress lines while it runs, none of the fuzzer's own lines, the verdict.
fake_fuzzer calm 1.5 0 'Done 4242 runs in 2 second(s)' 'stat::number_of_executed_units: 4242'
fuzz calm
result fuzz-no-crash "$(status_is 0)" \
  "$(has calm '^fuzz: +1 s, 2048 runs, coverage 321, corpus 17 inputs$')" \
  "$(lacks calm 'INFO|pulse|stat::')" \
  "$(last_like calm '^fuzz: 4242 runs in [0-9]+ s, no crash$')"

# 5. A crash: the sanitizer's report, how to replay, then the verdict naming the input.
fake_fuzzer crashing 0 1 '==7==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x1' \
  '    #0 0x1 in puzzle::parse puzzle.cpp:100' \
  'SUMMARY: AddressSanitizer: heap-buffer-overflow puzzle.cpp:100 in puzzle::parse' \
  "artifact_prefix='$tmp/art/'; Test unit written to $tmp/art/crash-0123abcd" \
  'stat::number_of_executed_units: 99'
fuzz crashing
result fuzz-crash "$(status_is 1)" \
  "$(has crashing '^  \| SUMMARY: AddressSanitizer: heap-buffer-overflow')" \
  "$(has crashing "replay it with: $tmp/crashing $tmp/art/crash-0123abcd")" \
  "$(last crashing "fuzz: crash, input saved to $tmp/art/crash-0123abcd")"

# 6. A fuzzer that fails without saving an input is no "no crash".
fake_fuzzer broken 0 1 'ERROR: unknown flag -bogus'
fuzz broken
result fuzz-failed "$(status_is 1)" "$(last_like broken '^fuzz: failed \(exit 1\)')"

# --- bench/run --------------------------------------------------------------------------
# bench NAME VAR=VALUE...: bench/run on the smallest default map (500x500, 0 colors,
# unsolvable; 5 timed runs), with the maps and results in $tmp.
bench() {
  local name=$1
  shift
  out=$tmp/$name.out
  env MAPDIR="$tmp/maps" OUTDIR="$tmp/results-$name" FILTER='500x500/0/open/no' RUNS=1 \
    PUZZLE=./puzzle BASE= "$@" bash bench/run > "$out" 2>&1
  status=$?
}
cp ./puzzle "$tmp/base"
# A solver 0.2 s slower than ./puzzle: same answers, a goal not met.
printf '#!/usr/bin/env bash\nsleep 0.2\nexec %q "$@"\n' "$PWD/puzzle" > "$tmp/slow"
# A solver whose output differs from ./puzzle's in its second line.
printf '#!/usr/bin/env bash\n%q "$@" | sed "2s/^./X/"\n' "$PWD/puzzle" > "$tmp/differs"
# A solver that claims a solution where there is none.
printf '#!/usr/bin/env bash\ncat > /dev/null\necho "(^, (0, 0))"\n' > "$tmp/wrong"
chmod +x "$tmp/slow" "$tmp/differs" "$tmp/wrong"

# 7. BASE=: the base's columns and the ratio-to-base summary; same bytes, exit 0.
bench base BASE="$tmp/base"
result bench-base "$(status_is 0)" \
  "$(has base ' base_s to_base  answer$')" \
  "$(has base '^500x500/0/open/no +QM .* [0-9]+\.[0-9]{3} +[0-9]+\.[0-9]{2}  ok$')" \
  "$(has base '^  ratio to base \(seconds / base seconds, 1 rows\): worst [0-9.]+ \(500x500/0/open/no QM\), median [0-9.]+$')" \
  "$(has base '^  answers: all 1 right$')" \
  "$(last_like base '^bench: ok: answers all 1 right; goals met: [0-9]+ of [0-9]+; ratio to base: worst [0-9.]+, median [0-9.]+; [0-9]+ s$')"

# 8. A goal not met is said as such and does not fail the run; no PASS/FAIL words.
bench slow PUZZLE="$tmp/slow"
result bench-goal-not-met "$(status_is 0)" \
  "$(has slow '^  goal  unsolvable maps <= 3x floor +worst +[0-9.]+x  not met  \(500x500/0/open/no QM\)$')" \
  "$(lacks slow 'PASS|FAIL')" "$(lacks slow ' base_s ')" \
  "$(last_like slow '^bench: ok: answers all 1 right; goals met: [0-9]+ of [0-9]+; [0-9]+ s$')"

# 9. A base whose output differs: reported with where, and the run fails.
bench differs BASE="$tmp/differs"
result bench-base-differs "$(status_is 1)" \
  "$(has differs '^500x500/0/open/no .* ok; base: differs: byte [0-9]+, line 2$')" \
  "$(last_like differs '^bench: FAILED: answers 1 of 1 wrong or failed;')"

# 10. A wrong answer fails the run.
bench wrong PUZZLE="$tmp/wrong"
result bench-wrong-answer "$(status_is 1)" \
  "$(has wrong 'wrong: solvable claimed')" \
  "$(last_like wrong '^bench: FAILED: answers 1 of 1 wrong or failed;')"

# 11. WRITE=1: the run's table, from its first line (date, machine, set) to its notes,
#     replaces what lies between the README's marker lines; the rest stays as it was.
#     A README without the markers is a usage error, before anything runs.
begin='<!-- bench table: written by `make bench WRITE=1` from here -->'
end='<!-- bench table: to here -->'
printf 'Before.\n%s\nan old table\n%s\nAfter.\n' "$begin" "$end" > "$tmp/readme.md"
bench write WRITE=1 BENCH_README="$tmp/readme.md"
{ echo Before.; echo "$begin"; cat "$tmp/results-write/latest.md"; echo "$end"; echo After.; } > "$tmp/readme.want"
result bench-write "$(status_is 0)" "$(has write "^bench: table written into $tmp/readme.md$")" \
  "$(cmp -s "$tmp/readme.md" "$tmp/readme.want" || echo "the README is not the old text around the run's table")" \
  "$(grep -q '^Machine: .*FILTER=500x500/0/open/no' "$tmp/readme.md" || echo "the table's first line does not name its set")"
echo 'no markers' > "$tmp/plain.md"
bench unmarked WRITE=1 BENCH_README="$tmp/plain.md"
result bench-write-no-markers "$(status_is 2)" "$(has unmarked "^bench: WRITE=1: $tmp/plain.md lacks the lines")" \
  "$(grep -qx 'no markers' "$tmp/plain.md" || echo "the README was changed")"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
