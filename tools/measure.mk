# Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
# tools/measure: runs one command and reports its wall time, CPU time and peak RSS, for
# make grade and make bench.
TOOLS += tools/measure

tools/measure: tools/measure.cpp tools/core.h
	$(CXX) $(TOOLFLAGS) $< -o $@
