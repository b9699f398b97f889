#!/usr/bin/env bash
# Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
# The bug-finding test files and the mutant list, quickly, for `make test`: every entry
# of tools/mutants/mutants.txt still applies to puzzle.cpp (each find-text occurs exactly
# once) and the mutated source compiles (a syntax check of many mutants per compiler
# run, remembered per source), and at least 120 are counted; every top-level
# test-N-FLAGS.txt is a valid map of at most 10x10, correctly named (N 1..15 distinct,
# FLAGS s or q then m, l or nothing), solved by the solver with its flags (exit 0,
# output, nothing on stderr) and its output accepted by tools/check; at most 15 of them,
# all but at most one with a // comment saying what it targets; no other top-level file
# starts with "test"; and together they cover every situation of
# tools/mutants/situations.py, the input forms among them (it reads ./puzzle_trace,
# built by make test). The last line is "N passed, M failed".
# Environment: PUZZLE_BIN (default ./puzzle). The full harness is `make mutants`.
cd "$(dirname "$0")/.." || exit 1
exec python3 tools/mutants/mutate.py check
