# Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
# tools/show: shows a map and a path through it, in the terminal with colors or as a PNG
# (`make show` or `make tools`; not submitted). tools/README-show.md tells more. It
# compiles puzzle.cpp into itself (PUZZLE_NO_MAIN) to parse and solve with the solver's
# own code, and reads other solvers' outputs with tools/solution.h, as tools/check does.

TOOLS += tools/show

tools/show: tools/show.cpp tools/solution.h tools/core.h puzzle.cpp
	$(CXX) $(TOOLFLAGS) -DPUZZLE_NO_MAIN -I. $< -o $@

# make show - builds tools/show
show: tools/show

EXTRA_HELP += show
HELP_show    = tools/show: a map and its path in the terminal or as a PNG

.PHONY: show
