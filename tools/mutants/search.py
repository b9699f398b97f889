#!/usr/bin/env python3
# Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
"""Random search for small maps that expose given mutants (a helper for writing the
test files; the test files themselves are written by hand from what it finds).

  search.py [--mutants a,b,...] [--tries N] [--seed S] [--max-side N] [--colors C]
            [--height H] [--width W] [--modes s,q] [--output l|m] [--out DIR]

Without --mutants it targets the mutants that no top-level test file exposes yet.
Each try draws a random valid map (sides 1..max-side, or --height/--width when given
and not 0; 1..C colors; random shares of walls, doors, buttons and traps), keeps it
only if the reference solver solves it, and runs the targeted mutants on it with each
mode. It keeps every map that exposes one,
and at the end prints a greedy cover: the map exposing most of the targeted mutants
not yet covered first (the smaller on a tie). Maps are also written to DIR
(default build/mutants/found/) as found-K-FLAGS.txt.
"""

import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mutate  # noqa: E402


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


def main(argv):
    opts = {"--tries": "3000", "--seed": "1", "--max-side": "6", "--colors": "3", "--modes": "s,q",
            "--output": "l", "--height": "0", "--width": "0", "--out": os.path.join(mutate.ROOT, "build", "mutants", "found")}
    wanted = None
    i = 0
    while i < len(argv):
        if argv[i] == "--mutants":
            wanted = argv[i + 1].split(",")
        elif argv[i] in opts:
            opts[argv[i]] = argv[i + 1]
        else:
            print(__doc__.strip())
            return 2
        i += 2
    mutants = mutate.parse_mutants()
    by_name = {m.name: m for m in mutants}
    if wanted is None:  # the mutants the current test files miss
        binaries = mutate.build_all(mutants, 2, quiet=True)
        _, matrix = mutate.expose_matrix(mutants, binaries, mutate.file_inputs(mutate.test_files()), 2)
        exposed = set().union(*matrix.values()) if matrix else set()
        wanted = [m.name for m in mutants if m.counted and m.name not in exposed]
    else:
        binaries = mutate.build_all([by_name[n] for n in wanted], 2, quiet=True)
    targets = [by_name[n] for n in wanted]
    print("targets: " + " ".join(wanted), flush=True)
    rng = random.Random(int(opts["--seed"]))
    found = []  # (cells, text, flags, exposed set) of every map that exposes a target
    modes = opts["--modes"].split(",")
    for t in range(int(opts["--tries"])):
        text, cells = random_map(rng, int(opts["--max-side"]), int(opts["--colors"]),
                                 int(opts["--height"]), int(opts["--width"]))
        data = text.encode()
        for mode in modes:
            flags = mode + opts["--output"]
            args = mutate.flags_args(flags)
            status, out, _ = mutate.run_program(mutate.reference_bin(), args, data)
            if status != 0 or out.startswith(b"No solution."):
                break
            hit = set()
            for m in targets:
                if mutate.exposes((status, out), binaries[m.name], args, data):
                    hit.add(m.name)
            if hit:
                found.append((cells, text, flags, hit))
        if (t + 1) % 500 == 0:
            covered = set().union(*(f[3] for f in found)) if found else set()
            most = max((len(f[3]) for f in found), default=0)
            print(f"{t + 1} tries: {len(covered)} of {len(targets)} targets exposed, "
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
