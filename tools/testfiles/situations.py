#!/usr/bin/env python3
# Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
"""The situations a bug-finding test file can make show in its output, and which of the
top-level test files cover each (the checklist of tools/testfiles/README.md).

A known bug (tools/bugs.h) is one bug somebody wrote down; a situation is a place where
many bugs, written down or not, change the output: the path crossing the start's cell on a colored layer,
a trap pressed from a colored layer, a discovered trap on a no-solution map. Each file is
looked at through the solver's own output, not a second copy of the rules: the path is
./puzzle's list output for the file's container, and on a map with no solution the
states discovered in each layer are the ones ./puzzle_trace investigates (`make trace`).

A situation names the outputs it must show in: `q` and `s` (the container changes the
path), `l` and `m` (the output type changes how it shows). It is covered when for each
of those letters some file with that flag has it (a file without m or l prints a map).

  situations.py            the checklist: each situation, its files, what is missing
  situations.py FILE ...   the situations of each file (any map, named like a test file)
"""

import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check  # noqa: E402

TRACE_BIN = os.path.join(check.ROOT, "puzzle_trace")

# (name, the flags it must be covered with, what it is). The order is the README's.
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
NEEDS = {name: needs for name, needs, _ in SITUATIONS}

STATE = re.compile(rb"^\((.), \((\d+), (\d+)\)\)$")


def read_map(text):
    """(colors, height, width, comment lines, rows) of a valid map's text."""
    lines = text.split("\n")
    colors, height, width = (int(v) for v in lines[0].split())
    at = 1
    while at < len(lines) and lines[at].startswith("//"):
        at += 1
    rows = [line.rstrip("\r") for line in lines[at:at + height]]
    return colors, height, width, lines[1:at], rows


def states(text):
    """[(color, row, col)] of list-format lines."""
    found = []
    for line in text.split(b"\n"):
        m = STATE.match(line.strip())
        if m:
            found.append((m.group(1).decode(), int(m.group(2)), int(m.group(3))))
    return found


def find(rows, symbol):
    for r, row in enumerate(rows):
        if symbol in row:
            return r, row.index(symbol)
    return None


def path_situations(path, colors, rows):
    """What the path [(color, row, col)] does: its presses (a change of color) and moves."""
    found = set()
    height, width = len(rows), len(rows[0])
    start = find(rows, "@")
    last = chr(ord("a") + colors - 1) if colors else None
    pressed = {}  # color -> cells pressed
    for i, (c, r, k) in enumerate(path):
        cell = rows[r][k]
        if i == 0:
            continue
        pc, pr, pk = path[i - 1]
        if pc != c:  # a press
            kind = "from-caret" if pc == "^" else ("trap-from-color" if c == "^" else "color-to-color")
            found.add("path-press-" + kind if kind != "trap-from-color" else "path-trap-from-color")
            if c != "^":
                pressed.setdefault(c, set()).add((r, k))
                if not any(c.upper() in row for row in rows):
                    found.add("path-press-doorless")
                if c == "a":
                    found.add("path-press-first-color")
                if c == last:
                    found.add("path-press-last-color")
            continue
        dr, dk = r - pr, k - pk
        if dr == -1 and r == 0:
            found.add("path-enters-top-row")
        if dr == 1 and r == height - 1:
            found.add("path-enters-bottom-row")
        if dk == -1 and k == 0:
            found.add("path-enters-left-col")
        if dk == 1 and k == width - 1:
            found.add("path-enters-right-col")
        if c == "^":
            if cell == "^":
                found.add("path-trap-walked")
            continue
        if (r, k) == start:
            found.add("path-start-cell-in-color")
        if cell == c:
            found.add("path-own-button")
        if cell == c.upper():
            found.add("path-own-door")
    for c, r, k in path[1:]:
        if c == "^":
            continue
        beside = [rows[r + dr][k + dk] for dr, dk in ((-1, 0), (0, 1), (1, 0), (0, -1))
                  if 0 <= r + dr < height and 0 <= k + dk < width]
        if c > "a" and chr(ord(c) - 1).upper() in beside:
            found.add("path-door-before-beside")
        if c < last and chr(ord(c) + 1).upper() in beside:
            found.add("path-door-after-beside")
    if any(len(cells) > 1 for cells in pressed.values()):
        found.add("path-repress")
    if path[-1][0] != "^":
        found.add("path-target-in-color")
    elif len({c for c, _, _ in path}) > 1:
        found.add("path-target-in-caret-after-press")
    if len(path) == 2:
        found.add("path-two-states")
    return found


def has_unused_color(colors, rows):
    """Whether one of the map's colors has neither a button nor a door in `rows`."""
    used = {ch.lower() for row in rows for ch in row if ch.isalpha()}
    return any(chr(ord("a") + k) not in used for k in range(colors))


def map_situations(path, colors, rows):
    """What the map output shows off the path (a letter off the path of its own layer
    shows '.' there; a trap off the '^' path shows '.' on '^')."""
    found = set()
    on_path = {(c, r, k) for c, r, k in path}
    cells = [(r, k, ch) for r, row in enumerate(rows) for k, ch in enumerate(row)]
    if any(ch == "^" and ("^", r, k) not in on_path for r, k, ch in cells):
        found.add("map-trap-off-path")
    if any(ch.isalpha() and (ch.lower(), r, k) not in on_path for r, k, ch in cells):
        found.add("map-own-letters-off-path")
    used = {ch.lower() for _, _, ch in cells if ch.isalpha()}
    if any(chr(ord(c) + 1) in used for c in used):
        found.add("map-neighbour-letters")
    if has_unused_color(colors, rows):
        found.add("map-unused-color")
    return found


def nosol_situations(output, trace, colors, rows):
    """What the no-solution map `output` shows, with the states the trace investigated
    (on a map with no solution, every discovered state is investigated)."""
    found = set()
    shown = [line for line in output.decode().split("\n")[2:] if line]
    height, width = len(rows), len(rows[0])
    discovered = {}  # (row, col) -> colors
    for c, r, k in trace:
        discovered.setdefault((r, k), set()).add(c)
    for r in range(height):
        for k in range(width):
            ch, out = rows[r][k], shown[r][k]
            if out == "^":
                found.add("nosol-trap-discovered")
            if out.isupper():
                found.add("nosol-door-discovered")
            if out.islower():
                found.add("nosol-button-discovered")
            if out == "#" and (ch.isalpha() or ch == "^"):
                found.add("nosol-undiscovered-letter")
            beside = [shown[r + dr][k + dk] for dr, dk in ((-1, 0), (0, 1), (1, 0), (0, -1))
                      if 0 <= r + dr < height and 0 <= k + dk < width]
            if ch.isupper() and out == "#" and any(b != "#" for b in beside):
                found.add("nosol-closed-door-beside")
            layers = discovered.get((r, k), set())
            if layers and "^" not in layers:
                found.add("nosol-color-layer-only")
            if colors and layers == {chr(ord("a") + colors - 1)}:
                found.add("nosol-last-layer-only")
    return found


def input_form_situations(data, colors, height, width, comments, rows):
    """The input forms of a valid map's text `data` (bytes): how its header, comments and
    line ends are written, which a solver's reader may get wrong."""
    found = set()
    letters = {chr(ord(base) + k) for base in "aA" for k in range(colors)}
    row_chars = set("@?.#^") | letters
    header = data.split(b"\n", 1)[0].split()
    for value, name in zip(header, ("colors", "height", "width")):
        if len(value) == 2:
            found.add(f"input-{name}-two-digits")
    for c in comments:
        body = c[2:]
        for cond, name in ((body == "", "empty"),
                           (body[:1] not in ("", " "), "no-blank"),
                           (len(c) == width and body and set(body) <= row_chars, "row-width"),
                           (set("#.^") <= set(body), "map-chars"),
                           (any(ch.isalpha() and ch.isascii() and ch not in letters for ch in body), "beyond-colors"),
                           (len(c) > 1024, "long")):
            if cond:
                found.add("input-comment-" + name)
    for cond, name in ((not comments, "no-comment"),
                       (len(comments) > height, "comments-over-height"),
                       (has_unused_color(colors, rows), "colors-unused"),
                       (rows[0].startswith("#"), "first-row-wall"),
                       (any("@" in row and "?" in row for row in rows), "symbols-same-row"),
                       (not data.endswith(b"\n"), "no-final-newline")):
        if cond:
            found.add("input-" + name)
    return found


def input_situations(colors, height, width, comments, rows, flags, solvable):
    found = set()
    text = "\n".join(rows)
    found |= {f"input-colors-{colors}"} & set(NEEDS)
    if colors == 0 and "^" in text:
        found.add("input-trap-no-colors")
    if colors:
        last = chr(ord("a") + colors - 1)
        if last.upper() in text:
            found.add("input-last-color-door")
        if last in text:
            found.add("input-last-color-button")
    for cond, name in ((height == 1, "input-height-1"), (width == 1, "input-width-1"),
                       (height > width, "input-taller"), (width > height, "input-wider"),
                       (height == width == 10, "input-10x10"), (len(comments) > 1, "input-comments"),
                       (any("@" in c and "?" in c for c in comments), "input-comment-symbols"),
                       (any("+" in c for c in comments), "input-comment-plus"),
                       (flags[1:] == "" and solvable, "output-default")):
        if cond:
            found.add(name)
    for symbol in "@?":
        r, k = find(rows, symbol)
        for cond, name in ((r == 0, "top-row"), (r == height - 1, "bottom-row"),
                           (k == 0, "left-col"), (k == width - 1, "right-col")):
            if cond:
                found.add("input-symbol-" + name)
    return found


def analyse(path, data=None, flags=None):
    """The situations the file at `path` (named like a test file) covers; or, given
    `data` and `flags`, those of that map run with those flags."""
    flags = flags or check.file_flags(path)
    container = check.flags_args(flags[0])  # --stack or --queue
    if data is None:
        with open(path, "rb") as f:
            data = f.read()
    colors, height, width, comments, rows = read_map(data.decode("ascii"))
    status, out, _ = check.run_program(check.reference_bin(), check.flags_args(flags), data)
    if status != 0:
        return set()
    solvable = not out.startswith(b"No solution.")
    found = input_situations(colors, height, width, comments, rows, flags, solvable)
    found |= input_form_situations(data, colors, height, width, comments, rows)
    if solvable:
        _, listed, _ = check.run_program(check.reference_bin(), container + ["--output", "list"], data)
        route = states(listed)
        found |= path_situations(route, colors, rows)
        if flags[1:] != "l":
            found |= map_situations(route, colors, rows)
    else:
        if not os.access(TRACE_BIN, os.X_OK):
            raise check.ToolError(f"no {TRACE_BIN} to see what a map with no solution discovers (make trace)")
        _, _, trace = check.run_program(TRACE_BIN, container, data)
        found |= nosol_situations(out, states(trace), colors, rows)
    return found


def missing_for(name, files_of):
    """What is missing for situation `name` covered by {file: flags}: '' when nothing."""
    needs = NEEDS[name]
    if not files_of:
        return "no file"
    have = set()
    for flags in files_of.values():
        have |= {flags[0], flags[1:] or "m"}
    missing = [f for f in needs if f not in have]
    words = {"q": "queue", "s": "stack", "l": "list", "m": "map"}
    return ", ".join("no " + words[f] for f in missing)


def coverage(files):
    """{situation: {file: flags}} over the test files."""
    result = {name: {} for name, _, _ in SITUATIONS}
    for f in files:
        for name in analyse(os.path.join(check.ROOT, f)):
            result[name][f] = check.file_flags(f)
    return result


def main(argv):
    if argv and argv[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0
    try:
        if argv:
            for path in argv:
                print(f"{path}: " + " ".join(n for n, _, _ in SITUATIONS if n in analyse(path)))
            return 0
        table = coverage(check.test_files())
    except check.ToolError as e:
        print(f"situations.py: error: {e}", file=sys.stderr)
        return 2
    bad = 0
    for name, needs, desc in SITUATIONS:
        files = table[name]
        missing = missing_for(name, files)
        bad += bool(missing)
        numbers = " ".join(f"{check.TEST_NAME.match(f).group(1)}{flags}" for f, flags in files.items())
        print(f"{name:34} {needs or '-':5} {numbers}" + (f"   MISSING: {missing}" if missing else ""))
    print(f"{len(SITUATIONS) - bad} of {len(SITUATIONS)} situations covered")
    return 0 if bad == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
