# Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
# tools/check: replays a solution move by move (tools/README-check.md); it compiles
# puzzle.cpp in (PUZZLE_NO_MAIN) to reuse the solver's parser and rule functions.

TOOLS += tools/check

tools/check: tools/check.cpp tools/solution.h tools/core.h puzzle.cpp
	$(CXX) $(TOOLFLAGS) -DPUZZLE_NO_MAIN -I. $< -o $@
