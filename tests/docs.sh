#!/usr/bin/env bash
# Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
# Tests of README.md, the page a newcomer reads first: its make-targets table lists the
# very targets `make help` lists; it is at most 200 lines; every relative link in it
# leads to a file; it links the design, the performance table and every tool's README;
# and it holds no run of five or more lines copied from a file it links or a tool's
# page (the tools' pages say it once, there); every path that a comment or a page of
# the repository cites exists; and none is a path of one machine. Run by tests/run-all from the repository root; one
# line per test, then "N passed, M failed".
cd "$(dirname "$0")/.." || exit 1
make -s --no-print-directory help > /tmp/docs-help.$$ 2>&1
trap 'rm -f /tmp/docs-help.$$' EXIT
python3 - /tmp/docs-help.$$ <<'PY'
import os, re, sys

passed = failed = 0
def result(name, problems):
    global passed, failed
    problems = [p for p in problems if p]
    if not problems:
        passed += 1
        print("ok    " + name)
    else:
        failed += 1
        print("FAIL  " + name)
        for p in problems:
            print("      " + p)

readme = open("README.md", encoding="utf-8").read()
lines = readme.split("\n")
if lines and lines[-1] == "":
    lines.pop()

# 1. `make help` and the README's table: the same targets. A help line is
#    "* make TARGET  what it does" ("* make" and spaces: plain make); a table row's first
#    cell holds `make TARGET ...` code spans ("`make` / `make release`").
help_targets = set()
for line in open(sys.argv[1]):
    m = re.match(r"\* make( +)(\S+)", line)
    if m:
        help_targets.add("(default)" if len(m.group(1)) > 1 else m.group(2))
section = readme.split("\n## Make targets\n", 1)[-1].split("\n## ", 1)[0]
table_targets = set()
for row in section.split("\n"):
    if row.startswith("| `make"):
        for span in re.findall(r"`make([^`]*)`", row.split(" | ")[0]):
            words = span.split()
            table_targets.add(words[0] if words else "(default)")
result("make-targets-table-is-make-help", [
    "make help lists none" if not help_targets else "",
    "in make help, not in the README's table: " + " ".join(sorted(help_targets - table_targets))
    if help_targets - table_targets else "",
    "in the README's table, not in make help: " + " ".join(sorted(table_targets - help_targets))
    if table_targets - help_targets else "",
])

# 2. At most 200 lines.
result("readme-at-most-200-lines", ["%d lines" % len(lines) if len(lines) > 200 else ""])

# 3. Every relative link leads to a file; the design, the performance table and each
#    tool's README are linked.
links = [l.split("#")[0] for l in re.findall(r"\]\(([^)]+)\)", readme) if "://" not in l and not l.startswith("#")]
tool_pages = sorted("tools/" + f for f in os.listdir("tools") if re.match(r"README-.*\.md$", f))
tool_pages += ["tools/testfiles/README.md"] if os.path.exists("tools/testfiles/README.md") else []
needed = ["docs/DESIGN.md", "bench/README-bench.md"] + tool_pages
result("readme-links-lead-to-files", ["broken link: " + l for l in links if not os.path.isfile(l)])
result("readme-links-every-page", ["not linked: " + p for p in needed if p not in links])

# 4. No run of five lines (blank lines left out) that a linked page or a tool's page holds too.
def runs(text, n=5):
    body = [l.strip() for l in text.split("\n") if l.strip()]
    return {tuple(body[i:i + n]): i for i in range(len(body) - n + 1)}
ours = runs(readme)
copied = []
for page in sorted(set(l for l in links + needed if os.path.isfile(l))):
    for run in runs(open(page, encoding="utf-8").read()):
        if run in ours:
            copied.append("%s: %s ..." % (page, run[0][:60]))
            break
result("readme-copies-no-run-of-five-lines", copied)

# 5. Every path that a comment or a page of the repository cites exists: a word with a
#    slash that names a file by its extension (tools/README-show.md) or starts with a
#    folder of the repository (tools/check), relative to the root or to the citing
#    file's folder (paths outside the repository, ../shared/..., are not checked: a
#    clone may lack them). Words with a wildcard or a placeholder in capitals, under
#    a git-ignored folder (build/, bench/maps/), after "commit:" (git show
#    f6b398e:docs/...), a "$" (a variable) or a "<" (a system header) are not paths of
#    the tree.
import subprocess
files = subprocess.run(["git", "ls-files"], capture_output=True, text=True).stdout.split()
text_files = [f for f in files if re.search(r"(\.(cpp|h|md|mk|sh|py|txt)|Makefile|/run|/grade|/[a-z-]+)$", f)
              and os.path.isfile(f) and not f.startswith("spec-inputs/") and not re.match(r"test-\d", f)]
cite = re.compile(r"(?<![\w:./$<{-])((?:\.\./shared|tools|tests|bench|docs|spec-inputs|notes|\.ci)/[\w./-]*[\w]"
                  r"|[\w.-]+/[\w./-]*\.(?:md|cpp|h|hpp|mk|py|sh|png|patch|txt|tsv))(?![\w*$%{<-])")
def ignored(path):
    return any(subprocess.run(["git", "check-ignore", "-q", p]).returncode == 0 for p in (path, path + "/"))
made_up = {"tools/demo"}  # tests/tools_test.cpp's example tool
# 6. (in the same reading) No page or comment cites a path of one machine (under /work,
#    /home or /root): what lies beside the repository is cited relative to it
#    (../shared/spec/...).
local = re.compile(r"(?<![\w.])/(?:work|home|root|Users)/[\w.-]+")
missing = []
machine = []
for f in text_files:
    try:
        body = open(f, encoding="utf-8").read()
    except UnicodeDecodeError:
        continue
    where = lambda m: "%s:%d: " % (f, body.count("\n", 0, m.start()) + 1)
    for m in cite.finditer(body):
        path = m.group(1).rstrip(".")
        if re.search(r"[A-Z]{3,}|\*|\.\.\.|/$", path) or path.startswith(("build/", "http", "../")):
            continue
        here = os.path.join(os.path.dirname(f), path)
        if os.path.exists(path) or os.path.exists(here) or path in made_up or ignored(path):
            continue
        missing.append(where(m) + path)
    machine += [where(m) + m.group(0) for m in local.finditer(body)]
result("cited-paths-exist", sorted(set(missing)))
result("no-machine-paths", machine)

print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
PY
