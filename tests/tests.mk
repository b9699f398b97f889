# Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
# GoogleTest binaries: tests/NAME_test.cpp -> build/tests/NAME_test, run by tests/run-all
# with the tests/*.sh scripts. Each includes tests/util.h, what several tests use, which
# compiles the solver in (puzzle.cpp, its main left out by PUZZLE_NO_MAIN) and the
# catalogue of bad inputs (tools/catalogue.h, its lists built in by tools/catalogue.mk).

TEST_SOURCES = $(wildcard tests/*_test.cpp)
TEST_BINS   += $(TEST_SOURCES:tests/%.cpp=$(BUILD)/tests/%)
TESTFLAGS    = $(BASEFLAGS) -O2 -g

$(BUILD)/tests/%_test: tests/%_test.cpp puzzle.cpp $(wildcard tests/*.h) $(wildcard tools/*.h) $(BUILD)/tools/catalogue-data.h
	@mkdir -p $(BUILD)/tests
	$(CXX) $(TESTFLAGS) -DPUZZLE_NO_MAIN -I. -I$(BUILD)/tools $< -o $@ $(GTEST_LIBS)

# tests/trace_test.cpp reads the trace of the solver (`make trace`): have it built, and
# rebuilt when the solver changes, before the test runs (also under `make sanitize`).
$(BUILD)/tests/trace_test $(BUILD)/sanitize/tests/trace_test: | puzzle_trace
puzzle_trace: $(SOURCES) $(wildcard *.h *.hpp)
	$(MAKE) --no-print-directory trace

# tests/progress.sh runs bench/run on one small map, which times bench/floor.
test sanitize: bench/floor

# prune_stale DIR BINS: removes the test binaries in DIR that BINS does not list, so that
# a test since removed from tests/ (its binary left in build/) is not run again.
prune_stale = for bin in $(1)/*_test; do case " $(2) " in *" $$bin "*) ;; *) rm -f "$$bin";; esac; done
test: prune-tests
prune-tests:
	@$(call prune_stale,$(BUILD)/tests,$(TEST_BINS))
.PHONY: prune-tests

# The rule variants (tests/scripts/rule-variant): tests/rules_test.cpp built against each
# copy of puzzle.cpp with one rule function changed, as build/rules/NAME/rules_test;
# tests/rules.sh runs them.
RULE_VARIANTS := $(shell python3 tests/scripts/rule-variant --list 2>/dev/null)
RULE_BINS      = $(RULE_VARIANTS:%=$(BUILD)/rules/%/rules_test)
$(BUILD)/rules/%/puzzle.cpp: puzzle.cpp tests/scripts/rule-variant
	@mkdir -p $(@D)
	python3 tests/scripts/rule-variant $* < puzzle.cpp > $@
$(BUILD)/rules/%/rules_test: tests/rules_test.cpp $(BUILD)/rules/%/puzzle.cpp $(wildcard tests/*.h) $(wildcard tools/*.h) $(BUILD)/tools/catalogue-data.h
	$(CXX) $(TESTFLAGS) -DPUZZLE_NO_MAIN -I$(@D) -I. -I$(BUILD)/tools $< -o $@ $(GTEST_LIBS)
test sanitize: $(RULE_BINS)
.PRECIOUS: $(BUILD)/rules/%/puzzle.cpp
