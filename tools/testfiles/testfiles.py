#!/usr/bin/env python3
# Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
"""The bug-finding test files (top-level test-N-FLAGS.txt: N 1..15, FLAGS s or q, then m, l
or nothing, the options each is run with): their checks, the situations they cover, and a
search for maps that expose bugs or cover situations. `testfiles.py COMMAND --help` gives
each command's contract. Environment: PUZZLE_BIN (default ./puzzle), the reference solver.
Exit status: 0 done, 1 a check failed (check, the situations' checklist), 2 bad usage or
a program it needs is not built."""

import argparse
import inspect
import os
import pathlib
import random
import re
import signal
import subprocess
import sys
import tempfile

signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # a reader that goes away (`| head`) ends this quietly

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
PUZZLE = os.environ.get("PUZZLE_BIN") or os.path.join(ROOT, "puzzle")
TRACE, BUGS, CHECK, COMPARE = (os.path.join(ROOT, p) for p in ("puzzle_trace", "tools/bugs", "tools/check",
                                                                "tools/compare"))
FOUND = os.path.join(ROOT, "build", "testfiles", "found")
NAME = re.compile(r"^test-([1-9]|1[0-5])-([sq])([ml]?)\.txt$")  # N 1..15, no leading zero
MAX_FILES, MAX_SIDE = 15, 10
STATE = re.compile(rb"^\((.), \((\d+), (\d+)\)\)$")


class ToolError(Exception):
    """A program the command needs is not built."""


def need(path, target):
    if not os.access(path, os.X_OK):
        raise ToolError(f"{os.path.relpath(path, ROOT)} is not built ({target})")
    return path


def test_files(folder=ROOT):
    """The test-N-FLAGS.txt files of `folder`, sorted by N."""
    files = [f for f in os.listdir(folder) if NAME.match(f) and os.path.isfile(os.path.join(folder, f))]
    return sorted(files, key=lambda f: int(NAME.match(f).group(1)))


def flags_of(name):
    m = NAME.match(os.path.basename(name))
    return m.group(2) + m.group(3)


def write(folder, name, text):
    os.makedirs(folder, exist_ok=True)
    pathlib.Path(folder, name).write_text(text)
    return os.path.join(folder, name)


def solve(runs, trace=False):
    """Runs the reference solver (with `trace`, ./puzzle_trace's states instead of its output) on
    each (map file, FLAGS) of `runs` in one call of the harness, `tools/compare --runs`:
    [(exit status, or 'crash (signal N)' or 'timeout', stdout, the first line of stderr)]."""
    if not runs:
        return []
    solver = [PUZZLE]
    if trace:  # the harness keeps stdout: the trace's states, on stderr, go there
        solver = ["/bin/sh", "-c", 'exec "$0" "$@" 2>&1 >/dev/null', need(TRACE, "make trace")]
    option = {"s": "--stack", "q": "--queue", "m": " --output map", "l": " --output list", "": ""}
    with tempfile.TemporaryDirectory() as keep:
        jobs = write(keep, "jobs", "".join(f"{i}\t{os.path.abspath(path)}\t{option[flags[0]]}{option[flags[1:]]}\n"
                                           for i, (path, flags) in enumerate(runs)))
        p = subprocess.run([need(COMPARE, "make tools"), "--runs", jobs, "--keep", keep, "--jobs", "2",
                            "--timeout", "5"] + solver, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if p.returncode > 1:
            raise ToolError(f"tools/compare --runs: {p.stderr.strip()}")
        ended = []
        for line in p.stdout.splitlines():
            run, end, err = (line.split("\t")[k] for k in (0, 1, 8))
            status = int(end[5:]) if end.startswith("exit ") else f"crash ({end})" if end.startswith("signal") else end
            out = pathlib.Path(keep, run + ".out")
            ended.append((status, out.read_bytes() if out.exists() else b"", "" if err == "-" else err))
    return ended


def read_map(text):
    """(colors, height, width, comment lines, rows) of a map's text; None without a header."""
    lines = text.split("\n")
    head = lines[0].split()
    if len(head) != 3 or not all(v.isdigit() for v in head):
        return None
    at = next((i for i in range(1, len(lines)) if not lines[i].startswith("//")), len(lines))
    rows = [line.rstrip("\r") for line in lines[at:at + int(head[1])]]
    return int(head[0]), int(head[1]), int(head[2]), lines[1:at], rows


def states(text):
    """[(color, row, col)] of list-format lines."""
    return [(m.group(1).decode(), int(m.group(2)), int(m.group(3)))
            for m in (STATE.match(line.strip()) for line in text.split(b"\n")) if m]


def expose(paths):
    """`tools/bugs --expose PATHS` (each run with the options of its name): (exit status,
    last line, {bug: its line's verdict, e.g. "exposed by test-1-q test-3-sm"})."""
    p = subprocess.run([need(BUGS, "make tools"), "--expose"] + paths, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True, timeout=600, env=dict(os.environ, PUZZLE_BIN=PUZZLE))
    lines = p.stdout.splitlines()
    verdicts = dict(line.split(": ", 1) for line in lines[:-1] if ": " in line)
    return p.returncode, lines[-1] if lines else p.stderr.strip(), verdicts


# (name, the flags it must be covered with, what it is), in the checklist's order.
SITUATIONS = [
    # The path: it depends on the container and shows in both outputs.
    ("path-enters-top-row", "qslm", "the path steps north into row 0"),
    ("path-enters-bottom-row", "qslm", "the path steps south into the last row"),
    ("path-enters-left-col", "qslm", "the path steps west into column 0"),
    ("path-enters-right-col", "qslm", "the path steps east into the last column"),
    ("path-press-from-caret", "qslm", "a press from '^' onto a color"),
    ("path-press-color-to-color", "qslm", "a press from a colored layer onto another color"),
    ("path-trap-from-color", "qslm", "a trap pressed from a colored layer (back to '^')"),
    ("path-trap-walked", "qslm", "the path walks over a trap on '^' (inactive there)"),
    ("path-start-cell-in-color", "qslm", "the path crosses the start's cell on a colored layer"),
    ("path-own-button", "qslm", "the path walks over a button of its layer's color (inactive, not pressed)"),
    ("path-own-door", "qslm", "the path goes through a door of its layer's color"),
    ("path-door-before-beside", "qslm", "in a colored layer, a door of the letter before the layer's is beside the path"),
    ("path-door-after-beside", "qslm", "in a colored layer, a door of the letter after the layer's is beside the path"),
    ("path-target-in-color", "qslm", "the target is reached in a colored layer"),
    ("path-target-in-caret-after-press", "qslm", "the target is reached on '^' after a press"),
    ("path-repress", "qslm", "the path presses one color twice, on two cells"),
    ("path-press-doorless", "qslm", "the path presses a button whose color has no door in the map"),
    ("path-press-first-color", "qslm", "the path presses a button of the first color, a"),
    ("path-press-last-color", "qslm", "the path presses a button of the map's last color"),
    ("path-two-states", "lm", "the target next to the start: a path of two states"),
    # Map output only, off the path.
    ("map-trap-off-path", "m", "a trap off the path (shown '.' on '^', '^' on the colors)"),
    ("map-own-letters-off-path", "m", "a layer's own button or door off its path (shown '.')"),
    ("map-neighbour-letters", "m", "letters of two neighbouring colors (each shown on the other's map)"),
    ("map-unused-color", "m", "a color with no letter in the map (its map is printed all the same)"),
    # No solution: the same output in both containers; list and map output alike.
    ("nosol-trap-discovered", "lm", "no solution: a discovered trap"),
    ("nosol-button-discovered", "lm", "no solution: a discovered button"),
    ("nosol-door-discovered", "lm", "no solution: a door discovered in its color's layer"),
    ("nosol-closed-door-beside", "lm", "no solution: a door never opened, beside a discovered cell ('#')"),
    ("nosol-undiscovered-letter", "lm", "no solution: an undiscovered button, door or trap ('#')"),
    ("nosol-color-layer-only", "lm", "no solution: a cell discovered in colored layers only"),
    ("nosol-last-layer-only", "lm", "no solution: a cell discovered in the last color's layer only"),
    # The input and the command line: any one file.
    ("input-colors-0", "", "num_colors 0"),
    ("input-colors-1", "", "num_colors 1"),
    ("input-colors-26", "", "num_colors 26"),
    ("input-trap-no-colors", "", "a trap in a map of 0 colors"),
    ("input-last-color-door", "", "a door of the last color (the letter num_colors)"),
    ("input-last-color-button", "", "a button of the last color"),
    ("input-height-1", "", "a map of one row"),
    ("input-width-1", "", "a map of one column"),
    ("input-taller", "", "a map taller than wide"),
    ("input-wider", "", "a map wider than tall"),
    ("input-10x10", "", "a map of 10 x 10"),
    ("input-comments", "", "several comment lines"),
    ("input-comment-symbols", "", "a comment with '@' and '?' in it"),
    ("input-comment-plus", "", "a comment with '+' in it"),
    # The input forms the spec allows and its examples do not show: seen in the input.
    ("input-no-comment", "", "no comment line: the map right after the header"),
    ("input-comment-empty", "", "a comment line that is '//' alone"),
    ("input-comment-no-blank", "", "a comment with text right after its '//', no blank"),
    ("input-comment-row-width", "", "a comment exactly width characters long, map characters after its '//' (it looks like a row)"),
    ("input-comment-map-chars", "", "a comment holding the map characters '#', '.' and '^'"),
    ("input-comment-beyond-colors", "", "a comment holding a letter beyond num_colors"),
    ("input-comment-long", "", "a comment line of more than 1024 characters (longer than a line buffer)"),
    ("input-comments-over-height", "", "more comment lines than map rows"),
    ("input-colors-two-digits", "", "num_colors of two digits (10 to 26)"),
    ("input-height-two-digits", "", "a height of two digits (10)"),
    ("input-width-two-digits", "", "a width of two digits (10)"),
    ("input-colors-unused", "", "a color with neither button nor door (num_colors beyond the letters used)"),
    ("input-first-row-wall", "", "the first map row starts with '#' (a wall, not a comment)"),
    ("input-symbols-same-row", "", "'@' and '?' in the same row"),
    ("input-no-final-newline", "", "no newline after the last row: the input ends with the map"),
    ("input-symbol-top-row", "", "the start or the target in row 0"),
    ("input-symbol-bottom-row", "", "the start or the target in the last row"),
    ("input-symbol-left-col", "", "the start or the target in column 0"),
    ("input-symbol-right-col", "", "the start or the target in the last column"),
    ("output-default", "", "a solvable map run without --output (map output)"),
]


def named(prefix, pairs):
    """{prefix + NAME} for each (condition, NAME) of `pairs` whose condition holds."""
    return {prefix + name for cond, name in pairs if cond}


def find(rows, symbol):
    return next((r, row.index(symbol)) for r, row in enumerate(rows) if symbol in row)


def beside(rows, r, k):
    """The characters of the cells next to (r, k) in `rows`."""
    return [rows[r + dr][k + dk] for dr, dk in ((-1, 0), (0, 1), (1, 0), (0, -1))
            if 0 <= r + dr < len(rows) and 0 <= k + dk < len(rows[0])]


def path_situations(path, colors, rows):
    """What the path [(color, row, col)] does: its presses (a change of color) and moves."""
    found, pressed = set(), {}  # pressed: color -> cells pressed
    start, last = find(rows, "@"), chr(ord("a") + colors - 1) if colors else None
    for (pc, pr, pk), (c, r, k) in zip(path, path[1:]):
        cell, near, colored = rows[r][k], beside(rows, r, k), c != "^"
        found |= named("path-door-", ((colored and c > "a" and chr(ord(c) - 1).upper() in near, "before-beside"),
                                      (colored and c < last and chr(ord(c) + 1).upper() in near, "after-beside")))
        if pc != c:  # a press
            found.add("path-press-from-caret" if pc == "^" else "path-press-color-to-color" if colored
                      else "path-trap-from-color")
            if colored:
                pressed.setdefault(c, set()).add((r, k))
                found |= named("path-press-", ((not any(c.upper() in row for row in rows), "doorless"),
                                               (c == "a", "first-color"), (c == last, "last-color")))
            continue
        found |= named("path-enters-", ((r - pr == -1 and r == 0, "top-row"),
                                        (r - pr == 1 and r == len(rows) - 1, "bottom-row"),
                                        (k - pk == -1 and k == 0, "left-col"),
                                        (k - pk == 1 and k == len(rows[0]) - 1, "right-col")))
        found |= named("path-", ((not colored and cell == "^", "trap-walked"),
                                 (colored and (r, k) == start, "start-cell-in-color"),
                                 (colored and cell == c, "own-button"), (colored and cell == c.upper(), "own-door")))
    return found | named("path-", (
        (any(len(cells) > 1 for cells in pressed.values()), "repress"), (path[-1][0] != "^", "target-in-color"),
        (path[-1][0] == "^" and len({c for c, _, _ in path}) > 1, "target-in-caret-after-press"),
        (len(path) == 2, "two-states")))


def has_unused_color(colors, rows):
    """Whether one of the map's colors has neither a button nor a door in `rows`."""
    used = {ch.lower() for row in rows for ch in row if ch.isalpha()}
    return any(chr(ord("a") + k) not in used for k in range(colors))


def map_situations(path, colors, rows):
    """What the map output shows off the path (a letter off the path of its own layer
    shows '.' there; a trap off the '^' path shows '.' on '^')."""
    on_path = set(path)
    cells = [(r, k, ch) for r, row in enumerate(rows) for k, ch in enumerate(row)]
    used = {ch.lower() for _, _, ch in cells if ch.isalpha()}
    return named("map-", (
        (any(ch == "^" and ("^", r, k) not in on_path for r, k, ch in cells), "trap-off-path"),
        (any(ch.isalpha() and (ch.lower(), r, k) not in on_path for r, k, ch in cells), "own-letters-off-path"),
        (any(chr(ord(c) + 1) in used for c in used), "neighbour-letters"),
        (has_unused_color(colors, rows), "unused-color")))


def nosol_situations(output, trace, colors, rows):
    """What the no-solution map `output` shows, with the states the trace investigated
    (on a map with no solution, every discovered state is investigated)."""
    found = set()
    shown = [line for line in output.decode().split("\n")[2:] if line]
    discovered = {}  # (row, col) -> colors
    for c, r, k in trace:
        discovered.setdefault((r, k), set()).add(c)
    for r, row in enumerate(rows):
        for k, ch in enumerate(row):
            out, layers = shown[r][k], discovered.get((r, k), set())
            found |= named("nosol-", (
                (out == "^", "trap-discovered"), (out.isupper(), "door-discovered"),
                (out.islower(), "button-discovered"),
                (out == "#" and (ch.isalpha() or ch == "^"), "undiscovered-letter"),
                (ch.isupper() and out == "#" and any(b != "#" for b in beside(shown, r, k)), "closed-door-beside"),
                (layers and "^" not in layers, "color-layer-only"),
                (colors and layers == {chr(ord("a") + colors - 1)}, "last-layer-only")))
    return found


def input_situations(data, flags, solvable):
    """What the input `data` (a valid map) is and how it is written (its header, comments
    and line ends, which a solver's reader may get wrong), and how it is run."""
    colors, height, width, comments, rows = read_map(data.decode("ascii"))
    text = "\n".join(rows)
    last = chr(ord("a") + colors - 1) if colors else None
    letters = {chr(ord(base) + k) for base in "aA" for k in range(colors)}
    row_chars = set("@?.#^") | letters
    found = {f"input-colors-{colors}"} & {name for name, _, _ in SITUATIONS}
    for value, name in zip(data.split(b"\n", 1)[0].split(), ("colors", "height", "width")):
        found |= named("input-", ((len(value) == 2, f"{name}-two-digits"),))
    for c in comments:
        body = c[2:]
        found |= named("input-comment-", (
            (body == "", "empty"), (body[:1] not in ("", " "), "no-blank"),
            (len(c) == width and body and set(body) <= row_chars, "row-width"), (set("#.^") <= set(body), "map-chars"),
            (any(ch.isalpha() and ch.isascii() and ch not in letters for ch in body), "beyond-colors"),
            (len(c) > 1024, "long")))
    found |= named("input-", (
        (colors == 0 and "^" in text, "trap-no-colors"), (last and last.upper() in text, "last-color-door"),
        (last and last in text, "last-color-button"), (height == 1, "height-1"), (width == 1, "width-1"),
        (height > width, "taller"), (width > height, "wider"), (height == width == 10, "10x10"),
        (len(comments) > 1, "comments"), (any("@" in c and "?" in c for c in comments), "comment-symbols"),
        (any("+" in c for c in comments), "comment-plus"), (not comments, "no-comment"),
        (len(comments) > height, "comments-over-height"), (has_unused_color(colors, rows), "colors-unused"),
        (rows[0].startswith("#"), "first-row-wall"), (not data.endswith(b"\n"), "no-final-newline"),
        (any("@" in row and "?" in row for row in rows), "symbols-same-row")))
    for symbol in "@?":
        r, k = find(rows, symbol)
        found |= named("input-symbol-", ((r == 0, "top-row"), (r == height - 1, "bottom-row"),
                                         (k == 0, "left-col"), (k == width - 1, "right-col")))
    return found | named("", ((flags[1:] == "" and solvable, "output-default"),))


def analyse(maps):
    """The situations each (map file, FLAGS) of `maps` covers (how: `situations --help`)."""
    unlisted = [i for i, (_, flags) in enumerate(maps) if flags[1:] != "l"]  # their path needs a list run
    runs = solve(maps + [(maps[i][0], maps[i][1][0] + "l") for i in unlisted])
    lists = dict(zip(unlisted, runs[len(maps):]))
    nosol = [i for i, (status, out, _) in enumerate(runs[:len(maps)])
             if status == 0 and out.startswith(b"No solution.")]
    traces = dict(zip(nosol, solve([(maps[i][0], maps[i][1][0]) for i in nosol], trace=True)))
    found = [set() for _ in maps]
    for i, (path, flags) in enumerate(maps):
        data, (status, out, _) = pathlib.Path(path).read_bytes(), runs[i]
        if status != 0:
            continue
        colors, _, _, _, rows = read_map(data.decode("ascii"))
        found[i] = input_situations(data, flags, i not in traces)
        if i in traces:
            found[i] |= nosol_situations(out, states(traces[i][1]), colors, rows)
            continue
        route = states(lists.get(i, runs[i])[1])
        found[i] |= path_situations(route, colors, rows)
        if flags[1:] != "l":
            found[i] |= map_situations(route, colors, rows)
    return found


def checklist(folder, files):
    """[(situation, its flags, what it is, {file that covers it: its flags}, what is missing or '')]."""
    words = {"q": "queue", "s": "stack", "l": "list", "m": "map"}
    covering = {name: {} for name, _, _ in SITUATIONS}
    for f, found in zip(files, analyse([(os.path.join(folder, f), flags_of(f)) for f in files])):
        for name in found:
            covering[name][f] = flags_of(f)
    table = []
    for name, needs, desc in SITUATIONS:
        have = {x for flags in covering[name].values() for x in (flags[0], flags[1:] or "m")}
        missing = ", ".join("no " + words[f] for f in needs if f not in have) if covering[name] else "no file"
        table.append((name, needs, desc, covering[name], missing))
    return table


def cmd_situations(args):
    """The checklist of the situations (places where many bugs, known or not, change the output): a
    line per situation (its name, the flags it must be covered with, the top-level test files that
    cover it, what is missing), then "K of M situations covered" (exit 1 unless all are); or the
    situations of each FILE (a map named like a test file). The path is ./puzzle's list output for
    a file's container; on a map with no solution the states discovered in each layer are those
    ./puzzle_trace investigates (make trace). A situation is covered when each of its flags (q, s:
    the container changes the path; l, m: the output shows it) is on a file that has it (a file
    without m or l prints a map)."""
    for path in args.files:
        if not NAME.match(os.path.basename(path)):
            raise ToolError(f"{path}: not named like a test file (test-N-FLAGS.txt)")
    for path, found in zip(args.files, analyse([(path, flags_of(path)) for path in args.files])):
        print(f"{path}: " + " ".join(n for n, _, _ in SITUATIONS if n in found))
    if args.files:
        return 0
    bad = 0
    for name, needs, _, covering, missing in checklist(ROOT, test_files()):
        bad += bool(missing)
        numbers = " ".join(NAME.match(f).group(1) + flags for f, flags in covering.items())
        print(f"{name:34} {needs or '-':5} {numbers}" + (f"   MISSING: {missing}" if missing else ""))
    print(f"{len(SITUATIONS) - bad} of {len(SITUATIONS)} situations covered")
    return 0 if bad == 0 else 1


def cmd_check(args):
    """A line per check of the test files in DIR ("ok    WHAT" or "FAIL  WHAT: WHY"), then "N passed,
    M failed"; exit 1 when one fails. The course's rules: only test-N-FLAGS.txt files start with
    "test" (folders are not submitted), 1 to 15 of them, N distinct, each a map of at most 10x10.
    Ours too, without --form: the solver solves each file with its flags (exit 0, output, nothing on
    stderr) and tools/check accepts the output; both containers, both output types and a map with no
    solution are used; all but at most one file have a // comment saying what they target (a solver
    that always skips the line after the header shows only on a file without); together they cover
    every situation and expose every counted bug of tools/bugs and no equivalent one
    (`tools/bugs --expose`, what `make mutants` runs)."""
    folder, tally = args.dir, [0, 0]  # passed, failed

    def result(ok, what, why=""):
        tally[not ok] += 1
        print(f"ok    {what}" if ok else f"FAIL  {what}" + (f": {why}" if why else ""), flush=True)

    for entry in sorted(os.listdir(folder)):
        if entry.startswith("test") and not os.path.isdir(os.path.join(folder, entry)):
            result(NAME.match(entry) and os.path.isfile(os.path.join(folder, entry)), f"top-level name {entry}",
                   "only test-N-FLAGS.txt files (N 1..15; FLAGS s or q, then m or l or nothing) may start with 'test'")
    files = test_files(folder)
    result(1 <= len(files) <= MAX_FILES, "number of test files", f"{len(files)}, must be 1..{MAX_FILES}")
    numbers = [int(NAME.match(f).group(1)) for f in files]
    result(len(numbers) == len(set(numbers)), "test file numbers distinct", f"numbers {numbers}")
    heads = {f: read_map(pathlib.Path(folder, f).read_text("ascii", errors="replace")) for f in files}
    maps = [f for f in files if heads[f]]
    runs = dict(zip(maps, [] if args.form else solve([(os.path.join(folder, f), flags_of(f)) for f in maps])))
    unsolvable = 0
    for f in files:
        if heads[f] is None:
            result(False, f, "the first line is not 'num_colors height width'")
            continue
        height, width = heads[f][1:3]
        problems = [f"{height}x{width} is larger than {MAX_SIDE}x{MAX_SIDE}"] if max(height, width) > MAX_SIDE else []
        if not args.form:
            status, out, err = runs[f]
            problems += ([f"the solver exits {status}: {err}"] if status != 0 else ["the solver prints nothing"]
                         if not out else [f"the solver writes to stderr: {err}"] if err else [])
            if not os.access(CHECK, os.X_OK):
                problems.append("tools/check is not built (make tools)")
            elif status == 0 and out:
                nosol = out.startswith(b"No solution.")
                unsolvable += nosol
                how = ["--no-solution-ok"] if nosol else [] if flags_of(f).endswith("l") else ["--map"]
                p = subprocess.run([CHECK, "--quiet"] + how + [os.path.join(folder, f)], input=out,
                                   stderr=subprocess.PIPE)
                if p.returncode != 0:
                    problems.append(f"tools/check {' '.join(how)} rejects the output (exit {p.returncode}) "
                                    f"{p.stderr.decode(errors='replace').strip()}")
        result(not problems, f, "; ".join(problems))
    if files and not args.form:
        all_flags = [flags_of(f) for f in files]
        uncommented = [f for f in maps if not heads[f][3]]
        result({"q", "s"} <= {fl[0] for fl in all_flags}, "the test files use both --queue and --stack")
        result({"l", "m"} <= {fl[1:] or "m" for fl in all_flags}, "the test files use both list and map output")
        result(unsolvable > 0, "a test file has no solution")
        result(len(uncommented) <= 1, "at most one test file without a '//' comment line saying what it targets",
               f"{len(uncommented)} without: {' '.join(uncommented)}")
        try:
            for name, _, desc, _, missing in checklist(folder, files):
                result(not missing, f"situation {name} ({desc})", missing)
        except ToolError as e:
            result(False, "the situations the test files cover", str(e))
        try:
            status, last, verdicts = expose([os.path.join(folder, f) for f in files])
            for name, verdict in verdicts.items():
                equivalent = verdict.startswith("equivalent")
                result("EXPOSED" not in verdict if equivalent else verdict.startswith("exposed by"),
                       f"bug {name} (equivalent) exposed by no file" if equivalent else f"bug {name} exposed", verdict)
            result(status == 0, "tools/bugs --expose: every counted bug exposed", f"exit {status}: {last}")
        except ToolError as e:
            result(False, "the bugs the test files expose", str(e))
    print(f"{tally[0]} passed, {tally[1]} failed")
    return 0 if tally[1] == 0 else 1


# ==== search ==========================================================================

def random_map(rng, max_side, max_colors, height=0, width=0):
    """(text, cells) of a random valid map (`search --help`)."""
    h = height or rng.randint(2 if width == 1 else 1, max_side)
    w = width or rng.randint(2 if h == 1 else 1, max_side)
    colors = rng.randint(1, max_colors)
    p_wall, p_door = rng.uniform(0, 0.35), rng.uniform(0, 0.15)
    p_button, p_trap = rng.uniform(0.02, 0.15), rng.uniform(0, 0.1)

    def cell(r):
        return ("#" if r < p_wall else chr(ord("A") + rng.randrange(colors)) if r < p_wall + p_door
                else chr(ord("a") + rng.randrange(colors)) if r < p_wall + p_door + p_button
                else "^" if r < p_wall + p_door + p_button + p_trap else ".")

    grid = [[cell(rng.random()) for _ in range(w)] for _ in range(h)]
    (sr, sc), (tr, tc) = rng.sample([(r, c) for r in range(h) for c in range(w)], 2)
    grid[sr][sc], grid[tr][tc] = "@", "?"
    return f"{colors} {h} {w}\n" + "".join("".join(row) + "\n" for row in grid), h * w


def climb(a):
    flags, rng = a.situations, random.Random(a.seed)
    height, width, colors = a.height or 10, a.width or 10, a.colors or 5
    letters = a.letters or "".join(chr(ord("a") + k) for k in range(colors))
    doors = a.doors if a.doors is not None else letters.upper()
    kinds = ("nosol-",) if a.no_solution else ("path-", "map-") if flags[1:] != "l" else ("path-",)
    skip = set(a.skip.split(",")) | {"path-two-states"}
    wanted = {n for n, _, _ in SITUATIONS if n.startswith(kinds) and n not in skip}
    symbols = "." * 6 + "#" * 5 + letters * 2 + doors * 2 + "^" * 2

    def text(grid):
        return f"{colors} {height} {width}\n// climbed\n" + "".join("".join(row) + "\n" for row in grid)

    def score(grid):  # the wanted situations are of solvable maps only, or unsolvable only
        found = analyse([(write(folder, "map.txt", text(grid)), flags)])[0]
        return len(found & wanted), found

    grid = [[rng.choice(symbols) for _ in range(width)] for _ in range(height)]
    for (r, k), symbol in zip(rng.sample([(r, k) for r in range(height) for k in range(width)], 2), "@?"):
        grid[r][k] = symbol
    with tempfile.TemporaryDirectory() as folder:
        best, found = score(grid)
        for attempt in range(a.tries or 5000):
            trial = [row[:] for row in grid]
            for _ in range(rng.randint(1, 3)):
                r, k = rng.randrange(height), rng.randrange(width)
                if trial[r][k] not in "@?":
                    trial[r][k] = rng.choice(symbols)
                    continue
                r2, k2 = rng.randrange(height), rng.randrange(width)
                if trial[r2][k2] not in "@?":
                    trial[r2][k2], trial[r][k] = trial[r][k], rng.choice(symbols)
            points, trial_found = score(trial)
            if points > best:
                print(f"try {attempt + 1}: {points} of {len(wanted)}", flush=True)
            if points >= best:
                grid, best, found = trial, points, trial_found
    print(f"== {write(a.out, f'climbed-{flags}-{a.seed}.txt', text(grid))}: {best} of {len(wanted)} wanted situations")
    print(text(grid), end="")
    print("missing: " + (" ".join(sorted(wanted - found)) or "none"))
    return 0


def cmd_search(a):
    """Small maps for the test files (each file's comment and final touches are written by hand).

    Without --situations: random valid maps (sides 1..--max-side, or --height/--width when not 0;
    1..--colors colors, default 3; random shares of walls, doors, buttons and traps), each kept in
    --modes with --output up to the first mode the reference solver does not solve, 500 at a time
    through `tools/bugs --expose`, for the counted bugs --bugs (default: those no top-level test file
    exposes); then a greedy cover, the map exposing most of the rest first (the smaller on a tie),
    each written to --out as found-K-FLAGS.txt. --tries default 3000.

    With --situations FLAGS (as in a test file's name): hill-climbs one map (default 10x10) of floor,
    walls, traps, the buttons --letters and the doors --doors (default: those of the --colors colors,
    default 5), changing 1 to 3 cells at a time (a symbol, or moving '@' or '?'), the change kept
    unless the map covers fewer wanted situations: the path's (with map output the map's too) on a
    solvable map, or with --no-solution those of a map without one, less --skip (a path ends on '^'
    or on a color: skip one to get the other). It prints each gain and the map, written to --out as
    climbed-FLAGS-SEED.txt. --tries default 5000 (about two minutes)."""
    if a.situations is not None:
        if not re.fullmatch(r"[sq][ml]?", a.situations):
            raise ToolError("--situations needs FLAGS as in a test file's name (s or q, then m, l or nothing)")
        return climb(a)
    counted = [line.split("\t")[0] for line in subprocess.run([need(BUGS, "make tools"), "--list"],
                                                               stdout=subprocess.PIPE, text=True).stdout.splitlines()
               if line.split("\t")[2:3] == ["counted"]]
    wanted = a.bugs.split(",") if a.bugs is not None else [  # default: the bugs the test files miss
        n for n, v in expose([os.path.join(ROOT, f) for f in test_files()])[2].items() if v == "NOT EXPOSED"]
    unknown = [n for n in wanted if n not in counted]
    if unknown:
        raise ToolError(f"not a counted bug of tools/bugs --list: {' '.join(unknown)}")
    print("targets: " + " ".join(wanted), flush=True)
    rng = random.Random(a.seed)
    found = []  # (cells, text, flags, exposed set) of every map that exposes a target
    tries, modes = a.tries or 3000, a.modes.split(",")
    for first in range(0, tries, 500):  # 500 tries at a time
        with tempfile.TemporaryDirectory() as batch:
            drawn = [random_map(rng, a.max_side, a.colors or 3, a.height, a.width)
                     for _ in range(first, min(first + 500, tries))]
            maps = [(write(batch, f"map-{first + t}-{m + a.output}.txt", text), m + a.output)
                    for t, (text, _) in enumerate(drawn) for m in modes]
            runs = solve(maps)
            pending = {}  # file in batch -> (cells, text, flags): the map solved in its modes so far
            for t, (text, cells) in enumerate(drawn):
                for k in range(t * len(modes), (t + 1) * len(modes)):
                    if runs[k][0] != 0 or runs[k][1].startswith(b"No solution."):
                        break
                    pending[maps[k][0]] = (cells, text, maps[k][1])
            by_name = {os.path.basename(p)[:-len(".txt")]: p for p in pending}
            hits = {}  # path -> the targets it exposes
            for name, verdict in (expose(sorted(pending))[2] if pending else {}).items():
                for word in verdict.split(" by ", 1)[1].split() if name in wanted and " by " in verdict else []:
                    hits.setdefault(by_name[word], set()).add(name)
            found += [pending[path] + (hit,) for path, hit in hits.items()]
        covered = set().union(*(f[3] for f in found))
        print(f"{first + len(drawn)} tries: {len(covered)} of {len(wanted)} targets exposed, "
              f"at most {max((len(f[3]) for f in found), default=0)} by one map", flush=True)
    remaining = set(wanted)
    for k in range(1, len(wanted) + 1):  # a greedy cover: the map exposing most of the rest first, the smaller on a tie
        cells, text, flags, hit = max(found, key=lambda f: (len(f[3] & remaining), -f[0]), default=(0, "", "", set()))
        if not hit & remaining:
            break
        print(f"== {write(a.out, f'found-{k}-{flags}.txt', text)} ({cells} cells) exposes: "
              f"{' '.join(sorted(hit & remaining))}")
        print(text, end="")
        remaining -= hit
    if remaining:
        print("not found: " + " ".join(sorted(remaining)))
    return 0


def main(argv):
    text = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(prog="testfiles.py", description=__doc__, formatter_class=text)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    def command(func, summary):  # its --help is its docstring
        p = sub.add_parser(func.__name__[4:], help=summary, description=inspect.cleandoc(func.__doc__),
                           formatter_class=text)
        p.set_defaults(func=func)
        return p

    c = command(cmd_check, "the checks of the test files (tests/testfiles.sh)")
    c.add_argument("--dir", default=ROOT, help="the folder of the test files (default: the top level)")
    c.add_argument("--form", action="store_true", help="the course's rules on names, count and size alone")
    command(cmd_situations, "the checklist of situations, or those of each FILE").add_argument(
        "files", nargs="*", metavar="FILE")
    f = command(cmd_search, "random maps that expose bugs, or a map climbed to cover situations")
    f.add_argument("--bugs", metavar="NAME,...")
    f.add_argument("--situations", metavar="FLAGS")
    for name, default in (("--tries", 0), ("--seed", 1), ("--colors", 0), ("--height", 0), ("--width", 0),
                          ("--max-side", 6)):
        f.add_argument(name, type=int, default=default, metavar="N")
    f.add_argument("--modes", default="s,q", help="the containers of --bugs (default s,q)")
    f.add_argument("--output", default="l", choices=("l", "m"), help="the output of --bugs (default l)")
    f.add_argument("--no-solution", action="store_true")
    f.add_argument("--letters", default="", metavar="abc")
    f.add_argument("--doors", metavar="AB")
    f.add_argument("--skip", default="", metavar="NAME,...")
    f.add_argument("--out", default=FOUND, metavar="DIR", help="default build/testfiles/found")
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except ToolError as e:
        print(f"testfiles.py {args.command}: error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
