// Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
// Tests of tools/check, the move-by-move replay of a solution: the spec's golden
// outputs pass, each kind of illegal move is caught with its move number and reason,
// malformed solutions and maps stop with exit 2 naming the line (a bad map with the
// solver's own message, for every bad map of the catalogue in tests/util.h), map-mode
// outputs are rebuilt into paths and their broken marks are found, -m and -q work,
// endless input (/dev/zero, a pipe that never ends) is read only as far as a line that
// cannot belong to it (or -m's last state), and the outputs of the reference solver
// (tests/util.h) on hundreds of random and mapgen maps pass in every mode: the tool
// raises no false alarm.
//
// Everything runs the binaries (tools/check, and $PUZZLE_BIN or ./puzzle for its
// messages) from the repository root, as tests/run-all does.

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <stdlib.h>
#include <unistd.h>
#include <vector>

#include "tests/util.h"

namespace {

using testutil::lines_of;
using testutil::read_file;
using testutil::Result;
using testutil::TempFile;

const char kCheck[] = "tools/check";

/// tools/check ARGS, with `input` on standard input.
Result check(const std::string& args, const std::string& input = "") {
  return testutil::run(std::string(kCheck) + " " + args, input);
}

/// tools/check [OPTIONS] on the map text `map` and the solution text `solution` (stdin).
Result check_text(const std::string& map, const std::string& solution, const std::string& options = "") {
  TempFile file(map);
  return check(options + " " + file.path(), solution);
}

std::string first_lines(const std::string& text, std::size_t n) {
  std::string out;
  auto lines = lines_of(text);
  for (std::size_t i = 0; i < n && i < lines.size(); ++i) out += lines[i] + "\n";
  return out;
}

/// `text` with line `number` (1-based) replaced by `replacement`.
std::string replace_line(const std::string& text, std::size_t number, const std::string& replacement) {
  auto lines = lines_of(text);
  lines.at(number - 1) = replacement;
  std::string out;
  for (const auto& line : lines) out += line + "\n";
  return out;
}

const std::string kSpecDir = "spec-inputs/";
const std::string kSimpleMap = kSpecDir + "spec-simple.txt";

std::string simple_queue_list() { return read_file(kSpecDir + "out-spec-simple-queue-list.txt"); }
std::string simple_queue_map() { return read_file(kSpecDir + "out-spec-simple-queue-map.txt"); }

// ==== GoldenTest: the spec's outputs ===============================================

TEST(CheckGoldenTest, EveryListAndMapOutputOfTheSpecReachesTheTarget) {
  const char* maps[] = {"spec-simple", "spec-full"};
  const std::map<std::string, int> moves = {{"spec-simple", 19}, {"spec-full-queue", 54}, {"spec-full-stack", 64}};
  int checked = 0;
  for (std::string map : maps) {
    for (std::string mode : {"queue", "stack"}) {
      for (std::string output : {"list", "map"}) {
        std::string out = kSpecDir + "out-" + map + "-" + mode + "-" + output + ".txt";
        SCOPED_TRACE(out);
        Result r = check((output == "map" ? "--map " : "") + kSpecDir + map + ".txt " + out);
        int n = map == "spec-simple" ? moves.at(map) : moves.at(map + "-" + mode);
        EXPECT_EQ(r.status, 0);
        EXPECT_EQ(r.out, "Processed " + std::to_string(n) + " moves, all valid\nReaches the target\n");
        EXPECT_EQ(r.err, "");
        ++checked;
      }
    }
  }
  EXPECT_EQ(checked, 8);
}

TEST(CheckGoldenTest, TheMapOutputsRebuildExactlyTheListOutputs) {
  for (std::string map : {"spec-simple", "spec-full"}) {
    for (std::string mode : {"queue", "stack"}) {
      SCOPED_TRACE(map + " " + mode);
      std::string base = kSpecDir + "out-" + map + "-" + mode;
      Result r = check("--map --print-path " + kSpecDir + map + ".txt " + base + "-map.txt");
      EXPECT_EQ(r.status, 0);
      const std::string list = read_file(base + "-list.txt");
      const std::size_t moves = lines_of(list).size() - 1;
      EXPECT_EQ(r.out, list + "Processed " + std::to_string(moves) + " moves, all valid\nReaches the target\n");
    }
  }
}

TEST(CheckGoldenTest, NoSolutionOutputsAreReportedAsSuchInBothModes) {
  for (std::string map : {"spec-simple-no", "spec-full-no"}) {
    std::string args = kSpecDir + map + ".txt " + kSpecDir + "out-" + map + ".txt";
    for (std::string mode : {"", "--map "}) {
      SCOPED_TRACE(mode + args);
      const std::string expected =
          "No solution claimed\nThe discovered map is consistent with the input (not verified by a search)\n";
      Result r = check(mode + args);
      EXPECT_EQ(r.status, 1);
      EXPECT_EQ(r.out, expected);
      Result ok = check(mode + "--no-solution-ok " + args);
      EXPECT_EQ(ok.status, 0);
      EXPECT_EQ(ok.out, expected);
    }
  }
}

TEST(CheckGoldenTest, ASolutionOfAnotherMapIsCaught) {
  Result r = check(kSpecDir + "spec-full.txt " + kSpecDir + "out-spec-simple-queue-list.txt");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "Move 0 is illegal: (^, (0, 0)): the path must start at (^, (1, 4))\n");
}

// ==== MoveTest: one illegal move of each kind ======================================
// spec-simple.txt:   @..A..b     start (0, 0), target (3, 0), 2 colors
//                    .a.#B##
//                    ####...
//                    ?..B.^^

struct MoveCase {
  const char* what;
  std::string solution;
  std::string expected;  // the whole stdout
};

TEST(MoveTest, EachIllegalMoveIsCaughtWithItsNumberAndReason) {
  const std::string q = simple_queue_list();  // 20 states, 19 moves
  const MoveCase cases[] = {
      {"wall", "(^, (0, 0))\n(^, (1, 0))\n(^, (2, 0))\n", "Move 2 is illegal: (^, (2, 0)): wall\n"},
      {"closed door in ^", "(^, (0, 0))\n(^, (0, 1))\n(^, (0, 2))\n(^, (0, 3))\n",
       "Move 3 is illegal: (^, (0, 3)): closed door A\n"},
      {"closed door of another color", first_lines(q, 13) + "(b, (0, 3))\n",
       "Move 13 is illegal: (b, (0, 3)): closed door A\n"},
      {"walks over an active button", "(^, (0, 0))\n(^, (0, 1))\n(^, (1, 1))\n(^, (1, 2))\n",
       "Move 3 is illegal: (^, (1, 2)): must press the active button\n"},
      {"walks over an active trap", first_lines(q, 16) + "(b, (3, 5))\n(b, (3, 6))\n",
       "Move 17 is illegal: (b, (3, 6)): must press the active button\n"},
      {"two steps", "(^, (0, 0))\n(^, (0, 2))\n", "Move 1 is illegal: (^, (0, 2)): not adjacent\n"},
      {"diagonal", "(^, (0, 0))\n(^, (0, 1))\n(^, (1, 2))\n", "Move 2 is illegal: (^, (1, 2)): not adjacent\n"},
      {"color change on floor", "(^, (0, 0))\n(a, (0, 0))\n",
       "Move 1 is illegal: (a, (0, 0)): color change without a button\n"},
      {"color change while moving", "(^, (0, 0))\n(a, (0, 1))\n",
       "Move 1 is illegal: (a, (0, 1)): color change without a button\n"},
      {"press of an inactive button", first_lines(q, 4) + "(b, (1, 1))\n",
       "Move 4 is illegal: (b, (1, 1)): color change without a button\n"},
      {"wrong color for a button", "(^, (0, 0))\n(^, (0, 1))\n(^, (1, 1))\n(b, (1, 1))\n",
       "Move 3 is illegal: (b, (1, 1)): wrong color for this button\n"},
      {"wrong color for a trap", first_lines(q, 16) + "(b, (3, 5))\n(a, (3, 5))\n",
       "Move 17 is illegal: (a, (3, 5)): wrong color for this button\n"},
      {"off the map", first_lines(q, 10) + "(a, (0, 7))\n", "Move 10 is illegal: (a, (0, 7)): off the map\n"},
      {"far off the map", "(^, (0, 0))\n(^, (4000000000, 0))\n",
       "Move 1 is illegal: (^, (4000000000, 0)): off the map\n"},
      {"start elsewhere", "(^, (0, 1))\n(^, (0, 0))\n",
       "Move 0 is illegal: (^, (0, 1)): the path must start at (^, (0, 0))\n"},
      {"start in another color", "(a, (0, 0))\n",
       "Move 0 is illegal: (a, (0, 0)): the path must start at (^, (0, 0))\n"},
      {"start off the map", "(^, (9, 9))\n", "Move 0 is illegal: (^, (9, 9)): the path must start at (^, (0, 0))\n"},
      {"past the target", q + "(b, (3, 1))\n",
       "Move 20 is illegal: (b, (3, 1)): continues after reaching the target\n"},
      {"back and forth", "(^, (0, 0))\n(^, (0, 1))\n(^, (0, 0))\n",
       "Move 2 is illegal: (^, (0, 0)): state repeated (first at line 1)\n"},
      {"stands still", "(^, (0, 0))\n(^, (0, 1))\n(^, (0, 1))\n",
       "Move 2 is illegal: (^, (0, 1)): state repeated (first at line 2)\n"},
      {"empty", "", "The solution is empty: the path must start at (^, (0, 0))\n"},
  };
  for (const MoveCase& c : cases) {
    SCOPED_TRACE(c.what);
    Result r = check(kSimpleMap, c.solution);
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.out, c.expected);
    EXPECT_EQ(r.err, "");
  }
}

TEST(MoveTest, LegalMovesThroughOpenDoorsTrapsAndTheStartPass) {
  // Press a, walk through the open A door, press b, step on a trap and press it (back to
  // ^, where the trap is floor), walk off it: all legal, and it ends off the target.
  const std::string q = simple_queue_list();
  Result r = check(kSimpleMap, first_lines(q, 16) + "(b, (3, 5))\n(^, (3, 5))\n(^, (3, 6))\n(^, (2, 6))\n");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "Processed 19 moves, all valid\nDoes not reach the target\n");
  // A path may cross the start cell again in another color.
  Result back = check(kSimpleMap, first_lines(q, 5) + "(a, (0, 0))\n");
  EXPECT_EQ(back.out, "Processed 5 moves, all valid\nDoes not reach the target\n");
}

TEST(MoveTest, AShortValidPathDoesNotReachTheTarget) {
  Result r = check(kSimpleMap, "(^, (0, 0))\n(^, (0, 1))\n(^, (1, 1))\n");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "Processed 2 moves, all valid\nDoes not reach the target\n");
  Result one = check(kSimpleMap, "(^, (0, 0))\n(^, (1, 0))\n");
  EXPECT_EQ(one.out, "Processed 1 move, all valid\nDoes not reach the target\n");
}

TEST(MoveTest, TheLastLineMayLackItsNewline) {
  std::string q = simple_queue_list();
  q.pop_back();
  Result r = check(kSimpleMap, q);
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "Processed 19 moves, all valid\nReaches the target\n");
  std::string m = simple_queue_map();
  m.pop_back();
  EXPECT_EQ(check("--map " + kSimpleMap, m).status, 0);
}

TEST(MoveTest, TheFirstProblemWinsOverALaterFormatError) {
  Result r = check(kSimpleMap, "(^, (0, 0))\n(^, (2, 0))\nnot a state\n");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "Move 1 is illegal: (^, (2, 0)): not adjacent\n");
}

// ==== FormatTest: exit 2 ===========================================================

TEST(FormatTest, MalformedLinesStopWithTheLineAndColumn) {
  struct Case { std::string solution; std::string message; };
  const std::string ok = "(^, (0, 0))\n";
  const std::string in = "check: error: (standard input): ";
  const std::string hint = " (each line is one state (C, (R, C)))\n";
  const Case cases[] = {
      {ok + "(^,(0, 1))\n", in + "line 2, column 4: expected ' ', found '('" + hint},
      {ok + "(^, (0,1))\n", in + "line 2, column 8: expected ' ', found '1'" + hint},
      {ok + "(A, (0, 1))\n", in + "line 2, column 2: expected a color ('^' or a lowercase letter), found 'A'" + hint},
      {ok + "(c, (0, 1))\n", in + "line 2, column 2: color 'c' is beyond the map's 2 colors ('^' and a-b)\n"},
      {ok + "(^, (-1, 0))\n", in + "line 2, column 6: expected a row number, found '-'" + hint},
      {ok + "(^, (0, x))\n", in + "line 2, column 9: expected a column number, found 'x'" + hint},
      {ok + "(^, (01, 0))\n", in + "line 2, column 6: row number with a leading zero\n"},
      {ok + "(^, (0, 1)) \n", in + "line 2, column 12: unexpected text after the state, found ' ' (space)" + hint},
      {ok + "(^, (0, 1)\n", in + "line 2, column 11: expected ')', found the end of the line" + hint},
      {ok + "\n(^, (0, 1))\n", in + "line 2: empty line; each line is one state (C, (R, C))\n"},
      {ok + "(^, (0, 1))\r\n", in + "line 2, column 12: carriage return (the solver's lines end in \\n only)\n"},
      {ok + "(^, (1234567890123456789, 0))\n", in + "line 2, column 6: row number is too long\n"},
      {"// color ^\n@+.A..b\n", in + "layer ^ ends after 1 row, the map has 4\n"},  // read as a map output
      {"No solution.\nReached:\n", in + "line 2: expected 'Discovered:' after 'No solution.'\n"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.solution);
    Result r = check(kSimpleMap, c.solution);
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, c.message);
  }
}

TEST(FormatTest, TheFirstLineTellsListMapOrNoSolutionOutput) {
  struct Case { std::string map, output, forced, verdict; };
  std::vector<Case> cases;
  for (std::string map : {"spec-simple", "spec-full"})
    for (std::string mode : {"queue", "stack"})
      for (std::string output : {"list", "map"})
        cases.push_back({map, "out-" + map + "-" + mode + "-" + output + ".txt", "--" + output + " ",
                         "Reaches the target\n"});
  for (std::string map : {"spec-simple-no", "spec-full-no"})
    cases.push_back({map, "out-" + map + ".txt", "--map ", "(not verified by a search)\n"});
  for (const Case& c : cases) {
    SCOPED_TRACE(c.output);
    const std::string args = kSpecDir + c.map + ".txt " + kSpecDir + c.output;
    Result detected = check(args), forced = check(c.forced + args);
    EXPECT_EQ(detected.status, forced.status);
    EXPECT_EQ(detected.out, forced.out);
    EXPECT_EQ(detected.err, "");
    ASSERT_GE(detected.out.size(), c.verdict.size());
    EXPECT_EQ(detected.out.substr(detected.out.size() - c.verdict.size()), c.verdict);
  }
}

TEST(FormatTest, ListOrMapForcesAReading) {
  const std::string in = "check: error: (standard input): line 1";
  Result list = check("--list " + kSimpleMap, simple_queue_map());
  EXPECT_EQ(list.status, 2);
  EXPECT_EQ(list.err, in + ": this is map-mode output, read as list-mode output because of --list\n");
  Result map = check("--map " + kSimpleMap, simple_queue_list());
  EXPECT_EQ(map.status, 2);
  EXPECT_EQ(map.err, in + ": this is list-mode output, read as map-mode output because of --map\n");
  // A map output whose first line is mistyped looks like a list; --map reads it as a map.
  const std::string typo = replace_line(simple_queue_map(), 1, "// colour ^");
  EXPECT_EQ(check(kSimpleMap, typo).err,
            in + ", column 1: expected '(', found '/' (each line is one state (C, (R, C)))\n");
  EXPECT_EQ(check("--map " + kSimpleMap, typo).err, in + ": expected '// color ^'\n");
  Result both = check("--list --map " + kSimpleMap, simple_queue_list());
  EXPECT_EQ(both.status, 2);
  EXPECT_EQ(both.err, "check: error: --list and --map are both given; choose one\nTry 'tools/check --help'.\n");
}

TEST(FormatTest, WaitingOnATerminalSaysWhatItReadsAndHowToEndIt) {
  // The solution is typed into a terminal (tests/scripts/pty-run), then Ctrl-D, once.
  Result typed = testutil::run("python3 tests/scripts/pty-run --stdin " + std::string(kCheck) + " " + kSimpleMap,
                               simple_queue_list());
  EXPECT_EQ(typed.status, 0);
  EXPECT_EQ(typed.out, "Processed 19 moves, all valid\nReaches the target\n");
  EXPECT_EQ(typed.err, "check: reading the solution for " + kSimpleMap +
                           " from the terminal: paste it, then press Ctrl-D on a new line\n");
  // From a file or a pipe nothing is said.
  Result piped = check(kSimpleMap, simple_queue_list());
  EXPECT_EQ(piped.status, 0);
  EXPECT_EQ(piped.err, "");
}

TEST(FormatTest, AColorLetterNeedsTheMapToHaveIt) {
  Result r = check_text("0 1 2\n@?\n", "(a, (0, 0))\n");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err,
            "check: error: (standard input): line 1, column 2: color 'a' is beyond the map's 0 colors (only '^')\n");
}

TEST(FormatTest, AFileSolutionIsNamedInMessages) {
  TempFile solution("(^, (0, 0))\n(^,(0, 1))\n");
  Result r = check(kSimpleMap + " " + solution.path());
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "check: error: " + solution.path() +
                       ": line 2, column 4: expected ' ', found '(' (each line is one state (C, (R, C)))\n");
}

TEST(FormatTest, InvalidMapsGetTheSolversOwnMessage) {
  // Every bad map of the catalogue: the solver's message, after the file's name.
  const std::string prefix = "puzzle: error: ";
  for (const testutil::Bad& bad : testutil::map_cases()) {
    SCOPED_TRACE(bad.name);
    Result solver = testutil::run_puzzle("-q", bad.input);
    ASSERT_EQ(solver.status, 1);
    ASSERT_EQ(solver.err.substr(0, prefix.size()), prefix);
    TempFile file(bad.input);
    Result r = check(file.path(), "(^, (0, 0))\n");
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, "check: error: " + file.path() + ": " + solver.err.substr(prefix.size()));
  }
}

TEST(FormatTest, BadCommandLinesAndFiles) {
  struct Case { std::string args; std::string err; };
  const Case cases[] = {
      {"", "check: error: missing MAP: tools/check [OPTIONS] MAP [SOLUTION]\nTry 'tools/check --help'.\n"},
      {"-x " + kSimpleMap, "check: error: unknown option '-x'\nTry 'tools/check --help'.\n"},
      {"--bogus " + kSimpleMap, "check: error: unknown option '--bogus'\nTry 'tools/check --help'.\n"},
      {kSimpleMap + " -m", "check: error: option '-m' needs an argument\nTry 'tools/check --help'.\n"},
      {"-m x " + kSimpleMap, "check: error: --moves needs a whole number, not 'x'\nTry 'tools/check --help'.\n"},
      {"-m -1 " + kSimpleMap, "check: error: --moves needs a whole number, not '-1'\nTry 'tools/check --help'.\n"},
      {kSimpleMap + " a b", "check: error: too many arguments: tools/check [OPTIONS] MAP [SOLUTION]\nTry 'tools/check --help'.\n"},
      {"no-such-map.txt", "check: error: no-such-map.txt: cannot open: No such file or directory\n"},
      {kSimpleMap + " no-such-solution.txt", "check: error: no-such-solution.txt: cannot open: No such file or directory\n"},
      {"spec-inputs", "check: error: spec-inputs: cannot read: Is a directory\n"},
      {kSimpleMap + " spec-inputs", "check: error: spec-inputs: cannot read: Is a directory\n"},
      {"-m 1 -m 2 " + kSimpleMap, "check: error: --moves is given twice: give it once\nTry 'tools/check --help'.\n"},
      // OUTPUT and MAP swapped: the map's error says so.
      {kSpecDir + "out-spec-simple-queue-list.txt " + kSimpleMap,
       "check: error: " + kSpecDir + "out-spec-simple-queue-list.txt: line 1, column 1: expected num_colors as an "
       "unsigned integer, found '(' (this looks like a list-mode output, not a map: MAP comes first: tools/check "
       "[OPTIONS] MAP [SOLUTION])\n"},
      {kSpecDir + "out-spec-simple-queue-map.txt " + kSimpleMap,
       "check: error: " + kSpecDir + "out-spec-simple-queue-map.txt: line 1, column 1: expected num_colors as an "
       "unsigned integer, found '/' (this looks like a map-mode output, not a map: MAP comes first: tools/check "
       "[OPTIONS] MAP [SOLUTION])\n"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.args);
    Result r = check(c.args, simple_queue_list());
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, c.err);
  }
}

TEST(FormatTest, HelpGoesToStdoutWithExitZero) {
  const std::string help = check("--help").out;
  EXPECT_EQ(help.rfind("Usage: tools/check [OPTIONS] MAP [SOLUTION]\n", 0), 0u);
  for (const char* option : {"-m, --moves N", "-q, --quiet", "--map", "--list", "--print-path", "--no-solution-ok",
                             "-h, --help", "Exit status"})
    EXPECT_NE(help.find(option), std::string::npos) << option << " is not in the help:\n" << help;
  for (std::string args : {std::string("--help"), std::string("-h"), "--help " + kSimpleMap}) {
    Result r = check(args);
    EXPECT_EQ(r.status, 0);
    EXPECT_EQ(r.out, help);
    EXPECT_EQ(r.err, "");
  }
  // An illegal option is an error even beside --help: the whole line is read first.
  Result r = check("--help -x");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "check: error: unknown option '-x'\nTry 'tools/check --help'.\n");
}

// ==== EndlessTest: input read only as far as it can belong to the file ==========

TEST(EndlessTest, DevZeroIsRefusedAtItsFirstLine) {
  // As SOLUTION: its first line is longer than any line of an output for this map; with
  // -m 1 too. As MAP: no end of the header line in the first megabyte. Each in a moment.
  const std::string zero_output = "check: error: /dev/zero: line 1, column 1: expected '(', found byte \\x00 (each "
                                  "line is one state (C, (R, C)))\n";
  for (std::string args : {"-m 1 " + kSimpleMap + " /dev/zero", kSimpleMap + " /dev/zero", "--list " + kSimpleMap + " /dev/zero"}) {
    SCOPED_TRACE(args);
    Result r = testutil::run("timeout 20 " + std::string(kCheck) + " " + args);
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, zero_output);
  }
  Result map = testutil::run("timeout 20 " + std::string(kCheck) + " --map " + kSimpleMap + " /dev/zero");
  EXPECT_EQ(map.status, 2);
  EXPECT_EQ(map.err, "check: error: /dev/zero: line 1: expected '// color ^'\n");
  Result zero_map = testutil::run("timeout 20 " + std::string(kCheck) + " /dev/zero " + kSpecDir +
                                  "out-spec-simple-queue-list.txt");
  EXPECT_EQ(zero_map.status, 2);
  EXPECT_EQ(zero_map.err, "check: error: /dev/zero: line 1: no end of line in the first megabyte: not a header "
                          "'num_colors height width'\n");
}

TEST(EndlessTest, APipeThatNeverEndsIsReadOnlyAsFarAsNeeded) {
  // The first states of a path, then endless bytes: -m stops reading at its last state;
  // without -m, the first line that cannot be a state stops it; a map output's row that
  // never ends is refused a megabyte past the map's width.
  const std::string endless = " | timeout 20 " + std::string(kCheck) + " ";
  const std::string two = "printf '(^, (0, 0))\\n(^, (0, 1))\\n'";
  Result moves = testutil::run("(" + two + "; cat /dev/zero)" + endless + "-m 1 " + kSimpleMap);
  EXPECT_EQ(moves.status, 1);
  EXPECT_EQ(moves.out,
            "Processed 1 move, all valid\nDoes not reach the target\n"
            "Stopped after 1 move (--moves): the rest is not checked\n");
  Result zeros = testutil::run("(" + two + "; cat /dev/zero)" + endless + kSimpleMap);
  EXPECT_EQ(zeros.status, 2);
  EXPECT_EQ(zeros.err, "check: error: (standard input): line 3, column 1: expected '(', found byte \\x00 (each "
                       "line is one state (C, (R, C)))\n");
  Result same = testutil::run("yes '(^, (0, 0))'" + endless + kSimpleMap);
  EXPECT_EQ(same.status, 1);
  EXPECT_EQ(same.out, "Move 1 is illegal: (^, (0, 0)): state repeated (first at line 1)\n");
  Result row = testutil::run("(printf '// color ^\\n'; cat /dev/zero)" + endless + kSimpleMap);
  EXPECT_EQ(row.status, 2);
  EXPECT_EQ(row.err, "check: error: (standard input): line 2: row 0 of layer ^ has more than 1048583 characters, "
                     "the map's width is 7\n");
}

// ==== OptionTest: -m and -q ========================================================

TEST(OptionTest, MovesStopsAfterNMoves) {
  const std::string q = simple_queue_list();
  Result five = check("-m 5 " + kSimpleMap, q);
  EXPECT_EQ(five.status, 1);
  EXPECT_EQ(five.out,
            "Processed 5 moves, all valid\nDoes not reach the target\n"
            "Stopped after 5 moves (--moves): the rest is not checked\n");
  Result zero = check("--moves 0 " + kSimpleMap, q);
  EXPECT_EQ(zero.out,
            "Processed 0 moves, all valid\nDoes not reach the target\n"
            "Stopped after 0 moves (--moves): the rest is not checked\n");
  Result all = check("--moves=19 " + kSimpleMap, q);  // exactly the path: nothing left over
  EXPECT_EQ(all.status, 0);
  EXPECT_EQ(all.out, "Processed 19 moves, all valid\nReaches the target\n");
  Result more = check("-m 1000 " + kSimpleMap, q);
  EXPECT_EQ(more.status, 0);
  EXPECT_EQ(more.out, all.out);

  // Move 3 is illegal; nothing after move N is read, not even a malformed line.
  const std::string bad = "(^, (0, 0))\n(^, (0, 1))\n(^, (1, 1))\n(^, (1, 2))\ngarbage\n";
  EXPECT_EQ(check("-m 2 " + kSimpleMap, bad).out,
            "Processed 2 moves, all valid\nDoes not reach the target\n"
            "Stopped after 2 moves (--moves): the rest is not checked\n");
  EXPECT_EQ(check("-m 3 " + kSimpleMap, bad).out, "Move 3 is illegal: (^, (1, 2)): must press the active button\n");
  EXPECT_EQ(check("-m 4 " + kSimpleMap, bad).out, "Move 3 is illegal: (^, (1, 2)): must press the active button\n");

  Result map = check("--map -m 3 " + kSimpleMap, simple_queue_map());
  EXPECT_EQ(map.status, 1);
  EXPECT_EQ(map.out,
            "Processed 3 moves, all valid\nDoes not reach the target\n"
            "Stopped after 3 moves (--moves): the rest is not checked\n");
}

TEST(OptionTest, QuietPrintsNothingAndKeepsTheStatus) {
  const std::string q = simple_queue_list();
  Result valid = check("-q " + kSimpleMap, q);
  EXPECT_EQ(valid.status, 0);
  EXPECT_EQ(valid.out + valid.err, "");
  Result illegal = check("--quiet " + kSimpleMap, "(^, (0, 0))\n(^, (2, 0))\n");
  EXPECT_EQ(illegal.status, 1);
  EXPECT_EQ(illegal.out + illegal.err, "");
  Result short_path = check("-q -m 3 " + kSimpleMap, q);
  EXPECT_EQ(short_path.status, 1);
  EXPECT_EQ(short_path.out + short_path.err, "");
  Result map = check("-q --map " + kSimpleMap, simple_queue_map());
  EXPECT_EQ(map.status, 0);
  EXPECT_EQ(map.out + map.err, "");
  Result broken = check("-q --map " + kSimpleMap, replace_line(simple_queue_map(), 7, ".++.++%"));
  EXPECT_EQ(broken.status, 1);
  EXPECT_EQ(broken.out + broken.err, "");
  Result none = check("-q --no-solution-ok " + kSpecDir + "spec-simple-no.txt", read_file(kSpecDir + "out-spec-simple-no.txt"));
  EXPECT_EQ(none.status, 0);
  EXPECT_EQ(none.out + none.err, "");
}

// ==== MapTest: map-mode outputs ====================================================
// out-spec-simple-queue-map.txt, by line:
//   1 // color ^   2 @+.A..b   3 .%.#B##   4 ####...   5 ?..B...
//   6 // color a   7 .+++++%   8 .@.#B##   9 ####...  10 ?..B.^^
//  11 // color b  12 ...A++@  13 .a.#+##  14 ####+..  15 ?++++^^

TEST(MapTest, BrokenMarksAreFoundWithLayerRowAndColumn) {
  struct Case { const char* what; std::size_t line; std::string text; std::string expected; };
  const Case cases[] = {
      {"gap in the path", 7, ".++.++%",
       "Map output, layer a, row 0, column 2 (line 7): the path stops here: no marked neighbour ('+' or '%') "
       "and not the target\n"},
      {"fork", 2, "@++A..b",
       "Map output, layer ^, row 0, column 1 (line 2): the path forks: (^, (0, 2)) and (^, (1, 1)) both "
       "continue it\n"},
      {"stray mark", 4, "####+..",
       "Map output, layer ^, row 2, column 4 (line 4): mark '+' is not on the path from the start to the "
       "target\n"},
      {"stray arrival", 9, "####@..",
       "Map output, layer a, row 2, column 4 (line 9): mark '@' is not on the path from the start to the "
       "target\n"},
      {"trap not replaced on ^", 5, "?..B.^.",
       "Map output, layer ^, row 3, column 5 (line 5): expected '.', found '^'\n"},
      {"own button shown", 12, "...A++b", "Map output, layer b, row 0, column 6 (line 12): expected '.', found 'b'\n"},
      {"button replaced on another layer", 13, "...#+##",
       "Map output, layer b, row 1, column 1 (line 13): expected 'a', found '.'\n"},
      {"start shown on a", 7, "@+++++%",
       "Map output, layer a, row 0, column 0 (line 7): mark '@' is not on the path from the start to the "
       "target\n"},
      {"start overwritten", 2, "++.A..b",
       "Map output, layer ^, row 0, column 0 (line 2): expected '@', found '+' (the start shows on layer ^)\n"},
      {"target overwritten", 15, "+++++^^",
       "Map output, layer b, row 3, column 0 (line 15): expected '?', found '+' (the target shows on every "
       "layer)\n"},
      {"press without arrival", 8, ".+.#B##",
       "Map output, layer ^, row 1, column 1 (line 3): '%' presses 'a' but layer a, row 1, column 1 (line 8) "
       "shows '+', not '@'\n"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.what);
    Result r = check("--map " + kSimpleMap, replace_line(simple_queue_map(), c.line, c.text));
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.out, c.expected);
    EXPECT_EQ(r.err, "");
  }
}

TEST(MapTest, IllegalMovesInTheMarksAreReplayed) {
  struct Case { const char* what; std::string map; std::string output; std::string expected; };
  const Case cases[] = {
      {"through a wall", "0 2 3\n@#?\n...\n", "// color ^\n@+?\n...\n", "Move 1 is illegal: (^, (0, 1)): wall\n"},
      {"through a closed door", "1 1 3\n@A?\n", "// color ^\n@+?\n// color a\n..?\n",
       "Move 1 is illegal: (^, (0, 1)): closed door A\n"},
      {"over an active button", "1 1 4\n@a.?\n", "// color ^\n@++?\n// color a\n...?\n",
       "Move 2 is illegal: (^, (0, 2)): must press the active button\n"},
      {"press on floor", "0 1 3\n@.?\n", "// color ^\n@%?\n",
       "Map output, layer ^, row 0, column 1 (line 2): '%' on '.', which is not a button or trap\n"},
      {"press of the layer's own button", "1 1 5\n@a.a?\n", "// color ^\n@%.a?\n// color a\n.@+%?\n",
       "Map output, layer a, row 0, column 3 (line 4): '%' on 'a', which is not active on layer a\n"},
      {"press of an inactive trap", "0 1 3\n@^?\n", "// color ^\n@%?\n",
       "Map output, layer ^, row 0, column 1 (line 2): '%' on '^', which is not active on layer ^\n"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.what);
    Result r = check_text(c.map, c.output, "--map");
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.out, c.expected);
    EXPECT_EQ(r.err, "");
  }
  // The same maps with the solver's own outputs pass.
  for (std::string map : {"0 2 3\n@#?\n...\n", "1 1 4\n@a.?\n", "1 1 5\n@a.a?\n", "0 1 3\n@^?\n"}) {
    Result solved = testutil::run_puzzle("-q -o map", map);
    ASSERT_EQ(solved.status, 0);
    Result r = check_text(map, solved.out, "--map");
    EXPECT_EQ(r.status, 0) << map << solved.out << r.out;
  }
}

TEST(MapTest, WrongShapesStopWithExitTwo) {
  const std::string m = simple_queue_map();
  const std::string in = "check: error: (standard input): ";
  struct Case { std::string output; std::string err; };
  const Case cases[] = {
      {first_lines(m, 10), in + "the output ends after 2 layers, the map has 3 layers ('^' and one per color)\n"},
      {replace_line(m, 11, "// color c"), in + "line 11: expected '// color b'\n"},
      {replace_line(m, 1, "// color a"), in + "line 1: expected '// color ^'\n"},
      {replace_line(m, 3, ".%.#B#"), in + "line 3: row 1 of layer ^ has 6 characters, the map's width is 7\n"},
      {first_lines(m, 13), in + "layer b ends after 2 rows, the map has 4\n"},
      {m + "// color c\n", in + "line 16: unexpected content after the last layer (the map has 3 layers)\n"},
      {"", in + "empty output: expected '// color ^' or 'No solution.'\n"},
      {simple_queue_list(), in + "line 1: this is list-mode output, read as map-mode output because of --map\n"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.err);
    Result r = check("--map " + kSimpleMap, c.output);
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, c.err);
  }
}

TEST(MapTest, NoSolutionOutputsAreCheckedCellByCell) {
  const std::string map = kSpecDir + "spec-simple-no.txt";
  const std::string out = read_file(kSpecDir + "out-spec-simple-no.txt");
  // 1 No solution.  2 Discovered:  3 @..A..b  4 .a.#B##  5 ####...  6 ####.^^
  struct Case { std::size_t line; std::string text; std::string problem; };
  const Case cases[] = {
      {6, "?###.^^", "row 3, column 0 (line 6): the target must be '#' (undiscovered) when there is no solution, "
                     "found '?'"},
      {3, "#..A..b", "row 0, column 0 (line 3): the start is always discovered: expected '@', found '#'"},
      {4, ".a.#B#+", "row 1, column 6 (line 4): expected '#', found '+'"},
      {5, "####.x.", "row 2, column 5 (line 5): expected '.' or '#', found 'x'"},
  };
  for (const Case& c : cases) {
    for (std::string mode : {"", "--map --no-solution-ok "}) {
      SCOPED_TRACE(mode + c.text);
      Result r = check(mode + map, replace_line(out, c.line, c.text));
      EXPECT_EQ(r.status, 1);
      EXPECT_EQ(r.out, "No solution claimed\nDiscovered map, " + c.problem + "\n");
    }
  }
  // Fewer discovered cells than the solver finds cannot be told without a search.
  Result r = check(map, replace_line(out, 5, "#######"));
  EXPECT_EQ(r.out, "No solution claimed\nThe discovered map is consistent with the input (not verified by a search)\n");
  // Shape problems are format errors.
  EXPECT_EQ(check(map, replace_line(out, 4, ".a.#B#")).err,
            "check: error: (standard input): line 4: row 1 of the discovered map has 6 characters, "
            "the map's width is 7\n");
  EXPECT_EQ(check(map, first_lines(out, 5)).err,
            "check: error: (standard input): the discovered map ends after 3 rows, the map has 4\n");
  EXPECT_EQ(check(map, out + "\n").err, "check: error: (standard input): line 7: unexpected content after the discovered map\n");
  // The 2020 edition's header is accepted too.
  EXPECT_EQ(check(map, replace_line(out, 2, "Reachable:")).status, 1);
  EXPECT_EQ(check("--no-solution-ok " + map, replace_line(out, 2, "Reachable:")).status, 0);
}

// ==== AcceptTest: correct outputs of many maps pass ================================

/// A map from tools/mapgen, or "" when it fails.
std::string mapgen_map(testutil::Rng& rng, std::uint64_t seed) {
  static const char* const kStyles[] = {"open", "maze", "rooms"};
  std::string args = " --seed " + std::to_string(seed) + " --height " + std::to_string(3 + rng.below(10)) +
                     " --width " + std::to_string(3 + rng.below(10)) + " --colors " + std::to_string(rng.below(5)) +
                     " --style " + kStyles[rng.below(3)] + " --buttons 0.06 --traps 0.03";
  Result r = testutil::run("tools/mapgen" + args);
  return r.status == 0 ? r.out : "";
}

/// What the checks of the maps found.
struct Tally {
  int maps = 0, solved = 0, unsolved = 0, presses = 0, shorter_queue = 0;
};

/// Shell commands run by one shell, each with its own output files, for far fewer
/// process starts than one testutil::run each.
class Batch {
 public:
  Batch() {
    char dir[] = "/tmp/check-test-XXXXXX";
    if (!mkdtemp(dir)) throw std::runtime_error("mkdtemp failed");
    dir_ = dir;
  }
  ~Batch() {
    for (std::size_t i = 0; i < count_; ++i)
      for (const char* ext : {".out", ".err", ".status"}) std::remove(file(i, ext).c_str());
    rmdir(dir_.c_str());
  }
  Batch(const Batch&) = delete;
  Batch& operator=(const Batch&) = delete;

  /// Adds `command`; returns its index.
  std::size_t add(const std::string& command) {
    script_ += "( " + command + " ) > " + file(count_, ".out") + " 2> " + file(count_, ".err") + "; echo $? > " +
               file(count_, ".status") + "\n";
    return count_++;
  }

  /// Runs every command, in order; their results by index.
  std::vector<Result> run() {
    testutil::run(script_);
    std::vector<Result> results(count_);
    for (std::size_t i = 0; i < count_; ++i) {
      results[i].out = read_file(file(i, ".out"));
      results[i].err = read_file(file(i, ".err"));
      results[i].status = std::stoi(read_file(file(i, ".status")));
    }
    return results;
  }

 private:
  std::string file(std::size_t i, const char* ext) const { return dir_ + "/" + std::to_string(i) + ext; }
  std::string dir_, script_;
  std::size_t count_ = 0;
};

/// Checks the reference solver's four outputs on `map` with tools/check: lists replay
/// to the target, maps rebuild the very same path as the list of their mode, and a
/// "No solution." output is reported as such and passes --no-solution-ok.
void check_every_mode(const testutil::Map& map, Tally& tally) {
  testutil::Reference ref(map);
  const std::string outputs[] = {ref.solve(false, true), ref.solve(true, true), ref.solve(false, false),
                                 ref.solve(true, false)};
  TempFile file(map.text()), queue_list(outputs[0]), stack_list(outputs[1]), queue_map(outputs[2]),
      stack_map(outputs[3]);
  Batch batch;
  batch.add(std::string(kCheck) + " " + file.path() + " " + queue_list.path());
  batch.add(std::string(kCheck) + " " + file.path() + " " + stack_list.path());
  batch.add(std::string(kCheck) + " --map --print-path " + file.path() + " " + queue_map.path());
  batch.add(std::string(kCheck) + " --map --print-path " + file.path() + " " + stack_map.path());
  batch.add(std::string(kCheck) + " --no-solution-ok " + file.path() + " " + queue_list.path());
  const std::vector<Result> r = batch.run();
  ++tally.maps;

  if (!ref.solved()) {
    ++tally.unsolved;
    const std::string claimed =
        "No solution claimed\nThe discovered map is consistent with the input (not verified by a search)\n";
    for (std::size_t i = 0; i < 4; ++i) {
      EXPECT_EQ(r[i].status, 1) << map.text();
      EXPECT_EQ(r[i].out, claimed) << map.text();
    }
    EXPECT_EQ(r[4].status, 0) << map.text() << r[4].out << r[4].err;
    return;
  }
  ++tally.solved;
  std::size_t lengths[2];
  for (std::size_t stack = 0; stack < 2; ++stack) {
    const std::string& list = outputs[stack];
    const std::size_t moves = lines_of(list).size() - 1;
    lengths[stack] = moves;
    const std::string verdict = "Processed " + std::to_string(moves) + (moves == 1 ? " move" : " moves") +
                                ", all valid\nReaches the target\n";
    const Result& checked_list = r[stack];
    EXPECT_EQ(checked_list.status, 0) << map.text() << list << checked_list.out << checked_list.err;
    EXPECT_EQ(checked_list.out, verdict) << map.text() << list;
    const Result& checked_map = r[2 + stack];
    EXPECT_EQ(checked_map.status, 0) << map.text() << outputs[2 + stack] << checked_map.out << checked_map.err;
    EXPECT_EQ(checked_map.out, list + verdict) << map.text() << outputs[2 + stack];
    std::string previous = "^";
    for (const auto& line : lines_of(list)) {
      if (line.substr(1, 1) != previous) ++tally.presses;
      previous = line.substr(1, 1);
    }
  }
  if (lengths[0] < lengths[1]) ++tally.shorter_queue;
}

TEST(AcceptTest, TheReferencesOutputsOnRandomMapsPassInEveryMode) {
  testutil::Rng rng{281};
  Tally tally;
  for (int i = 0; i < 200; ++i) {
    check_every_mode(testutil::random_map(rng, 12, 12, 3, 3), tally);
    if (HasFailure()) break;
  }
  std::printf("random maps: %d, solved %d, no solution %d, presses on paths %d, queue shorter %d\n", tally.maps,
              tally.solved, tally.unsolved, tally.presses, tally.shorter_queue);
  EXPECT_EQ(tally.maps, 200);
  // The maps must exercise the interesting cases, not just open floor.
  EXPECT_GE(tally.solved, 80);
  EXPECT_GE(tally.unsolved, 20);
  EXPECT_GE(tally.presses, 100);
  EXPECT_GE(tally.shorter_queue, 20);
}

TEST(AcceptTest, TheReferencesOutputsOnMapgenMapsPassInEveryMode) {
  if (access("tools/mapgen", X_OK) != 0) GTEST_SKIP() << "tools/mapgen is not built";
  testutil::Rng rng{7};
  Tally tally;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    std::string text = mapgen_map(rng, seed), error;
    ASSERT_NE(text, "") << "tools/mapgen failed for seed " << seed;
    const testutil::Map map = testutil::read_map(text, error);
    ASSERT_EQ(error, "") << text;
    check_every_mode(map, tally);
    if (HasFailure()) break;
  }
  std::printf("mapgen maps: %d, solved %d, no solution %d, presses on paths %d\n", tally.maps, tally.solved,
              tally.unsolved, tally.presses);
  EXPECT_EQ(tally.maps, 40);
  EXPECT_GE(tally.solved, 15);
}

}  // namespace
