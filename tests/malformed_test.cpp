// Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
// A catalogue of malformed inputs and illegal command lines, and of the sloppy but
// valid inputs a hand-edited file brings (Windows line ends, trailing blanks, ...).
// Every bad case runs through the binary: exit status 1, nothing on stdout, one line
// "puzzle: error: ..." on stderr naming the problem (a keyword per class) and, where
// the problem sits on a line, "line N" and "column N". Map cases also go through
// puzzle::parse_puzzle, which must throw puzzle::Error with the same message.
// Every good case must give exactly the spec's expected output.
// Then: the fuzz regressions (tests/fuzz/regressions/) replayed, and seeded byte-level
// mutations of the spec maps fed in-process (no crash, Error or a full answer).

#include "puzzle.cpp"

#include <dirent.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "tests/util.h"

namespace {

using testutil::read_file;
using testutil::run_puzzle;

// ==== The catalogue of bad inputs ==================================================

struct Bad {
  std::string name;     ///< test name: letters, digits and '_' only
  std::string args;     ///< command line for the binary
  std::string input;    ///< standard input
  std::string keyword;  ///< must appear in the message
  int line = 0;         ///< "line N" must appear, if not 0
  int column = 0;       ///< "column N" must appear, if not 0
};

/// Names a case in GoogleTest's messages (instead of a byte dump).
void PrintTo(const Bad& c, std::ostream* os) { *os << c.name; }

const char kSimple[] =
    "2 4 7\n// A simple example puzzle\n// 2 colors (A, B)\n// 4x7 grid\n"
    "@..A..b\n.a.#B##\n####...\n?..B.^^\n";

/// A map case: run with -q.
Bad map_case(std::string name, std::string input, std::string keyword, int line = 0, int column = 0) {
  return {std::move(name), "-q", std::move(input), std::move(keyword), line, column};
}
/// A command-line case on a good map.
Bad option_case(std::string name, std::string args, std::string keyword) {
  return {std::move(name), std::move(args), kSimple, std::move(keyword), 0, 0};
}

std::string hex(unsigned char c) {
  static const char digits[] = "0123456789ABCDEF";
  return std::string{digits[c >> 4], digits[c & 15]};
}

std::vector<Bad> header_cases() {
  return {
      map_case("EmptyInput", "", "empty input"),
      map_case("OnlyNewlines", "\n\n\n", "three numbers", 1),
      map_case("OnlyBlanks", "   \t \n", "three numbers", 1),
      map_case("HeaderOnly", "2 4 7\n", "0 rows", 1),
      map_case("HeaderOnlyNoNewline", "2 4 7", "0 rows", 1),
      map_case("HeaderAndCommentsOnly", "2 4 7\n// a\n// b\n", "0 rows", 3),
      map_case("HeaderWithAWord", "2 four 7\n@?\n", "height", 1, 3),
      map_case("HeaderLetterGluedToNumber", "2 4x 7\n@?\n", "height", 1, 4),
      map_case("HeaderHexNumber", "0x2 1 2\n@?\n", "num_colors", 1, 2),
      map_case("HeaderDecimalPoint", "2.0 1 2\n@?\n", "num_colors", 1, 2),
      map_case("HeaderNegativeHeight", "0 -1 2\n@?\n", "height", 1, 3),
      map_case("HeaderNegativeColors", "-1 1 2\n@?\n", "num_colors", 1, 1),
      map_case("HeaderPlusSign", "0 +1 2\n@?\n", "height", 1, 3),
      map_case("HeaderCommaSeparated", "0,1,2\n@?\n", "num_colors", 1, 2),
      map_case("HeaderWidthOver32Bits", "0 1 4294967296\n@?\n", "32 bits", 1, 5),
      map_case("HeaderColorsOver32Bits", "99999999999999999999999999 1 2\n@?\n", "32 bits", 1, 1),
      map_case("HeaderHeightOver32Bits", "0 18446744073709551617 2\n@?\n", "32 bits", 1, 3),
      map_case("HeaderTwoNumbers", "2 4\n@?\n", "three numbers", 1),
      map_case("HeaderOneNumber", "2\n", "three numbers", 1),
      map_case("HeaderFourNumbers", "0 1 2 3\n@?\n", "more than three", 1, 7),
      map_case("HeaderTrailingWord", "0 1 2 x\n@?\n", "more than three", 1, 7),
      map_case("HeaderSplitOverTwoLines", "0 1\n2\n@?\n", "three numbers", 1),
      map_case("HeaderAfterAComment", "// first\n0 1 2\n@?\n", "num_colors", 1, 1),
      map_case("HeaderAfterABlankLine", "\n0 1 2\n@?\n", "three numbers", 1),
      map_case("WidthZero", "0 1 0\n\n", "width is 0", 1),
      map_case("HeightZero", "0 0 2\n", "height is 0", 1),
      map_case("HeightAndWidthZero", "0 0 0\n", "is 0", 1),
      map_case("Colors27", "27 1 2\n@?\n", "num_colors is 27", 1),
      map_case("Colors4294967295", "4294967295 1 2\n@?\n", "num_colors is 4294967295", 1),
      // 26 * 4294967295 * 4294967295 overflows 64 bits; the rows are checked, not allocated.
      map_case("SizesOverflow64Bits", "26 4294967295 4294967295\n@?\n", "width", 2),
      map_case("SizesOverflow64BitsNoRows", "26 4294967295 4294967295\n", "0 rows", 1),
      map_case("HugeMapShortInput", "0 100000 100000\n@?\n", "width", 2),
      map_case("HeaderWithNul", std::string("0\0 1 2\n@?\n", 10), "num_colors", 1, 2),
      map_case("HeaderWithCarriageReturnInside", "0 1\r2\n@?\n", "carriage return", 1, 4),
  };
}

std::vector<Bad> shape_cases() {
  return {
      map_case("CommentAfterTheMapStarted", "0 2 2\n@?\n// late\n", "comment", 3, 1),
      map_case("FewerRowsThanHeight", "0 3 2\n@?\n..\n", "2 rows", 3),
      map_case("TruncatedInTheLastRow", "2 4 7\n// c\n@..A..b\n.a.#B##\n####...\n?..B", "width", 6),
      map_case("TruncatedMidRow", "2 4 7\n@..A..b\n.a.#B", "width", 3),
      map_case("ShortRow", "0 2 3\n@.?\n..\n", "width", 3),
      map_case("EmptyRow", "0 2 3\n@.?\n\n...\n", "width", 3),
      map_case("LongRow", "0 2 3\n@.?\n....\n", "width", 3),
      map_case("LongFirstRow", "0 1 2\n@?.\n", "width", 2),
      map_case("BlankLineBeforeTheMap", "0 1 2\n\n@?\n", "width", 2),
      map_case("BlankLineInsideTheMap", "0 2 2\n@?\n\n..\n", "width", 3),
      map_case("LeadingSpaceShiftsTheRow", "0 1 3\n @?\n", "space", 2, 1),
      map_case("SpacesInsteadOfRow", "0 1 2\n  \n", "width", 2),
      map_case("CarriageReturnOnlyLineEnds", "0 2 2\r@.\r.?\r", "carriage return", 1, 6),
      map_case("CarriageReturnInsideARow", "0 1 3\n@\r?\n", "carriage return", 2, 2),
      map_case("TwoCarriageReturnsAtTheEnd", "0 1 2\n@?\r\r\n", "carriage return", 2, 3),
      map_case("CarriageReturnInAComment", "0 1 2\n// a\rb\n@?\n", "carriage return", 2, 5),
      map_case("NulInARow", std::string("0 1 3\n@\0?\n", 10), "\\x00", 2, 2),
      map_case("NulAsTheWholeRow", std::string("0 1 1\n\0\n", 8), "\\x00", 2, 1),
      map_case("Byte80InARow", "0 1 3\n@\x80?\n", "\\x80", 2, 2),
      map_case("Utf8InARow", "0 1 4\n@\xC3\xA9?\n", "\\xC3", 2, 2),
      map_case("ByteFFInARow", "0 1 3\n@\xFF?\n", "\\xFF", 2, 2),
      map_case("TabInsideARow", "0 1 3\n@\t?\n", "tab", 2, 2),
      map_case("NotAMapAtAll", "Hello, world!\nThis is not a puzzle.\n", "num_colors", 1, 1),
      map_case("MapWithoutHeader", "@..\n..?\n", "num_colors", 1, 1),
      map_case("BinaryGarbage", std::string("\x7F" "ELF\x02\x01\x01\0\0\0", 10), "num_colors", 1, 1),
  };
}

std::vector<Bad> symbol_cases() {
  std::vector<Bad> cases = {
      map_case("NoStart", "0 1 2\n.?\n", "no '@'"),
      map_case("NoTarget", "0 1 2\n@.\n", "no '?'"),
      map_case("NoStartNoTarget", "0 1 2\n..\n", "no '@'"),
      map_case("TwoStartsSameRow", "0 1 3\n@@?\n", "second '@'", 2, 2),
      map_case("TwoStartsOtherRows", "0 3 1\n@\n?\n@\n", "second '@'", 4, 1),
      map_case("TwoTargets", "0 1 3\n@??\n", "second '?'", 2, 3),
      map_case("TwoTargetsOtherRows", "0 2 2\n?@\n.?\n", "second '?'", 3, 2),
      map_case("ThreeStarts", "0 1 4\n@@@?\n", "second '@'", 2, 2),
      map_case("DoorBeyondColors", "2 1 3\n@C?\n", "beyond", 2, 2),
      map_case("ButtonBeyondColors", "2 1 3\n@c?\n", "beyond", 2, 2),
      map_case("DoorZWith25Colors", "25 1 3\n@Z?\n", "beyond", 2, 2),
      map_case("ButtonZWith25Colors", "25 1 3\n@z?\n", "beyond", 2, 2),
      map_case("DoorWithZeroColors", "0 1 3\n@A?\n", "0 colors", 2, 2),
      map_case("ButtonWithZeroColors", "0 1 3\n@a?\n", "0 colors", 2, 2),
      map_case("DoorBeyondColorsInLastRow", "1 3 3\n@..\n...\n.B?\n", "beyond", 4, 2),
  };
  // Every printable ASCII character that is not a map symbol: the character itself is
  // named, in quotes, at line 3, column 2 (letters are valid with 26 colors).
  for (int c = 0x21; c < 0x7F; ++c) {
    char ch = static_cast<char>(c);
    if (std::string("@?.#^").find(ch) != std::string::npos) continue;
    if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z')) continue;
    cases.push_back(map_case("InvalidChar" + hex(static_cast<unsigned char>(c)),
                             std::string("26 2 3\n@.?\n.") + ch + ".\n",
                             std::string("'") + ch + "'", 3, 2));
  }
  cases.push_back(map_case("InvalidCharSpace", "26 2 3\n@.?\n. .\n", "space", 3, 2));
  // Control characters (tab, line feed and carriage return have their own cases) and DEL.
  for (int c = 0x00; c < 0x20; ++c) {
    if (c == '\t' || c == '\n' || c == '\r') continue;
    cases.push_back(map_case("ControlChar" + hex(static_cast<unsigned char>(c)),
                             std::string("26 2 3\n@.?\n.") + static_cast<char>(c) + ".\n",
                             "\\x" + hex(static_cast<unsigned char>(c)), 3, 2));
  }
  cases.push_back(map_case("ControlChar7F", "26 2 3\n@.?\n.\x7F.\n", "\\x7F", 3, 2));
  return cases;
}

std::vector<Bad> option_cases() {
  return {
      option_case("StackAndQueue", "--stack --queue", "both"),
      option_case("QueueAndStackShort", "-q -s", "both"),
      option_case("QueueAndStackCombined", "-qs", "both"),
      option_case("NeitherStackNorQueue", "", "--queue"),
      option_case("OnlyOutput", "-o list", "--queue"),
      option_case("QueueTwice", "-q -q", "twice"),
      option_case("StackTwiceMixedSpelling", "--stack -s", "twice"),
      option_case("OutputTwice", "-q -o map -o list", "twice"),
      option_case("OutputTwiceSameValue", "-q --output map -o map", "twice"),
      option_case("OutputBadValue", "-q -o tree", "'tree'"),
      option_case("OutputUppercaseValue", "-q -o MAP", "'MAP'"),
      option_case("OutputEmptyValue", "-q --output=", "map"),
      option_case("OutputWithoutValue", "-q -o", "needs an argument"),
      option_case("OutputLongWithoutValue", "-q --output", "needs an argument"),
      option_case("UnknownShortOption", "-q -x", "'-x'"),
      option_case("UnknownShortInABundle", "-qx", "'-x'"),
      option_case("UnknownLongOption", "-q --eecs281", "--eecs281"),
      option_case("UnknownLongOptionWithValue", "-q --mode=fast", "--mode"),
      option_case("QueueWithAValue", "--queue=yes", "--queue"),
      option_case("StackWithAValue", "--stack=1 -o map", "--stack"),
      option_case("HelpWithAValue", "--help=me", "--help"),
      option_case("StrayArgument", "-q spec-simple.txt", "unexpected argument"),
      option_case("StrayArgumentAfterDoubleDash", "-q -- -s", "unexpected argument"),
      option_case("LoneDash", "-q -", "unexpected argument"),
  };
}

std::vector<Bad> all_cases() {
  std::vector<Bad> all;
  for (auto part : {header_cases(), shape_cases(), symbol_cases(), option_cases()})
    all.insert(all.end(), part.begin(), part.end());
  return all;
}

class MalformedTest : public ::testing::TestWithParam<Bad> {};

TEST_P(MalformedTest, BinaryExitsOneWithOneLineNamingTheProblem) {
  const Bad& c = GetParam();
  testutil::Result r = run_puzzle(c.args, c.input);
  EXPECT_EQ(r.status, 1) << "stderr: " << r.err;
  EXPECT_EQ(r.out, "") << "nothing may reach stdout";
  ASSERT_EQ(r.err.rfind("puzzle: error: ", 0), 0u) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << "one line: " << r.err;
  EXPECT_NE(r.err.find(c.keyword), std::string::npos) << "expected '" << c.keyword << "' in: " << r.err;
  if (c.line) {
    EXPECT_NE(r.err.find("line " + std::to_string(c.line)), std::string::npos)
        << "expected line " << c.line << " in: " << r.err;
  }
  if (c.column) {
    EXPECT_NE(r.err.find("column " + std::to_string(c.column)), std::string::npos)
        << "expected column " << c.column << " in: " << r.err;
  }
}

TEST_P(MalformedTest, InProcessTheSameErrorIsThrown) {
  const Bad& c = GetParam();
  if (c.args != "-q") {
    // A command-line case: parse_options must throw on the same words.
    std::vector<std::string> words{"puzzle"};
    for (std::size_t pos = 0; pos < c.args.size();) {
      std::size_t end = c.args.find(' ', pos);
      if (end == std::string::npos) end = c.args.size();
      words.push_back(c.args.substr(pos, end - pos));
      pos = end + 1;
    }
    std::vector<char*> argv;
    for (auto& w : words) argv.push_back(&w[0]);
    argv.push_back(nullptr);
    try {
      puzzle::parse_options(static_cast<int>(words.size()), argv.data());
      ADD_FAILURE() << "parse_options accepted: " << c.args;
    } catch (const puzzle::Error& e) {
      EXPECT_NE(std::string(e.what()).find(c.keyword), std::string::npos) << e.what();
    }
    return;
  }
  try {
    puzzle::parse_puzzle(c.input);
    ADD_FAILURE() << "parse_puzzle accepted the input";
  } catch (const puzzle::Error& e) {
    std::string what = e.what();
    EXPECT_NE(what.find(c.keyword), std::string::npos) << what;
    if (c.line) {
      EXPECT_NE(what.find("line " + std::to_string(c.line)), std::string::npos) << what;
    }
    if (c.column) {
      EXPECT_NE(what.find("column " + std::to_string(c.column)), std::string::npos) << what;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Catalogue, MalformedTest, ::testing::ValuesIn(all_cases()),
                         [](const ::testing::TestParamInfo<Bad>& info) { return info.param.name; });

TEST(MalformedCatalogueTest, CoversEveryInvalidPrintableCharacterAndEveryClass) {
  std::vector<Bad> all = all_cases();
  std::size_t chars = 0;
  for (const Bad& c : all) chars += c.name.rfind("InvalidChar", 0) == 0 || c.name.rfind("ControlChar", 0) == 0;
  // 38 printable non-symbols (punctuation, digits, space), 29 control bytes, DEL.
  EXPECT_EQ(chars, 38u + 29u + 1u);
  EXPECT_GE(all.size() - chars, 30u);
  std::vector<std::string> names;
  for (const Bad& c : all) names.push_back(c.name);
  std::sort(names.begin(), names.end());
  EXPECT_EQ(std::adjacent_find(names.begin(), names.end()), names.end()) << "duplicate case name";
}

// ==== Sloppy but valid input ======================================================

std::string expected(const std::string& name) { return read_file("spec-inputs/out-spec-simple-" + name + ".txt"); }

/// Replaces every "\n" of `text` with `eol`.
std::string with_line_ends(const std::string& text, const std::string& eol) {
  std::string out;
  for (char c : text) {
    if (c == '\n') out += eol;
    else out += c;
  }
  return out;
}

struct Good {
  std::string name;
  std::string input;  ///< a variant of spec-simple.txt
};

std::vector<Good> good_cases() {
  const std::string rows = "@..A..b\n.a.#B##\n####...\n?..B.^^\n";
  std::string all_printable = "//";
  for (int c = 0x20; c < 0x7F; ++c) all_printable += static_cast<char>(c);
  std::string many_comments;
  for (int i = 0; i < 100; ++i) many_comments += "// comment " + std::to_string(i) + "\n";
  return {
      {"CrlfEverywhere", with_line_ends(kSimple, "\r\n")},
      {"CrlfWithoutFinalLineEnd", with_line_ends("2 4 7\n@..A..b\n.a.#B##\n####...\n?..B.^^", "\r\n")},
      {"CrlfOnlyInTheHeader", "2 4 7\r\n" + rows},
      {"TrailingSpacesAfterRows", "2 4 7\n@..A..b  \n.a.#B## \n####...\t\n?..B.^^ \t \n"},
      {"TrailingBlanksAndCrlf", "2 4 7\r\n@..A..b \r\n.a.#B##\t\r\n####...\r\n?..B.^^  \r\n"},
      {"BlankLinesAfterTheMap", "2 4 7\n" + rows + "\n\n\n"},
      {"BlankishLinesAfterTheMap", "2 4 7\n" + rows + "   \n\t\n\r\n \t \r\n"},
      {"NoNewlineAtTheEnd", "2 4 7\n@..A..b\n.a.#B##\n####...\n?..B.^^"},
      {"NoNewlineAfterTrailingSpaces", "2 4 7\n@..A..b\n.a.#B##\n####...\n?..B.^^  "},
      {"CommentWithEveryPrintableCharacter", "2 4 7\n" + all_printable + "\n" + rows},
      {"CommentWithTabsAndHighBytes", "2 4 7\n//\t\x80\xC3\xA9\xFF\x01\x7F\n" + rows},
      {"CommentThatLooksLikeAMap", "2 4 7\n//@..A..b\n// 0 0 0\n//?\n" + rows},
      {"EmptyComment", "2 4 7\n//\n" + rows},
      {"ManyComments", "2 4 7\n" + many_comments + rows},
      {"HeaderWithExtraSpaces", "2   4  7\n" + rows},
      {"HeaderWithTabs", "2\t4\t\t7\n" + rows},
      {"HeaderWithLeadingAndTrailingBlanks", "  2 4 7 \t \n" + rows},
      {"HeaderWithLeadingZeros", "002 04 0007\n" + rows},
  };
}

void PrintTo(const Good& g, std::ostream* os) { *os << g.name; }

class GoodInputTest : public ::testing::TestWithParam<Good> {};

TEST_P(GoodInputTest, AcceptedWithTheSpecOutputInEveryMode) {
  const Good& g = GetParam();
  for (const char* mode : {"queue-map", "queue-list", "stack-map", "stack-list"}) {
    std::string m = mode;
    std::string args = std::string("--") + m.substr(0, 5) + " -o " + m.substr(6);
    testutil::Result r = run_puzzle(args, g.input);
    EXPECT_EQ(r.status, 0) << args << ": " << r.err;
    EXPECT_EQ(r.err, "") << args;
    EXPECT_EQ(r.out, expected(m)) << args;
  }
}

INSTANTIATE_TEST_SUITE_P(Sloppy, GoodInputTest, ::testing::ValuesIn(good_cases()),
                         [](const ::testing::TestParamInfo<Good>& info) { return info.param.name; });

TEST(GoodInputTest, WhatFollowsTheMapIsIgnoredWithAWarning) {
  // As a solver that reads `height` rows and stops: the output is the map's alone, and
  // stderr names the first line that holds something (blank lines before it do not).
  const std::string rows = "@..A..b\n.a.#B##\n####...\n?..B.^^\n";
  struct Case { std::string after; int line; };
  const Case cases[] = {
      {"// a comment after the map\n", 6},
      {"@..A..b\n", 6},               // a fifth row: the header says 4
      {"\n \t\n#######\n", 8},       // after blank lines
      {"xyz+=~ and what not", 6},     // anything, without a final newline
      {"..\r\nmore\r\n", 6},          // CRLF
      {"a\rb\n", 6},                  // even a carriage return inside a line
  };
  for (const Case& c : cases) {
    const std::string input = "2 4 7\n" + rows + c.after;
    for (const char* mode : {"queue-map", "queue-list", "stack-map", "stack-list"}) {
      const std::string m = mode;
      testutil::Result r = run_puzzle("--" + m.substr(0, 5) + " -o " + m.substr(6), input);
      EXPECT_EQ(r.status, 0) << mode << ": " << r.err;
      EXPECT_EQ(r.out, expected(m)) << mode;
      EXPECT_EQ(r.err, "puzzle: warning: line " + std::to_string(c.line) + ": ignoring what follows the map's 4 rows\n")
          << mode << " after " << c.after;
    }
  }
  // In process, the warning goes to the sink's warnings, not into the output.
  std::string out, warnings;
  puzzle::Sink sink(&out, &warnings);
  puzzle::Options options;
  options.container = puzzle::Container::queue;
  puzzle::run("0 1 2\n@?\n..\n", options, sink);
  EXPECT_EQ(out, "// color ^\n@?\n");
  EXPECT_EQ(warnings, "line 3: ignoring what follows the map's 1 row\n");
}

TEST(StreamTest, AMapTypedAtATerminalIsAskedFor) {
  // With a terminal as standard input, the solver says on stderr what it waits for and
  // how to end it; through a pipe it says nothing (every other test here).
  testutil::Result r = testutil::run("python3 tests/scripts/pty-run --stdin " + testutil::puzzle_bin() + " -q -o list",
                                     "0 1 2\n@?\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "puzzle: reading a map from the terminal: type or paste it, then press Ctrl-D on a new line\n"
                   "(to read a file: puzzle -q < MAP)\n");
  EXPECT_EQ(r.out, "(^, (0, 0))\n(^, (0, 1))\n");
}

TEST(GoodInputTest, ZeroColorsWithTrapsIsValid) {
  // With 0 colors a trap is still a symbol; the path crosses it without a layer change.
  const std::string input = "0 2 4\n@^^.\n#^#?\n";
  testutil::Result r = run_puzzle("-q -o list", input);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "(^, (0, 0))\n(^, (0, 1))\n(^, (0, 2))\n(^, (0, 3))\n(^, (1, 3))\n");
  r = run_puzzle("-s", input);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "// color ^\n@+++\n#.#?\n") << "traps off the path show as dots; one layer only";
}

TEST(GoodInputTest, TwentySixColorsAcceptEveryLetter) {
  std::string row1 = "@", row2 = "?";
  for (char c = 'a'; c <= 'z'; ++c) row1 += c;
  for (char c = 'A'; c <= 'Z'; ++c) row2 += c;
  testutil::Result r = run_puzzle("-q -o list", "26 2 27\n" + row1 + "\n" + row2 + "\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "(^, (0, 0))\n(^, (1, 0))\n");
}

TEST(GoodInputTest, OneByOneCannotHoldBothSymbolsButOneByTwoCan) {
  EXPECT_EQ(run_puzzle("-q", "0 1 1\n@\n").status, 1);
  testutil::Result r = run_puzzle("-q -o list", "0 1 2\n?@\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "(^, (0, 1))\n(^, (0, 0))\n");
}

// ==== Shapes at the edges of the solver's memory layout ==============================
// The search stores cells in tiles (powers of two: 8 x 16, 128 x 1, ...) and transposes
// maps taller than wide; a step across a tile edge or the map's border is where an out
// of bounds access would hide. Open floor from one corner to the other, both ways:
// the queue's path must be a shortest one (height + width - 1 states) and every step
// must be to a neighbour; walled in, the target is never discovered and everything
// else is. Under make sanitize these run with AddressSanitizer.

std::string open_map(std::uint32_t h, std::uint32_t w, bool reverse, bool walled) {
  std::vector<std::string> rows(h, std::string(w, '.'));
  std::uint32_t sr = reverse ? h - 1 : 0, sc = reverse ? w - 1 : 0;
  std::uint32_t tr = reverse ? 0 : h - 1, tc = reverse ? 0 : w - 1;
  rows[sr][sc] = '@';
  rows[tr][tc] = '?';
  if (walled) {
    for (int d = 0; d < 4; ++d) {
      long r = long{tr} + (d == 0 ? -1 : d == 2 ? 1 : 0), c = long{tc} + (d == 1 ? 1 : d == 3 ? -1 : 0);
      if (r >= 0 && c >= 0 && r < long{h} && c < long{w} && rows[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] == '.')
        rows[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] = '#';
    }
  }
  std::string text = "0 " + std::to_string(h) + " " + std::to_string(w) + "\n";
  for (const std::string& row : rows) text += row + "\n";
  return text;
}

TEST(ShapeSweepTest, CornerToCornerOnEveryShapeAroundTileEdges) {
  const std::uint32_t sizes[] = {1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129, 130, 255, 256, 257};
  puzzle::Options queue_list;
  queue_list.container = puzzle::Container::queue;
  queue_list.output = puzzle::OutputMode::list;
  puzzle::Options stack_list = queue_list;
  stack_list.container = puzzle::Container::stack;
  int maps = 0;
  for (std::uint32_t h : sizes) {
    for (std::uint32_t w : sizes) {
      if (h * w < 2) continue;
      for (bool reverse : {false, true}) {
        std::string map = open_map(h, w, reverse, false);
        SCOPED_TRACE(std::to_string(h) + " x " + std::to_string(w) + (reverse ? " reversed" : ""));
        std::string out = puzzle::run_to_string(map, queue_list);
        ASSERT_EQ(std::count(out.begin(), out.end(), '\n'), long{h} + long{w} - 1) << "not a shortest path";
        for (const puzzle::Options& options : {queue_list, stack_list}) {
          out = puzzle::run_to_string(map, options);
          long pr = -1, pc = -1, r = 0, c = 0;
          std::size_t pos = 0;
          int n = 0;
          while (pos < out.size()) {
            const std::string line = out.substr(pos, out.find('\n', pos) - pos);  // sscanf reads to the NUL
            ASSERT_EQ(std::sscanf(line.c_str(), "(^, (%ld, %ld))", &r, &c), 2) << line;
            ASSERT_TRUE(r >= 0 && c >= 0 && r < long{h} && c < long{w}) << r << ", " << c;
            if (n++ > 0) {
              ASSERT_EQ(std::labs(r - pr) + std::labs(c - pc), 1) << "a jump at " << r << ", " << c;
            }
            pr = r;
            pc = c;
            pos = out.find('\n', pos) + 1;
          }
          EXPECT_EQ(pr, reverse ? 0 : long{h} - 1);
          EXPECT_EQ(pc, reverse ? 0 : long{w} - 1);
        }
        // Walled in: "No solution." and the map less its target ('?' becomes '#'). On
        // 1 x 2 and 2 x 1 the start touches the target and no wall can come between.
        if (h + w == 3) continue;
        std::string walled = open_map(h, w, reverse, true);
        std::string expected_rows = walled.substr(walled.find('\n') + 1);
        std::replace(expected_rows.begin(), expected_rows.end(), '?', '#');
        EXPECT_EQ(puzzle::run_to_string(walled, queue_list), "No solution.\nDiscovered:\n" + expected_rows);
        ++maps;
      }
    }
  }
  EXPECT_GT(maps, 900);
}

TEST(ShapeSweepTest, ThinMapsBothWays) {
  puzzle::Options options;
  options.container = puzzle::Container::queue;
  options.output = puzzle::OutputMode::list;
  for (std::uint32_t len : {1000u, 4095u, 4096u, 4097u, 20000u}) {
    for (std::uint32_t thick : {1u, 2u, 3u}) {
      for (bool tall : {false, true}) {
        std::uint32_t h = tall ? len : thick, w = tall ? thick : len;
        SCOPED_TRACE(std::to_string(h) + " x " + std::to_string(w));
        std::string out = puzzle::run_to_string(open_map(h, w, false, false), options);
        EXPECT_EQ(std::count(out.begin(), out.end(), '\n'), long{h} + long{w} - 1);
        EXPECT_EQ(out.rfind("(^, (0, 0))\n", 0), 0u);
        std::string last = "(^, (" + std::to_string(h - 1) + ", " + std::to_string(w - 1) + "))\n";
        EXPECT_EQ(out.substr(out.size() - last.size()), last);
      }
    }
  }
}

// ==== Standard input and output that are not plain files ============================
// The redirections inside the command replace the ones testutil::run adds around it.

TEST(StreamTest, StandardInputThatIsADirectoryIsAnErrorNotACrash) {
  testutil::Result r = testutil::run(testutil::puzzle_bin() + " -q < /");
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_EQ(r.err.rfind("puzzle: error: ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find("cannot read standard input: Is a directory"), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "");
}

TEST(StreamTest, ClosedStandardInputIsAnError) {
  testutil::Result r = testutil::run(testutil::puzzle_bin() + " -q <&-");
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_EQ(r.err.rfind("puzzle: error: ", 0), 0u) << r.err;
}

TEST(StreamTest, ABadHeaderIsRejectedWithoutWaitingForTheEndOfTheInput) {
  // `yes | puzzle -q` or `puzzle -q < /dev/zero` never end: a solver that reads all of
  // standard input before it looks at the header fills the memory first. Here the
  // writer stalls for 3 seconds after a bad first line; the solver has 2.
  testutil::Result r = testutil::run("{ printf 'not a map\\n'; sleep 3; } | timeout 2 " +
                                     testutil::puzzle_bin() + " -q");
  EXPECT_EQ(r.status, 1) << "124 means it waited for the end of the input: " << r.err;
  EXPECT_NE(r.err.find("num_colors"), std::string::npos) << r.err;
}

TEST(StreamTest, ReadsAFileFromWhereStandardInputStandsNotFromItsStart) {
  // The shell reads the first line of the file; the solver gets the rest, as it would
  // through a pipe, and must not rewind to bytes that were never given to it.
  std::string input = std::string("junk line\n") + kSimple;
  for (const char* how : {"cat | ", ""}) {
    testutil::Result r = testutil::run(std::string("IFS= read -r skipped; ") + how +
                                       testutil::puzzle_bin() + " -q -o list", input);
    const char* label = *how ? "through a pipe: " : "from the file: ";
    EXPECT_EQ(r.status, 0) << label << r.err;
    EXPECT_EQ(r.out, expected("queue-list")) << label;
  }
}

TEST(StreamTest, AFullDiskIsReportedWithExitOne) {
  // The answer cannot be written: exit 0 would tell the caller it was.
  testutil::Result r = testutil::run(testutil::puzzle_bin() + " -q > /dev/full", kSimple);
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(r.err.find("cannot write the output to standard output: No space left on device"), std::string::npos) << r.err;
}

TEST(StreamTest, ClosedStandardOutputIsReportedWithExitOne) {
  testutil::Result r = testutil::run(testutil::puzzle_bin() + " -s -o list >&-", kSimple);
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(r.err.find("write"), std::string::npos) << r.err;
}

TEST(StreamTest, HelpToAFullDiskIsReportedWithExitOne) {
  testutil::Result r = testutil::run(testutil::puzzle_bin() + " --help > /dev/full");
  EXPECT_EQ(r.status, 1) << r.err;
}

// ==== Replays and mutations ========================================================

/// Files in `dir`, sorted; empty if the folder is missing.
std::vector<std::string> files_in(const std::string& dir) {
  std::vector<std::string> files;
  if (DIR* d = opendir(dir.c_str())) {
    while (dirent* e = readdir(d))
      if (e->d_name[0] != '.') files.push_back(dir + "/" + e->d_name);
    closedir(d);
  }
  std::sort(files.begin(), files.end());
  return files;
}

/// A word quoted for /bin/sh.
std::string shell_quote(const std::string& word) {
  std::string q = "'";
  for (char c : word) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

/// The command line and the map of a fuzz input (tests/fuzz/puzzle_fuzz.cpp's layout):
/// the first byte picks the options, or, with a high nibble of 0xF, the first line
/// holds them (words between single spaces).
std::pair<std::string, std::string> split_fuzz_input(const std::string& data) {
  auto mode = static_cast<unsigned char>(data[0]);
  std::string rest = data.substr(1);
  if ((mode & 0xF0) != 0xF0)
    return {std::string(mode & 1 ? "-s" : "-q") + (mode & 2 ? " -o list" : " -o map"), rest};
  std::size_t end = rest.find('\n');
  std::string line = rest.substr(0, end), map = end == std::string::npos ? "" : rest.substr(end + 1);
  std::string args;
  for (std::size_t pos = 0;;) {
    std::size_t space = line.find(' ', pos);
    args += " " + shell_quote(line.substr(pos, space == std::string::npos ? std::string::npos : space - pos));
    if (space == std::string::npos) break;
    pos = space + 1;
  }
  return {args, map};
}

TEST(RegressionTest, FuzzFindingsReplayCleanly) {
  // Each file is a fuzz input that once broke the solver, or a guard of a dangerous
  // class (sizes that overflow, CR-only line ends, ...). Through the binary it must
  // exit 0 with output or 1 with one message and nothing on stdout, never crash (under
  // make sanitize, never a sanitizer report).
  std::vector<std::string> files = files_in("tests/fuzz/regressions");
  ASSERT_FALSE(files.empty()) << "tests/fuzz/regressions/ is missing";
  for (const std::string& file : files) {
    std::string data = read_file(file);
    if (data.empty()) continue;
    auto [args, map] = split_fuzz_input(data);
    testutil::Result r = run_puzzle(args, map);
    EXPECT_TRUE(r.status == 0 || r.status == 1) << file << ": exit " << r.status << "\n" << r.err;
    if (r.status == 0) {
      EXPECT_FALSE(r.out.empty()) << file;
      EXPECT_EQ(r.err, "") << file;
    } else if (r.status == 1) {
      EXPECT_EQ(r.err.rfind("puzzle: error: ", 0), 0u) << file << ": " << r.err;
      EXPECT_EQ(r.out, "") << file;
    }
  }
}

/// A small deterministic generator (splitmix64), for reproducible mutations.
struct Rng {
  std::uint64_t state;
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  std::size_t below(std::size_t n) { return static_cast<std::size_t>(next() % n); }
};

TEST(MutationTest, ByteLevelMutationsOfTheSpecMapsNeverEscapeAsAnythingButError) {
  // 20000 seeded mutations: flip, insert, delete or duplicate bytes, favouring the
  // characters that matter to the parser. Each must solve (non-empty output that
  // starts like an answer) or throw puzzle::Error with a message.
  const char kInteresting[] = "@?.#^aAzZ/\r\n\t 0123456789-\xFF";
  std::vector<std::string> seeds;
  for (const char* f : {"spec-simple.txt", "spec-full.txt", "spec-simple-no.txt", "spec-full-no.txt"})
    seeds.push_back(read_file(std::string("spec-inputs/") + f));
  Rng rng{281};
  int accepted = 0, refused = 0;
  for (int i = 0; i < 20000; ++i) {
    std::string text = seeds[rng.below(seeds.size())];
    for (std::size_t n = 1 + rng.below(4); n > 0; --n) {
      std::size_t pos = rng.below(text.size() + 1);
      char c = rng.below(3) ? kInteresting[rng.below(sizeof kInteresting - 1)] : static_cast<char>(rng.below(256));
      switch (rng.below(4)) {
        case 0: if (pos < text.size()) text[pos] = c; break;
        case 1: text.insert(pos, 1, c); break;
        case 2: if (pos < text.size()) text.erase(pos, 1 + rng.below(3)); break;
        default: text.insert(pos, text.substr(pos, rng.below(12))); break;
      }
    }
    puzzle::Options options;
    options.container = i & 1 ? puzzle::Container::stack : puzzle::Container::queue;
    options.output = i & 2 ? puzzle::OutputMode::list : puzzle::OutputMode::map;
    try {
      std::string out = puzzle::run_to_string(text, options);
      ++accepted;
      bool answer = out.rfind("// color ^\n", 0) == 0 || out.rfind("(^, (", 0) == 0 ||
                    out.rfind("No solution.\n", 0) == 0;
      ASSERT_TRUE(answer) << "mutation " << i << " gave:\n" << out << "\nfrom:\n" << text;
    } catch (const puzzle::Error& e) {
      ++refused;
      ASSERT_STRNE(e.what(), "") << "mutation " << i;
    }
  }
  // Both outcomes must really occur, or the mutations test nothing.
  EXPECT_GT(accepted, 1000);
  EXPECT_GT(refused, 1000);
}

}  // namespace
