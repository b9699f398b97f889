# Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
# make valgrind: tests/scripts/valgrind-check runs valgrind's memcheck over the release
# ./puzzle on every spec input in every mode, a few generated maps and every bad input of
# the catalogue (tools/bad-inputs.txt); it fails on any error or leak. Not part of
# `make test` (70 s on 2 idle cores); .ci/run runs it.

valgrind: release
	@bash tests/scripts/valgrind-check ./puzzle

# `make help` prints EXTRA_HELP word by word: one word per target.
EXTRA_HELP += valgrind

.PHONY: valgrind
