# Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
# tools/show: a map and its path in the terminal or as a PNG (tools/README-show.md);
# it compiles puzzle.cpp in (PUZZLE_NO_MAIN) to parse and solve with the solver's code.

TOOLS += tools/show
tools/show: tools/show.cpp tools/solution.h tools/core.h puzzle.cpp
	$(CXX) $(TOOLFLAGS) -DPUZZLE_NO_MAIN -I. $< -o $@

show: tools/show
.PHONY: show
EXTRA_HELP += show
HELP_show    = tools/show: a map and its path in the terminal or as a PNG
