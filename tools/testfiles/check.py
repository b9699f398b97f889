#!/usr/bin/env python3
# Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
"""The fast checks of the bug-finding test files, for `make test` (tests/testfiles.sh):
every top-level test-N-FLAGS.txt is a valid map of at most 10x10, correctly named (N
1..15 distinct, FLAGS s or q, then m, l or nothing), solved by the solver with its flags
(exit 0, output, nothing on stderr) and its output accepted by tools/check; at most 15
of them, all but at most one with a // comment saying what it targets; no other
top-level file starts with "test"; together they cover every situation of
situations.py (a map with no solution through ./puzzle_trace, `make trace`) and expose
every counted bug of tools/bugs (`tools/bugs --expose`, what `make mutants` runs). A
line per check, then "N passed, M failed"; exit 1 when one fails.

Environment: PUZZLE_BIN (default ./puzzle), the reference solver.
"""

import os
import re
import subprocess
import sys
import signal

# A reader that goes away (`| head`) ends this quietly, as it ends cat.
signal.signal(signal.SIGPIPE, signal.SIG_DFL)

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
TIMEOUT = 5  # seconds per run: a 10x10 map takes milliseconds; more is a hang
TEST_NAME = re.compile(r"^test-([1-9]|1[0-5])-([sq])([ml]?)\.txt$")  # N 1..15, no leading zero
MAX_FILES = 15
MAX_SIDE = 10


class ToolError(Exception):
    """A program the checks need is missing."""


def test_files():
    """The top-level test-*.txt files, sorted by their number."""
    files = [f for f in os.listdir(ROOT) if TEST_NAME.match(f) and os.path.isfile(os.path.join(ROOT, f))]
    return sorted(files, key=lambda f: int(TEST_NAME.match(f).group(1)))


def flags_args(flags):
    """Command-line options for FLAGS as in a file name: s/q, then m/l or nothing."""
    m = re.fullmatch(r"([sq])([ml]?)", flags)
    if not m:
        raise ValueError(f"bad flags {flags!r}: s or q, then optionally m or l")
    args = ["--stack" if m.group(1) == "s" else "--queue"]
    if m.group(2):
        args += ["--output", "map" if m.group(2) == "m" else "list"]
    return args


def file_flags(name):
    m = TEST_NAME.match(os.path.basename(name))
    return m.group(2) + m.group(3)


def reference_bin():
    return os.environ.get("PUZZLE_BIN") or os.path.join(ROOT, "puzzle")


def run_program(command, args, input_bytes):
    """(exit status or 'crash (signal N)' or 'timeout', stdout bytes, stderr bytes);
    command is a program or a list (a program and its first arguments)."""
    command = (list(command) if isinstance(command, (list, tuple)) else [command]) + args
    try:
        p = subprocess.run(command, input=input_bytes, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return "timeout", b"", b""
    if p.returncode < 0:
        return f"crash (signal {-p.returncode})", p.stdout, p.stderr
    return p.returncode, p.stdout, p.stderr


def exposure(files):
    """[(check name, ok, why)]: a check per bug of `tools/bugs --expose FILES` (its line
    "NAME: exposed by ...", "NAME: NOT EXPOSED", "NAME: equivalent[, but EXPOSED by ...]"),
    and one for its verdict line and exit status."""
    bugs = os.path.join(ROOT, "tools", "bugs")
    if not os.access(bugs, os.X_OK):
        return [("the bugs the test files expose", False, "tools/bugs is not built (make tools)")]
    p = subprocess.run([bugs, "--expose"] + [os.path.join(ROOT, f) for f in files],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=60)
    checks = []
    lines = p.stdout.splitlines()
    for line in lines[:-1]:
        name, _, verdict = line.partition(": ")
        if not verdict:
            continue
        if verdict.startswith("equivalent"):
            checks.append((f"bug {name} (equivalent) exposed by no file", "EXPOSED" not in verdict, verdict))
        else:
            checks.append((f"bug {name} exposed", verdict.startswith("exposed by"), verdict))
    last = lines[-1] if lines else p.stderr.strip()
    checks.append(("tools/bugs --expose: every counted bug exposed", p.returncode == 0,
                   f"exit {p.returncode}: {last}"))
    return checks


def header_of(text):
    """(colors, height, width, comment lines right after the header) or None."""
    lines = text.split("\n")
    parts = lines[0].split()
    if len(parts) != 3 or not all(p.isdigit() for p in parts):
        return None
    comments = 0
    for line in lines[1:]:
        if not line.startswith("//"):
            break
        comments += 1
    return int(parts[0]), int(parts[1]), int(parts[2]), comments


def main():
    passed = failed = 0

    def result(ok, what, why=""):
        nonlocal passed, failed
        if ok:
            passed += 1
            print(f"ok    {what}")
        else:
            failed += 1
            print(f"FAIL  {what}" + (f": {why}" if why else ""))

    # The top level: only test-N-FLAGS.txt files start with "test"; at most 15; N distinct.
    # (Directories such as tests/ are not submitted: only files are checked.)
    entries = sorted(os.listdir(ROOT))
    for entry in entries:
        if entry.startswith("test") and not os.path.isdir(os.path.join(ROOT, entry)):
            m = TEST_NAME.match(entry)
            ok = bool(m) and os.path.isfile(os.path.join(ROOT, entry))
            result(ok, f"top-level name {entry}",
                   "only test-N-FLAGS.txt files (N 1..15; FLAGS s or q, then m or l or nothing) may start with 'test'")
    files = test_files()
    result(1 <= len(files) <= MAX_FILES, "number of test files", f"{len(files)}, must be 1..{MAX_FILES}")
    numbers = [int(TEST_NAME.match(f).group(1)) for f in files]
    result(len(numbers) == len(set(numbers)), "test file numbers distinct", f"numbers {numbers}")

    # Each file: a valid map of at most 10x10, solved (exit 0, output, no stderr), and its
    # output accepted by tools/check. Each says in a comment what it targets, but one: the
    # spec allows a map with no comment line (zero or more), and a solver that always skips
    # the line after the header only shows on such a file (situation input-no-comment).
    checker = os.path.join(ROOT, "tools", "check")
    unsolvable = 0
    uncommented = []
    for f in files:
        path = os.path.join(ROOT, f)
        flags = file_flags(f)
        with open(path, "rb") as fh:
            data = fh.read()
        head = header_of(data.decode("ascii", errors="replace"))
        if head is None:
            result(False, f, "the first line is not 'num_colors height width'")
            continue
        colors, height, width, comments = head
        problems = []
        if height > MAX_SIDE or width > MAX_SIDE:
            problems.append(f"{height}x{width} is larger than {MAX_SIDE}x{MAX_SIDE}")
        if comments == 0:
            uncommented.append(f)
        status, out, err = run_program(reference_bin(), flags_args(flags), data)
        if status != 0:
            problems.append(f"the solver exits {status}: {err.decode(errors='replace').strip()}")
        elif not out:
            problems.append("the solver prints nothing")
        elif err:
            problems.append(f"the solver writes to stderr: {err.decode(errors='replace').strip()}")
        if status == 0 and out and os.access(checker, os.X_OK):
            nosol = out.startswith(b"No solution.")
            unsolvable += nosol
            args = [checker, "--quiet"]
            if nosol:
                args.append("--no-solution-ok")
            elif not flags.endswith("l"):
                args.append("--map")
            p = subprocess.run(args + [path], input=out, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            if p.returncode != 0:
                problems.append(f"tools/check {' '.join(args[2:])} rejects the output "
                                f"(exit {p.returncode}) {p.stderr.decode(errors='replace').strip()}")
        elif not os.access(checker, os.X_OK):
            problems.append("tools/check is not built (make tools)")
        result(not problems, f, "; ".join(problems))

    # The set: both containers, both output modes, and a map with no solution.
    if files:
        all_flags = [file_flags(f) for f in files]
        result(any(fl[0] == "q" for fl in all_flags) and any(fl[0] == "s" for fl in all_flags),
               "the test files use both --queue and --stack")
        result(any(fl[1:] == "l" for fl in all_flags) and any(fl[1:] in ("m", "") for fl in all_flags),
               "the test files use both list and map output")
        result(unsolvable > 0, "a test file has no solution")
        result(len(uncommented) <= 1, "at most one test file without a '//' comment line saying what it targets",
               f"{len(uncommented)} without: {' '.join(uncommented)}")

    # The checklist (situations.py): every situation shows in some file, in each container
    # and output type that changes how it shows.
    if files:
        import situations  # here: it imports this module
        try:
            table = situations.coverage(files)
        except Exception as e:  # no ./puzzle_trace: one failure that says so
            result(False, "the situations the test files cover", str(e))
        else:
            for name, _, desc in situations.SITUATIONS:
                missing = situations.missing_for(name, table[name])
                result(not missing, f"situation {name} ({desc})", missing)
    # The bugs (tools/bugs --expose, what `make mutants` runs): each counted bug exposed by
    # some file, no equivalent one exposed by any.
    if files:
        for name, ok, why in exposure(files):
            result(ok, name, why)
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    if sys.argv[1:]:
        print(__doc__.strip())
        sys.exit(0 if sys.argv[1] in ("-h", "--help") else 2)
    sys.exit(main())
