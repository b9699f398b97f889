# Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
# GoogleTest binaries: tests/NAME_test.cpp -> build/tests/NAME_test, run by tests/run-all.
# A test that calls the solver's functions includes puzzle.cpp (its main is left out
# by PUZZLE_NO_MAIN); a test that runs programs uses tests/util.h.
# TESTFLAGS can be overridden (make sanitize builds them with sanitizers).

TEST_SOURCES = $(wildcard tests/*_test.cpp)
TEST_BINS   += $(TEST_SOURCES:tests/%.cpp=$(BUILD)/tests/%)
TESTFLAGS    = -std=c++17 -Wconversion -Wall -Werror -Wextra -pedantic -O2 -g

$(BUILD)/tests/%_test: tests/%_test.cpp puzzle.cpp $(wildcard tests/*.h)
	@mkdir -p $(BUILD)/tests
	$(CXX) $(TESTFLAGS) -DPUZZLE_NO_MAIN -I. $< -o $@ $(GTEST_LIBS)
