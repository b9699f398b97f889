#!/usr/bin/env bash
# Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
# Tests of tools/compare --diagnose, run by tests/run-all from the repository root; each
# test below says what it checks. The solvers under test are tools/bugs with some known
# bugs switched on (tools/bugs.h), and small wrappers around it or puzzle. 21 s on 2 idle
# cores (60 maps a solver). FULL=1 (47 s) runs the same solvers on compare's default 200
# maps, and more combinations. Prints one line per test and ends with "N passed, M
# failed". Environment: PUZZLE_BIN (default ./puzzle).
set -u
cd "$(dirname "$0")/.." || exit 1
COMPARE=tools/compare
BUGS=$(realpath tools/bugs)
PUZZLE=$(realpath "${PUZZLE_BIN:-./puzzle}")
MAPS=(--maps 60)
[ -n "${FULL:-}" ] && MAPS=()
# shellcheck source=tests/scripts/results.sh
. tests/scripts/results.sh

if [ ! -x "$COMPARE" ] || [ ! -x tools/mapgen ] || [ ! -x "$BUGS" ] || [ ! -x "$PUZZLE" ]; then
  echo "tools/compare, tools/mapgen, tools/bugs or $PUZZLE is missing: run 'make release tools'"
  echo "0 passed, 1 failed"
  exit 1
fi

# diagnose NAME ARGS...: runs tools/compare --diagnose; stdout in $tmp/NAME.out, stderr
# in $tmp/NAME.err, exit status in $status; its test files in $tmp/NAME-tests.
diagnose() {
  local name=$1
  shift
  "$COMPARE" --diagnose --shrink-time 2 --out "$tmp/$name-tests" "$@" > "$tmp/$name.out" 2> "$tmp/$name.err"
  status=$?
}
# named NAME: the bugs the diagnosis names, one a line, sorted.
named() { sed -nE 's/^diagnosis: ([a-z0-9-]+): .*/\1/p' "$tmp/$1.out" | sort; }
# last NAME: "E N" of the last line "diagnosis: B known bugs explain E of N differing runs".
last() { sed -nE 's/^diagnosis: [0-9]+ known bugs? explains? ([0-9]+) of ([0-9]+) differing runs$/\1 \2/p' "$tmp/$1.out"; }
ends_with_last() {
  tail -n 1 "$tmp/$1.out" | grep -qE '^compare: [0-9]+ of [0-9]+ runs differ' || echo "the last line is not compare's: $(tail -n 1 "$tmp/$1.out")"
}
# block_ok NAME BUG: BUG's block says its description and spec sentence (tools/bugs
# --list, tools/bugs.h), "explains K of N differing runs (map A, list B, no solution C)"
# with K > 0 and A + B + C = K, and a smallest map on which the solver differs from
# puzzle exactly as BUG does.
block_ok() {
  local name=$1 bug=$2 out=$tmp/$1.out desc line file args k n a b c
  desc=$("$BUGS" --list | awk -F'\t' -v n="$bug" '$1 == n { print $4 }')
  grep -qF -- "diagnosis: $bug: $desc" "$out" || echo "no line 'diagnosis: $bug: $desc'"
  grep -A1 -F -- "diagnosis: $bug: " "$out" | sed -n 2p | grep -qE '^  spec: ".+"$' || echo "no spec line under $bug"
  line=$(grep -A2 -F -- "diagnosis: $bug: " "$out" | sed -n 3p)
  if [[ $line =~ ^\ \ explains\ ([0-9]+)\ of\ ([0-9]+)\ differing\ runs\ \(map\ ([0-9]+),\ list\ ([0-9]+),\ no\ solution\ ([0-9]+)\),\ smallest:\ ([^ ]+)\ (.+)$ ]]; then
    k=${BASH_REMATCH[1]} n=${BASH_REMATCH[2]} a=${BASH_REMATCH[3]} b=${BASH_REMATCH[4]} c=${BASH_REMATCH[5]}
    file=${BASH_REMATCH[6]} args=${BASH_REMATCH[7]}
    [ "$k" -gt 0 ] && [ "$k" -le "$n" ] && [ $((a + b + c)) -eq "$k" ] || echo "$bug: bad counts: '$line'"
    if [ ! -f "$file" ]; then
      echo "$bug: no file $file"
    else
      # shellcheck disable=SC2086  # the words of args are the options
      "$PUZZLE" $args < "$file" > "$tmp/p" 2> /dev/null || echo "$bug: $file is not a valid map"
      # shellcheck disable=SC2086
      "$BUGS" --bug "$bug" $args < "$file" > "$tmp/b" 2> /dev/null
      # shellcheck disable=SC2086
      "${SOLVER_OF[$name]}" $args < "$file" > "$tmp/s" 2> /dev/null
      ! cmp -s "$tmp/p" "$tmp/s" && cmp -s "$tmp/s" "$tmp/b" ||
        echo "$bug: on $file the solver does not differ from puzzle as $bug does"
    fi
  else
    echo "$bug: no 'explains K of N differing runs (map A, list B, no solution C), smallest: FILE ARGS': '$line'"
  fi
}
declare -A SOLVER_OF

# solver NAME BUG...: a script $tmp/NAME that is tools/bugs with those bugs.
solver() {
  local name=$1 flags=""
  shift
  for b in "$@"; do flags+=" --bug $b"; done
  printf '#!/bin/sh\nexec "%s"%s "$@"\n' "$BUGS" "$flags" > "$tmp/$name"
  chmod +x "$tmp/$name"
  SOLVER_OF[$name]=$tmp/$name
}

# 1. puzzle itself: nothing differs, so no diagnosis, exit 0.
diagnose self --maps 30 "$PUZZLE"
result self "$(expect_status self 0)" "$(ends_with_last self)" \
  "$( ! grep -q '^diagnosis:' "$tmp/self.out" || echo 'puzzle got a diagnosis')" \
  "$(expect_text self 'note: --diagnose: no run differs from puzzle')"

# 2. Two or three bugs at once: each named, nothing else, every differing run explained.
combination() {
  local name=$1
  shift
  solver "$name" "$@"
  diagnose "$name" "${MAPS[@]}" "$tmp/$name"
  local problems=("$(expect_status "$name" 1)" "$(ends_with_last "$name")") want got e_n
  want=$(printf '%s\n' "$@" | sort)
  got=$(named "$name")
  [ "$got" = "$want" ] || problems+=("named: ${got//$'\n'/ }; expected: ${want//$'\n'/ }")
  for b in "$@"; do problems+=("$(block_ok "$name" "$b")"); done
  e_n=$(last "$name")
  [ -n "$e_n" ] && [ "${e_n% *}" = "${e_n#* }" ] || problems+=("not every differing run explained: $(grep -E '^diagnosis: [0-9]+ known' "$tmp/$name.out")")
  ! grep -q '^diagnosis: no known bug explains [0-9]' "$tmp/$name.out" || problems+=("unexplained runs reported")
  result "$name" "${problems[@]}"
}
combination order-and-percent order-eswn map-no-percent
combination list-nosol-header list-omits-start nosol-target-shown map-header-uppercase
combination stack-and-blank stack-pops-front nosol-trailing-blank-line
if [ -n "${FULL:-}" ]; then
  combination doors-list-traps press-keeps-doors-open list-one-based map-traps-shown
  combination edge-and-dot edge-last-col nosol-undiscovered-dot
  combination order-list-nosol order-nwse list-reversed nosol-buttons-hidden
fi

# 3. A bug no known bug is: a wrapper writes the list's '^' color as '*'. Its runs with
#    list output are left unexplained (with the smallest map and how it differs), the
#    real bug beside it is named, and nothing else.
printf '#!/bin/bash\nset -o pipefail\n"%s" --bug map-no-percent "$@" | sed "s/^(^, /(*, /"\n' "$BUGS" > "$tmp/unknown"
chmod +x "$tmp/unknown"
SOLVER_OF[unknown]=$tmp/unknown
diagnose unknown "${MAPS[@]}" "$tmp/unknown"
e_n=$(last unknown)
result unknown "$(expect_status unknown 1)" "$(ends_with_last unknown)" \
  "$( [ "$(named unknown)" = map-no-percent ] || echo "named: $(named unknown | tr '\n' ' '); expected map-no-percent only")" \
  "$(block_ok unknown map-no-percent)" \
  "$(grep -qE '^diagnosis: no known bug explains [0-9]+ differing runs with list output, smallest: ' "$tmp/unknown.out" || echo 'no unexplained list runs')" \
  "$(grep -A2 '^diagnosis: no known bug explains [0-9]' "$tmp/unknown.out" | grep -qF 'yours:  line 1: (*, (' || echo "no 'yours: line 1: (*, (' under it")" \
  "$( ! grep -qE '^diagnosis: no known bug explains [0-9]+ differing runs with (map|no solution) output' "$tmp/unknown.out" || echo 'map or no-solution runs left unexplained')" \
  "$( [ -n "$e_n" ] && [ "${e_n% *}" -gt 0 ] && [ "${e_n% *}" -lt "${e_n#* }" ] || echo "not 'explain E of N' with 0 < E < N: '$e_n'")"

# 3b. A look-alike: a solver that rejects a map of one row only when it has comment
#     lines (it reads its last row a character at a time, comments included) does as
#     height-1-rejected on every map of the comparison (all have comment lines); on new
#     maps without them it does not, so height-1-rejected is refuted, not named, and the
#     set grown again without it names the bug it stood in for, last-row-read-by-chars.
cat > "$tmp/lookalike" <<EOF
#!/bin/bash
input=\$(cat)
read -r _ h _ <<< "\$input"
if [ "\$h" = 1 ] && grep -q '^//' <<< "\$input"; then echo 'error: bad row' >&2; exit 1; fi
printf '%s\\n' "\$input" | exec "$PUZZLE" "\$@"
EOF
chmod +x "$tmp/lookalike"
diagnose lookalike "${MAPS[@]}" "$tmp/lookalike"
result lookalike "$(expect_status lookalike 1)" \
  "$( [ "$(named lookalike)" = last-row-read-by-chars ] || echo "named: $(named lookalike | tr '\n' ' '); expected last-row-read-by-chars only")" \
  "$(expect_text lookalike 'diagnosis: not named, though it reproduces some runs: height-1-rejected: ')"

# 4. One bug and loose input checks (an --output or a container given twice accepted):
#    the bug named alone, every run on a map
#    explained, the bad inputs listed apart with how the solver ended and the known bug
#    that does the same.
solver loose nosol-target-shown output-twice-accepted container-twice-accepted
diagnose loose "${MAPS[@]}" "$tmp/loose"
e_n=$(last loose)
result loose "$(expect_status loose 1)" "$(ends_with_last loose)" \
  "$( [ "$(named loose)" = nosol-target-shown ] || echo "named: $(named loose | tr '\n' ' '); expected nosol-target-shown only")" \
  "$(block_ok loose nosol-target-shown)" \
  "$( [ -n "$e_n" ] && [ "${e_n% *}" = "${e_n#* }" ] || echo "not every run on a map explained: '$e_n'")" \
  "$(grep -qE '^diagnosis: [0-9]+ bad inputs differ, apart from the maps: ' "$tmp/loose.out" || echo 'no bad-input block')" \
  "$(grep -qE '^  beyond the spec'"'"'s list, accepted it \([0-9]+\): .*OutputTwice \(as output-twice-accepted\)' "$tmp/loose.out" || echo 'OutputTwice not listed beyond the spec, as output-twice-accepted')" \
  "$(grep -qE '^  listed by the spec, accepted it \([0-9]+\): .*QueueTwice \(as container-twice-accepted\)' "$tmp/loose.out" || echo 'QueueTwice not listed as accepted, as container-twice-accepted')" \
  "$(grep -qE '^  beyond the spec'"'"'s list, accepted it \([0-9]+\): .*OutputTwiceSameValue' "$tmp/loose.out" || echo 'OutputTwiceSameValue not listed beyond the spec')"

# 5. The 2020 edition: puzzle with "Reachable:" for "Discovered:" is told so and has
#    nothing left to diagnose; with a bug as well, the bug alone is named; with --spec
#    2020 nothing differs and it is not told.
edition2020() { printf '#!/bin/bash\nset -o pipefail\n%s "$@" | sed "2s/^Discovered:$/Reachable:/"\n' "$1" > "$2"; chmod +x "$2"; }
edition2020 "\"$PUZZLE\"" "$tmp/old"
diagnose old "${MAPS[@]}" "$tmp/old"
result old "$(expect_status old 1)" "$(ends_with_last old)" \
  "$(expect_text old 'diagnosis: your solver follows the 2020 edition of the spec')" \
  "$(expect_text old 'note: --diagnose: no run differs from puzzle'"'"'s in that edition')" \
  "$( [ -z "$(named old)" ] || echo "named: $(named old)")"
edition2020 "\"$BUGS\" --bug map-no-percent" "$tmp/old-bug"
SOLVER_OF[old-bug]=$tmp/old-bug
diagnose old-bug "${MAPS[@]}" "$tmp/old-bug"
e_n=$(last old-bug)
result old-bug "$(expect_status old-bug 1)" "$(expect_text old-bug 'diagnosis: your solver follows the 2020 edition')" \
  "$( [ "$(named old-bug)" = map-no-percent ] || echo "named: $(named old-bug | tr '\n' ' '); expected map-no-percent only")" \
  "$( [ -n "$e_n" ] && [ "${e_n% *}" = "${e_n#* }" ] || echo "not every run explained: '$e_n'")"
diagnose old-spec --spec 2020 --maps 30 "$tmp/old"
result old-spec "$(expect_status old-spec 0)" "$(expect_text old-spec 'compare: 0 of ')" \
  "$( ! grep -q 'follows the' "$tmp/old-spec.out" || echo 'told of an edition under --spec 2020')"

# 5b. Several bugs explain the same runs: on a 2x2 map the neighbour orders N S W E,
#     N S E W, S N E W and others take the same path. New maps are made until one tells
#     them apart; it is written as a test file, on which the solver does as its own bug
#     and not as the others; only that bug is named.
mkdir -p "$tmp/square"
printf '0 2 2\n@.\n.?\n' > "$tmp/square/square.txt"
solver apart order-nswe
diagnose apart --from "$tmp/square" "$tmp/apart"
problems=("$(expect_status apart 1)" "$( [ "$(named apart)" = order-nswe ] || echo "named: $(named apart | tr '\n' ' '); expected order-nswe only")")
told=$(grep -m1 -E '^  told apart from .*order-nsew' "$tmp/apart.out")
if [[ $told =~ ^\ \ told\ apart\ from\ .+\ by\ ([^ ]+)\ (.+)$ ]]; then
  file=${BASH_REMATCH[1]} args=${BASH_REMATCH[2]}
  # shellcheck disable=SC2086  # the words of args are the options
  "$tmp/apart" $args < "$file" > "$tmp/a" 2>&1
  # shellcheck disable=SC2086
  "$BUGS" --bug order-nsew $args < "$file" > "$tmp/b" 2>&1
  ! cmp -s "$tmp/a" "$tmp/b" || problems+=("the solver and order-nsew do not differ on $file with $args")
else
  problems+=("no 'told apart from ... order-nsew ... by FILE ARGS' line")
fi
result apart "${problems[@]}"

# 6. Bad usage exits 2: --bugs without --diagnose, an unknown bug, an unknown edition; and
#    `make diagnose` without SOLVER says how to call it.
problems=()
"$COMPARE" --bugs order-eswn "$PUZZLE" > /dev/null 2> "$tmp/usage.err"
st=$?
[ "$st" -eq 2 ] && grep -q '^compare: error: --bugs' "$tmp/usage.err" || problems+=("--bugs without --diagnose: exit $st")
"$COMPARE" --diagnose --bugs no-such-bug --maps 5 "$PUZZLE" > /dev/null 2> "$tmp/usage.err"
st=$?
[ "$st" -eq 2 ] && grep -q 'no-such-bug' "$tmp/usage.err" || problems+=("an unknown bug: exit $st, or not named on stderr")
"$COMPARE" --spec 2021 --maps 5 "$PUZZLE" > /dev/null 2> "$tmp/usage.err"
st=$?
[ "$st" -eq 2 ] && grep -q '2021' "$tmp/usage.err" || problems+=("--spec 2021: exit $st")
make --no-print-directory -s diagnose > /dev/null 2> "$tmp/make.err"
st=$?
[ "$st" -ne 0 ] && grep -q 'make diagnose SOLVER=' "$tmp/make.err" || problems+=("make diagnose without SOLVER: exit $st")
result usage "${problems[@]}"

# 7. make diagnose SOLVER=PATH runs it; --bugs limits the bugs tried.
make --no-print-directory -s diagnose SOLVER="$PUZZLE" OPTIONS='--maps 10' > "$tmp/make.out" 2> "$tmp/make.err"
status=$?
result make "$(expect_status make 0)" "$(expect_text make 'note: --diagnose: no run differs from puzzle')"
solver only order-eswn map-no-percent
diagnose only --bugs order-eswn --maps 30 "$tmp/only"
result only "$( [ "$(named only)" = order-eswn ] || echo "named: $(named only | tr '\n' ' '); expected order-eswn only")" \
  "$(grep -qE '^diagnosis: no known bug explains [0-9]+ differing runs with map output' "$tmp/only.out" || echo 'the runs of map-no-percent not left unexplained')"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
