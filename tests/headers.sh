#!/usr/bin/env bash
# Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
# Every header of tools/ (and puzzle.cpp, which tools and tests include like a header)
# includes what it uses: a file that includes it alone, twice, compiles with the project's
# warning flags. A test per header; then "N passed, M failed".
set -u
cd "$(dirname "$0")/.." || exit 1
# shellcheck source=tests/scripts/results.sh
. tests/scripts/results.sh
make -s --no-print-directory build/tools/catalogue-data.h > /dev/null 2>&1
flags=(-std=c++17 -Wconversion -Wall -Werror -Wextra -pedantic -fsyntax-only -DPUZZLE_NO_MAIN -I. -Ibuild/tools)
for header in puzzle.cpp tools/*.h; do
  name=${header##*/}
  printf '#include "%s"\n#include "%s"\n' "$header" "$header" |
    "${CXX:-g++}" "${flags[@]}" -x c++ - > "$tmp/$name.out" 2>&1
  status=$?
  result "$name" "$([ "$status" -eq 0 ] || echo "$header included alone does not compile")"
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
