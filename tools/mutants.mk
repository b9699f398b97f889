# Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
# make mutants: every known bug (tools/bugs.h) against the top-level test-N-FLAGS.txt files (tools/bugs --usage).

EXTRA_HELP += mutants

mutants: release tools/bugs
	@tools/bugs --expose $(sort $(wildcard test-*-*.txt))

.PHONY: mutants
