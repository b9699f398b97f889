#!/usr/bin/env bash
# Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
# Tests of the Makefile's own rules. `make identifier`, which fullsubmit and
# partialsubmit run first: when every top-level source, header and the Makefile carries
# the project identifier it says so in one verdict line, naming the files checked, and
# exits 0; when one lacks it, it names that file and exits non-zero. The edition:
# `make SPEC=2020` builds ./puzzle_2020 beside ./puzzle, while the Makefile that `make
# fullsubmit SPEC=2020` packs builds ./puzzle, as the course's grader expects. The cases
# that need another Makefile run in a copy in a temporary folder. Prints one line per
# test and ends with "N passed, M failed".
set -u
cd "$(dirname "$0")/.." || exit 1
# shellcheck source=tests/scripts/results.sh
. tests/scripts/results.sh
IDENT=$(sed -n 's/^IDENTIFIER *= *//p' Makefile)
# Run as a user would, not as part of the make that runs the tests (its jobserver).
unset MAKEFLAGS MFLAGS MAKELEVEL

# 1. This repository: one line, exit 0.
make -s --no-print-directory identifier > "$tmp/ok.out" 2>&1
status=$?
lines=$(wc -l < "$tmp/ok.out")
result ok "$(expect_status ok 0)" "$([ "$lines" -eq 1 ] || echo "$lines lines, expected one verdict line")" \
  "$(expect_text ok 'identifier: every source, header and the Makefile carries the project identifier: ')" \
  "$(expect_text ok 'Makefile')" "$(expect_text ok 'puzzle.cpp')"

# 2. A copy with a header that lacks the identifier: it is named, exit non-zero.
mkdir "$tmp/copy"
cp Makefile "$tmp/copy/"
printf '// Project Identifier: %s\nint main() {}\n' "$IDENT" > "$tmp/copy/main.cpp"
printf '// no identifier here\n' > "$tmp/copy/helper.h"
make -s --no-print-directory -C "$tmp/copy" identifier > "$tmp/missing.out" 2>&1
status=$?
result missing "$([ "$status" -ne 0 ] || echo "exit status 0, expected a failure")" \
  "$(expect_text missing 'Missing project identifier in the following files:')" "$(expect_text missing 'helper.h')" \
  "$(grep -q 'main.cpp' "$tmp/missing.out" && echo 'main.cpp, which has the identifier, is named')"

# 3. The edition's executable (make -n: what would be built, in the copy).
printf '// Project Identifier: %s\nint main() {}\n' "$IDENT" > "$tmp/copy/helper.h"
built() { make -n --no-print-directory -C "$tmp/copy" "$@" 2>&1 | grep -oE -- '-o [a-z_0-9]+$'; }
sed 's/^SPEC = .*/SPEC = 2020/' Makefile > "$tmp/packed.mk"
result edition-executable \
  "$([ "$(built)" = '-o puzzle' ] || echo "make builds '$(built)', expected -o puzzle")" \
  "$([ "$(built SPEC=2020)" = '-o puzzle_2020' ] || echo "make SPEC=2020 builds '$(built SPEC=2020)', expected -o puzzle_2020")" \
  "$(make -n --no-print-directory -C "$tmp/copy" SPEC=2020 2>&1 | grep -q -- '-DPUZZLE_SPEC_2020' || echo "make SPEC=2020 does not add -DPUZZLE_SPEC_2020")" \
  "$([ "$(built -f "$tmp/packed.mk")" = '-o puzzle' ] || echo "a Makefile whose default is 2020 builds '$(built -f "$tmp/packed.mk")', expected -o puzzle")"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
