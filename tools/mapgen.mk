# Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
# tools/mapgen: a seeded generator of valid puzzle maps (tools/README-mapgen.md).
TOOLS += tools/mapgen
tools/mapgen: tools/mapgen.cpp tools/core.h
	$(CXX) $(TOOLFLAGS) $< -o $@
