# Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
# The libFuzzer target of tests/fuzz/ (tests/fuzz/puzzle_fuzz.cpp). Not part of the
# submission.
#
# make fuzz        builds build/fuzz/puzzle_fuzz with clang's libFuzzer, writes the seed
#                  corpus (tests/fuzz/make-corpus) and runs the target for FUZZ_SECONDS
#                  (default 60) through tests/fuzz/run: a progress line every 10 s, the
#                  fuzzer's own output in build/fuzz/fuzz.log, and one verdict line,
#                  "fuzz: N runs in S s, no crash" or "fuzz: crash, input saved to PATH"
#                  (in build/fuzz/artifacts/). Installs clang when it can, else skips.
# make fuzz-build  only builds the target

FUZZ_SECONDS ?= 60
FUZZ_DIR      = $(BUILD)/fuzz
FUZZ_CXX      = clang++
FUZZ_FLAGS    = $(BASEFLAGS) -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -g -O1 -DPUZZLE_NO_MAIN -I.
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

# Both targets start the same: clang with libFuzzer or a skip, then the target built.
FUZZ_BUILD = bash tests/scripts/ensure-fuzzer || { echo "fuzz: SKIPPED (no clang++ with libFuzzer)"; exit 0; }; \
	$(MAKE) --no-print-directory $(FUZZ_DIR)/puzzle_fuzz || { echo "fuzz: failed: $(FUZZ_DIR)/puzzle_fuzz does not build"; exit 1; }

fuzz:
	@$(FUZZ_BUILD); \
	bash tests/fuzz/make-corpus $(FUZZ_DIR)/corpus || { echo "fuzz: failed: no seed corpus"; exit 1; }; \
	mkdir -p $(FUZZ_DIR)/artifacts && \
	UBSAN_OPTIONS=print_stacktrace=1 bash tests/fuzz/run $(FUZZ_DIR)/fuzz.log \
	  $(FUZZ_DIR)/puzzle_fuzz $(FUZZ_RUN_FLAGS) $(FUZZ_DIR)/corpus

fuzz-build:
	@$(FUZZ_BUILD)

# `make help` prints EXTRA_HELP word by word: one word per target.
EXTRA_HELP += fuzz

.PHONY: fuzz fuzz-build
