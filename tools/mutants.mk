# Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
# make mutants: the mutation harness, which stands in for the course's buggy solvers
# when judging the bug-finding test files. Builds every mutant of puzzle.cpp listed in
# tools/mutants/mutants.txt into build/mutants/NAME/puzzle (-O1, cached: a mutant is
# rebuilt only when its source changes), runs each with ./puzzle on every top-level
# test-N-FLAGS.txt, a line per mutant as it is done, and reports which mutants each
# file exposes and how long it took; the last line is "exposed K of M mutants" and the
# target fails unless K = M. MUTANTS_JOBS (default: one per core) builds and runs that
# many at a time. tools/mutants/README.md tells more; the fast checks (the list still
# applies and compiles, the test files are valid) run in `make test` (tests/testfiles.sh).

EXTRA_HELP   += mutants
MUTANTS_JOBS ?=

mutants: release tools
	CXX='$(CXX)' python3 tools/mutants/mutate.py run $(if $(MUTANTS_JOBS),--jobs $(MUTANTS_JOBS))

.PHONY: mutants
