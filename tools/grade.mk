# Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
# make grade: a local pre-submission grader (tools/README-grade.md; not submitted).
# Packs fullsubmit.tar.gz with `make fullsubmit`, unpacks it into a temporary folder and
# grades that copy as the course's grader would: packaging, warning-free builds, the
# spec's examples byte for byte, invalid inputs, generated Sm/Med/Big maps and the spec's
# extremes under time and memory limits, valgrind, and the test files. Prints one row per
# check and ends with "grade: N passed, M failed"; the table also goes to
# build/grade/latest.md. Its own tests (tests/grade.sh) are part of `make test`.
#   make grade               every category, 45 s on 2 idle cores
#   make grade ONLY=Big      one category (or several: ONLY=Spec,INV); the categories are
#                            Packaging Build Spec INV Sm Med Big Edge Valgrind TestFiles
#   make grade FULL=1        the 3922x3922 limit map in all four modes, valgrind on every
#                            Sm map, paths replayed up to 5,000,000 moves
#   make grade ONLY=Big MAPS=Big2   only some of the generated maps (by their row's name)
#   make grade SPEC=2020     the 2020 edition ("Reachable:"); the Makefile graded must
#                            choose it itself (tools/README-grade.md says how)
# tools/grade/grade --help tells more (--tarball FILE, --dir DIR).

# Each run of the solver goes through tools/compare --runs (built by `make tools`).
grade: tools
	@ONLY='$(ONLY)' FULL='$(FULL)' MAPS='$(MAPS)' SPEC='$(SPEC)' bash tools/grade/grade

# `make help` prints EXTRA_HELP word by word: one word per target.
EXTRA_HELP += grade

.PHONY: grade
