#!/usr/bin/env bash
# Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
# tests/e2e/diagnose.sh (make e2e): tests/diagnose.sh with FULL=1, its whole set; make test runs
# its quick set.
cd "$(dirname "$0")/../.." || exit 1
FULL=1 exec bash tests/diagnose.sh
