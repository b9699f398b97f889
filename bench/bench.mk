# Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
# make bench: times ./puzzle against bench/floor (the least work any solver must do) on
# maps made by tools/mapgen, and prints one table row per map and mode plus a summary of
# the performance goals (bench/README-bench.md). Not part of `make test`; not submitted.
#   make bench               the default set, 24 s on 2 idle cores
#   make bench FULL=1        every size up to 4000x4000 and the 400,000,000-state map
#   make bench RUNS=5        median of 5 runs instead of 3
#   make bench FILTER=REGEX  only the rows whose map/mode matches (e.g. FILTER='2000x2000/26')
#   make bench BASE=PATH     also time the solver PATH (e.g. ./puzzle built at an earlier
#                            commit) on the same runs: columns "base s", "ratio to base"
#   make bench FULL=1 WRITE=1   the run's table, date and commit replace the table in
#                            bench/README-bench.md (when every answer is right)
# Goals for speed and memory print "met" or "not met"; only a wrong answer or a failed
# run makes it fail. It ends with one verdict line.
# Maps are cached in bench/maps/, results go to bench/results/ (both git-ignored).

# Built like the solver (-O3 -DNDEBUG), so the two are compared on equal terms.
BENCHFLAGS = $(BASEFLAGS) -O3 -DNDEBUG

# bench/floor: the least work any solver must do on a map (C++17 standard library only).
bench/floor: bench/floor.cpp tools/core.h
	$(CXX) $(BENCHFLAGS) $< -o $@

# bench/measure: runs one command and reports its wall time, CPU time and peak RSS, for
# make bench, make grade and make huge; built with the tools (make tools).
TOOLS += bench/measure
bench/measure: bench/measure.cpp tools/core.h tools/runner.h
	$(CXX) $(TOOLFLAGS) -I. $< -o $@

# Each run is measured by bench/measure.
bench: release tools bench/floor
	@FULL='$(FULL)' RUNS='$(RUNS)' FILTER='$(FILTER)' CHECK='$(CHECK)' BASE='$(BASE)' WRITE='$(WRITE)' bash bench/run

# `make clean` removes bench/floor too (bench/measure is among the TOOLS; the cached
# maps stay: rm -rf bench/maps).
clean: clean-bench
clean-bench:
	rm -f bench/floor

# `make help` prints EXTRA_HELP word by word: one word per target.
EXTRA_HELP += bench

.PHONY: bench clean-bench
