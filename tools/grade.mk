# Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
# make grade [ONLY=CATEGORIES] [FULL=1] [MAPS=MAPS] [SPEC=2020]: the local pre-submission
# grader, tools/grade/grade (its --help; tools/README-grade.md), on `make fullsubmit`'s
# tarball. Each run of the solver goes through tools/compare --runs (built by `make tools`).
grade: tools
	@ONLY='$(ONLY)' FULL='$(FULL)' MAPS='$(MAPS)' SPEC='$(SPEC)' bash tools/grade/grade

# `make help` prints EXTRA_HELP word by word: one word per target.
EXTRA_HELP += grade

.PHONY: grade
