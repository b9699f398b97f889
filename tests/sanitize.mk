# Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
# Reliability checks: the test suite under AddressSanitizer and UndefinedBehaviorSanitizer,
# valgrind over the release binary, and a libFuzzer target. Not part of the submission.
#
# make sanitize  builds build/sanitize/puzzle and every tests/*_test.cpp as
#                build/sanitize/tests/*_test with -fsanitize=address,undefined
#                -fno-sanitize-recover=all, then runs tests/run-all against them; any
#                sanitizer report aborts the process that made it, which fails its test
# make valgrind  tests/scripts/valgrind-check: valgrind over ./puzzle on every spec input
#                in every mode and on a sample of bad inputs; fails on any error or leak
# make fuzz      builds build/fuzz/puzzle_fuzz with clang's libFuzzer and runs it for
#                FUZZ_SECONDS (default 60) on build/fuzz/corpus; crashes are written to
#                build/fuzz/artifacts/. Installs clang when it can, else skips.

SANFLAGS    = -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -g -O1
SAN_CXXFLAGS = -std=c++17 -Wconversion -Wall -Werror -Wextra -pedantic $(SANFLAGS)
SAN_DIR     = $(BUILD)/sanitize
SAN_TESTS   = $(patsubst tests/%.cpp,$(SAN_DIR)/tests/%,$(wildcard tests/*_test.cpp))
SAN_ENV     = ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1 \
              UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1

$(SAN_DIR)/puzzle: $(SOURCES) $(wildcard *.h *.hpp)
	@mkdir -p $(SAN_DIR)
	$(CXX) $(SAN_CXXFLAGS) $(SOURCES) -o $@

$(SAN_DIR)/tests/%_test: tests/%_test.cpp puzzle.cpp $(wildcard tests/*.h)
	@mkdir -p $(SAN_DIR)/tests
	$(CXX) $(SAN_CXXFLAGS) -DPUZZLE_NO_MAIN -I. $< -o $@ $(GTEST_LIBS)

# The tests also run tools/ and may read the release ./puzzle: both are built first.
sanitize: release tools $(SAN_DIR)/puzzle $(SAN_TESTS)
	@rm -f $(SAN_DIR)/tests/*_test.xml
	@# Binaries of tests since removed from tests/ would still run: keep only current ones.
	@for bin in $(SAN_DIR)/tests/*_test; do \
	  case " $(SAN_TESTS) " in *" $$bin "*) ;; *) rm -f "$$bin";; esac; \
	done
	$(SAN_ENV) PUZZLE_BIN=$(SAN_DIR)/puzzle TEST_BIN_DIR=$(SAN_DIR)/tests bash tests/run-all

valgrind: release
	@bash tests/scripts/valgrind-check ./puzzle

# --- fuzzing ----------------------------------------------------------------------
FUZZ_SECONDS ?= 60
FUZZ_DIR      = $(BUILD)/fuzz
FUZZ_CXX      = clang++
FUZZ_FLAGS    = -std=c++17 -Wconversion -Wall -Werror -Wextra -pedantic \
                -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -g -O1 -DPUZZLE_NO_MAIN -I.
# Memory: a map can only be as large as its input, and -max_len keeps inputs small, so
# no run needs much; -malloc_limit_mb turns any single allocation over 256 MB into a
# reported crash (the parser must not allocate for a header the input cannot back).
FUZZ_RUN_FLAGS = -max_total_time=$(FUZZ_SECONDS) -max_len=4096 -timeout=10 \
                 -rss_limit_mb=2048 -malloc_limit_mb=256 -print_final_stats=1 \
                 -dict=tests/fuzz/puzzle.dict \
                 -artifact_prefix=$(FUZZ_DIR)/artifacts/

$(FUZZ_DIR)/puzzle_fuzz: tests/fuzz/puzzle_fuzz.cpp puzzle.cpp
	@mkdir -p $(FUZZ_DIR)
	$(FUZZ_CXX) $(FUZZ_FLAGS) $< -o $@

fuzz:
	@bash tests/scripts/ensure-fuzzer || { echo "fuzz: SKIPPED (no clang++ with libFuzzer)"; exit 0; }; \
	$(MAKE) --no-print-directory $(FUZZ_DIR)/puzzle_fuzz && \
	bash tests/fuzz/make-corpus $(FUZZ_DIR)/corpus && \
	mkdir -p $(FUZZ_DIR)/artifacts && \
	UBSAN_OPTIONS=print_stacktrace=1 $(FUZZ_DIR)/puzzle_fuzz $(FUZZ_RUN_FLAGS) $(FUZZ_DIR)/corpus

# make fuzz-build: only build the target (no run)
fuzz-build:
	@bash tests/scripts/ensure-fuzzer || { echo "fuzz: SKIPPED (no clang++ with libFuzzer)"; exit 0; }; \
	$(MAKE) --no-print-directory $(FUZZ_DIR)/puzzle_fuzz

# `make help` prints EXTRA_HELP word by word: one word per target.
EXTRA_HELP += sanitize valgrind fuzz

.PHONY: sanitize valgrind fuzz fuzz-build
