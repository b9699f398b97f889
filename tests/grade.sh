#!/usr/bin/env bash
# Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
# Tests of tools/grade/grade (`make grade`), run by tests/run-all from the repository
# root: deliberately broken copies of the submission must fail for the right reason,
# and the real tarball must pass Packaging and Build. Each grades one or two categories
# (--only) of a tarball built in a temporary folder, writing its markdown there too, so
# build/grade/latest.md is left alone. Builds are cached by the sources' contents
# (build/grade/cache), so only the first run after a change of puzzle.cpp compiles it.
# Prints one line per test and ends with "N passed, M failed".
# By default it runs the quick tests (16 s on 2 idle cores: tiny sources, and the
# built ./puzzle); FULL=1 adds the long ones (the real tarball's
# builds, valgrind, mutants, the byte-for-byte comparison on generated maps).
set -u
cd "$(dirname "$0")/.." || exit 1
FULL=${FULL:-}
[ "$FULL" = 0 ] && FULL=
t_begin=$SECONDS
# progress TEXT: a line on stderr once the script has run over 10 s.
progress() { [ $((SECONDS - t_begin)) -lt 10 ] || echo "grade.sh: ${SECONDS}s: $*" >&2; }
REFERENCE=$(realpath ./puzzle)
IDENT=A8A3A33EF075ACEF9B08F5B9845569ECCB423725
tmp=$(mktemp -d)
trap '[ -n "${GRADE_TEST_KEEP:-}" ] && echo "kept $tmp" >&2 || rm -rf "$tmp"' EXIT
# shellcheck source=tests/scripts/results.sh
. tests/scripts/results.sh

# grade NAME ARGS...: runs the grader; its output in $tmp/NAME.out, status in $status.
grade() {
  local name=$1
  shift
  bash tools/grade/grade --md "$tmp/$name.md" "$@" > "$tmp/$name.out" 2>&1
  status=$?
}
# expect_row NAME CATEGORY CHECK_PREFIX RESULT: the table has that row with that result.
expect_row() {
  grep -qE "^$2 +$3.* $4  " "$tmp/$1.out" || echo "no $4 row '$2 / $3'"
}

# make_tarball NAME DIR: packs every file and folder in DIR as a submission would be.
make_tarball() {
  local names=()
  mapfile -t names < <(cd "$2" && ls -A)
  tar -C "$2" -czf "$tmp/$1.tar.gz" "${names[@]}"
}
# grade_packed NAME ARGS...: packs $tmp/NAME as a submission and grades that tarball.
grade_packed() {
  local name=$1
  shift
  make_tarball "$name" "$tmp/$name"
  grade "$name" --tarball "$tmp/$name.tar.gz" "$@"
}
shim() {  # shim DIR PROGRAM: a submission whose puzzle.cpp execs PROGRAM
  mkdir -p "$1"
  cp Makefile "$1/"
  printf '// Project Identifier: %s\n#include <unistd.h>\nint main(int, char* argv[]) {\n  execv("%s", argv);\n  return 1;\n}\n' \
    "$IDENT" "$2" > "$1/puzzle.cpp"
}
# A copy of the real submission's files (Makefile, sources, no test files).
real_copy() {
  mkdir -p "$1"
  cp Makefile "$1/"
  cp ./*.cpp "$1/"
  for f in ./*.h ./*.hpp; do [ -f "$f" ] && cp "$f" "$1/"; done
  rm -f "$1"/test*.cpp
}

if [ -n "$FULL" ]; then
# 1. The real tarball, packed exactly as `make fullsubmit` packs it, passes Packaging
#    and Build.
progress "the real tarball"
if make --no-print-directory fullsubmit FULL_SUBMITFILE="$tmp/full.tar.gz" > "$tmp/fullsubmit.log" 2>&1; then
  grade real --tarball "$tmp/full.tar.gz" --only Packaging,Build
  result real "$(expect_status real 0)" "$(expect_text real 'grade: 7 passed, 0 failed')" \
    "$(expect_row real Build 'g\+\+ -O3 -DNDEBUG' PASS)" \
    "$(expect_row real Packaging 'project identifier' PASS)"
else
  echo "make fullsubmit failed:" > "$tmp/real.out"
  cat "$tmp/fullsubmit.log" >> "$tmp/real.out"
  result real "make fullsubmit FULL_SUBMITFILE=... failed"
fi

# 1b. `make fullsubmit SPEC=2020` packs a Makefile whose own default is the 2020 edition,
#     so the tarball passes the Build row that the course's plain `make -R -r` decides.
if make --no-print-directory fullsubmit SPEC=2020 FULL_SUBMITFILE="$tmp/full2020.tar.gz" > "$tmp/fullsubmit.log" 2>&1; then
  grade real2020 --tarball "$tmp/full2020.tar.gz" --only Build --spec 2020
  result real2020 "$(expect_status real2020 0)" "$(expect_row real2020 Build 'make -R -r builds the 2020 edition' PASS)"
else
  cp "$tmp/fullsubmit.log" "$tmp/real2020.out"
  result real2020 "make fullsubmit SPEC=2020 FULL_SUBMITFILE=... failed"
fi

fi  # FULL

# 2. A source without the project identifier: Packaging fails and names the file.
d=$tmp/noident
real_copy "$d"
printf '// a helper\ninline int twice(int x) { return 2 * x; }\n' > "$d/helper.h"
grep -v "$IDENT" puzzle.cpp > "$d/puzzle.cpp"
grade_packed noident --only Packaging
result noident "$(expect_status noident 1)" \
  "$(expect_row noident Packaging 'project identifier' FAIL)" \
  "$(expect_text noident "puzzle.cpp: no project identifier $IDENT")" \
  "$(expect_text noident "helper.h: no project identifier")" \
  "$(expect_text noident 'grade: 2 passed, 1 failed')"

# 3. An extra folder in the tarball: Packaging fails and names the folder.
d=$tmp/folder
real_copy "$d"
mkdir -p "$d/extra"
echo "notes" > "$d/extra/notes.txt"
grade_packed folder --only Packaging
result folder "$(expect_status folder 1)" \
  "$(expect_row folder Packaging 'only Makefile' FAIL)" \
  "$(expect_text folder "folder 'extra/' in the tarball")"

# 3b. A tarball whose files are all in a folder: the course's grader unpacks it and runs
#     make at its top, where there is nothing; the packaging and identifier rows fail
#     and say so (0 files with the identifier is no pass).
d=$tmp/nested
real_copy "$d/puzzle-1"
grade_packed nested --only Packaging
result nested "$(expect_status nested 1)" \
  "$(expect_row nested Packaging 'only Makefile' FAIL)" \
  "$(expect_row nested Packaging 'project identifier' FAIL)" \
  "$(expect_text nested 'the files must be at the top level of the tarball, not in a folder')" \
  "$(expect_text nested 'no Makefile or source file at the top level of the tarball')"

# 4. A stray file in a graded folder (--dir): a README-like file is a NOTE that names it
#    (the spec's tar command would leave it out; the course publishes no rule on more);
#    a file starting with "test" that is no test file breaks the spec's rule: a FAIL.
d=$tmp/stray
real_copy "$d"
echo "todo" > "$d/notes.md"
grade stray --dir "$d" --only Packaging
result stray "$(expect_status stray 0)" "$(expect_row stray Packaging 'only Makefile' NOTE)" \
  "$(expect_text stray "'notes.md' is not a submission file")"
echo "todo" > "$d/testing.sh"
grade stray-test --dir "$d" --only Packaging
result stray-test "$(expect_status stray-test 1)" "$(expect_row stray-test Packaging 'only Makefile' FAIL)" \
  "$(expect_text stray-test "'testing.sh': only test files (test-N-FLAGS.txt) may start with 'test'")"

# 5. A compile warning: the submission's Makefile (this project's, with -Werror) fails
#    to build and the row shows the warning; grade's own builds, which the course does
#    not run, make a NOTE and build without -Werror (a tiny source, so it is quick).
progress "builds"
d=$tmp/warning
mkdir -p "$d"
cp Makefile "$d/"
printf '// Project Identifier: %s\nint main() {\n  int unused = 3;\n  return 0;\n}\n' "$IDENT" > "$d/puzzle.cpp"
grade_packed warning --only Build
result warning "$(expect_status warning 1)" \
  "$(expect_row warning Build 'make -R -r' FAIL)" \
  "$(expect_row warning Build 'g\+\+ -O3 -DNDEBUG' NOTE)" \
  "$(expect_row warning Build 'g\+\+ -g3 -DDEBUG' NOTE)" \
  "$(expect_text warning "puzzle.cpp:3:7: error: unused variable 'unused' [-Werror=unused-variable]")" \
  "$(expect_text warning 'grade: 1 passed, 1 failed')"

# 5b. A Makefile laid out as the course's 2023 Makefile (written here from the spec's
#     description: the project identifier; `debug` first, building puzzle_debug with
#     -g3 and no -O3; `release` building puzzle with -O3 -DNDEBUG from objects; clean,
#     fullsubmit). A plain make -R -r builds no puzzle, which the course's grader cannot
#     mean for its own Makefile: a NOTE, never a FAIL, and the flags of the release
#     build are judged (and pass).
course_makefile() {
  cat <<EOF
# Project Identifier: $IDENT
# After the course's 2023 Makefile: its first target is debug.
EXECUTABLE = puzzle
CXX = g++
SOURCES = \$(filter-out \$(wildcard test*.cpp), \$(wildcard *.cpp))
OBJECTS = \$(SOURCES:%.cpp=%.o)
CXXFLAGS = -std=c++17 -Wconversion -Wall -Werror -Wextra -pedantic

debug: CXXFLAGS += -g3 -DDEBUG
debug:
	\$(CXX) \$(CXXFLAGS) \$(SOURCES) -o \$(EXECUTABLE)_debug
.PHONY: debug

release: CXXFLAGS += -O3 -DNDEBUG
release: \$(EXECUTABLE)
.PHONY: release

%.o: %.cpp
	\$(CXX) \$(CXXFLAGS) -c \$*.cpp

\$(EXECUTABLE): \$(OBJECTS)
	\$(CXX) \$(CXXFLAGS) \$(OBJECTS) -o \$(EXECUTABLE)

clean:
	rm -f \$(OBJECTS) \$(EXECUTABLE) \$(EXECUTABLE)_debug fullsubmit.tar.gz
.PHONY: clean

fullsubmit:
	tar czf fullsubmit.tar.gz Makefile *.cpp \$(wildcard *.h *.hpp test*.txt)
.PHONY: fullsubmit
EOF
}
d=$tmp/course
shim "$d" "$REFERENCE"
course_makefile > "$d/Makefile"
grade course --dir "$d" --only Build
result course "$(expect_status course 0)" \
  "$(expect_row course Build 'make -R -r with its own Makefile' NOTE)" \
  "$(expect_row course Build 'flags of make -R -r release: -O3, no -g' PASS)" \
  "$(expect_text course "a plain make -R -r builds no 'puzzle' (it made: puzzle_debug); make -R -r release builds it.")" \
  "$(grep -qE '^Build .* FAIL ' "$tmp/course.out" && echo 'a Build row fails')"

# 6. A test file of 11x11: TestFiles fails and names the file and its size.
progress "test files"
d=$tmp/bigtest
shim "$d" "$REFERENCE"
{
  echo "0 11 11"
  echo "@.........."
  for _ in 1 2 3 4 5 6 7 8 9; do echo "..........."; done
  echo "..........?"
} > "$d/test-1-q.txt"
printf '1 2 2\n@a\nA?\n' > "$d/test-2-sl.txt"
grade_packed bigtest --only TestFiles
result bigtest "$(expect_status bigtest 1)" \
  "$(expect_row bigtest TestFiles 'size at most 10x10' FAIL)" \
  "$(expect_text bigtest 'test-1-q.txt: 11x11 is larger than 10x10')" \
  "$(expect_row bigtest TestFiles 'valid' PASS)"

# 7. Test files named wrong or missing: TestFiles fails and says why (the words of
#    tools/testfiles/testfiles.py check --form).
d=$tmp/badnames
shim "$d" "$REFERENCE"
printf '0 1 2\n@?\n' > "$d/test-16-q.txt"
printf '0 1 2\n@?\n' > "$d/test-3-ls.txt"
printf '0 1 2\n@?\n' > "$d/test-4-s.txt"
printf '0 1 2\n@?\n' > "$d/test-4-qm.txt"
grade_packed badnames --only TestFiles
result badnames "$(expect_status badnames 1)" \
  "$(expect_row badnames TestFiles 'names: test-N-FLAGS.txt' FAIL)" \
  "$(expect_text badnames 'test-16-q.txt: only test-N-FLAGS.txt files')" \
  "$(expect_text badnames 'test-3-ls.txt: only test-N-FLAGS.txt files')" \
  "$(expect_text badnames 'test file numbers distinct: numbers [4, 4]')"
d=$tmp/notests
shim "$d" "$REFERENCE"
grade_packed notests --only TestFiles
result notests "$(expect_status notests 1)" "$(expect_text notests 'no test files')"

# 8. A solver that prints the same thing whatever it gets: Spec and INV fail; the diff
#    labels its sides and shows both (the 14 expected lines and the one of yours).
d=$tmp/wrong
mkdir -p "$d"
cp Makefile "$d/"
printf '// Project Identifier: %s\n#include <iostream>\nint main() {\n  std::cout << "No solution.\\n";\n  return 0;\n}\n' "$IDENT" > "$d/puzzle.cpp"
grade_packed wrong --only Spec,INV
result wrong "$(expect_status wrong 1)" \
  "$(expect_row wrong Spec 'spec-simple.txt' FAIL)" \
  "$(expect_text wrong 'differs from out-spec-simple-queue-map.txt')" \
  "$(expect_text wrong '--- expected')" "$(expect_text wrong '+++ yours')" \
  "$(expect_text wrong '-// color ^')" "$(expect_text wrong '+No solution.')" \
  "$(expect_row wrong INV 'header \(listed by the spec\)' FAIL)" \
  "$(expect_text wrong 'Colors27 (puzzle -q): exit 0, expected exit 1')" \
  "$(expect_text wrong "reproduce: printf '%b' '27 1 2\\n@?\\n' | ./puzzle -q")"

# 9. A solver over the memory limit that claims no solution: Sm fails for the wrong
#    answers (on one solvable and one unsolvable map), and the memory is a note under
#    the failure (the limit is our estimate). Its one kind of difference on the two maps
#    and four modes is shown once, with its count.
progress "generated maps"
d=$tmp/hog
mkdir -p "$d"
cp Makefile "$d/"
cat > "$d/puzzle.cpp" <<EOF
// Project Identifier: $IDENT
#include <iostream>
#include <vector>
int main() {
  std::vector<char> hog(72u << 20, 1);
  std::cout << "No solution.\\n" << static_cast<int>(hog[12345]) - 1 << '\\n';
  return 0;
}
EOF
grade_packed hog --only Sm --maps Sm1,Sm4
result hog "$(expect_status hog 1)" "$(expect_row hog Sm 'Sm1 ' FAIL)" \
  "$(expect_text hog 'NOTE, not a failure: ')" "$(expect_text hog 'MB is over 64 MB, our estimate')" \
  "$(expect_text hog "(the same kind: 4 times in all")" \
  "$(expect_text hog "'No solution.', but the map is solvable")" \
  "$(expect_text hog 'malformed no-solution output')" \
  "$(expect_text hog 'grade: 0 passed, 2 failed')"

# 9b. A correct but slow solver: puzzle's right outputs after a CPU burn of 1.2 s when
#     asked for a list (a busy loop until it has used 130 clock ticks, 1.3 s, of CPU:
#     over the 1 s we estimate for a map under 20x20), and which reads
#     the whole map before it looks at its options (so --help with an empty input would
#     exit 1). No row fails: the time is a NOTE that says where its limit comes from,
#     and --help is run with a map.
map_first() {  # map_first FILE [BURN]: the solver above, with the busy loop when BURN
  {
    echo '#!/bin/bash'
    echo 'in=$(mktemp); cat > "$in"'
    echo '[ -s "$in" ] || { rm -f "$in"; echo "no map" >&2; exit 1; }'
    [ -z "${2:-}" ] || echo 'case " $* " in *list*) while read -ra st < /proc/$$/stat; (( st[13] + st[14] < 130 )); do :; done ;; esac'
    echo "\"$REFERENCE\" \"\$@\" < \"\$in\"; st=\$?; rm -f \"\$in\"; exit \$st"
  } > "$1"
  chmod +x "$1"
}
map_first "$tmp/slow" burn
shim "$tmp/slow-dir" "$tmp/slow"
grade slow --dir "$tmp/slow-dir" --only Sm --maps Sm1
result slow "$(expect_status slow 0)" "$(expect_row slow Sm 'Sm1 ' NOTE)" \
  "$(expect_text slow 's CPU (wall ')" "$(expect_text slow 'is over 1 s, our estimate: the spec and the course publish no figure')" \
  "$(grep -q ' FAIL ' "$tmp/slow.out" && echo 'a row fails')"
map_first "$tmp/mapfirst"
shim "$tmp/mapfirst-dir" "$tmp/mapfirst"
"$tmp/mapfirst" --help < /dev/null > /dev/null 2>&1
help_empty=$?
grade slowhelp --dir "$tmp/mapfirst-dir" --only Spec
result slowhelp "$(expect_row slowhelp Spec '--help and -h' PASS)" \
  "$([ "$help_empty" -eq 1 ] || echo "the slow solver's --help with an empty input exits $help_empty, not 1: the test shows nothing")"

# 9c. Ctrl-C: grade, started in a session of its own with TMPDIR a fresh folder, gets
#     SIGINT (to its process group) while it runs a solver that sleeps with SIGINT
#     ignored: it exits 130 within a few seconds, without a made-up failure row, and
#     leaves no process of its session and nothing in TMPDIR.
{
  echo '#!/bin/bash'
  echo "trap '' INT"
  echo 'sleep 60'
} > "$tmp/sleeper"
chmod +x "$tmp/sleeper"
shim "$tmp/sleeper-dir" "$tmp/sleeper"
mkdir -p "$tmp/int-tmp"
# (A background job of a script starts with SIGINT ignored, which a shell cannot undo:
# python3 gives grade the default action back, and a session of its own.)
TMPDIR=$tmp/int-tmp python3 -c 'import os, signal, sys
signal.signal(signal.SIGINT, signal.SIG_DFL)
os.setsid()
os.execvp(sys.argv[1], sys.argv[1:])' bash tools/grade/grade --dir "$tmp/sleeper-dir" --only Spec --md "$tmp/int.md" > "$tmp/int.out" 2>&1 &
int_pid=$!
sleep 3
kill -INT -- "-$int_pid"
int_t0=$SECONDS
wait "$int_pid"
int_status=$?
int_secs=$((SECONDS - int_t0))
sleep 0.5
result int "$([ "$int_status" -eq 130 ] || echo "exit status $int_status, expected 130")" \
  "$([ "$int_secs" -le 5 ] || echo "took $int_secs s to stop")" \
  "$(grep -E ' FAIL ' "$tmp/int.out" && echo 'a FAIL row after SIGINT')" \
  "$(ps -o pid=,stat=,args= -s "$int_pid" | awk '$2 !~ /^Z/' | grep . && echo 'processes of its session are left')" \
  "$([ -z "$(ls -A "$tmp/int-tmp")" ] || echo "TMPDIR holds: $(ls -A "$tmp/int-tmp")")"

if [ -n "$FULL" ]; then
progress "byte for byte (FULL)"
# 11. Another submission (--dir) is held to puzzle byte for byte on the generated maps:
#     a solver that discovers neighbours in the wrong order (the order-eswn bug of
#     tools/bugs, run by a wrapper script that a small program execs) fails the solvable
#     Sm maps and names the first differing line; the real solver passes them.
if [ -x tools/bugs ]; then
  printf '#!/bin/sh\nexec "%s" --bug order-eswn "$@"\n' "$PWD/tools/bugs" > "$tmp/bug-order-eswn"
  chmod +x "$tmp/bug-order-eswn"
  shim "$tmp/eswn" "$tmp/bug-order-eswn"
  grade eswn --dir "$tmp/eswn" --only Sm --maps Sm1,Sm2,Sm4
  result eswn "$(expect_status eswn 1)" "$(expect_row eswn Sm 'Sm1 ' FAIL)" "$(expect_row eswn Sm 'Sm2 ' FAIL)" \
    "$(expect_row eswn Sm 'Sm4 ' PASS)" \
    "$(expect_text eswn "not puzzle's output, byte for byte; first difference at line")" \
    "$(expect_text eswn '  expected: ')" "$(expect_text eswn '  yours:    ')"
else
  result eswn "no tools/bugs (make tools)"
fi
d=$tmp/realdir
real_copy "$d"
grade realdir --dir "$d" --only Sm
result realdir "$(expect_status realdir 0)" "$(expect_text realdir 'grade: 10 passed, 0 failed')" \
  "$(expect_text realdir "generated maps compared with puzzle's output byte for byte")"

# 12. The 2020 edition (--spec 2020, make grade SPEC=2020): the spec's no-solution
#     outputs with "Reachable:" are expected. A solver that prints them (puzzle's output
#     with line 2 "Discovered:" made "Reachable:") passes Spec; a Makefile that builds the
#     2023 edition fails the Build row that checks what make -R -r builds, and one that
#     sets SPEC = 2020 passes it.
d=$tmp/ed2020
mkdir -p "$d"
cp Makefile "$d/"
cat > "$d/puzzle.cpp" <<EOF
// Project Identifier: $IDENT
#include <unistd.h>
#include <vector>
int main(int argc, char* argv[]) {
  std::vector<char*> args{(char*)"bash", (char*)"-o", (char*)"pipefail", (char*)"-c",
                          (char*)"\"\$0\" \"\$@\" | sed '2s/^Discovered:\$/Reachable:/'", (char*)"$PWD/puzzle"};
  for (int i = 1; i < argc; ++i) args.push_back(argv[i]);
  args.push_back(nullptr);
  execv("/bin/bash", args.data());
  return 1;
}
EOF
grade ed2020 --dir "$d" --only Spec --spec 2020
result ed2020 "$(expect_status ed2020 0)" "$(expect_row ed2020 Spec 'spec-simple-no.txt' PASS)" \
  "$(expect_row ed2020 Spec 'spec-full-no.txt' PASS)" "$(expect_text ed2020 'the 2020 edition')"
# A tiny solver that prints the edition's word, by the macro the Makefile sets.
edition_source() {
  printf '// Project Identifier: %s\n#include <cstdio>\nint main() {\n#ifdef PUZZLE_SPEC_2020\n  std::puts("No solution.\\nReachable:");\n#else\n  std::puts("No solution.\\nDiscovered:");\n#endif\n  return 0;\n}\n' "$IDENT"
}
d=$tmp/make2023
mkdir -p "$d"
cp Makefile "$d/"
edition_source > "$d/puzzle.cpp"
grade make2023 --dir "$d" --only Build --spec 2020
result make2023 "$(expect_status make2023 1)" "$(expect_row make2023 Build 'make -R -r builds the 2020 edition' FAIL)" \
  "$(expect_text make2023 "prints 'Discovered:' after 'No solution.'")"
d=$tmp/make2020
mkdir -p "$d"
sed 's/^SPEC = .*/SPEC = 2020/' Makefile > "$d/Makefile"
edition_source > "$d/puzzle.cpp"
grade make2020 --dir "$d" --only Build --spec 2020
result make2020 "$(expect_row make2020 Build 'make -R -r builds the 2020 edition' PASS)"

# 13. Valgrind: a leak is memory lost, not memory the C++ runtime still holds. puzzle
#     with only std::ios_base::sync_with_stdio(false) added (which the course recommends;
#     libstdc++ then keeps its stream buffers, "still reachable" at exit) passes both
#     Valgrind rows, and the figures say what was measured; one that loses 40 bytes fails,
#     its row naming the loss, and its figures are no pass-like text.
d=$tmp/sync
mkdir -p "$d"
cp Makefile "$d/"
sed -e 's/^int main(int argc, char\* argv\[\]) {$/&\n  std::ios_base::sync_with_stdio(false);/' \
    -e '1a #include <iostream>' puzzle.cpp > "$d/puzzle.cpp"
grade sync --dir "$d" --only Valgrind --maps Sm1
result sync "$(grep -q 'sync_with_stdio(false);' "$d/puzzle.cpp" || echo 'the sync_with_stdio line was not added to main')" \
  "$(expect_status sync 0)" "$(expect_row sync Valgrind 'memcheck: spec inputs' PASS)" \
  "$(expect_row sync Valgrind 'memcheck: Sm maps' PASS)" \
  "$(expect_text sync '16/16 clean: no memory error, nothing lost; still reachable at exit: up to 122,880 bytes in 6 blocks (not a leak)')"
d=$tmp/leak
mkdir -p "$d"
cp Makefile "$d/"
sed -e 's/^int main(int argc, char\* argv\[\]) {$/static int* volatile lost = nullptr;\n&\n  lost = new int[10];\n  lost = nullptr;/' \
  puzzle.cpp > "$d/puzzle.cpp"
grade leak --dir "$d" --only Valgrind --maps Sm1
result leak "$(expect_status leak 1)" "$(expect_row leak Valgrind 'memcheck: spec inputs' FAIL)" \
  "$(expect_text leak 'definitely lost: 40 bytes in 1 blocks')" \
  "$(expect_text leak '0 of 16 passed; 16 with memory errors or leaks')" \
  "$(grep -E '^Valgrind .* FAIL ' "$tmp/leak.out" | grep -E 'clean: |no heap in use' && echo 'a FAIL row with pass-like figures')"

# 14. A stale binary does not pass the build: a folder whose Makefile makes nothing but
#     which holds an old puzzle fails the make -R -r row (the build runs in a copy of
#     the submission's files alone); the same folder with a Makefile that builds passes.
d=$tmp/stale
mkdir -p "$d"
printf '# Project Identifier: %s\nall:\n\t@echo nothing to build\n' "$IDENT" > "$d/Makefile"
cp puzzle.cpp "$d/"
cp "${PUZZLE_BIN:-./puzzle}" "$d/puzzle"
grade stale --dir "$d" --only Build
result stale "$(expect_status stale 1)" "$(expect_row stale Build 'make -R -r with its own Makefile' FAIL)" \
  "$(expect_text stale "made no executable 'puzzle'")" "$(expect_text stale 'no puzzle made')"
cp Makefile "$d/"
grade stale-fixed --dir "$d" --only Build
result stale-fixed "$(expect_row stale-fixed Build 'make -R -r with its own Makefile' PASS)" \
  "$(expect_text stale-fixed 'puzzle built, no warnings')"

# 15. INV holds a solver to what the course checks, from the one catalogue
#     (tools/bad-inputs.txt): exit 1 and nothing on stdout on each bad input the spec
#     lists, whatever stderr holds (this solver prints no message at all: -o twice
#     passes). A bad input beyond the spec's list that it accepts (an empty input) is a
#     NOTE, not a failure; one the spec lists (-o tree taken for -o map) fails. compare
#     labels the same two differences the same way. It wraps the release ./puzzle, not
#     $PUZZLE_BIN: grade bounds a solver's address space, which an AddressSanitizer
#     build (make sanitize) cannot run under.
{
  echo '#!/bin/bash'
  echo '# No messages; an empty input accepted; -o tree read as -o map.'
  echo 'args=()'
  echo 'for a in "$@"; do [ "$a" = tree ] && a=map; args+=("$a"); done'
  echo 'in=$(mktemp)'
  echo 'cat > "$in"'
  echo '[ -s "$in" ] || { rm -f "$in"; exit 0; }'
  echo "\"$(realpath ./puzzle)\" \"\${args[@]}\" < \"\$in\" 2> /dev/null"
  echo 'status=$?'
  echo 'rm -f "$in"'
  echo 'exit $status'
} > "$tmp/lenient"
chmod +x "$tmp/lenient"
shim "$tmp/lenient-dir" "$tmp/lenient"
grade lenient --dir "$tmp/lenient-dir" --only INV
tools/compare --maps 0 "$tmp/lenient" > "$tmp/lenient-compare.out" 2>&1
compare_status=$?
label_of() {  # label_of CASE FILE: the label a tool gave CASE ("listed by the spec", ...)
  grep -m1 -oE "\[$1\] \((listed by the spec|beyond the spec's list)\)" "$2" | sed -E 's/.*\((.*)\)/\1/'
}
result lenient "$(expect_status lenient 1)" \
  "$(expect_row lenient INV 'options \(listed by the spec\)' FAIL)" \
  "$(expect_text lenient 'OutputBadValue (puzzle -q -o tree): exit 0, expected exit 1')" \
  "$(grep -q 'OutputTwice' "$tmp/lenient.out" && echo 'OutputTwice failed: an empty stderr must pass')" \
  "$(expect_row lenient INV "header \(beyond the spec's list\)" NOTE)" \
  "$(expect_text lenient 'EmptyInput (puzzle -q): exit 0, expected exit 1')" \
  "$(expect_text lenient 'grade: 1 NOTE rows (not failures: see Notes above)')" \
  "$(grep -qE '^grade: [0-9]+ passed, 1 failed$' "$tmp/lenient.out" || echo 'not one failed row')" \
  "$([ "$compare_status" -eq 1 ] || echo "tools/compare exited $compare_status, expected 1")" \
  "$([ "$(label_of OutputBadValue "$tmp/lenient-compare.out")" = 'listed by the spec' ] || echo 'compare: OutputBadValue not labelled as listed by the spec')" \
  "$([ "$(label_of EmptyInput "$tmp/lenient-compare.out")" = "beyond the spec's list" ] || echo "compare: EmptyInput not labelled as beyond the spec's list")" \
  "$(grep -q "^INV .*header (beyond the spec's list)" "$tmp/lenient.out" || echo 'grade: no row labelled as compare labels EmptyInput')"

fi  # FULL

# 10. Usage: an unknown category is an error (exit 2); --help exits 0.
grade usage --only Nope
result usage "$(expect_status usage 2)" "$(expect_text usage "unknown category 'Nope'")"
grade usage-spec --spec 2021
result usage-spec "$(expect_status usage-spec 2)" "$(expect_text usage-spec "unknown edition '2021'")"
grade help --help
result help "$(expect_status help 0)" "$(expect_text help 'Usage: tools/grade/grade')" \
  "$(expect_text help 'Exit status (the same for every tool here): 0 every check passed; 1 a check failed; 2 an')"
grade usage-option --bogus
result usage-option "$(expect_status usage-option 2)" "$(expect_text usage-option "grade: error: unknown option '--bogus'")" \
  "$(expect_text usage-option "Try 'tools/grade/grade --help'.")"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
