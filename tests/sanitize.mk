# Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
# The test suite under AddressSanitizer and UndefinedBehaviorSanitizer (valgrind is in
# tests/valgrind.mk, the fuzz target in tests/fuzz.mk). Not part of the submission.
#
# make sanitize  builds build/sanitize/puzzle and the test program (tests/tests.mk) as
#                build/sanitize/tests/unit (its rule is in tests/tests.mk) with -fsanitize=address,undefined
#                -fno-sanitize-recover=all, then runs its subjects with tests/run-all
#                (not the tests/*.sh scripts, which test the tools' release builds and
#                would run the same solver code again); any sanitizer report aborts the
#                process that made it, which fails its test

SANFLAGS    = -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -g -O1
SAN_CXXFLAGS = $(BASEFLAGS) $(SANFLAGS)
SAN_DIR     = $(BUILD)/sanitize
SAN_ENV     = ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1 \
              UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1

$(SAN_DIR)/puzzle: $(SOURCES) $(wildcard *.h *.hpp)
	@mkdir -p $(SAN_DIR)
	$(CXX) $(SAN_CXXFLAGS) $(SOURCES) -o $@

# The subjects also run tools/ and may read the release ./puzzle: both are built first.
sanitize: release tools $(SAN_DIR)/puzzle $(SAN_DIR)/tests/unit.subjects
	$(SAN_ENV) PUZZLE_BIN=$(SAN_DIR)/puzzle TEST_BIN_DIR=$(SAN_DIR)/tests TEST_SCRIPT_DIR= bash tests/run-all

# `make help` prints EXTRA_HELP word by word: one word per target.
EXTRA_HELP += sanitize

.PHONY: sanitize
