# Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
# tools/bugs: the known bugs of students' solvers as switches of one plain solver (tools/bugs.h); nothing of
# puzzle.cpp goes in.

TOOLS += tools/bugs

tools/bugs: tools/bugs.cpp tools/bugs.h tools/core.h tools/runner.h
	$(CXX) $(TOOLFLAGS) -I. $< -o $@
