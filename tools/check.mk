# Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
# tools/check: replays a solution (list or map output) move by move and reports the
# first illegal move (`make tools`; not submitted). `tools/check --help` tells more.
# It compiles puzzle.cpp into itself (PUZZLE_NO_MAIN) to reuse the solver's parser
# and rule functions.

TOOLS += tools/check

tools/check: tools/check.cpp tools/solution.h tools/core.h puzzle.cpp
	$(CXX) $(TOOLFLAGS) -DPUZZLE_NO_MAIN -I. $< -o $@

