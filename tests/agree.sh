#!/usr/bin/env bash
# Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
# Tests that grade and compare agree on every run they share (issue 33), run by
# tests/run-all from the repository root. Two solvers, puzzle itself and one with known
# bugs (tools/bugs: a search order, a loose header check, a loose option check), are each
# graded (tools/grade/grade --dir --keep on a submission whose puzzle execs the solver;
# the Sm maps and INV; grade's verdict on each run is in its kept folder, verdicts) and
# compared (tools/compare --from the same Sm maps, --all: every differing run listed, the
# catalogue of bad inputs after them). Every run grade fails, compare finds differing
# (the same map and mode, the same bad input), and no other. The buggy solver must fail
# some, puzzle none. Prints one line per test and ends with
# "N passed, M failed"; 25 s on 2 idle cores.
set -u
cd "$(dirname "$0")/.." || exit 1
IDENT=A8A3A33EF075ACEF9B08F5B9845569ECCB423725
# shellcheck source=tests/scripts/results.sh
. tests/scripts/results.sh
# shellcheck source=tools/catalogue.sh
. tools/catalogue.sh
catalogue_read tools || exit 1

# submission DIR WORD...: a submission whose puzzle execs WORD... and then its own arguments.
submission() {
  local dir=$1 w words=""
  shift
  mkdir -p "$dir"
  for w in "$@"; do words+="\"$w\", "; done
  printf '// Project Identifier: %s\n#include <unistd.h>\n#include <string>\n#include <vector>\n' "$IDENT" > "$dir/puzzle.cpp"
  printf 'int main(int argc, char* argv[]) {\n  std::vector<std::string> words{%s};\n' "$words" >> "$dir/puzzle.cpp"
  printf '  for (int i = 1; i < argc; ++i) words.push_back(argv[i]);\n  std::vector<char*> args;\n' >> "$dir/puzzle.cpp"
  printf '  for (std::string& w : words) args.push_back(&w[0]);\n  args.push_back(nullptr);\n' >> "$dir/puzzle.cpp"
  printf '  execv(args[0], args.data());\n  return 1;\n}\n' >> "$dir/puzzle.cpp"
}

# The mode of each of the course's spellings (tools/spellings.txt).
declare -A MODE_OF=()
for m in QL QM SL SM; do
  declare -n list=SPELL_$m
  for sp in "${list[@]}"; do MODE_OF[$sp]=$m; done
done

# agree NAME SOLVER...: grades and compares SOLVER...; one result line.
agree() {
  local name=$1 problems=() line key run v kept
  shift
  submission "$tmp/$name" "$@"
  bash tools/grade/grade --dir "$tmp/$name" --only Sm,INV --keep --md "$tmp/$name.md" > "$tmp/$name.out" 2>&1
  kept=$(sed -n 's/^grade: kept //p' "$tmp/$name.out")
  # The Sm maps grade made (the only maps of at most 20x20 in its folder of maps).
  mkdir -p "$tmp/$name-maps"
  for map in build/grade/maps/*/*.txt; do
    [[ $(basename "$map") =~ ^([0-9]+)x([0-9]+)- ]] && [ "${BASH_REMATCH[1]}" -le 20 ] &&
      [ "${BASH_REMATCH[2]}" -le 20 ] && cp "$map" "$tmp/$name-maps/"
  done
  tools/compare --from "$tmp/$name-maps" --all --shrink-time 0 --out "$tmp/$name-out" -- "$@" > "$tmp/$name.cmp" 2>&1
  # compare's differing runs, keyed as grade's: "HxW MODE" for a map, the case's name.
  local -A differs=()
  while IFS= read -r line; do
    if [[ $line =~ ^differs:\ bad\ input\ \[([A-Za-z0-9_-]+)\] ]]; then
      differs[${BASH_REMATCH[1]}]=1
    elif [[ $line =~ ^differs:\ ([0-9]+x[0-9]+)-[^\ ]*\ \([^\)]*\)\ with\ (.*):\ puzzle ]]; then
      differs["${BASH_REMATCH[1]} ${MODE_OF[${BASH_REMATCH[2]}]:-?}"]=1
    fi
  done < "$tmp/$name.cmp"
  # grade's verdict on each run: the same as compare's.
  local runs=0 fails=0 inv=0
  while IFS=$'\t' read -r line run v; do
    if [ "$line" = INV ]; then key=$run inv=$((inv + 1)); else key="$(cut -d' ' -f2 <<< "$line") $run"; fi
    runs=$((runs + 1))
    [ "$v" = fail ] && fails=$((fails + 1))
    [ "$v" = fail ] && [ -z "${differs[$key]:-}" ] && problems+=("$line $run: grade fails it, compare finds no difference")
    [ "$v" = pass ] && [ -n "${differs[$key]:-}" ] && problems+=("$line $run: grade passes it, compare finds a difference")
  done < "$kept/verdicts"
  rm -rf "$kept"
  [ "$((runs - inv))" -eq 40 ] && [ "$inv" -eq ${#CAT_NAME[@]} ] ||
    problems+=("grade judged $((runs - inv)) runs on maps and $inv bad inputs, expected 40 and ${#CAT_NAME[@]}")
  [ "$fails" -eq ${#differs[@]} ] || problems+=("grade fails $fails runs, compare finds ${#differs[@]} differing")
  grep -q '^compare: [0-9]* of [0-9]* runs differ' "$tmp/$name.cmp" || problems+=("compare did not finish: $(tail -n 2 "$tmp/$name.cmp")")
  if [ "$name" = puzzle ]; then
    [ "$fails" -eq 0 ] || problems+=("puzzle fails $fails runs")
  else
    [ "$fails" -gt 5 ] || problems+=("the buggy solver fails $fails runs: too few to agree on")
  fi
  result "$name" "${problems[@]}"
}

agree puzzle "$(realpath puzzle)"
agree bugs "$(realpath tools/bugs)" --bug order-eswn --bug colors-27-accepted --bug output-bogus-accepted
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
