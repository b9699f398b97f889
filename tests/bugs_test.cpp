// Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
// Tests of the known bugs as switches of one plain solver (tools/bugs.h): with every
// switch off it is puzzle (the spec's examples, random maps in all four modes, every bad
// input of the catalogue); every counted bug shows on the test files or on small maps;
// bugs compose; the table is sound (names, parts, spec quotes).

#include <gtest/gtest.h>

#include <algorithm>
#include <csignal>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "tests/util.h"
#include "tools/bugs.h"

namespace {

using namespace testutil;  // tests/util.h

const bugs::Set kOff(bugs::all().size(), false);

struct Mode {
  const char* name;
  std::vector<std::string> args;
  puzzle::Container container;
  puzzle::OutputMode output;
};
const Mode kModes[] = {{"queue map", {"--queue", "--output", "map"}, kQueue, kMap},
                       {"queue list", {"-q", "-o", "list"}, kQueue, kList},
                       {"stack map", {"-s"}, kStack, kMap},
                       {"stack list", {"--output", "list", "--stack"}, kStack, kList}};

/// Every switch off: run() prints what puzzle prints, and exits 0.
void expect_puzzle(const std::string& input, const std::string& what) {
  for (const Mode& m : kModes) {
    const bugs::Outcome o = bugs::run(kOff, m.args, input);
    ASSERT_EQ(o.out, solve(input, m.container, m.output)) << what << ", " << m.name << ":\n" << input;
    ASSERT_EQ(o.status, 0) << what << ", " << m.name << ": " << o.err;
    ASSERT_EQ(o.signal, 0);
    ASSERT_FALSE(o.hangs);
  }
}

/// The top-level test-N-FLAGS.txt files: name, options, input.
struct TestFile {
  std::string name;
  std::vector<std::string> args;
  std::string input;
};
std::vector<TestFile> test_files() {
  std::vector<TestFile> files;
  for (int n = 1; n <= 15; ++n)
    for (const char* flags : {"q", "s", "qm", "ql", "sm", "sl"}) {
      const std::string name = "test-" + std::to_string(n) + "-" + flags + ".txt";
      std::ifstream in(name);
      if (!in) continue;
      std::vector<std::string> args{flags[0] == 's' ? "--stack" : "--queue"};
      if (flags[1] == 'l') args.insert(args.end(), {"--output", "list"});
      if (flags[1] == 'm') args.insert(args.end(), {"--output", "map"});
      files.push_back({name, args, read_file(name)});
    }
  return files;
}

/// What puzzle prints on a test file.
std::string puzzle_on(const TestFile& f) {
  const bool stack = f.args[0] == "--stack", list = f.args.size() > 2 && f.args[2] == "list";
  return solve(f.input, stack ? kStack : kQueue, list ? kList : kMap);
}

bool differs(const bugs::Outcome& o, const std::string& out) {
  return o.out != out || o.status != 0 || o.signal != 0 || o.hangs;
}

TEST(BugsTest, AllOffIsPuzzleOnTheSpecsExamples) {
  const std::vector<std::string> names = spec_inputs();
  ASSERT_GE(names.size(), 4u);
  for (const std::string& name : names) {
    const std::string input = read_file("spec-inputs/" + name + ".txt");
    expect_puzzle(input, name);
    for (const char* mode : {"queue", "stack"})
      for (const char* output : {"list", "map"}) {
        std::vector<std::string> args{std::string("--") + mode, "--output", output};
        EXPECT_EQ(bugs::run(kOff, args, input).out, expected_output(name, mode, output)) << name;
      }
  }
}

TEST(BugsTest, AllOffIsPuzzleOnRandomMaps) {
  Rng rng{2810};
  int unsolved = 0;
  const int maps = 400;
  for (int i = 0; i < maps; ++i) {
    Map m = i % 9 == 0 ? random_map(rng, 1, 12) : i % 10 == 0 ? random_map(rng, 12, 1) : random_map(rng, 9);
    if (i % 5 == 0) m.comments.clear();
    if (i % 6 == 0) m.comments.push_back("@?+ and a long comment " + std::string(static_cast<std::size_t>(i), 'x'));
    std::string text = m.text();
    if (i % 4 == 0) text.pop_back();  // no newline after the last row
    if (i % 7 == 0) text += "\n";     // a blank line after the map
    expect_puzzle(text, "random map " + std::to_string(i));
    unsolved += solve(text, kQueue, kList).rfind("No solution.", 0) == 0;
  }
  EXPECT_GT(unsolved, maps / 20);
  EXPECT_LT(unsolved, maps - maps / 20);
}

TEST(BugsTest, AllOffRejectsEveryBadInputOfTheCatalogue) {
  ASSERT_GT(catalogue::bad_inputs().size(), 100u);
  for (const Bad& c : catalogue::bad_inputs()) {
    const bugs::Outcome o = bugs::run(kOff, split(c.args), c.input);
    EXPECT_EQ(o.status, 1) << c.name;
    EXPECT_EQ(o.out, "") << c.name;
    EXPECT_NE(o.err, "") << c.name;
    EXPECT_EQ(o.signal, 0) << c.name;
  }
}

TEST(BugsTest, HelpAndTheCommandLine) {
  const bugs::Outcome help = bugs::run(kOff, {"--help"}, "");
  EXPECT_EQ(help.status, 0);
  EXPECT_NE(help.out.find("--stack"), std::string::npos);
  EXPECT_EQ(bugs::run(bugs::set_of({"help-exit-1"}), {"-h"}, "").status, 1);
  const bugs::Outcome loud = bugs::run(bugs::set_of({"errors-on-stdout"}), {"-q", "-s"}, kSimple);
  EXPECT_EQ(loud.status, 1);
  EXPECT_NE(loud.out, "");
  // getopt is reset for every run: the same bundle twice gives the same answer.
  EXPECT_EQ(bugs::run(kOff, {"-qo", "list"}, kSimple).out, bugs::run(kOff, {"-qo", "list"}, kSimple).out);
}

/// Small maps on which bugs of the search, the rules and the outputs show.
std::vector<std::string> small_maps() {
  std::vector<std::string> maps;
  Rng rng{1904};
  for (int i = 0; i < 300; ++i) maps.push_back(random_map(rng, 6).text());
  return maps;
}

TEST(BugsTest, EveryCountedBugShowsOnTheTestFilesOrSmallMaps) {
  const std::vector<TestFile> files = test_files();
  ASSERT_GE(files.size(), 10u) << "run from the repository root";
  std::vector<std::string> expected;
  for (const TestFile& f : files) expected.push_back(puzzle_on(f));
  const std::vector<std::string> maps = small_maps();
  const std::vector<bugs::Bug>& table = bugs::all();
  int counted = 0;
  for (std::size_t b = 0; b < table.size(); ++b) {
    bugs::Set on = kOff;
    on[b] = true;
    bool shows = false;
    for (std::size_t f = 0; f < files.size() && !shows; ++f)
      shows = differs(bugs::run(on, files[f].args, files[f].input), expected[f]);
    for (std::size_t i = 0; i < maps.size() && !shows; ++i) {
      const Mode& m = kModes[i % 4];
      shows = differs(bugs::run(on, m.args, maps[i]), solve(maps[i], m.container, m.output));
    }
    if (table[b].equivalent) continue;  // it may or may not show on invalid input: not asserted here
    ++counted;
    EXPECT_TRUE(shows) << table[b].name << " changes nothing on the test files nor on " << maps.size() << " small maps";
  }
  EXPECT_GE(counted, 140);
}

TEST(BugsTest, NoEquivalentBugShowsOnValidMaps) {
  const std::vector<TestFile> files = test_files();
  const std::vector<std::string> maps = small_maps();
  for (std::size_t b = 0; b < bugs::all().size(); ++b) {
    if (!bugs::all()[b].equivalent) continue;
    bugs::Set on = kOff;
    on[b] = true;
    for (const TestFile& f : files)
      EXPECT_FALSE(differs(bugs::run(on, f.args, f.input), puzzle_on(f))) << bugs::all()[b].name << " on " << f.name;
    for (std::size_t i = 0; i < maps.size(); ++i)
      for (const Mode& m : kModes)
        ASSERT_FALSE(differs(bugs::run(on, m.args, maps[i]), solve(maps[i], m.container, m.output)))
            << bugs::all()[b].name << ", " << m.name << ":\n" << maps[i];
  }
}

TEST(BugsTest, CrashesAndHangsAreReportedNotDone) {
  const std::string one_column = "0 3 1\n@\n.\n?\n";
  const bugs::Outcome crash = bugs::run(bugs::set_of({"width-1-crash"}), {"-q"}, one_column);
  EXPECT_EQ(crash.signal, SIGSEGV);
  EXPECT_EQ(crash.out, "");
  EXPECT_EQ(bugs::run(kOff, {"-q"}, one_column).signal, 0);
  // A rule bug that misses the target prints "No solution." and what it discovered.
  const std::string color_target = "1 1 4\n@a.?\n";
  EXPECT_EQ(bugs::run(bugs::set_of({"target-only-in-caret"}), {"-q"}, color_target).out,
            "No solution.\nDiscovered:\n@a.?\n");
  // An edge bug changes the discovered map of an unsolvable map too.
  EXPECT_EQ(bugs::run(kOff, {"-s"}, "0 1 4\n?#@.\n").out, "No solution.\nDiscovered:\n##@.\n");
  EXPECT_EQ(bugs::run(bugs::set_of({"edge-last-col"}), {"-s"}, "0 1 4\n?#@.\n").out,
            "No solution.\nDiscovered:\n##@#\n");
  // A backtrace that goes round a loop never ends.
  const std::string loop = read_file("test-5-sl.txt");
  const bugs::Outcome highest = bugs::run(bugs::set_of({"backtrace-press-highest-layer"}), {"-s", "-o", "list"}, loop);
  EXPECT_TRUE(highest.hangs || highest.signal != 0) << highest.out;
}

/// Bugs of several parts at once: each of them shows (switching any one off changes the output).
TEST(BugsTest, SwitchesCompose) {
  const std::vector<std::vector<std::string>> sets = {
      {"last-row-loses-last-char", "map-no-percent", "order-eswn"},
      {"comment-needs-space", "list-one-based", "stack-pops-front"},
      {"trap-impassable", "nosol-target-shown", "nosol-trailing-blank-line"},
      {"last-row-read-by-chars", "map-trap-twice", "queue-pops-back"},
      {"start-not-marked", "stop-on-investigate", "backtrace-target-highest-layer"}};
  const std::vector<TestFile> files = test_files();
  const std::vector<std::string> maps = small_maps();
  for (const auto& names : sets) {
    const bugs::Set all_on = bugs::set_of(names);
    bool each_shows[3] = {false, false, false};
    auto check = [&](const std::vector<std::string>& args, const std::string& input) {
      const bugs::Outcome with_all = bugs::run(all_on, args, input);
      for (std::size_t k = 0; k < names.size(); ++k) {
        bugs::Set less = all_on;
        less[static_cast<std::size_t>(bugs::find(names[k]))] = false;
        const bugs::Outcome without = bugs::run(less, args, input);
        if (without.out != with_all.out || without.status != with_all.status) each_shows[k] = true;
      }
    };
    for (const TestFile& f : files) check(f.args, f.input);
    for (std::size_t i = 0; i < maps.size(); ++i) check(kModes[i % 4].args, maps[i]);
    for (std::size_t k = 0; k < names.size(); ++k)
      EXPECT_TRUE(each_shows[k]) << names[k] << " shows nothing beside the others of its set";
  }
  // Written out: a one-based list (parse bug on a bare "//" skipped) from a breadth-first --stack.
  const std::string map = "0 2 2\n// c\n@.\n.?\n";
  EXPECT_EQ(bugs::run(bugs::set_of({"list-one-based", "stack-pops-front"}), {"-s", "-o", "list"}, map).out,
            "(^, (1, 1))\n(^, (1, 2))\n(^, (2, 2))\n");
  EXPECT_EQ(bugs::run(bugs::set_of({"list-one-based"}), {"-s", "-o", "list"}, map).out,
            "(^, (1, 1))\n(^, (2, 1))\n(^, (2, 2))\n");
}

/// The bugs asked for by the diagnosis, as the students wrote them (the student's
/// solution is named in each request, not copied).
TEST(BugsTest, BugsSeenInStudentsSolutions) {
  // map-trap-twice: a trap off the path prints its replacement, then itself, on every layer.
  const std::string traps = "1 3 3\n// c\n@^a\n.#^\n^A?\n";
  const std::string map = bugs::run(kOff, {"-q", "-o", "map"}, traps).out;
  ASSERT_EQ(map, solve(traps, kQueue, kMap));
  ASSERT_EQ(map, "// color ^\n@+%\n.#@\n.A?\n// color a\n.^@\n.#%\n^.?\n");
  EXPECT_EQ(bugs::run(bugs::set_of({"map-trap-twice"}), {"-q", "-o", "map"}, traps).out,
            "// color ^\n@+%\n.#@\n.^A?\n// color a\n.^^@\n.#%\n^^.?\n");
  // start-not-marked: a start with no open neighbour, no solution: '#' where puzzle prints '@'.
  EXPECT_EQ(bugs::run(kOff, {"-q"}, "0 1 3\n?#@\n").out, "No solution.\nDiscovered:\n##@\n");
  EXPECT_EQ(bugs::run(bugs::set_of({"start-not-marked"}), {"-q"}, "0 1 3\n?#@\n").out,
            "No solution.\nDiscovered:\n###\n");
  EXPECT_EQ(bugs::all()[bugs::start_not_marked].equivalent, nullptr);
  // backtrace-target-highest-layer: beside stop-on-investigate the target is discovered on
  // '^' (from (1, 0)) and in layer a before it is taken; the path printed is layer a's.
  const std::string two = "1 2 2\n@a\n.?\n";
  EXPECT_EQ(bugs::run(bugs::set_of({"stop-on-investigate"}), {"-q", "-o", "list"}, two).out,
            "(^, (0, 0))\n(^, (1, 0))\n(^, (1, 1))\n");
  EXPECT_EQ(bugs::run(bugs::set_of({"stop-on-investigate", "backtrace-target-highest-layer"}), {"-q", "-o", "list"}, two)
                .out,
            "(^, (0, 0))\n(^, (0, 1))\n(a, (0, 1))\n(a, (1, 1))\n");
  EXPECT_NE(bugs::all()[bugs::backtrace_target_highest_layer].equivalent, nullptr) << "alone it is puzzle";
  // last-row-read-by-chars: a one-row map's comment is read as its row (rejected); without
  // a comment line, and on a map of more rows, it is puzzle.
  const bugs::Set chars = bugs::set_of({"last-row-read-by-chars"});
  const bugs::Outcome rejected = bugs::run(chars, {"-q"}, "0 1 3\n// c\n?.@\n");
  EXPECT_EQ(rejected.status, 1);
  EXPECT_EQ(rejected.out, "");
  EXPECT_NE(rejected.err, "");
  for (const std::string& ok : {std::string("0 1 3\n?.@\n"), std::string("0 1 3\n?.@"), traps,
                                std::string("0 2 3\n// c\n// d\n?.@\n..#")}) {
    const bugs::Outcome o = bugs::run(chars, {"-q", "-o", "list"}, ok);
    EXPECT_EQ(o.status, 0) << ok << o.err;
    EXPECT_EQ(o.out, solve(ok, kQueue, kList)) << ok;
  }
  // solved-if-container-nonempty: the target found from the last state in the container
  // is taken for no solution (the target shown, it was discovered); found with states
  // left in the container, it is solved as puzzle solves it.
  const bugs::Set nonempty = bugs::set_of({"solved-if-container-nonempty"});
  EXPECT_EQ(bugs::run(nonempty, {"-q", "-o", "list"}, "0 1 2\n?@\n").out, "No solution.\nDiscovered:\n?@\n");
  EXPECT_EQ(bugs::run(kOff, {"-q", "-o", "list"}, "0 1 2\n?@\n").out, "(^, (0, 1))\n(^, (0, 0))\n");
  const std::string left = "0 2 2\n?@\n..\n";  // south is pushed before west finds the target
  EXPECT_EQ(bugs::run(nonempty, {"-q", "-o", "list"}, left).out, solve(left, kQueue, kList));
  // width-1-first-row-underflow: SIGABRT on every one-column map, valid or not; not on others.
  const bugs::Set underflow = bugs::set_of({"width-1-first-row-underflow"});
  EXPECT_EQ(bugs::run(underflow, {"-s"}, "0 2 1\n// c\n?\n@\n").signal, SIGABRT);
  EXPECT_EQ(bugs::run(underflow, {"-s"}, "0 1 1\n@\n").signal, SIGABRT);
  EXPECT_EQ(bugs::run(underflow, {"-s"}, "0 1 2\n?@\n").signal, 0);
}

std::string squeezed(const std::string& text) {
  std::string out;
  for (const char c : text) {
    const bool blank = c == ' ' || c == '\n' || c == '\t' || c == '\r';
    if (blank && (out.empty() || out.back() == ' ')) continue;
    out += blank ? ' ' : c;
  }
  return out;
}

TEST(BugsTest, TheTableIsSound) {
  const std::vector<bugs::Bug>& table = bugs::all();
  const std::string spec = squeezed(read_file("../shared/spec/puzzle-spec.md"));
  const std::set<std::string> parts = {"options",     "parse",       "rules",              "search", "backtrace",
                                       "map output", "list output", "no-solution output", "main"};
  std::set<std::string> names;
  for (std::size_t i = 0; i < table.size(); ++i) {
    const bugs::Bug& b = table[i];
    EXPECT_TRUE(names.insert(b.name).second) << "two bugs named " << b.name;
    EXPECT_EQ(bugs::find(b.name), static_cast<int>(i));
    EXPECT_TRUE(parts.count(b.part)) << b.name << ": part " << b.part;
    EXPECT_GT(std::string(b.desc).size(), 10u) << b.name;
    EXPECT_GE(std::count(b.spec, b.spec + std::string(b.spec).size(), ' '), 3) << b.name << ": a quote of four words";
    EXPECT_NE(spec.find(squeezed(b.spec)), std::string::npos) << b.name << ": not in the spec: " << b.spec;
    EXPECT_TRUE(b.equivalent == nullptr || std::string(b.equivalent).size() > 10) << b.name;
  }
  EXPECT_EQ(bugs::find("no-such-bug"), -1);
  // Each name is lowercase words joined by '-' (a student types it: --bug NAME), and
  // tools/bugs --list prints every bug, one a line, in the table's order, with its kind.
  for (const bugs::Bug& b : table) {
    const std::string name = b.name;
    bool words = !name.empty() && name.front() != '-' && name.back() != '-' && name.find("--") == std::string::npos;
    for (const char c : name) words = words && ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-');
    EXPECT_TRUE(words) << "'" << name << "': lowercase letters and digits, words joined by '-'";
  }
  const Result list = run("tools/bugs --list");
  ASSERT_EQ(list.status, 0) << "make tools/bugs: " << list.err;
  std::istringstream lines(list.out);
  std::size_t i = 0;
  for (std::string line; std::getline(lines, line); ++i) {
    ASSERT_LT(i, table.size()) << "tools/bugs --list prints more than the table: " << line;
    EXPECT_EQ(line.rfind(std::string(table[i].name) + "\t" + table[i].part + "\t" +
                             (table[i].equivalent ? "equivalent" : "counted") + "\t", 0), 0u)
        << "line " << i + 1 << " of tools/bugs --list: " << line;
  }
  EXPECT_EQ(i, table.size()) << "tools/bugs --list prints fewer lines than the table";
}

}  // namespace
