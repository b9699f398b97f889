# Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
# make grade [ONLY=CATEGORIES] [FULL=1] [MAPS=MAPS] [SPEC=2020]: tools/grade/grade (its --help).
grade: tools
	@ONLY='$(ONLY)' FULL='$(FULL)' MAPS='$(MAPS)' SPEC='$(SPEC)' bash tools/grade/grade

EXTRA_HELP += grade
.PHONY: grade
