# Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
#
# Build rules for puzzle, after the EECS 281 course Makefile.
# `make help` lists every target. Works with `make -R -r` (no built-in rules).

# --- settings ---------------------------------------------------------------
IDENTIFIER  = A8A3A33EF075ACEF9B08F5B9845569ECCB423725
EXECUTABLE  = puzzle
CXX        ?= g++
SHELL       = /bin/bash

# Every top-level .cpp except test*.cpp goes into the one executable.
TESTSOURCES = $(wildcard test*.cpp)
SOURCES     = $(filter-out $(TESTSOURCES), $(wildcard *.cpp))
OBJECTS     = $(SOURCES:%.cpp=%.o)

# The standard and the warnings of the course's Makefile, written here once: the solver's
# builds below and every helper build of the *.mk files (tools, tests, bench) use them.
BASEFLAGS = -std=c++17 -Wconversion -Wall -Werror -Wextra -pedantic
CXXFLAGS  = $(BASEFLAGS)

# The edition of the spec to build: 2023 (the 2025 text is the same), or with
# make SPEC=2020 the Winter 2020 edition ("Reachable:" after "No solution.").
# `make fullsubmit SPEC=2020` packs a Makefile whose default is 2020, since the
# course's grader runs a plain `make -R -r`.
SPEC = 2023
ifeq ($(SPEC),2020)
CXXFLAGS += -DPUZZLE_SPEC_2020
endif

# --- the solver ---------------------------------------------------------------
# make release - optimized build, the default
release: $(EXECUTABLE)

# The flags go into a stamp so that `make SPEC=2020` and back rebuild the binary.
# (`make CXX=clang++ EXECUTABLE=build/puzzle-clang build/puzzle-clang` builds elsewhere.)
$(EXECUTABLE): CXXFLAGS += -O3 -DNDEBUG
$(EXECUTABLE): $(SOURCES) $(wildcard *.h *.hpp) build/$(notdir $(EXECUTABLE)).flags
	$(CXX) $(CXXFLAGS) $(SOURCES) -o $(EXECUTABLE)

build/$(notdir $(EXECUTABLE)).flags: FORCE
	@mkdir -p build; echo '$(CXX) $(CXXFLAGS)' | cmp -s - $@ || echo '$(CXX) $(CXXFLAGS)' > $@

# make debug - assertions, sanitizers and checked containers
debug: CXXFLAGS += -g3 -DDEBUG -fsanitize=address -fsanitize=undefined -D_GLIBCXX_DEBUG
debug:
	$(CXX) $(CXXFLAGS) $(SOURCES) -o $(EXECUTABLE)_debug

# make profile - optimized with symbols, for perf and gprof
profile: CXXFLAGS += -O3 -g3 -DNDEBUG
profile:
	$(CXX) $(CXXFLAGS) $(SOURCES) -o $(EXECUTABLE)_profile

# make trace - prints every investigated state to stderr, in list format
trace: CXXFLAGS += -O3 -DNDEBUG -DPUZZLE_TRACE
trace:
	$(CXX) $(CXXFLAGS) $(SOURCES) -o $(EXECUTABLE)_trace

# make all - release, debug and profile
all: release debug profile

# --- checks -----------------------------------------------------------------
# make static - cppcheck over the sources, in each configuration the Makefile builds:
# release, debug, trace and the 2020 edition
STATIC_CONFIGS = release:-DNDEBUG debug:-DDEBUG trace:-DNDEBUG,-DPUZZLE_TRACE 2020:-DNDEBUG,-DPUZZLE_SPEC_2020
static:
	@for config in $(STATIC_CONFIGS); do \
	  echo "static: cppcheck, $${config%%:*} ($${config#*:})"; \
	  cppcheck --quiet --enable=all --inline-suppr --suppress=missingIncludeSystem \
	    --suppress=checkersReport --suppress=unmatchedSuppression \
	    --error-exitcode=1 --std=c++17 $$(tr , ' ' <<< "$${config#*:}") $(SOURCES) || exit 1; \
	done; echo "static: no findings"

# make identifier - every source, header and the Makefile carries the identifier; one
# verdict line when they do
identifier:
	@missing=$$(grep --include=*.{h,hpp,c,cpp} --include=Makefile --directories=skip -L $(IDENTIFIER) * ); \
	if [ -n "$$missing" ]; then \
	  printf "Missing project identifier in the following files:\n%s\n" "$$missing"; exit 1; \
	fi; \
	echo "identifier: every source, header and the Makefile carries the project identifier:" \
	  $$(grep --include=*.{h,hpp,c,cpp} --include=Makefile --directories=skip -l $(IDENTIFIER) * )

# --- submission ---------------------------------------------------------------
FULL_SUBMITFILE    = fullsubmit.tar.gz
PARTIAL_SUBMITFILE = partialsubmit.tar.gz
SUBMIT_MAX_BYTES   = 2097152

# pack TARBALL FILES: a tarball of FILES and of the Makefile with SPEC's default set to
# the edition being built, checked against the size limit.
define pack
	rm -rf $(BUILD)/submit $(1); mkdir -p $(BUILD)/submit
	sed 's/^SPEC = .*/SPEC = $(SPEC)/' Makefile > $(BUILD)/submit/Makefile
	cp $(2) $(BUILD)/submit/
	COPYFILE_DISABLE=true tar -C $(BUILD)/submit -vczf $(1) Makefile $(2)
	@[ $$(stat -c %s $(1)) -lt $(SUBMIT_MAX_BYTES) ] || { echo "$(1) is 2 MB or more"; exit 1; }
endef

# make fullsubmit - tarball of Makefile, sources, headers and test files
fullsubmit: identifier
	$(call pack,$(FULL_SUBMITFILE),$(wildcard *.h *.hpp *.cpp test*.txt))
	@echo "!!! Final submission prepared ($(SPEC) edition), test files included... READY FOR GRADING !!!"

# make partialsubmit - the same without the test files
partialsubmit: identifier
	$(call pack,$(PARTIAL_SUBMITFILE),$(wildcard *.h *.hpp *.cpp))
	@echo "!!! WARNING: No test files included. Use 'make fullsubmit' to include test files. !!!"

# --- helpers: tools/, tests/, bench/ ----------------------------------------------
# Each folder adds its own rules in a *.mk fragment; the submission never carries them.
BUILD       = build
GTEST_LIBS  = -lgtest -lgtest_main -pthread
TOOLFLAGS   = $(BASEFLAGS) -O2
TOOLS       =
TEST_BINS   =

-include $(wildcard tools/*.mk tests/*.mk bench/*.mk)

# make tools - the helper programs in tools/
tools: $(TOOLS)

# make test - every test; the last line is "N passed, M failed"
test: release tools $(TEST_BINS)
	@bash tests/run-all

# make clean - remove build output and tarballs
clean:
	rm -rf $(BUILD) $(OBJECTS) $(EXECUTABLE) $(EXECUTABLE)_debug $(EXECUTABLE)_profile \
	  $(EXECUTABLE)_trace $(FULL_SUBMITFILE) $(PARTIAL_SUBMITFILE) $(TOOLS)
	rm -Rf *.dSYM

# make help - this text
define MAKEFILE_HELP
Makefile for puzzle
Usage:
* make            same as make release
* make release    optimized build: ./puzzle (-O3 -DNDEBUG)
* make debug      ./puzzle_debug with -g3, assertions, sanitizers, _GLIBCXX_DEBUG
* make profile    ./puzzle_profile, optimized with symbols
* make trace      ./puzzle_trace, prints every investigated state to stderr
* make SPEC=2020  the 2020 edition: "Reachable:" in the no-solution header
* make static     cppcheck over the sources
* make identifier check the project identifier in every source and the Makefile
* make fullsubmit    fullsubmit.tar.gz: Makefile, *.cpp, *.h, *.hpp, test*.txt
* make partialsubmit partialsubmit.tar.gz: the same without test files
* make tools      the helper programs in tools/
* make test       every test; ends with "N passed, M failed"
* make clean      remove build output and tarballs
endef
export MAKEFILE_HELP

# Targets that tools/, tests/ and bench/ add (EXTRA_HELP += name), described here.
HELP_sanitize = the test suite against ASan/UBSan builds
HELP_valgrind = memcheck over every spec input and bad inputs
HELP_huge     = maps at the edges of the spec at full size: 715 million cells in a row
HELP_fuzz     = a libFuzzer run of FUZZ_SECONDS (default 60)
HELP_bench    = benchmarks against the floor program (FULL=1: all sizes)
HELP_mutants  = the known bugs (tools/bugs) over the test-N-FLAGS.txt files
HELP_grade    = a local pre-submission grader of fullsubmit.tar.gz

help:
	@echo "$$MAKEFILE_HELP"
	@$(foreach t,$(EXTRA_HELP),printf '* make %-11s%s\n' '$(t)' '$(HELP_$(t))';)

FORCE:

.PHONY: FORCE release debug profile trace all static identifier fullsubmit partialsubmit \
        tools test clean help
.SUFFIXES:
