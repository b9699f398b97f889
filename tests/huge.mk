# Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
# make huge: tests/scripts/huge-maps runs ./puzzle on maps at the edges of the spec at
# full size (a 0-color row of 715,827,839 cells, its column, a 1-color row of 400
# million), streamed through pipes, and compares the outputs. Not part of `make test`
# (a few minutes, about 3 GB of memory); .ci/run runs it when the machine has the memory.

huge: release tools
	@bash tests/scripts/huge-maps

# `make help` prints EXTRA_HELP word by word: one word per target.
EXTRA_HELP += huge

.PHONY: huge
