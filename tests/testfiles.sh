#!/usr/bin/env bash
# Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
# The bug-finding test files, quickly, for `make test`: every top-level
# test-N-FLAGS.txt is a valid map of at most 10x10, correctly named (N 1..15 distinct,
# FLAGS s or q then m, l or nothing), solved by the solver with its flags (exit 0,
# output, nothing on stderr) and its output accepted by tools/check; at most 15 of them,
# all but at most one with a // comment saying what it targets; no other top-level file
# starts with "test"; together they cover every situation of
# tools/testfiles/situations.py (it reads ./puzzle_trace, built by make test) and expose
# every counted bug of tools/bugs (`tools/bugs --expose`, what make mutants runs). A line
# per check; the last line is "N passed, M failed".
# Environment: PUZZLE_BIN (default ./puzzle).
cd "$(dirname "$0")/.." || exit 1
exec python3 tools/testfiles/check.py
