# Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
# GoogleTest: every tests/NAME_test.cpp is a subject. All of them are compiled as ONE
# program, build/tests/unit, from build/tests/unit.cpp (made here: an #include of each),
# so that the solver, which tests/util.h compiles in (puzzle.cpp, its main left out by
# PUZZLE_NO_MAIN), and GoogleTest's headers are compiled once for all the subjects.
# tests/scripts/subjects then writes a launcher per subject, build/tests/NAME_test, which
# runs the program on that subject's test suites only; tests/run-all runs the launchers
# (a line per subject) and the tests/*.sh scripts. Built -O1: the tests take as long as
# with -O2 (their time goes to the tools and maps they run), the build half as long.

TEST_SOURCES  = $(sort $(wildcard tests/*_test.cpp))
TEST_BINS    += $(BUILD)/tests/unit.subjects
TESTFLAGS     = $(BASEFLAGS) -O1 -g

# unit_program DIR FLAGS: DIR/unit from DIR/unit.cpp built with $(FLAGS), then the
# launchers of its subjects (DIR/unit.subjects stamps them). make test builds build/tests,
# make sanitize (tests/sanitize.mk) build/sanitize/tests.
define unit_program
$(1)/unit.cpp: FORCE
	@mkdir -p $(1); printf '#include "%s"\n' $(TEST_SOURCES) > $$@.tmp; cmp -s $$@.tmp $$@ && rm $$@.tmp || mv $$@.tmp $$@
$(1)/unit: $(1)/unit.cpp $(TEST_SOURCES) puzzle.cpp $(wildcard tests/*.h) $(wildcard tools/*.h) $(BUILD)/tools/catalogue-data.h
	$(CXX) $$($(2)) -DPUZZLE_NO_MAIN -I. -I$(BUILD)/tools $$< -o $$@ $(GTEST_LIBS)
$(1)/unit.subjects: $(1)/unit tests/scripts/subjects
	@rm -f $(1)/*_test
	@bash tests/scripts/subjects $(1)/unit $(TEST_SOURCES) && touch $$@
endef
$(eval $(call unit_program,$(BUILD)/tests,TESTFLAGS))
$(eval $(call unit_program,$(BUILD)/sanitize/tests,SAN_CXXFLAGS))

# tests/trace_test.cpp reads the trace of the solver (`make trace`): have it built, and
# rebuilt when the solver changes, before the tests run (also under `make sanitize`).
$(BUILD)/tests/unit $(BUILD)/sanitize/tests/unit: | puzzle_trace
puzzle_trace: $(SOURCES) $(wildcard *.h *.hpp)
	$(MAKE) --no-print-directory trace

# tests/progress.sh runs bench/run on one small map, which times bench/floor.
test sanitize: bench/floor

# The rule variants (tests/scripts/rule-variant): tests/rules_test.cpp built against each
# copy of puzzle.cpp with one rule function changed, as build/rules/NAME/rules_test;
# tests/e2e/rules.sh runs them. Nine builds of the solver: part of `make e2e`, not `make test`.
RULE_VARIANTS := $(shell python3 tests/scripts/rule-variant --list 2>/dev/null)
RULE_BINS      = $(RULE_VARIANTS:%=$(BUILD)/rules/%/rules_test)
$(BUILD)/rules/%/puzzle.cpp: puzzle.cpp tests/scripts/rule-variant
	@mkdir -p $(@D)
	python3 tests/scripts/rule-variant $* < puzzle.cpp > $@
$(BUILD)/rules/%/rules_test: tests/rules_test.cpp $(BUILD)/rules/%/puzzle.cpp $(wildcard tests/*.h) $(wildcard tools/*.h) $(BUILD)/tools/catalogue-data.h
	$(CXX) $(TESTFLAGS) -DPUZZLE_NO_MAIN -I$(@D) -I. -I$(BUILD)/tools $< -o $@ $(GTEST_LIBS)
.PRECIOUS: $(BUILD)/rules/%/puzzle.cpp

# make e2e - the long runs of the end-to-end tests, tests/e2e/*.sh: the rule variants and
# the full sets of the tools' scripts (each runs a tests/*.sh script with FULL=1). CI runs
# it after make test; it ends with "N passed, M failed" as make test does.
e2e: release tools bench/floor $(RULE_BINS)
	@TEST_BIN_DIR= TEST_SCRIPT_DIR=tests/e2e bash tests/run-all

EXTRA_HELP += e2e
HELP_e2e    = the long end-to-end runs: rule variants, the test scripts with FULL=1

.PHONY: e2e

# make ci-build - everything CI's steps build (test, e2e, sanitize), in one make, so that
# -j2 keeps both cores busy: the ASan test program, the longest single compile, first.
ci-build: $(BUILD)/sanitize/tests/unit.subjects release tools bench/floor $(BUILD)/tests/unit.subjects \
          $(RULE_BINS) $(BUILD)/sanitize/puzzle
.PHONY: ci-build
