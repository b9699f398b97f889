#!/usr/bin/env bash
# Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
# Tests of tools/compare, run by tests/run-all from the repository root; each test below
# says what it checks. Broken solvers are small wrapper scripts around puzzle (with
# FULL=1 also known bugs of tools/bugs). Prints one line per test and ends with "N
# passed, M failed". 21 s on 2 idle cores; FULL=1 (28 s) adds the default 200 maps
# against puzzle itself and four known bugs. Everything it writes goes into a temporary
# folder it removes. Environment: PUZZLE_BIN (default ./puzzle), the reference the
# wrappers call; FULL=1.
set -u
cd "$(dirname "$0")/.." || exit 1
COMPARE=tools/compare
PUZZLE=$(realpath "${PUZZLE_BIN:-./puzzle}")
# shellcheck source=tests/scripts/results.sh
. tests/scripts/results.sh

# compare NAME ARGS...: runs tools/compare; stdout in $tmp/NAME.out, stderr in
# $tmp/NAME.err, exit status in $status, seconds in $took.
compare() {
  local name=$1 t0=$SECONDS
  shift
  "$COMPARE" "$@" > "$tmp/$name.out" 2> "$tmp/$name.err"
  status=$?
  took=$((SECONDS - t0))
}
# expect_last NAME REGEX: the last line of stdout matches REGEX.
expect_last() {
  local last
  last=$(tail -n 1 "$tmp/$1.out")
  [[ $last =~ $2 ]] || echo "last line '$last' does not match /$2/"
}

if [ ! -x "$COMPARE" ] || [ ! -x tools/mapgen ] || [ ! -x "$PUZZLE" ]; then
  echo "tools/compare, tools/mapgen or $PUZZLE is missing: run 'make release tools'"
  echo "0 passed, 1 failed"
  exit 1
fi

# 1. puzzle against itself: nothing differs (4 modes, the catalogue; with FULL=1 the
#    default 200 maps), and progress on stderr.
self_maps=$( [ "${FULL:-}" = 1 ] && echo 200 || echo 40)
compare self --maps "$self_maps" "$PUZZLE"
result self "$(expect_status self 0)" "$(expect_last self '^compare: 0 of [0-9]+ runs differ$')" \
  "$(grep -q "^compare: $self_maps of $self_maps maps, $((self_maps * 4)) runs, 0 differ" "$tmp/self.err" || echo 'no progress line on stderr')"

# 2. --from a folder with --save: the four outputs under the course's names, the same
#    bytes as the course's samples; out-*.txt files are skipped, and files that are not
#    maps with a note.
mkdir -p "$tmp/mixed"
cp spec-inputs/spec-simple.txt spec-inputs/spec-full.txt spec-inputs/out-spec-simple-queue-list.txt "$tmp/mixed/"
cp spec-inputs/out-spec-simple-queue-list.txt "$tmp/mixed/expected-queue-list.txt"
printf 'notes for myself\n' > "$tmp/mixed/notes.txt"
compare save --from "$tmp/mixed" --save "$tmp/saved" "$PUZZLE"
problems=()
for x in spec-simple spec-full; do
  for m in queue-list queue-map stack-list stack-map; do
    cmp -s "$tmp/saved/out-$x-$m.txt" "spec-inputs/out-$x-$m.txt" || problems+=("out-$x-$m.txt differs from spec-inputs/ or is missing")
  done
  cmp -s "$tmp/saved/$x.txt" "spec-inputs/$x.txt" || problems+=("$x.txt not saved as given")
done
[ -e "$tmp/saved/out-out-spec-simple-queue-list.txt" ] && problems+=("an out-*.txt file was taken for a map")
result save "$(expect_status save 0)" "$(expect_last save '^compare: 0 of [0-9]+ runs differ$')" "${problems[@]}" \
  "$(expect_text save "note: --from $tmp/mixed: skipped 2 files that are not maps (the first line is not 'num_colors height width'): expected-queue-list.txt, notes.txt")" \
  "$(grep -q ' 2 maps from' "$tmp/save.err" || echo 'not 2 maps run')"

# 3. Every entry of the bad-input catalogue is rejected by puzzle: a solver that exits
#    0 whatever it gets differs on all of them.
printf '#!/bin/bash\n"%s" "$@" 2> /dev/null\nexit 0\n' "$PUZZLE" > "$tmp/accept-all"
chmod +x "$tmp/accept-all"
compare catalogue --maps 0 "$tmp/accept-all"
n=$(sed -nE 's/^compare: ([0-9]+) of ([0-9]+) runs differ$/\1 \2/p' "$tmp/catalogue.out")
cases=$(grep -cE '^[A-Za-z0-9]+ *\|' tools/bad-inputs.txt)
result catalogue "$(expect_status catalogue 1)" \
  "$( [ -n "$n" ] && [ "${n% *}" = "${n#* }" ] && [ "${n% *}" -eq "$cases" ] || echo "expected every run ($cases cases of tools/bad-inputs.txt) to differ: '$n'")" \
  "$( [ "$(grep -c '^differs: ' "$tmp/catalogue.out")" -eq 20 ] || echo 'not 20 differing runs listed without --all')" \
  "$(expect_text catalogue "... and $((cases - 20)) more differing bad inputs (--all lists every one)")"
# The catalogue's size is said in one place, compare's own line on stderr: the numbers
# that tools/README-compare.md's examples show (N bad inputs, bad inputs: K of N
# differ, M of 1000 or more runs with the default 200 maps) are the catalogue's.
wrong=$(grep -noE "[0-9]+ bad inputs;|bad inputs: [0-9]+ of [0-9]+ differ|of [0-9]{4} runs|[0-9]{4} runs in all" tools/README-compare.md |
  awk -v n="$cases" '{ at = index($0, ":"); t = substr($0, at + 1); split(t, w, " ")
                        v = (t ~ /^bad inputs:/) ? w[5] : (t ~ /^of /) ? w[2] - 800 : (t ~ /in all/) ? w[1] - 800 : w[1]
                        if (v != n) print "line " substr($0, 1, at - 1) ": " t }')
grep -q "then $cases bad inputs;" "$tmp/catalogue.err" || wrong+=" compare's stderr does not say $cases bad inputs"
result catalogue-count "$( [ -z "$wrong" ] || echo "tools/README-compare.md's numbers are not the catalogue's $cases cases: $wrong")"

# --all lists every one, those the spec lists first.
compare catalogue-all --maps 0 --all "$tmp/accept-all"
first_beyond=$(grep -n -m1 "(beyond the spec's list) with" "$tmp/catalogue-all.out" | cut -d: -f1)
last_listed=$(grep -n '(listed by the spec) with' "$tmp/catalogue-all.out" | tail -n 1 | cut -d: -f1)
result catalogue-all "$(expect_status catalogue-all 1)" \
  "$(expect_text catalogue-all 'bad input [Colors27] (listed by the spec) with -q: puzzle exit 1 (line 1: num_colors is 27')" \
  "$( [ "$(grep -c '^differs: bad input ' "$tmp/catalogue-all.out")" -eq "$cases" ] || echo "--all does not list all $cases")" \
  "$( [ -n "$first_beyond" ] && [ -n "$last_listed" ] && [ "$last_listed" -lt "$first_beyond" ] || echo 'the listed cases do not come first')"

# 3b. Only bad inputs beyond the spec's list differ (a solver that takes an empty input
#     for a map with no output): one line says so before the list, each is labelled, and
#     compare exits 0: the course does not check them.
cat > "$tmp/empty-ok" <<EOF
#!/bin/bash
in=\$(mktemp)
cat > "\$in"
[ -s "\$in" ] || { rm -f "\$in"; exit 0; }
"$PUZZLE" "\$@" < "\$in"
status=\$?
rm -f "\$in"
exit \$status
EOF
chmod +x "$tmp/empty-ok"
compare beyond --maps 5 "$tmp/empty-ok"
result beyond "$(expect_status beyond 0)" \
  "$( [ "$(head -n 1 "$tmp/beyond.out")" = "compare: all 20 runs on valid maps agree; 1 bad inputs differ, 1 of them beyond the spec's list" ] ||
      echo "the first line is not the one-line summary: $(head -n 1 "$tmp/beyond.out")")" \
  "$(expect_text beyond "differs: bad input [EmptyInput] (beyond the spec's list) with -q: puzzle exit 1")" \
  "$(expect_last beyond "^compare: 1 of [0-9]+ runs differ, all on bad inputs beyond the spec's list: none that the course counts$")"

# 3c. No process of a solver outlives its run: a solver that leaves a background process
#     behind (its output sent elsewhere, so the run itself ends) leaves none after
#     compare; the processes are found by a name of their own. --max-size N is N x N.
marker=compare-test-background-$$
printf '#!/bin/bash
( exec -a %s sleep 97 ) > /dev/null 2>&1 < /dev/null &
exec "%s" "$@"
' "$marker" "$PUZZLE" > "$tmp/background"
chmod +x "$tmp/background"
compare background --maps 4 --max-size 60 "$tmp/background"
sleep 0.3
left=$(pgrep -f "^$marker" | wc -l)
result background "$(expect_status background 0)" "$( [ "$left" -eq 0 ] || echo "$left processes of the solver left running")" \
  "$(grep -q 'maps (mapgen, seed 1, up to 60x60)' "$tmp/background.err" || echo 'stderr does not say up to 60x60')"
pids=$(pgrep -f "^$marker")
[ -z "$pids" ] || kill $pids  # the test's own processes, by their ids

# The broken solvers: wrappers around puzzle.
# A pressed button drawn '+', not '%' (as the mutant map-no-percent).
# shellcheck disable=SC2016  # the $ are the wrapper's
printf '#!/bin/bash\nset -o pipefail\n"%s" "$@" | sed "s/%%/+/g"\n' "$PUZZLE" > "$tmp/no-percent"
# header_wrapper NAME TEST [AFTER]: a wrapper that reads the header line (colors, height,
# width), runs TEST on it, then hands the map to puzzle through a pipe; AFTER runs then.
# shellcheck disable=SC2016  # the $ are the wrapper's
header_wrapper() {
  printf '#!/bin/bash\nIFS= read -r header\nread -r colors _ width <<< "$header"\n%s\n' "$2" > "$tmp/$1"
  printf '{ printf "%%s\\n" "$header"; cat; } | "%s" "$@"\n%s\n' "$PUZZLE" "${3:-}" >> "$tmp/$1"
}
# shellcheck disable=SC2016  # the $ are the wrappers'
{
  header_wrapper one-column-crash '[ "$width" = 1 ] && kill -SEGV $$'
  header_wrapper hang-on-7-colors '[ "$colors" = 7 ] && exec sleep 97'
  printf '#!/bin/bash\nfor a in "$@"; do [ "$a" = --output=list ] && exit 1; done\nexec "%s" "$@"\n' "$PUZZLE" > "$tmp/spelling"
  # Two bugs at once: an extra blank line after every output, and an abort on one-column
  # maps, whose runs the first 20 listed (all of the blank line) crowd out.
  header_wrapper two-bugs '[ "$width" = 1 ] && kill -ABRT $$' 's=$?; [ $s -eq 0 ] && echo; exit $s'
}
chmod +x "$tmp/no-percent" "$tmp/one-column-crash" "$tmp/hang-on-7-colors" "$tmp/spelling" "$tmp/two-bugs"

# check_smallest NAME SOLVER: (SOLVER's runs limited to $limit s) the report names a shrunk test file that is valid, at most
# 10x10, named test-N-FLAGS.txt for its mode, with a // comment, on which SOLVER and
# puzzle still differ with those FLAGS; then the puzzle: and yours: lines.
check_smallest() {
  local name=$1 solver=$2 line path flags file want h w
  line=$(grep -m1 '^smallest: ' "$tmp/$name.out") || { echo "no 'smallest:' line"; return; }
  read -r _ path flags <<< "$line"
  [ -f "$path" ] || { echo "no file $path"; return; }
  file=$(basename "$path")
  want=$( [[ " $flags " =~ \ (-q|--queue|-qo)\  ]] && echo q || echo s)$( [[ $flags == *list* ]] && echo l || echo m)
  [[ $file =~ ^test-[0-9]+-$want\.txt$ ]] || echo "$file is not named test-N-$want.txt for '$flags'"
  read -r _ h w < "$path"
  [ "$h" -le 10 ] && [ "$w" -le 10 ] || echo "$file is ${h}x$w, over 10x10"
  grep -q '^//' "$path" || echo "$file has no // comment"
  read -ra args <<< "$flags"
  "$PUZZLE" "${args[@]}" < "$path" > "$tmp/ref" 2> "$tmp/ref.err" || echo "$file is not valid: $(cat "$tmp/ref.err")"
  timeout "$limit" "$solver" "${args[@]}" < "$path" > "$tmp/yours" 2> /dev/null
  local st=$?
  [ "$st" -ne 0 ] || ! cmp -s "$tmp/ref" "$tmp/yours" || echo "$file: the two do not differ on it with $flags"
  grep -A2 '^smallest: ' "$tmp/$name.out" | grep -q '^puzzle: ' || echo "no 'puzzle:' line after 'smallest:'"
  grep -A2 '^smallest: ' "$tmp/$name.out" | grep -q '^yours: ' || echo "no 'yours:' line after 'smallest:'"
  # The map printed above 'smallest:' is a whole input that shows the difference by itself.
  sed -n '/^shrunk .*:$/,/^smallest: /p' "$tmp/$name.out" | grep '^    ' | sed 's/^    //' > "$tmp/printed"
  "$PUZZLE" "${args[@]}" < "$tmp/printed" > "$tmp/ref" 2> "$tmp/ref.err" || echo "the printed map is not a valid map: $(cat "$tmp/ref.err")"
  timeout "$limit" "$solver" "${args[@]}" < "$tmp/printed" > "$tmp/yours" 2> /dev/null
  st=$?
  [ "$st" -ne 0 ] || ! cmp -s "$tmp/ref" "$tmp/yours" || echo "the printed map: the two do not differ on it with $flags"
}

limit=5
# 4. Each broken solver: exit 1 within a minute, a shrunk test file, each side's line.
# broken NAME SOLVER SIDE_TEXT [OPTIONS...]: SIDE_TEXT must appear in the report.
broken() {
  local name=$1 solver=$2 text=$3
  shift 3
  if [ ! -x "$solver" ]; then
    result "$name" "no solver $solver (make tools)"
    return
  fi
  compare "$name" --out "$tmp/$name-tests" "$@" "$solver"
  echo "      ($name: $took s)"
  result "$name" "$(expect_status "$name" 1)" "$( [ "$took" -lt 60 ] || echo "took $took s, over a minute")" \
    "$(check_smallest "$name" "$solver")" "$(expect_text "$name" "$text")" \
    "$(expect_last "$name" '^compare: [1-9][0-9]* of [0-9]+ runs differ$')"
}
broken no-percent "$tmp/no-percent" '%' --maps 20
broken one-column-crash "$tmp/one-column-crash" 'yours:  killed by signal 11' --maps 30
# Known bugs of tools/bugs (tools/bugs.h), with FULL=1, each a solver of its own by a
# wrapper script: the wrong neighbour order, a wrong map mark, a missing layer, comment
# lines read as rows (the difference needs them, so the map printed keeps them and says so).
if [ "${FULL:-}" = 1 ]; then
  for bug in order-eswn map-no-percent map-last-layer-missing comments-not-skipped; do
    printf '#!/bin/sh\nexec "%s" --bug %s "$@"\n' "$PWD/tools/bugs" "$bug" > "$tmp/bug-$bug"
    chmod +x "$tmp/bug-$bug"
  done
  broken order-eswn "$tmp/bug-order-eswn" 'puzzle: line ' --maps 100
  broken map-no-percent "$tmp/bug-map-no-percent" '%' --maps 100
  broken map-last-layer-missing "$tmp/bug-map-last-layer-missing" '(end of output after' --maps 100
  broken comments-not-skipped "$tmp/bug-comments-not-skipped" 'note: without its comment lines the two agree' --maps 10
fi
# A solver that rejects one spelling of the options: the note says so.
broken spelling "$tmp/spelling" "note: with '-q -o list' the two agree on it" --maps 12

# 4b. Each kind of difference is shown once, with its smallest example, though the 20
#     runs on maps listed are all of the other bug: here the crash on one-column maps.
broken two-bugs "$tmp/two-bugs" 'yours:  line 3: (an empty line)' --maps 30
kinds=$(sed -n '/^kinds of difference /,/^shrunk /p' "$tmp/two-bugs.out")
result two-bugs-kinds \
  "$( [ "$(grep '^differs: map-' "$tmp/two-bugs.out" | grep -c 'killed by signal')" -eq 0 ] || echo 'a crash is among the runs listed: the test no longer shows the crowding')" \
  "$(grep -qE '^  crashed \(Aborted\), on map output: [0-9]+ runs?; smallest: map-[0-9]+ \([0-9]+x1, [0-9]+ colors?\) with .*yours killed by signal 6' <<< "$kinds" || echo 'no kind for the crash on one-column maps, with a one-column example')" \
  "$(grep -qE '^  wrong stdout, on list output: [0-9]+ runs; smallest: map-[0-9]+ ' <<< "$kinds" || echo 'no kind for the blank line')" \
  "$(grep -qE '^  wrong stdout, on no solution: ' <<< "$kinds" || echo 'no kind for the blank line after no solution')"

# 5. A hang: reported as such, the solver killed (no 'sleep 97' left), the map shrunk
#    within --shrink-time.
mkdir -p "$tmp/hang-maps"
printf '7 3 4\n@.a.\n.#A.\n..b?\n' > "$tmp/hang-maps/seven.txt"
printf '0 1 3\n@.?\n' > "$tmp/hang-maps/zero.txt"
limit=1  # a hang needs no more to show
broken hang "$tmp/hang-on-7-colors" 'yours:  no exit within 0.3 s' --from "$tmp/hang-maps" --timeout 0.3 --shrink-time 1
sleep 0.2
if pgrep -f '^sleep 97$' > /dev/null; then
  result hang-killed "a 'sleep 97' of the hanging solver is still running"
else
  result hang-killed
fi

# 5b. Ctrl-C (SIGINT) and SIGTERM stop compare at once: it dies of the signal (exit
#     130, 143), the solver's run is killed (nothing of compare's session is left
#     running), and its temporary file is gone from TMPDIR. Compare runs
#     in a session of its own (setsid), so that what is left can be told by its session.
printf '#!/bin/bash\nsleep 97\n' > "$tmp/slow"
chmod +x "$tmp/slow"
for signal in INT:130:2 TERM:143:1; do
  IFS=: read -r name want after <<< "$signal"
  rm -rf "$tmp/tmpdir" && mkdir "$tmp/tmpdir"
  TMPDIR="$tmp/tmpdir" setsid "$COMPARE" --maps 5 --out "$tmp/slow-tests" "$tmp/slow" > /dev/null 2>&1 &
  pid=$!
  sleep "$after"
  kill "-$name" -- "-$pid"
  t0=$SECONDS
  # wait, but for at most 3 s, then kill the session (a polling loop, not a watchdog
  # subshell: bash can run the script's EXIT trap in a subshell killed as it starts).
  for _ in $(seq 30); do
    kill -0 "$pid" 2> /dev/null || break
    sleep 0.1
  done
  kill -0 "$pid" 2> /dev/null && kill -KILL -- "-$pid"
  wait "$pid"
  st=$?
  # What is left of the session, zombies aside: a grandchild that was killed waits for
  # init, not compare, to reap it. Looked for until it is gone, for 1 s at most.
  for _ in 1 2 3 4 5 6 7 8 9 10; do
    left=$(ps -s "$pid" -o pid=,stat=,args= 2> /dev/null | awk '$2 !~ /^Z/')
    [ -z "$left" ] && break
    sleep 0.1
  done
  result "interrupt-$name" "$( [ "$st" -eq "$want" ] || echo "SIG$name: exit $st, expected $want")" \
    "$( [ $((SECONDS - t0)) -le 3 ] || echo "SIG$name: compare took $((SECONDS - t0)) s to stop")" \
    "$( [ -z "$left" ] || echo "SIG$name: left in compare's session: $(tr '\n' ';' <<< "$left")")" \
    "$( [ -d "$tmp/tmpdir" ] || echo "SIG$name: the TMPDIR folder is gone: nothing to check")" \
    "$( [ -z "$(ls -A "$tmp/tmpdir" 2> /dev/null)" ] || echo "SIG$name: left in TMPDIR: $(ls -A "$tmp/tmpdir")")"
  [ -z "$left" ] || kill -KILL -- $(ps -s "$pid" -o pid=) 2> /dev/null  # the test's own processes, by their ids
done

# 5c. The shrunk test file goes to compare-out/ in the current folder: git-ignored here,
#     and not under build/, which make clean removes. (SOLVER true: it differs at once.)
mkdir -p "$tmp/cwd"
root=$PWD
(cd "$tmp/cwd" && "$root/$COMPARE" --maps 1 --shrink-time 0 true > "$tmp/out-dir.out" 2>&1)
written=$(cd "$tmp/cwd" && ls compare-out/test-1-*.txt 2> /dev/null)
result out-dir "$( [ -n "$written" ] || echo "no compare-out/test-1-*.txt in the current folder: $(ls -R "$tmp/cwd")")" \
  "$(grep -q "^smallest: compare-out/test-1-" "$tmp/out-dir.out" || echo "'smallest:' does not name compare-out/test-1-...")" \
  "$(git check-ignore -q "${written:-compare-out/test-1-ql.txt}" || echo "${written:-compare-out/} is not git-ignored")" \
  "$(make -n --no-print-directory clean 2>&1 | grep -q 'compare-out' && echo 'make clean removes compare-out/')"

# 5d. make compare: make's own exit status, 2 after "Error 1" when runs differ (as
#     tools/tools.mk and tools/README-compare.md say), 0 when none does.
make -s --no-print-directory compare SOLVER=true OPTIONS="--maps 1 --shrink-time 0 --out $tmp/make-tests" > "$tmp/make.out" 2> "$tmp/make.err"
st=$?
make -s --no-print-directory compare SOLVER="$PUZZLE" OPTIONS='--maps 0' > "$tmp/make-same.out" 2> "$tmp/make-same.err"
st_same=$?
result make-compare "$( [ "$st" -eq 2 ] || echo "make compare with a differing solver: exit $st, expected 2")" \
  "$(grep -qE '^make(\[[0-9]+\])?: \*\*\* \[tools/tools.mk:[0-9]+: compare\] Error 1$' "$tmp/make.err" || echo "no 'make: *** [tools/tools.mk:N: compare] Error 1' line: $(tail -n 1 "$tmp/make.err")")" \
  "$(grep -q '^compare: [1-9][0-9]* of [0-9]* runs differ$' "$tmp/make.out" || echo "make compare: no verdict line")" \
  "$( [ "$st_same" -eq 0 ] || echo "make compare SOLVER=puzzle: exit $st_same, expected 0")" \
  "$(grep -q 'exit status is make' tools/README-compare.md || echo "README-compare does not say make's exit status")"

# 6. Bad usage exits 2 with a message; --help exits 0.
problems=()
for args in "" "$tmp/no-such-solver" "tools/README-compare.md" "--maps x $PUZZLE" "--max-size 1x1 $PUZZLE" "--max-size 1 $PUZZLE" \
            "--bogus $PUZZLE" "--from $tmp/hang-maps/seven.txt $PUZZLE" "--timeout 0 $PUZZLE"; do
  # shellcheck disable=SC2086  # the words of args are the arguments
  "$COMPARE" $args > /dev/null 2> "$tmp/usage.err"
  st=$?
  [ "$st" -eq 2 ] || problems+=("compare $args: exit $st, expected 2")
  grep -q '^compare: error: ' "$tmp/usage.err" || problems+=("compare $args: no 'compare: error:' message")
done
"$COMPARE" --help > "$tmp/help.out" 2>&1 || problems+=("--help: exit $?")
grep -q 'Usage: tools/compare' "$tmp/help.out" || problems+=("--help: no usage text")
# usage_says MESSAGE ARGS...: compare ARGS exits 2 with MESSAGE in its one error line.
usage_says() {
  local message=$1
  shift
  "$COMPARE" "$@" > "$tmp/usage.out" 2> "$tmp/usage.err"
  local st=$?
  [ "$st" -eq 2 ] && [ ! -s "$tmp/usage.out" ] && grep -qF "compare: error: $message" "$tmp/usage.err" ||
    problems+=("compare $*: exit $st, expected 2 and 'compare: error: $message'; stderr: $(head -c 300 "$tmp/usage.err")")
}
# Compare's options go before SOLVER: after it they would be the solver's ARGs.
usage_says "compare's options go before SOLVER: '--maps' follows SOLVER '$PUZZLE' (usage: tools/compare [OPTIONS] SOLVER [ARG...]" "$PUZZLE" --maps 10
usage_says "compare's options go before SOLVER: '--timeout=1' follows" "$PUZZLE" -q --timeout=1
usage_says "compare's options go before SOLVER: '--help' follows" "$PUZZLE" --help
# ... and after '--' SOLVER's ARGs are taken as they are (here puzzle rejects --all).
"$COMPARE" --maps 1 --shrink-time 0 --out "$tmp/dashes" -- "$PUZZLE" --all > "$tmp/dashes.out" 2>&1
grep -q "yours:  exit 1, stderr: puzzle: error: unknown option '--all'" "$tmp/dashes.out" || problems+=("-- SOLVER --all: --all not given to SOLVER")
# A source file or a file that is not executable: what to do.
usage_says "SOLVER: 'puzzle.cpp' is a source file, not a program: build it first (in its folder: g++ -std=c++17 -O3 *.cpp -o puzzle, or its make)" puzzle.cpp
printf '#!/bin/bash\nexit 0\n' > "$tmp/not-executable"
usage_says "SOLVER: '$tmp/not-executable' is not executable: make it so (chmod +x $tmp/not-executable)" "$tmp/not-executable"
usage_says "SOLVER: 'tools/README-compare.md' is not executable, and not a program or a script: build it first" tools/README-compare.md
grep -q '^Exit status (the same for every tool here): 0 ' "$tmp/help.out" || problems+=("--help: no exit-status convention")
result usage "${problems[@]}"

# 7. --runs --cache remembers puzzle's side under a hash of the input's bytes: not when the
#    input changed while puzzle ran (here SOLVER, run first with --jobs 1, empties it), or a
#    later run on the restored map would be judged against puzzle's run on an empty file.
cp spec-inputs/spec-simple.txt "$tmp/cached-map.txt"
printf 'a\t%s\t--queue\n' "$tmp/cached-map.txt" > "$tmp/cached-jobs"
printf '#!/bin/sh\n: > "%s"\n' "$tmp/cached-map.txt" > "$tmp/emptier"
chmod +x "$tmp/emptier"
compare cache-emptied --runs "$tmp/cached-jobs" --jobs 1 --cache "$tmp/cache" "$tmp/emptier"
cp spec-inputs/spec-simple.txt "$tmp/cached-map.txt"
compare cache-restored --runs "$tmp/cached-jobs" --cache "$tmp/cache" "$PUZZLE"
compare cache-again --runs "$tmp/cached-jobs" --cache "$tmp/cache" "$PUZZLE"
result runs-cache "$(expect_status cache-restored 0)" "$(expect_status cache-again 0)" \
  "$(cut -f6 "$tmp/cache-restored.out" | grep -qx same || echo "puzzle on the restored map: $(cat "$tmp/cache-restored.out")")" \
  "$(cut -f6 "$tmp/cache-again.out" | grep -qx same || echo "puzzle again, from the cache: $(cat "$tmp/cache-again.out")")"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
