# Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
# tools/compare: holds any solver to puzzle byte for byte on generated maps and bad
# inputs, and shrinks the first difference to a test file (tools/README-compare.md;
# not submitted). It compiles puzzle.cpp into itself (PUZZLE_NO_MAIN): puzzle's side
# of every run is the solver's own code. It makes its maps with tools/mapgen.
#   make compare SOLVER=../p1/puzzle                      200 maps up to 10x10, about 13 s idle
#   make compare SOLVER=../p1/puzzle OPTIONS='--maps 1000 --seed 7'
#   make diagnose SOLVER=../p1/puzzle                     the same, then the known bugs
#                                                         (tools/bugs.h, compiled in) that explain it
# tools/compare --help lists the options. Exit status: make's own, 0 when compare exits
# 0, else 2 after make's line "make: *** [tools/compare.mk:LINE: compare] Error N", N
# being compare's status (1: runs differ; 2: bad usage). The test files go to
# compare-out/ (compare's --out), which make clean leaves alone.

TOOLS += tools/compare

tools/compare: tools/compare.cpp tools/compare-*.h tools/bugs.h tools/core.h tools/runner.h tools/catalogue.h $(BUILD)/tools/catalogue-data.h puzzle.cpp
	$(CXX) $(TOOLFLAGS) -DPUZZLE_NO_MAIN -I. -I$(BUILD)/tools $< -o $@

compare: tools/compare tools/mapgen
	@if [ -z '$(SOLVER)' ]; then \
	  echo "make compare: name the solver: make compare SOLVER=path/to/solver [OPTIONS='--maps 500']" >&2; exit 2; fi
	tools/compare $(OPTIONS) '$(SOLVER)'

diagnose: tools/compare tools/mapgen
	@if [ -z '$(SOLVER)' ]; then \
	  echo "make diagnose: name the solver: make diagnose SOLVER=path/to/solver [OPTIONS='--maps 500']" >&2; exit 2; fi
	tools/compare --diagnose $(OPTIONS) '$(SOLVER)'

EXTRA_HELP   += compare diagnose
HELP_compare  = SOLVER=PATH: holds a solver to puzzle byte for byte, shrinks a difference
HELP_diagnose = SOLVER=PATH: compare, then names the known bugs that explain the differences

.PHONY: compare diagnose
