# Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
# The helper programs in tools/ (each one's README-*.md). Those that compile puzzle.cpp in
# (PUZZLE_NO_MAIN) parse, solve and judge with the solver's own code; mapgen and bugs
# do not, on purpose: a map's solvability and a student's bugs never depend on it.

TOOLS += tools/check tools/show tools/mapgen tools/bugs tools/compare

tools/check tools/show: tools/%: tools/%.cpp tools/solution.h tools/core.h puzzle.cpp
	$(CXX) $(TOOLFLAGS) -DPUZZLE_NO_MAIN -I. $< -o $@
tools/mapgen: tools/mapgen.cpp tools/core.h
	$(CXX) $(TOOLFLAGS) $< -o $@
tools/bugs: tools/bugs.cpp tools/bugs.h tools/core.h tools/runner.h
	$(CXX) $(TOOLFLAGS) -I. $< -o $@
tools/compare: tools/compare.cpp tools/compare-*.h tools/bugs.h tools/core.h tools/runner.h tools/catalogue.h \
               $(BUILD)/tools/catalogue-data.h puzzle.cpp
	$(CXX) $(TOOLFLAGS) -DPUZZLE_NO_MAIN -I. -I$(BUILD)/tools $< -o $@

# tools/bad-inputs.txt and tools/spellings.txt as string literals (read by tools/catalogue.h), so that a
# program finds them from any folder and is rebuilt when a list changes.
$(BUILD)/tools/catalogue-data.h: tools/bad-inputs.txt tools/spellings.txt
	@mkdir -p $(@D)
	@{ echo '// Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725'; \
	  echo '// Made by tools/tools.mk from tools/bad-inputs.txt and tools/spellings.txt: edit those.'; \
	  echo 'const char kBadInputsText[] = R"catalogue('; cat tools/bad-inputs.txt; echo ')catalogue";'; \
	  echo 'const char kSpellingsText[] = R"catalogue('; cat tools/spellings.txt; echo ')catalogue";'; \
	} > $@.tmp && mv $@.tmp $@

# Through make, the exit status is make's (2 when compare exits 1 or 2):
#   make diagnose SOLVER=../p1/puzzle OPTIONS='--maps 1000 --seed 7'
compare diagnose: tools/compare tools/mapgen
	@if [ -z '$(SOLVER)' ]; then \
	  echo "make $@: name the solver: make $@ SOLVER=path/to/solver [OPTIONS='--maps 500']" >&2; exit 2; fi
	tools/compare $(if $(filter diagnose,$@),--diagnose )$(OPTIONS) '$(SOLVER)'

show: tools/show

# make grade [ONLY=CATEGORIES] [FULL=1] [MAPS=MAPS] [SPEC=2020]: tools/grade/grade (its --help).
grade: tools
	@ONLY='$(ONLY)' FULL='$(FULL)' MAPS='$(MAPS)' SPEC='$(SPEC)' bash tools/grade/grade

# every known bug (tools/bugs.h) against the top-level test-N-FLAGS.txt files (tools/bugs --usage)
mutants: release tools/bugs
	@tools/bugs --expose $(sort $(wildcard test-*-*.txt))

EXTRA_HELP   += grade compare diagnose show mutants
HELP_compare  = SOLVER=PATH: holds a solver to puzzle byte for byte, shrinks a difference
HELP_diagnose = SOLVER=PATH: compare, then names the known bugs that explain the differences
HELP_show     = tools/show: a map and its path in the terminal or as a PNG

.PHONY: grade compare diagnose show mutants
