# Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
# tools/compare (tools/README-compare.md): puzzle.cpp compiled in (PUZZLE_NO_MAIN), so puzzle's
# side of every run is the solver's own code. Through make, the exit status is make's (2 when
# compare exits 1 or 2):  make diagnose SOLVER=../p1/puzzle OPTIONS='--maps 1000 --seed 7'

TOOLS += tools/compare

tools/compare: tools/compare.cpp tools/compare-*.h tools/bugs.h tools/core.h tools/runner.h tools/catalogue.h $(BUILD)/tools/catalogue-data.h puzzle.cpp
	$(CXX) $(TOOLFLAGS) -DPUZZLE_NO_MAIN -I. -I$(BUILD)/tools $< -o $@

compare diagnose: tools/compare tools/mapgen
	@if [ -z '$(SOLVER)' ]; then \
	  echo "make $@: name the solver: make $@ SOLVER=path/to/solver [OPTIONS='--maps 500']" >&2; exit 2; fi
	tools/compare $(if $(filter diagnose,$@),--diagnose )$(OPTIONS) '$(SOLVER)'

EXTRA_HELP   += compare diagnose
HELP_compare  = SOLVER=PATH: holds a solver to puzzle byte for byte, shrinks a difference
HELP_diagnose = SOLVER=PATH: compare, then names the known bugs that explain the differences

.PHONY: compare diagnose
