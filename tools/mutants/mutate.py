#!/usr/bin/env python3
# Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
"""Mutation harness for the bug-finding test files.

The course scores a submission's test files by the buggy solvers they expose; this
harness stands in for those. Each mutant in tools/mutants/mutants.txt is a small named
source edit of puzzle.cpp: a plausible bug, like the course's buggy solvers. `run`
builds every mutant into build/mutants/NAME/puzzle, runs it and the real ./puzzle on
every top-level test-N-FLAGS.txt with that file's flags, and reports which mutants each
file exposes (different stdout, a different exit status, a crash or a hang), the
mutants no file exposes, and last `exposed K of M mutants` (M leaves out the
equivalent mutants).

Commands (run from anywhere; paths are relative to the repository root):
  mutate.py run [--jobs N] [--only NAME,...] [FILE ...]
      the full report (make mutants); exit 1 unless every counted mutant is exposed;
      N jobs at a time (default: one per core); `run --help` tells more
  mutate.py check
      fast checks for `make test`: every mutant applies (each find-text occurs exactly
      once in puzzle.cpp) and compiles, at least 120 are counted, the test files are
      valid, small, correctly named and checked by tools/check, all but at most one
      say in a comment what they target, and they cover every situation of
      situations.py; ends with "N passed, M failed"
  mutate.py list
      the mutants, one a line: name, kind (mutant or equivalent), description
  mutate.py build [--jobs N] [--only NAME,...] [--keep-going] [--manifest FILE]
      builds the mutants only, with a line per mutant built; --keep-going skips (and
      names) the mutants that no longer apply or compile instead of stopping;
      --manifest writes a line per mutant to FILE, tab-separated: name, state (ready,
      stale: does not apply, broken: does not compile), binary, equivalent (0 or 1),
      description, spec quote, why not ready (what tools/compare --diagnose reads)
  mutate.py expose FLAGS MAP ...
      for maps that are not test files yet (FLAGS as in a file name, e.g. sl): the
      mutants each one exposes, one line per map: "MAP: name name ..."
  mutate.py show NAME
      the mutated lines of one mutant, as a unified diff
  mutate.py combine NAME,NAME... FILE
      writes puzzle.cpp with the edits of several mutants at once to FILE (a solver with
      several bugs, for tools/compare --diagnose and its tests)

Environment: CXX (default g++) builds the mutants with -std=c++17 -O1 -DNDEBUG -w;
PUZZLE_BIN (default ./puzzle) is the reference solver; MUTANTS_SOURCE (default
puzzle.cpp) the source the mutants are made from (a snapshot, while puzzle.cpp changes);
MUTANTS_LIST (default tools/mutants/mutants.txt) the list of mutants;
PUZZLE_SPEC (default ../shared/spec/puzzle-spec.md beside the repository) the spec that
every mutant's `spec:` line quotes.
"""

import concurrent.futures
import difflib
import hashlib
import os
import re
import subprocess
import sys
import time

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
MUTANTS_FILE = os.environ.get("MUTANTS_LIST") or os.path.join(ROOT, "tools", "mutants", "mutants.txt")
SOURCE = os.environ.get("MUTANTS_SOURCE") or os.path.join(ROOT, "puzzle.cpp")
BUILD_DIR = os.path.join(ROOT, "build", "mutants")
BUILD_FLAGS = ["-std=c++17", "-O1", "-DNDEBUG", "-w"]
TIMEOUT = 5  # seconds per run: a 10x10 map takes milliseconds; more is a hang
MEMORY_LIMIT = 512 << 20  # bytes of address space per run (a 10x10 map needs a few MB)
TEST_NAME = re.compile(r"^test-([1-9]|1[0-5])-([sq])([ml]?)\.txt$")  # N 1..15, no leading zero
MAX_FILES = 15
MAX_SIDE = 10
MIN_MUTANTS = 120  # the list covers every rule, output element and boundary several ways
SPEC_FILE = os.environ.get("PUZZLE_SPEC") or os.path.join(ROOT, "..", "shared", "spec", "puzzle-spec.md")
MIN_QUOTE_WORDS = 4  # a spec: line quotes a sentence or a clause, not a word or two


class ListError(Exception):
    """A malformed mutant list, or a mutant that no longer applies."""


# ---- the mutant list --------------------------------------------------------------

class Mutant:
    def __init__(self, name, line):
        self.name = name
        self.line = line          # line of its "=== name" header in mutants.txt
        self.desc = ""
        self.equivalent = None    # the reason, for an equivalent mutant
        self.where = ""           # which pass or part the edit is in (informative)
        self.spec = ""            # the spec's sentence the bug breaks, quoted verbatim
        self.edits = []           # [(find, replace)]

    @property
    def counted(self):
        return self.equivalent is None


def parse_mutants(path=MUTANTS_FILE):
    """Reads the list. Format (see README.md):
         === name
         desc: one line
         where: exact search | reachability | both passes | parse | map output | ...
         spec: the sentence of the spec the bug breaks, verbatim (or the part that says it)
         equivalent: why no valid map of at most 10x10 can expose it   (optional)
         --- find
         text (one or more lines, verbatim)
         --- replace
         text (may be empty)
       and more find/replace pairs if the mutant needs them. A line that is '#' or
       starts with '# ' is a comment anywhere (so a preprocessor line in a block must
       not have a space after its '#')."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    mutants, names = [], set()
    current, block, buf, pending_find = None, None, [], None

    def end_block(lineno):
        nonlocal block, buf, pending_find
        if block is None:
            return
        while buf and buf[-1].strip() == "":
            buf.pop()
        text = "\n".join(buf)
        if block == "find":
            if pending_find is not None:
                raise ListError(f"{path}:{lineno}: mutant {current.name}: '--- find' without its '--- replace'")
            if text == "":
                raise ListError(f"{path}:{lineno}: mutant {current.name}: empty find text")
            pending_find = text
        else:
            if pending_find is None:
                raise ListError(f"{path}:{lineno}: mutant {current.name}: '--- replace' without a '--- find' before it")
            current.edits.append((pending_find, text))
            pending_find = None
        block, buf = None, []

    def end_mutant(lineno):
        end_block(lineno)
        if current is None:
            return
        if pending_find is not None:
            raise ListError(f"{path}:{lineno}: mutant {current.name}: '--- find' without its '--- replace'")
        if not current.desc:
            raise ListError(f"{path}:{current.line}: mutant {current.name}: no 'desc:' line")
        if not current.edits:
            raise ListError(f"{path}:{current.line}: mutant {current.name}: no find/replace pair")
        mutants.append(current)

    for number, line in enumerate(lines, 1):
        if line.startswith("=== "):
            end_mutant(number)
            name = line[4:].strip()
            if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", name):
                raise ListError(f"{path}:{number}: bad mutant name {name!r} (lowercase letters, digits, '-')")
            if name in names:
                raise ListError(f"{path}:{number}: mutant {name} is listed twice")
            names.add(name)
            current = Mutant(name, number)
        elif line in ("--- find", "--- replace"):
            if current is None:
                raise ListError(f"{path}:{number}: '{line}' before any '=== name'")
            end_block(number)
            block = line[4:]
        elif line == "#" or line.startswith("# "):
            continue  # a comment, also between the lines of a block
        elif block is not None:
            buf.append(line)
        elif line.strip() == "":
            continue
        elif current is None:
            raise ListError(f"{path}:{number}: text before the first '=== name': {line!r}")
        else:
            key, _, value = line.partition(":")
            value = value.strip()
            if key == "desc":
                current.desc = value
            elif key == "where":
                current.where = value
            elif key == "spec":
                current.spec = value
            elif key == "equivalent":
                if not value:
                    raise ListError(f"{path}:{number}: mutant {current.name}: 'equivalent:' needs the reason")
                current.equivalent = value
            else:
                raise ListError(f"{path}:{number}: mutant {current.name}: unknown line {line!r}")
    end_mutant(len(lines))
    if not mutants:
        raise ListError(f"{path}: no mutants")
    return mutants


def apply_mutant(mutant, source):
    """The source with the mutant's edits, or ListError naming the find-text that does
    not occur exactly once (each edit applies to the source as the earlier edits left it)."""
    for index, (find, replace) in enumerate(mutant.edits, 1):
        count = source.count(find)
        if count != 1:
            first = find.split("\n")[0].strip()
            where = "does not occur" if count == 0 else f"occurs {count} times"
            raise ListError(
                f"mutant {mutant.name} (tools/mutants/mutants.txt line {mutant.line}), edit {index}: "
                f"the find-text {where} in puzzle.cpp (it must occur exactly once): {first!r}"
                + (" ..." if "\n" in find else "")
                + ". Update the mutant to the new code.")
        source = source.replace(find, replace)
    return source


def read_source():
    with open(SOURCE, encoding="utf-8") as f:
        return f.read()


def squeezed(text):
    """`text` with every run of blanks and line ends as one blank, for quotes that the
    spec's lines wrap."""
    return " ".join(text.split())


def read_spec():
    """The spec's text, squeezed, or None when SPEC_FILE is not there."""
    try:
        with open(SPEC_FILE, encoding="utf-8") as f:
            return squeezed(f.read())
    except OSError:
        return None


def spec_problem(mutant, spec):
    """Why the mutant's spec: line is not right, or None: it must be there, quote at
    least MIN_QUOTE_WORDS words, and (when the spec can be read) occur in the spec word
    for word."""
    if not mutant.spec:
        return "no 'spec:' line: quote the sentence of the spec that the bug breaks"
    if len(mutant.spec.split()) < MIN_QUOTE_WORDS:
        return f"its spec: line {mutant.spec!r} is shorter than {MIN_QUOTE_WORDS} words: quote the sentence"
    if spec is not None and squeezed(mutant.spec) not in spec:
        return f"its spec: line is not in {os.path.relpath(SPEC_FILE)} word for word: {mutant.spec!r}"
    return None


# ---- the test files ---------------------------------------------------------------

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


def file_inputs(files):
    """[(name, solver arguments, bytes)] of test files (paths from ROOT, or absolute)."""
    inputs = []
    for f in files:
        with open(f if os.path.isabs(f) else os.path.join(ROOT, f), "rb") as fh:
            inputs.append((os.path.basename(f), flags_args(file_flags(f)), fh.read()))
    return inputs


def file_flags(name):
    m = TEST_NAME.match(os.path.basename(name))
    return m.group(2) + m.group(3)


def run_program(binary, args, input_bytes, capped=False):
    """(exit status or 'crash SIG' or 'timeout', stdout bytes, stderr bytes).
    capped: limit the address space to MEMORY_LIMIT, for mutants only (one whose
    backtrace loops for ever grows its path until memory runs out; capped, it fails
    quickly); the reference solver may be a sanitizer build (PUZZLE_BIN in make
    sanitize), whose shadow memory needs terabytes of address space. The cap is set by
    a shell (ulimit -v) rather than preexec_fn, which is not safe with the threads that
    run mutants in parallel."""
    command = [binary] + args
    if capped:
        command = ["sh", "-c", f'ulimit -v {MEMORY_LIMIT >> 10}; exec "$0" "$@"'] + command
    try:
        p = subprocess.run(command, input=input_bytes, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return "timeout", b"", b""
    if p.returncode < 0:
        return f"crash (signal {-p.returncode})", p.stdout, p.stderr
    return p.returncode, p.stdout, p.stderr


# ---- building ---------------------------------------------------------------------

def compiler():
    return os.environ.get("CXX") or "g++"


def build_state(mutant, source):
    """(mutated source, stamp, folder) of a mutant: the stamp is a hash of the compile
    command and the mutated source, kept in the folder once it was built or checked.
    Raises ListError if the mutant does not apply."""
    mutated = apply_mutant(mutant, source)
    command = [compiler()] + BUILD_FLAGS
    stamp = hashlib.sha256((" ".join(command) + "\n" + mutated).encode()).hexdigest()
    return mutated, stamp, os.path.join(BUILD_DIR, mutant.name)


def stamped(path, stamp):
    if not os.path.exists(path):
        return False
    with open(path) as f:
        return f.read().strip() == stamp


def write_stamp(path, stamp):
    with open(path, "w") as f:
        f.write(stamp + "\n")


def compile_mutant(mutant, source, syntax_only=False):
    """Builds one mutant into build/mutants/NAME/puzzle or, with syntax_only, only checks
    that it compiles; either is skipped when NAME's stamp says it was done for this
    source with these flags (a built mutant compiles). Raises ListError if the mutant
    does not apply. Returns (mutant, binary, error text or None, compiled)."""
    mutated, stamp, folder = build_state(mutant, source)
    os.makedirs(folder, exist_ok=True)
    binary = os.path.join(folder, "puzzle")
    built, checked = os.path.join(folder, "stamp"), os.path.join(folder, "syntax-stamp")
    if (stamped(built, stamp) and os.path.exists(binary)) or (syntax_only and stamped(checked, stamp)):
        return mutant, binary, None, False
    src = os.path.join(folder, "puzzle.cpp")
    with open(src, "w", encoding="utf-8") as f:
        f.write(mutated)
    done = checked if syntax_only else built
    if os.path.exists(done):
        os.remove(done)
    target = ["-fsyntax-only"] if syntax_only else ["-o", binary]
    p = subprocess.run([compiler()] + BUILD_FLAGS + [src] + target, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if p.returncode != 0:
        text = p.stdout.decode(errors="replace").strip().split("\n")
        return mutant, binary, "\n".join(text[:12]), True
    write_stamp(done, stamp)
    return mutant, binary, None, True


def syntax_check(mutants, source, jobs):
    """{name: None, or why the mutant does not apply or compile}. A syntax check costs
    about 1.2 s a mutant, most of it in the standard headers; so the mutants not
    checked or built for this source yet are checked together, `jobs` translation
    units of many mutants each (every copy of the solver in a namespace of its own,
    the #include lines once at the top: about 0.1 s a mutant). A unit that fails is
    checked again a mutant at a time, for each one's own messages."""
    results, todo = {}, []
    for m in mutants:
        try:
            mutated, stamp, folder = build_state(m, source)
        except ListError as e:
            results[m.name] = str(e)
            continue
        built, checked = os.path.join(folder, "stamp"), os.path.join(folder, "syntax-stamp")
        if stamped(checked, stamp) or (stamped(built, stamp) and os.path.exists(os.path.join(folder, "puzzle"))):
            results[m.name] = None
        else:
            todo.append((m, mutated, stamp, checked))
    units = [todo[k::jobs] for k in range(jobs) if todo[k::jobs]]

    def check_unit(index, unit):
        includes = []
        for _, mutated, _, _ in unit:
            includes += [line for line in mutated.split("\n") if line.startswith("#include") and line not in includes]
        text = "\n".join(includes) + "\n"
        for k, (m, mutated, _, _) in enumerate(unit):
            body = "\n".join("" if line.startswith("#include") else line for line in mutated.split("\n"))
            text += f'namespace mutant_{k} {{\n#line 1 "{m.name}"\n{body}\n}}\n'
        os.makedirs(BUILD_DIR, exist_ok=True)
        src = os.path.join(BUILD_DIR, f"syntax-{index}.cpp")
        with open(src, "w", encoding="utf-8") as f:
            f.write(text)
        p = subprocess.run([compiler()] + BUILD_FLAGS + [src, "-fsyntax-only"],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        if p.returncode == 0:
            for m, _, stamp, checked in unit:
                os.makedirs(os.path.dirname(checked), exist_ok=True)
                write_stamp(checked, stamp)
            return [(m.name, None) for m, _, _, _ in unit]
        return [(m.name, compile_mutant(m, source, syntax_only=True)[2]) for m, _, _, _ in unit]

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        for found in pool.map(lambda u: check_unit(*u), enumerate(units)):
            for name, error in found:
                results[name] = error and f"does not compile:\n{error}"
    return results


def build_all(mutants, jobs, quiet=False, keep_going=False):
    """{name: binary} for every mutant. A mutant that does not apply or compile stops it
    (ListError), or with keep_going is left out of the result and named in `skipped`,
    {name: (state, why)} with state "stale" (does not apply) or "broken" (does not
    compile): (binaries, skipped). Prints how many are to build, then a line per mutant
    as it is built (unless quiet)."""
    source = read_source()
    skipped, todo = {}, []
    for m in mutants:  # every find-text first, so that a stale list fails at once
        try:
            _, stamp, folder = build_state(m, source)
        except ListError as e:
            if not keep_going:
                raise
            skipped[m.name] = ("stale", str(e))
            continue
        todo.append((m, stamped(os.path.join(folder, "stamp"), stamp) and os.path.exists(os.path.join(folder, "puzzle"))))
    to_build = sum(not cached for _, cached in todo)
    if to_build and not quiet:
        print(f"building {to_build} of {len(todo)} mutants ({len(todo) - to_build} cached in build/mutants/), "
              f"{jobs} at a time", flush=True)
    binaries, errors, rebuilt = {}, [], 0
    started = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(compile_mutant, m, source) for m, _ in todo]
        for future in concurrent.futures.as_completed(futures):
            mutant, binary, error, built = future.result()
            rebuilt += built
            if error:
                errors.append(f"mutant {mutant.name} does not compile:\n{error}")
                skipped[mutant.name] = ("broken", error.split("\n")[0])
            else:
                binaries[mutant.name] = binary
            if built and not quiet:
                print(f"  built {rebuilt:3} of {to_build} {mutant.name} ({time.monotonic() - started:.0f} s)", flush=True)
    if errors and not keep_going:
        raise ListError("\n".join(errors))
    if not quiet:
        print(f"built {rebuilt} mutants ({len(todo) - rebuilt} up to date) with "
              f"{compiler()} {' '.join(BUILD_FLAGS)} in build/mutants/"
              + (f"; {len(skipped)} skipped: {', '.join(sorted(skipped))}" if skipped else ""), flush=True)
    return (binaries, skipped) if keep_going else binaries


def write_manifest(path, mutants, binaries, skipped):
    """The manifest of `build --manifest`: a line per mutant, tab-separated (tabs in a
    field become blanks): name, state, binary, equivalent, description, spec quote, why."""
    def field(text):
        return " ".join(str(text).replace("\t", " ").split("\n")[0].split(" ")).strip()

    with open(path, "w", encoding="utf-8") as f:
        for m in mutants:
            state, why = skipped.get(m.name, ("ready", ""))
            binary = binaries.get(m.name, "")
            f.write("\t".join(field(x) for x in (m.name, state, binary, int(not m.counted), m.desc, m.spec, why)) + "\n")


# ---- exposing -----------------------------------------------------------------------

def reference_bin():
    return os.environ.get("PUZZLE_BIN") or os.path.join(ROOT, "puzzle")


def exposes(reference, binary, args, data):
    """How the mutant's run differs from the reference, or None if it does not."""
    status, out, _ = run_program(binary, args, data, capped=True)
    ref_status, ref_out = reference
    if status != ref_status:
        return f"exit {status} (expected {ref_status})"
    if out != ref_out:
        return "different output"
    return None


def reference_outputs(inputs):
    """{label: (exit status, stdout)} of the reference solver on each input."""
    ref = {}
    for label, args, data in inputs:
        status, out, _ = run_program(reference_bin(), args, data)
        ref[label] = (status, out)
    return ref


def expose_matrix(mutants, binaries, inputs, jobs):
    """inputs: [(label, args, bytes)]. Returns {label: {name: reason}} of exposures."""
    ref = reference_outputs(inputs)
    result = {label: {} for label, _, _ in inputs}
    tasks = [(label, args, data, m) for label, args, data in inputs for m in mutants]

    def one(task):
        label, args, data, m = task
        return label, m.name, exposes(ref[label], binaries[m.name], args, data)

    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        for label, name, reason in pool.map(one, tasks):
            if reason:
                result[label][name] = reason
    return ref, result


def wrap(names, indent="    ", width=92):
    lines, line = [], indent
    for n in names:
        if len(line) + len(n) + 1 > width and line.strip():
            lines.append(line.rstrip())
            line = indent
        line += n + " "
    if line.strip():
        lines.append(line.rstrip())
    return "\n".join(lines)


RUN_USAGE = """usage: mutate.py run [--jobs N] [--only NAME,...] [FILE ...]
Builds every mutant of tools/mutants/mutants.txt (cached in build/mutants/), runs each
and the reference solver on every top-level test-N-FLAGS.txt (or the FILEs given, named
like test files) and reports which mutants each file exposes. A line per mutant as it
is built and run, then a line per file, the mutants no file exposes, the equivalent
mutants, the time taken, and last "exposed K of M mutants". Exit status 0 only when
every counted mutant is exposed and no equivalent one is.
  --jobs N          builds and runs N at a time (default: the number of cores, {cores} here)
  --only NAME,...   only these mutants
Environment: CXX, PUZZLE_BIN, MUTANTS_SOURCE (see mutate.py --help)."""


def run_options(argv, flags=(), valued=()):
    """(jobs, mutants, the other arguments) from [--jobs N] [--only NAME,...] ...; an
    unknown name in --only or an unknown option is an error. `flags` (options without a
    value) and `valued` (options with one) are passed through among the other
    arguments."""
    jobs, only, rest = os.cpu_count() or 2, None, []
    i = 0
    while i < len(argv):
        if argv[i] in ("--jobs", "--only") + tuple(valued) and i + 1 == len(argv):
            raise ListError(f"{argv[i]} needs a value (see --help)")
        if argv[i] == "--jobs":
            if not argv[i + 1].isdigit() or int(argv[i + 1]) < 1:
                raise ListError(f"--jobs needs a number of at least 1, not {argv[i + 1]!r}")
            jobs = int(argv[i + 1])
            i += 2
        elif argv[i] == "--only":
            only = set(argv[i + 1].split(","))
            i += 2
        elif argv[i] in valued:
            rest += argv[i:i + 2]
            i += 2
        elif argv[i] in flags:
            rest.append(argv[i])
            i += 1
        elif argv[i].startswith("-"):
            raise ListError(f"unknown option {argv[i]!r} (see --help)")
        else:
            rest.append(argv[i])
            i += 1
    mutants = parse_mutants()
    if only:
        unknown = only - {m.name for m in mutants}
        if unknown:
            raise ListError(f"unknown mutant(s): {', '.join(sorted(unknown))}")
        mutants = [m for m in mutants if m.name in only]
    return jobs, mutants, rest


def file_number(label):
    m = TEST_NAME.match(label)
    return m.group(1) if m else label


def cmd_run(argv):
    jobs, mutants, files = run_options(argv)
    files = files or test_files()
    if not files:
        print("no test files (test-N-FLAGS.txt) at the top level")
        return 1
    for f in files:
        if not TEST_NAME.match(os.path.basename(f)):
            raise ListError(f"{f}: not named like a test file, test-N-FLAGS.txt")
    if not os.access(reference_bin(), os.X_OK):
        raise ListError(f"no reference solver at {reference_bin()} (make release)")
    started = time.monotonic()
    source = read_source()
    for m in mutants:  # every find-text first, so that a stale list fails at once
        apply_mutant(m, source)
    inputs = file_inputs(files)
    ref = reference_outputs(inputs)
    print(f"{len(mutants)} mutants, {len(inputs)} files, {jobs} at a time "
          f"(a mutant is built with {compiler()} {' '.join(BUILD_FLAGS)} unless cached in build/mutants/)",
          flush=True)

    def one(m):
        """Builds m if needed and runs it on every file: (m, {label: reason}, error, built)."""
        _, binary, error, built = compile_mutant(m, source)
        if error:
            return m, {}, error, built
        found = {}
        for label, args, data in inputs:
            reason = exposes(ref[label], binary, args, data)
            if reason:
                found[label] = reason
        return m, found, None, built

    exposed_by, errors, built_count = {}, [], 0
    width = len(str(len(mutants)))
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(one, m) for m in mutants]
        for done, future in enumerate(concurrent.futures.as_completed(futures), 1):
            m, found, error, built = future.result()
            built_count += built
            exposed_by[m.name] = found
            how = "built " if built else "cached"
            if error:
                errors.append(f"mutant {m.name} does not compile:\n{error}")
                verdict = "DOES NOT COMPILE"
            elif not found:
                verdict = "exposed by no file" + ("" if m.counted else " (equivalent)")
            else:
                verdict = "exposed by " + " ".join(file_number(label) for label in found)
                statuses = {}  # how the exit status differs (a crash, a hang) -> files
                for label, reason in found.items():
                    if reason.startswith("exit "):
                        status = reason[len("exit "):].split(" (expected")[0]
                        statuses.setdefault(status if not status[0].isdigit() else "exit " + status,
                                            []).append(file_number(label))
                if statuses:
                    verdict += " (" + "; ".join(f"{k} on {' '.join(v)}" for k, v in statuses.items()) + ")"
                if not m.counted:
                    verdict += "  !!! marked equivalent"
            print(f"[{done:{width}}/{len(mutants)}] {how} {m.name}: {verdict}", flush=True)
    if errors:
        raise ListError("\n".join(errors))

    counted = [m for m in mutants if m.counted]
    equivalents = [m for m in mutants if not m.counted]
    for label, args, _ in inputs:
        names = [m.name for m in counted if label in exposed_by[m.name]]
        alone = [n for n in names if len(exposed_by[n]) == 1]
        print(f"== {label} ({' '.join(args)}; reference exit {ref[label][0]}): exposes {len(names)}, "
              f"{len(alone)} that no other file does" + (":" if alone else ""))
        if alone:
            print(wrap(alone))
    missed = [m for m in counted if not exposed_by[m.name]]
    print(f"== not exposed by any file ({len(missed)}):" + ("" if missed else " none"))
    for m in missed:
        print(f"    {m.name}: {m.desc}")
    if equivalents:
        print(f"== equivalent, not counted ({len(equivalents)}):")
        for m in equivalents:
            note = "" if not exposed_by[m.name] else \
                f"  !!! EXPOSED by {', '.join(exposed_by[m.name])}: it is not equivalent"
            print(f"    {m.name}: {m.equivalent}{note}")
    bad_equivalent = any(exposed_by[m.name] for m in equivalents)
    spec = read_spec()
    unquoted = [(m, spec_problem(m, spec)) for m in mutants if spec_problem(m, spec)]
    if unquoted:
        print(f"== spec: lines missing or wrong ({len(unquoted)}):")
        for m, why in unquoted:
            print(f"    {m.name} (tools/mutants/mutants.txt line {m.line}): {why}")
    k = len(counted) - len(missed)
    print(f"took {time.monotonic() - started:.0f} s: {built_count} mutants built, "
          f"{len(mutants) - built_count} cached, {len(mutants) * len(inputs)} runs, {jobs} at a time")
    print(f"exposed {k} of {len(counted)} mutants")
    return 0 if k == len(counted) and not bad_equivalent and not unquoted else 1


def cmd_build(argv):
    jobs, mutants, rest = run_options(argv, flags=("--keep-going",), valued=("--manifest",))
    keep_going, manifest, others = False, None, []
    i = 0
    while i < len(rest):
        if rest[i] == "--keep-going":
            keep_going = True
        elif rest[i] == "--manifest":
            manifest = rest[i + 1]
            i += 1
        else:
            others.append(rest[i])
        i += 1
    if others:
        raise ListError(f"build takes no arguments: {' '.join(others)} (see --help)")
    if keep_going:
        binaries, skipped = build_all(mutants, jobs, keep_going=True)
    else:
        binaries, skipped = build_all(mutants, jobs), {}
    if manifest:
        write_manifest(manifest, mutants, binaries, skipped)
    return 0


def cmd_expose(argv):
    if len(argv) < 2:
        print("usage: mutate.py expose FLAGS MAP ...", file=sys.stderr)
        return 2
    flags, maps = argv[0], argv[1:]
    args = flags_args(flags)
    mutants = parse_mutants()
    binaries = build_all(mutants, 2, quiet=True)
    inputs = []
    for path in maps:
        with open(path, "rb") as fh:
            inputs.append((path, args, fh.read()))
    _, matrix = expose_matrix(mutants, binaries, inputs, 2)
    for label, _, _ in inputs:
        print(f"{label}: " + " ".join(m.name for m in mutants if m.name in matrix[label]))
    return 0


def cmd_list(_argv):
    for m in parse_mutants():
        kind = "equivalent" if m.equivalent else "mutant"
        print(f"{m.name}\t{kind}\t{m.desc}")
    return 0


def cmd_combine(argv):
    if len(argv) != 2:
        print(command_usage("combine"), file=sys.stderr)
        return 2
    mutants = {m.name: m for m in parse_mutants()}
    source = read_source()
    for name in argv[0].split(","):
        if name not in mutants:
            raise ListError(f"unknown mutant {name!r}")
        source = apply_mutant(mutants[name], source)
    with open(argv[1], "w", encoding="utf-8") as f:
        f.write(source)
    return 0


def cmd_show(argv):
    mutants = {m.name: m for m in parse_mutants()}
    if not argv or argv[0] not in mutants:
        print("usage: mutate.py show NAME", file=sys.stderr)
        return 2
    m = mutants[argv[0]]
    source = read_source()
    mutated = apply_mutant(m, source)
    print(f"{m.name}: {m.desc}")
    sys.stdout.writelines(difflib.unified_diff(source.splitlines(True), mutated.splitlines(True),
                                               "puzzle.cpp", f"puzzle.cpp ({m.name})", n=1))
    return 0


# ---- check: the fast tests for `make test` ---------------------------------------------

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


def cmd_check(_argv):
    passed = failed = 0

    def result(ok, what, why=""):
        nonlocal passed, failed
        if ok:
            passed += 1
        else:
            failed += 1
            print(f"FAIL {what}" + (f": {why}" if why else ""))

    # The mutant list: it parses, and every find-text occurs exactly once.
    try:
        mutants = parse_mutants()
    except ListError as e:
        result(False, "tools/mutants/mutants.txt", str(e))
        mutants = []
    if mutants:
        counted = sum(m.counted for m in mutants)
        result(counted >= MIN_MUTANTS, f"at least {MIN_MUTANTS} counted (non-equivalent) mutants", f"{counted} listed")
        # Each applies, and the mutated source compiles: built already by make mutants,
        # or a syntax check (templates instantiated), both remembered per source.
        # And each quotes the spec's sentence that its bug breaks.
        problems = syntax_check(mutants, read_source(), os.cpu_count() or 2)
        spec = read_spec()
        if spec is None:
            print(f"note: no spec at {SPEC_FILE} (set PUZZLE_SPEC=FILE): each mutant's spec: line is checked "
                  "for its presence, not against the spec's text")
        for m in mutants:
            why = [p for p in (problems[m.name], spec_problem(m, spec)) if p]
            result(not why, f"mutant {m.name}", "; ".join(why))

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
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


def command_usage(name):
    """The usage of one command: RUN_USAGE for run, else its lines of the module's doc."""
    if name == "run":
        return RUN_USAGE.format(cores=os.cpu_count() or 2)
    lines, keep = [], False
    for line in __doc__.split("\n"):
        if line.startswith("  mutate.py "):
            keep = line.split()[1] == name
        elif not line.startswith("    "):
            keep = False
        if keep:
            lines.append(line[2:])
    return "usage: " + "\n".join(lines)


def main(argv):
    commands = {"run": cmd_run, "check": cmd_check, "build": cmd_build, "expose": cmd_expose,
                "list": cmd_list, "show": cmd_show, "combine": cmd_combine}
    if len(argv) < 2 or argv[1] not in commands:
        print(__doc__.strip())
        return 0 if len(argv) >= 2 and argv[1] in ("-h", "--help") else 2
    if "-h" in argv[2:] or "--help" in argv[2:]:
        print(command_usage(argv[1]))
        return 0
    try:
        return commands[argv[1]](argv[2:])
    except ListError as e:
        print(f"mutate.py: error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
