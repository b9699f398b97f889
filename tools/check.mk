# Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
# tools/check: replays a solution move by move with puzzle.cpp's rules compiled in.

TOOLS += tools/check

tools/check: tools/check.cpp tools/solution.h tools/core.h puzzle.cpp
	$(CXX) $(TOOLFLAGS) -DPUZZLE_NO_MAIN -I. $< -o $@
