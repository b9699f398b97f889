#!/usr/bin/env bash
# Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
# Tests of tools/compare --diagnose, run by tests/run-all from the repository root:
# solvers made from mutants of puzzle.cpp (their builds in build/mutants/) are each
# diagnosed as that mutant, with its description, the spec's sentence it breaks and every
# run shown reproduced; a solver with two mutants' edits at once gets "no known bug
# reproduces every difference" and one of the two as the closest; puzzle itself gets no
# diagnosis (and no mutant is built); when several mutants explain the runs, a map that
# tells them apart is found, shrunk, written as a valid test file on which they differ,
# and run, and only the one that behaves as the solver there is named; a mutant that no
# longer applies or compiles is named and skipped; the exit status is compare's; bad
# usage exits 2; `make diagnose` runs it.
# The mutants tried are a set of 19 (--mutants), so that the test builds few (21 with
# test 4's): about 30 s once built (about 30 s more the first time, building them, cached in
# build/mutants/). Prints one line per test and ends with "N passed, M failed".
# Environment: PUZZLE_BIN (default ./puzzle), CXX (default g++, for the two-bug solvers).
set -u
cd "$(dirname "$0")/.." || exit 1
COMPARE=tools/compare
PUZZLE=$(realpath "${PUZZLE_BIN:-./puzzle}")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=tests/scripts/results.sh
. tests/scripts/results.sh

# The mutants --diagnose tries here: the targets and, for each, others of its kind that
# could be mistaken for it.
TARGETS=(order-eswn map-no-percent list-omits-start comments-not-skipped colors-27-accepted output-default-list
         nosol-exit-1)
SET=$(IFS=,; echo "${TARGETS[*]},errors-on-stdout,order-wsen,order-nsew,stack-pops-front,map-no-at,map-percent-at-swapped,list-omits-start-adjacent,list-omits-target,one-comment-line,colors-26-rejected,output-modes-swapped,nosol-target-shown")

# diagnose NAME ARGS...: runs tools/compare --diagnose; stdout in $tmp/NAME.out, stderr
# in $tmp/NAME.err, exit status in $status.
diagnose() {
  local name=$1
  shift
  "$COMPARE" --diagnose --out "$tmp/$name-tests" "$@" > "$tmp/$name.out" 2> "$tmp/$name.err"
  status=$?
}
# named NAME: the mutants the diagnosis names, one a line.
named() { sed -nE 's/^diagnosis: ([a-z0-9-]+): .*/\1/p' "$tmp/$1.out"; }
# ends_with_last NAME: the last line is compare's usual one.
ends_with_last() {
  tail -n 1 "$tmp/$1.out" | grep -qE '^compare: [0-9]+ of [0-9]+ runs differ' || echo "the last line is not compare's: $(tail -n 1 "$tmp/$1.out")"
}

if [ ! -x "$COMPARE" ] || [ ! -x tools/mapgen ] || [ ! -x "$PUZZLE" ]; then
  echo "tools/compare, tools/mapgen or $PUZZLE is missing: run 'make release tools'"
  echo "0 passed, 1 failed"
  exit 1
fi
# Test 4's solver and the orders it is told apart from are built too.
if ! CXX=${CXX:-g++} python3 tools/mutants/mutate.py build --only "$SET,order-nswe,order-snew" > "$tmp/build.log" 2>&1; then
  sed 's/^/      | /' "$tmp/build.log" | tail -n 10
fi

# 1. puzzle itself: nothing differs, so no diagnosis, no mutant built, exit 0.
diagnose self --mutants "$SET" --maps 50 "$PUZZLE"
result self "$(expect_status self 0)" "$(ends_with_last self)" \
  "$( [ -z "$(named self)" ] && ! grep -q '^diagnosis:' "$tmp/self.out" || echo 'puzzle got a diagnosis')" \
  "$(expect_text self 'note: --diagnose: no run differs from puzzle')" \
  "$( ! grep -q 'building the mutants' "$tmp/self.err" || echo 'mutants were built for puzzle')"

# 2. Each target's build as SOLVER: diagnosed as itself (another mutant may be named
#    beside it only if it reproduces every run shown as well), with its description from
#    tools/mutants/mutants.txt, the spec's sentence in quotes, and every run shown
#    reproduced; exit 1 as compare's.
for target in "${TARGETS[@]}"; do
  solver=build/mutants/$target/puzzle
  if [ ! -x "$solver" ]; then
    result "mutant-$target" "no build $solver (see the build above)"
    continue
  fi
  maps=100
  [ "$target" = order-eswn ] && maps=200  # compare's default maps, once
  diagnose "mutant-$target" --mutants "$SET" --maps $maps --shrink-time 2 "$solver"
  desc=$(python3 tools/mutants/mutate.py list | awk -F'\t' -v n="$target" '$1 == n { print $3 }')
  spec=$(awk -v n="=== $target" '$0 == n { on = 1; next } /^=== / { on = 0 } on && /^spec: / { sub(/^spec: /, ""); print; exit }' tools/mutants/mutants.txt)
  out=$tmp/mutant-$target.out
  problems=("$(expect_status "mutant-$target" 1)" "$(ends_with_last "mutant-$target")")
  named "mutant-$target" | grep -qx -- "$target" || problems+=("not diagnosed as $target: $(grep -E '^diagnosis' "$out")")
  grep -qF -- "diagnosis: $target: $desc" "$out" || problems+=("no line 'diagnosis: $target: $desc'")
  grep -A1 -F -- "diagnosis: $target: " "$out" | grep -qxF -- "  spec: \"$spec\"" || problems+=("no spec line \"$spec\" under it")
  line=$(grep -A2 -F -- "diagnosis: $target: " "$out" | sed -n 3p)
  [[ $line =~ ^\ \ reproduces\ ([0-9]+)\ of\ ([0-9]+)\ differing\ runs\ and\ ([0-9]+)\ of\ ([0-9]+)\ agreeing\ runs$ ]] &&
    [ "${BASH_REMATCH[1]}" = "${BASH_REMATCH[2]}" ] && [ "${BASH_REMATCH[1]}" -gt 0 ] &&
    [ "${BASH_REMATCH[3]}" = "${BASH_REMATCH[4]}" ] || problems+=("not 'reproduces K of K differing runs and A of A agreeing runs': '$line'")
  # The block is the end of the report: diagnosis lines and their indented lines, then the last line.
  sed -n '/^diagnosis: /,$p' "$out" | sed '$d' | grep -vqE '^(diagnosis: |  )' && problems+=("other lines inside the diagnosis block")
  result "mutant-$target" "${problems[@]}"
done
out=

# 3. Two bugs at once (two mutants' edits in one copy of puzzle.cpp): no mutant
#    reproduces every difference; the closest is one of the two, reproducing some but
#    not all of the differing runs.
two_bugs() {
  local name=$1 first=$2 second=$3
  if ! python3 tools/mutants/mutate.py combine "$first,$second" "$tmp/$name.cpp" ||
     ! "${CXX:-g++}" -std=c++17 -O1 -w "$tmp/$name.cpp" -o "$tmp/$name"; then
    result "$name" "cannot build $first and $second together"
    return
  fi
  diagnose "$name" --mutants "$SET" --maps 100 --shrink-time 2 "$tmp/$name"
  local line k n closest
  line=$(grep '^diagnosis: ' "$tmp/$name.out")
  closest=$(sed -nE 's/^diagnosis: no known bug reproduces every difference; closest: ([a-z0-9-]+) \(([0-9]+) of ([0-9]+) differing runs\)$/\1 \2 \3/p' "$tmp/$name.out")
  read -r closest k n <<< "$closest"
  result "$name" "$(expect_status "$name" 1)" "$(ends_with_last "$name")" \
    "$( [ "$(grep -c '^diagnosis: ' "$tmp/$name.out")" -eq 1 ] && [ -n "$closest" ] || echo "not one 'no known bug' line: $line")" \
    "$( [ "$closest" = "$first" ] || [ "$closest" = "$second" ] || echo "the closest, '$closest', is neither $first nor $second")" \
    "$( [ -n "$k" ] && [ "$k" -gt 0 ] && [ "$k" -lt "$n" ] || echo "the closest reproduces '$k' of '$n' differing runs")" \
    "$(expect_text "$name" "closest known bug: $closest: ")"
}
two_bugs two-bugs order-eswn map-no-percent
two_bugs two-bugs-list list-omits-start nosol-exit-1

# 3b. A bad input's run is the same when both exit 1 and both print something on stdout,
#     whatever the words: a solver that prints its own error message on stdout (puzzle's
#     output otherwise) is errors-on-stdout, whose message is puzzle's.
{
  echo '#!/bin/bash'
  echo 'out=$(mktemp)'
  echo "\"$PUZZLE\" \"\$@\" > \"\$out\" 2> /dev/null"
  echo 'status=$?'
  echo '[ "$status" -ne 0 ] && echo "Error: bad input, in my own words"'
  echo 'cat "$out"'
  echo 'rm -f "$out"'
  echo 'exit $status'
} > "$tmp/own-words"
chmod +x "$tmp/own-words"
diagnose own-words --mutants "$SET" --maps 20 "$tmp/own-words"
result own-words "$(expect_status own-words 1)" "$(ends_with_last own-words)" \
  "$( [ "$(named own-words)" = errors-on-stdout ] || echo "not diagnosed as errors-on-stdout: $(grep '^diagnosis' "$tmp/own-words.out")")"

# 4. Several mutants explain the runs: on a 2x2 map the neighbour orders N S E W, N S W E
#    and S N E W all take the same path, another than the spec's. A map on which two of
#    them differ is found, shrunk, written as a test file and run: only the solver's own
#    mutant is left, and the line says what told them apart.
mkdir -p "$tmp/square"
printf '0 2 2\n@.\n.?\n' > "$tmp/square/square.txt"
diagnose apart --mutants order-nsew,order-nswe,order-snew --from "$tmp/square" build/mutants/order-nswe/puzzle
problems=("$(expect_status apart 1)" "$(ends_with_last apart)")
[ "$(named apart)" = order-nswe ] || problems+=("not diagnosed as order-nswe alone: $(named apart | tr '\n' ' ')")
told=$(grep -m1 '^  told apart from ' "$tmp/apart.out")
file=$(sed -nE 's/^  told apart from [a-z0-9-]+ by ([^ ]+) \(.*/\1/p' <<< "$told")
if [ -z "$file" ] || [ ! -f "$file" ]; then
  problems+=("no 'told apart from ... by FILE' line naming a file: '$told'")
else
  flags=$(sed -nE 's/.*test-[0-9]+-([sq][lm])\.txt$/\1/p' <<< "$file")
  args=$( [ "${flags:0:1}" = s ] && echo --stack || echo --queue)
  args="$args --output $( [ "${flags:1:1}" = l ] && echo list || echo map)"
  read -r _ h w < "$file"
  [ -n "$flags" ] && [ "$h" -le 10 ] && [ "$w" -le 10 ] || problems+=("$file is not a test-N-FLAGS.txt of at most 10x10")
  # shellcheck disable=SC2086  # the words of args are the options
  "$PUZZLE" $args < "$file" > /dev/null 2>&1 || problems+=("$file is not a valid map")
  # shellcheck disable=SC2086
  build/mutants/order-nswe/puzzle $args < "$file" > "$tmp/a" 2>&1
  # shellcheck disable=SC2086
  other=$(sed -nE 's/^  told apart from ([a-z0-9-]+) by .*/\1/p' <<< "$told")
  # shellcheck disable=SC2086
  "build/mutants/$other/puzzle" $args < "$file" > "$tmp/b" 2>&1
  ! cmp -s "$tmp/a" "$tmp/b" || problems+=("order-nswe and $other do not differ on $file with $args")
fi
result apart "${problems[@]}"

# 5. A mutant that no longer applies to puzzle.cpp and one that no longer compiles are
#    named and skipped; the others still diagnose.
awk '/^=== order-eswn$/ { on = 1; print; next } /^=== / { on = 0 } on' tools/mutants/mutants.txt > "$tmp/list.txt"
cat >> "$tmp/list.txt" <<'EOF'

=== diagnose-test-stale
desc: a mutant whose find-text is no longer in puzzle.cpp
--- find
this text is not in puzzle.cpp
--- replace
nor is this

=== diagnose-test-broken
desc: a mutant that no longer compiles
--- find
int main(
--- replace
int main( this does not compile,
EOF
MUTANTS_LIST=$tmp/list.txt diagnose skipped --maps 30 build/mutants/order-eswn/puzzle
result skipped "$(expect_status skipped 1)" "$(ends_with_last skipped)" \
  "$( [ "$(named skipped)" = order-eswn ] || echo "not diagnosed as order-eswn: $(named skipped)")" \
  "$(expect_text skipped 'note: --diagnose: 2 mutants skipped: ')" \
  "$(expect_text skipped 'diagnose-test-stale (does not apply to puzzle.cpp)')" \
  "$(expect_text skipped 'diagnose-test-broken (does not compile)')"
rm -rf build/mutants/diagnose-test-broken

# 6. Bad usage exits 2: --mutants without --diagnose, an unknown mutant; and `make
#    diagnose` without SOLVER says how to call it.
problems=()
"$COMPARE" --mutants order-eswn "$PUZZLE" > /dev/null 2> "$tmp/usage.err"
st=$?
[ "$st" -eq 2 ] && grep -q '^compare: error: --mutants' "$tmp/usage.err" || problems+=("--mutants without --diagnose: exit $st")
"$COMPARE" --diagnose --mutants no-such-mutant --maps 5 build/mutants/order-eswn/puzzle > /dev/null 2> "$tmp/usage.err"
st=$?
[ "$st" -eq 2 ] && grep -q 'no-such-mutant' "$tmp/usage.err" || problems+=("an unknown mutant: exit $st, or not named on stderr")
make --no-print-directory -s diagnose > /dev/null 2> "$tmp/make.err"
st=$?
[ "$st" -ne 0 ] && grep -q 'make diagnose SOLVER=' "$tmp/make.err" || problems+=("make diagnose without SOLVER: exit $st")
result usage "${problems[@]}"

# 7. make diagnose SOLVER=PATH runs it.
make --no-print-directory -s diagnose SOLVER="$PUZZLE" OPTIONS='--maps 10' > "$tmp/make.out" 2> "$tmp/make.err"
status=$?
result make "$(expect_status make 0)" "$(expect_text make 'note: --diagnose: no run differs from puzzle')"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
