#!/usr/bin/env bash
# Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
# Tests of README.md, the page a newcomer reads first: its make-targets table lists the
# very targets `make help` lists; it is at most 200 lines; every relative link in it
# leads to a file; it links the design, the performance table and every tool's README;
# and it holds no run of five or more lines copied from a file it links or a tool's
# page (the tools' pages say it once, there). Run by tests/run-all from the repository root; one line
# per test, then "N passed, M failed".
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
tool_pages += ["tools/mutants/README.md"] if os.path.exists("tools/mutants/README.md") else []
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

print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
PY
