# Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
# make mutants: the mutation harness (issue 5). Builds every mutant of puzzle.cpp listed
# in tools/mutants/mutants.txt into build/mutants/NAME/puzzle (-O1, cached: a mutant is
# rebuilt only when its source changes), runs each with ./puzzle on every top-level
# test-N-FLAGS.txt and reports which mutants each file exposes; the last line is
# "exposed K of M mutants" and the target fails unless K = M. MUTANTS_JOBS (default 2)
# builds and runs that many at a time. tools/mutants/README.md tells more; the fast
# checks (the list still applies, the test files are valid) run in `make test`
# (tests/testfiles.sh).

EXTRA_HELP   += mutants
MUTANTS_JOBS ?= 2

mutants: release tools
	CXX='$(CXX)' python3 tools/mutants/mutate.py run --jobs $(MUTANTS_JOBS)

.PHONY: mutants
