#!/usr/bin/env python3
# Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
"""Searches for small maps for the test files: maps that expose given bugs of tools/bugs,
or a map that covers many situations of the checklist (situations.py). A helper for
writing the test files; each file's comment and final touches are written by hand.

  search.py [--bugs a,b,...] [--tries N] [--seed S] [--max-side N] [--colors C]
            [--height H] [--width W] [--modes s,q] [--output l|m] [--out DIR]
  search.py --situations FLAGS [--no-solution] [--colors C] [--letters abc] [--doors AB]
            [--height H] [--width W] [--skip NAME,...] [--tries N] [--seed S] [--out DIR]

Without --bugs it targets the counted bugs that no top-level test file exposes yet.
Each try draws a random valid map (sides 1..max-side, or --height/--width when given
and not 0; 1..C colors; random shares of walls, doors, buttons and traps), keeps it
only if the reference solver solves it, and runs the targeted bugs on it with each
mode (`tools/bugs --expose`, on 500 maps at a time). It keeps every map that exposes
one, and at the end prints a greedy cover: the map exposing most of the targeted bugs
not yet covered first (the smaller on a tie). Maps are also written to DIR
(default build/testfiles/found/) as found-K-FLAGS.txt.

With --situations it hill-climbs one map (default 10 x 10) for FLAGS (as in a test
file's name, e.g. qm): from a random map of floor, walls, traps, the buttons --letters
and the doors --doors (default: all of the --colors colors, default 5), it changes one
to three cells at a time (a symbol, or moves '@' or '?') and keeps the change unless
the map then covers fewer of the wanted situations: the path's (and with map output
the map's) on a solvable map, or with --no-solution those of a map without one, less
those --skip names (a path ends on '^' or on a color: skip one to get the other). A
random map covers a few; after some thousand tries (--tries, default 5000, about a
minute) one covers nearly all. It prints each gain and the map, and writes it to DIR
as climbed-FLAGS-SEED.txt.
"""

import os
import random
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check  # noqa: E402
import situations  # noqa: E402
import signal

# A reader that goes away (`| head`) ends this quietly, as it ends cat.
signal.signal(signal.SIGPIPE, signal.SIG_DFL)


BUGS_BIN = os.path.join(check.ROOT, "tools", "bugs")


def expose(paths):
    """{bug name: [the paths that expose it]} of `tools/bugs --expose PATHS` (each path
    run with the options of its name, -FLAGS.txt), over every bug it lists."""
    if not paths:
        return {}
    out = subprocess.run([BUGS_BIN, "--expose"] + paths, stdout=subprocess.PIPE, text=True).stdout
    by_name = {os.path.basename(p)[:-len(".txt")]: p for p in paths}
    result = {}
    for line in out.splitlines()[:-1]:
        name, _, verdict = line.partition(": ")
        words = verdict.split(" by ", 1)[1].split() if " by " in verdict else []
        result[name] = [by_name[w] for w in words if w in by_name]
    return result


def random_map(rng, max_side, max_colors, height=0, width=0):
    h = height or rng.randint(2 if width == 1 else 1, max_side)
    w = width or rng.randint(2 if h == 1 else 1, max_side)
    colors = rng.randint(1, max_colors)
    p_wall = rng.uniform(0, 0.35)
    p_door = rng.uniform(0, 0.15)
    p_button = rng.uniform(0.02, 0.15)
    p_trap = rng.uniform(0, 0.1)
    grid = []
    for _ in range(h):
        row = []
        for _ in range(w):
            r = rng.random()
            if r < p_wall:
                row.append("#")
            elif r < p_wall + p_door:
                row.append(chr(ord("A") + rng.randrange(colors)))
            elif r < p_wall + p_door + p_button:
                row.append(chr(ord("a") + rng.randrange(colors)))
            elif r < p_wall + p_door + p_button + p_trap:
                row.append("^")
            else:
                row.append(".")
        grid.append(row)
    cells = [(r, c) for r in range(h) for c in range(w)]
    (sr, sc), (tr, tc) = rng.sample(cells, 2)
    grid[sr][sc] = "@"
    grid[tr][tc] = "?"
    return f"{colors} {h} {w}\n" + "".join("".join(row) + "\n" for row in grid), h * w


def climb(flags, opts, unsolvable):
    """Hill-climbs a map covering the most situations wanted for `flags` (see the doc)."""
    rng = random.Random(int(opts["--seed"]))
    height, width, colors = int(opts["--height"]) or 10, int(opts["--width"]) or 10, int(opts["--colors"])
    letters = opts["--letters"] or "".join(chr(ord("a") + k) for k in range(colors))
    doors = opts["--doors"] if opts["--doors"] is not None else letters.upper()
    kinds = ("nosol-",) if unsolvable else ("path-", "map-") if flags[1:] != "l" else ("path-",)
    skip = set(opts["--skip"].split(",")) | {"path-two-states"}
    wanted = {n for n, _, _ in situations.SITUATIONS if n.startswith(kinds) and n not in skip}
    symbols = "." * 6 + "#" * 5 + letters * 2 + doors * 2 + "^" * 2

    def text(grid):
        return f"{colors} {height} {width}\n// climbed\n" + "".join("".join(row) + "\n" for row in grid)

    def score(grid):  # the wanted situations are of solvable maps only, or unsolvable only
        found = situations.analyse(None, text(grid).encode(), flags)
        return len(found & wanted), found

    grid = [[rng.choice(symbols) for _ in range(width)] for _ in range(height)]
    cells = rng.sample([(r, k) for r in range(height) for k in range(width)], 2)
    for (r, k), symbol in zip(cells, "@?"):
        grid[r][k] = symbol
    best, found = score(grid)
    for attempt in range(int(opts["--tries"])):
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
        if points >= best:
            if points > best:
                print(f"try {attempt + 1}: {points} of {len(wanted)}", flush=True)
            grid, best, found = trial, points, trial_found
    os.makedirs(opts["--out"], exist_ok=True)
    path = os.path.join(opts["--out"], f"climbed-{flags}-{opts['--seed']}.txt")
    with open(path, "w") as f:
        f.write(text(grid))
    print(f"== {path}: {best} of {len(wanted)} wanted situations")
    print(text(grid), end="")
    print("missing: " + (" ".join(sorted(wanted - found)) or "none"))
    return 0


def main(argv):
    if "--situations" in argv:
        opts = {"--tries": "5000", "--seed": "1", "--colors": "5", "--letters": "", "--doors": None, "--skip": "",
                "--height": "0", "--width": "0", "--out": os.path.join(check.ROOT, "build", "testfiles", "found")}
        flags, unsolvable, i = None, False, 0
        while i < len(argv):
            if argv[i] == "--situations" and i + 1 < len(argv):
                flags = argv[i + 1]
            elif argv[i] == "--no-solution":
                unsolvable, i = True, i + 1
                continue
            elif argv[i] not in opts or i + 1 == len(argv):
                print(__doc__.strip())
                return 2
            else:
                opts[argv[i]] = argv[i + 1]
            i += 2
        if not flags or not check.TEST_NAME.match(f"test-1-{flags}.txt"):
            print("search.py: --situations needs FLAGS as in a test file's name (s or q, then m, l or nothing)",
                  file=sys.stderr)
            return 2
        try:
            return climb(flags, opts, unsolvable)
        except check.ToolError as e:  # no ./puzzle_trace for a map with no solution
            print(f"search.py: error: {e}", file=sys.stderr)
            return 2
    opts = {"--tries": "3000", "--seed": "1", "--max-side": "6", "--colors": "3", "--modes": "s,q",
            "--output": "l", "--height": "0", "--width": "0", "--out": os.path.join(check.ROOT, "build", "testfiles", "found")}
    wanted = None
    i = 0
    while i < len(argv):
        if argv[i] == "--bugs" and i + 1 < len(argv):
            wanted = argv[i + 1].split(",")
        elif argv[i] in opts and i + 1 < len(argv):
            opts[argv[i]] = argv[i + 1]
        else:
            print(__doc__.strip())
            return 2
        i += 2
    if not os.access(BUGS_BIN, os.X_OK):
        print(f"search.py: error: no {BUGS_BIN} (make tools)", file=sys.stderr)
        return 2
    counted = [line.split("\t")[0] for line in subprocess.run([BUGS_BIN, "--list"], stdout=subprocess.PIPE,
                                                               text=True).stdout.splitlines()
               if line.split("\t")[2:3] == ["counted"]]
    if wanted is None:  # the bugs the current test files miss
        files = [os.path.join(check.ROOT, f) for f in check.test_files()]
        wanted = [n for n, found in expose(files).items() if n in counted and not found]
    unknown = [n for n in wanted if n not in counted]
    if unknown:
        print(f"search.py: error: not a counted bug of tools/bugs --list: {' '.join(unknown)}", file=sys.stderr)
        return 2
    print("targets: " + " ".join(wanted), flush=True)
    rng = random.Random(int(opts["--seed"]))
    found = []  # (cells, text, flags, exposed set) of every map that exposes a target
    modes = opts["--modes"].split(",")
    with tempfile.TemporaryDirectory() as batch:
        pending = {}  # file in batch -> (cells, text, flags)
        for t in range(int(opts["--tries"])):
            text, cells = random_map(rng, int(opts["--max-side"]), int(opts["--colors"]),
                                     int(opts["--height"]), int(opts["--width"]))
            for mode in modes:
                flags = mode + opts["--output"]
                status, out, _ = check.run_program(check.reference_bin(), check.flags_args(flags), text.encode())
                if status != 0 or out.startswith(b"No solution."):
                    break
                path = os.path.join(batch, f"map-{t}-{flags}.txt")
                with open(path, "w") as f:
                    f.write(text)
                pending[path] = (cells, text, flags)
            if (t + 1) % 500 == 0 or t + 1 == int(opts["--tries"]):
                hits = {}  # path -> the targets it exposes
                for name, paths in expose(sorted(pending)).items():
                    if name in wanted:
                        for path in paths:
                            hits.setdefault(path, set()).add(name)
                found += [pending[path] + (hit,) for path, hit in hits.items()]
                for path in pending:
                    os.remove(path)
                pending = {}
                covered = set().union(*(f[3] for f in found)) if found else set()
                most = max((len(f[3]) for f in found), default=0)
                print(f"{t + 1} tries: {len(covered)} of {len(wanted)} targets exposed, "
                      f"at most {most} by one map", flush=True)
    os.makedirs(opts["--out"], exist_ok=True)
    remaining = set(wanted)
    k = 0
    while remaining:
        pick = max(found, key=lambda f: (len(f[3] & remaining), -f[0]), default=None)
        if pick is None or not pick[3] & remaining:
            break
        cells, text, flags, hit = pick
        k += 1
        path = os.path.join(opts["--out"], f"found-{k}-{flags}.txt")
        with open(path, "w") as f:
            f.write(text)
        print(f"== {path} ({cells} cells) exposes: {' '.join(sorted(hit & remaining))}")
        print(text, end="")
        remaining -= hit
    if remaining:
        print("not found: " + " ".join(sorted(remaining)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
