# Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
# make mutants: the known bugs (tools/bugs.h, as switches of one plain solver) against the
# bug-finding test files: ./puzzle and each counted bug run on every top-level
# test-N-FLAGS.txt with the options of its name, a line per bug naming the files that
# expose it, and last "exposed K of M bugs"; the target fails unless K = M (and no
# equivalent bug is exposed). One build, the bugs run in process: well under a second.
# tools/testfiles/README.md tells more.

EXTRA_HELP += mutants

mutants: release tools/bugs
	@tools/bugs --expose $(sort $(wildcard test-*-*.txt))

.PHONY: mutants
