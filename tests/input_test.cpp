// Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
// Tests of the input: the parser reads the header and the cells; every bad map of the
// catalogue (tools/bad-inputs.txt, through tests/util.h) is rejected by the binary and by parse_puzzle with one
// message naming the line and column; the sloppy but valid input a hand-edited file
// brings (Windows line ends, trailing blanks, ...) gives exactly the spec's outputs;
// standard input and output that are not plain files; the fuzz regressions replayed;
// and seeded byte-level mutations of the spec's maps, each rejected with a message or
// answered exactly as the reference solver answers.

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "tests/util.h"

namespace {

using namespace testutil;  // tests/util.h

std::string parse_error(const std::string& input) {
  try {
    puzzle::parse_puzzle(input);
  } catch (const puzzle::Error& e) {
    return e.what();
  }
  return "";
}

/// The map the solver read, as the reference solver takes it.
Map map_of(const puzzle::Puzzle& p) {
  Map m;
  m.colors = p.colors, m.height = p.height, m.width = p.width;
  m.rows.assign(p.height, std::string(p.width, '.'));
  for (std::uint32_t r = 0; r < p.height; ++r)
    for (std::uint32_t c = 0; c < p.width; ++c) m.rows[r][c] = p.at(r, c);
  return m;
}

/// spec-simple's expected output in a mode ("queue-map", "stack-list", ...).
std::string expected(const std::string& mode) { return read_file("spec-inputs/out-spec-simple-" + mode + ".txt"); }

// ==== ParseTest: what the parser reads ===============================================

TEST(ParseTest, ReadsTheHeaderAndTheCells) {
  puzzle::Puzzle p = puzzle::parse_puzzle(read_file("spec-inputs/spec-simple.txt"));
  EXPECT_EQ(p.colors, 2u);
  EXPECT_EQ(p.height, 4u);
  EXPECT_EQ(p.width, 7u);
  EXPECT_EQ(p.layout.row_of(p.start), 0u);
  EXPECT_EQ(p.layout.col_of(p.start), 0u);
  EXPECT_EQ(p.layout.row_of(p.target), 3u);
  EXPECT_EQ(p.layout.col_of(p.target), 0u);
  const char* rows[] = {"@..A..b", ".a.#B##", "####...", "?..B.^^"};
  for (std::uint32_t r = 0; r < 4; ++r)
    for (std::uint32_t c = 0; c < 7; ++c) EXPECT_EQ(p.at(r, c), rows[r][c]) << r << "," << c;
}

TEST(ParseTest, AcceptsWindowsLineEndsTrailingBlanksAndNoFinalNewline) {
  const std::string expected = solve(read_file("spec-inputs/spec-simple.txt"), puzzle::Container::queue,
                                     puzzle::OutputMode::map);
  for (const char* input : {
           "2 4 7\r\n// c\r\n@..A..b\r\n.a.#B##\r\n####...\r\n?..B.^^\r\n",
           "2 4 7\n@..A..b \n.a.#B##\t\n####...  \t\n?..B.^^",
           "2 4 7\n@..A..b\n.a.#B##\n####...\n?..B.^^\n\n  \n\r\n",
           "2  4\t7 \n// comment with + and @ and ?\n//\n@..A..b\n.a.#B##\n####...\n?..B.^^\n",
       }) {
    EXPECT_EQ(parse_error(input), "") << input;
    EXPECT_EQ(solve(input, puzzle::Container::queue, puzzle::OutputMode::map), expected) << input;
  }
}

TEST(ParseTest, MessagesBuiltFromACountOrAByteReadRight) {
  // A count of one is singular; a byte named in a message is a noun without an article
  // ("unexpected '\r' (carriage return)", not "unexpected a carriage return").
  EXPECT_EQ(parse_error("0 2 2\n@?\n"), "the map has 1 row, the header says 2 (input ends at line 2)");
  EXPECT_EQ(parse_error("0 3 2\n@?\n..\n"), "the map has 2 rows, the header says 3 (input ends at line 3)");
  EXPECT_EQ(parse_error("0 2 2\n@?\n.\n"), "line 3: map row 1 has 1 character, the header says width 2");
  EXPECT_EQ(parse_error("0 1\r2\n@?\n"), "line 1, column 4: unexpected '\\r' (carriage return) in height");
  EXPECT_EQ(parse_error("0 1 3\n@\t?\n"), "line 2, column 2: invalid character '\\t' (tab) in the map (allowed: @ ? . # ^ "
                                          "and the colors' letters)");
  EXPECT_EQ(parse_error("0\t1 x2\n"), "line 1, column 5: expected width as an unsigned integer, found 'x'");
}

TEST(ParseTest, AnInvalidByteIsFoundInEveryColumnOfEveryLayout) {
  // A tile's row of sixteen cells is translated at once, other spans cell by cell:
  // wide maps (tiles), a map of two rows (plain rows), a tall one (transposed).
  for (const auto& [height, width] : {std::pair{3u, 40u}, std::pair{2u, 300u}, std::pair{40u, 3u}}) {
    std::vector<std::string> rows(height, std::string(width, '.'));
    rows[0][0] = '@';
    rows[height - 1][width - 1] = '?';
    for (const char bad : {'+', 'B', '\x80', '\xff', '\0'})
      for (std::uint32_t row = 0; row < height; ++row)
        for (std::uint32_t col = 0; col < width; ++col) {
          if (rows[row][col] != '.') continue;
          std::string input = "1 " + std::to_string(height) + " " + std::to_string(width) + "\n";
          for (std::uint32_t r = 0; r < height; ++r) input += (r == row ? rows[r].substr(0, col) + bad + rows[r].substr(col + 1) : rows[r]) + "\n";
          const std::string where = "line " + std::to_string(row + 2) + ", column " + std::to_string(col + 1) + ": ";
          const std::string message = parse_error(input);
          ASSERT_NE(message.find(where), std::string::npos) << height << "x" << width << " " << int(bad) << " -> " << message;
        }
  }
}

// ==== BadMapTest: the catalogue's bad maps ===========================================

class BadMapTest : public ::testing::TestWithParam<Bad> {};

TEST_P(BadMapTest, TheBinaryExitsOneWithOneLineNamingTheProblem) { expect_rejected(GetParam()); }

TEST_P(BadMapTest, ParsePuzzleThrowsTheSameError) {
  const Bad& c = GetParam();
  const std::string what = parse_error(c.input);
  ASSERT_NE(what, "") << "parse_puzzle accepted the input";
  EXPECT_NE(what.find(c.message), std::string::npos) << what;
  if (c.line) {
    EXPECT_NE(what.find("line " + std::to_string(c.line)), std::string::npos) << what;
  }
  if (c.column) {
    EXPECT_NE(what.find("column " + std::to_string(c.column)), std::string::npos) << what;
  }
}

INSTANTIATE_TEST_SUITE_P(Catalogue, BadMapTest, ::testing::ValuesIn(map_cases()), case_name);

TEST(CatalogueTest, EveryByteOutsideTheMapsAlphabetIsRejectedAtItsColumn) {
  // Not only the catalogue's: every byte but the newline, inside a row of maps of 0, 3
  // and 26 colors. A map character, or a letter of the map's colors, is read; anything
  // else fails with line 3, column 2 (a second '@' or '?' as well).
  for (const std::uint32_t colors : {0u, 3u, 26u})
    for (int byte = 0; byte < 256; ++byte) {
      const char c = static_cast<char>(byte);
      if (c == '\n') continue;
      const std::string input = std::to_string(colors) + " 2 3\n@.?\n." + std::string(1, c) + ".\n";
      const bool letter = (c >= 'a' && c < static_cast<char>('a' + colors)) || (c >= 'A' && c < static_cast<char>('A' + colors));
      const bool valid = c == '.' || c == '#' || c == '^' || letter;
      const std::string what = parse_error(input);
      EXPECT_EQ(what.empty(), valid) << colors << " colors, byte " << byte << ": " << what;
      if (!valid) {
        EXPECT_EQ(what.rfind("line 3, column 2: ", 0), 0u) << colors << " colors, byte " << byte << ": " << what;
      }
    }
  // The catalogue holds each class of the spec's list, with names of its own.
  std::vector<Bad> all = map_cases(), options = option_cases();
  all.insert(all.end(), options.begin(), options.end());
  std::vector<std::string> names;
  for (const Bad& c : all) names.push_back(c.name);
  std::sort(names.begin(), names.end());
  EXPECT_EQ(std::adjacent_find(names.begin(), names.end()), names.end()) << "duplicate case name";
  for (const char* group : {"options", "header", "shape", "characters", "start-target"})
    EXPECT_GE(std::count_if(all.begin(), all.end(), [&](const Bad& b) { return b.group == group; }), 5) << group;
}

// The spec's assumptions rule some inputs out ("You may make only the following
// assumptions"): a case that breaks one is beyond the spec's list, whatever it is.
TEST(CatalogueTest, WhatTheSpecsAssumptionsRuleOutIsBeyondItsList) {
  std::size_t listed = 0, beyond = 0;
  for (const Bad& c : catalogue::bad_inputs()) {
    SCOPED_TRACE(c.name);
    (c.listed ? listed : beyond) += 1;
    // "The map and command line options will contain only non-null ASCII characters."
    const bool ascii = std::all_of(c.input.begin(), c.input.end(), [](char ch) { return ch > 0; });
    // "The first line of the map will be 3 unsigned integers separated by spaces", that
    // "fit in a 32-bit unsigned integer", and num_colors * width * height <= 400,000,000.
    const std::vector<std::string> header = split(c.input.substr(0, c.input.find('\n')));
    bool three = c.input.find('\n') != std::string::npos && header.size() == 3 &&
                 c.input.find_first_not_of("0123456789 ") >= c.input.find('\n');
    for (const std::string& n : header) three = three && n.size() <= 10 && std::stoull(n) <= 4294967295ull;
    const bool fits = three && std::stoull(header[0]) * std::stoull(header[1]) * std::stoull(header[2]) <= 400000000ull;
    // "If the --output/-o flag is provided, then there WILL be some argument after it."
    const std::vector<std::string> words = split(c.args);
    const bool output_without_value =
        !words.empty() && (words.back() == "--output" ||
                           (words.back().size() >= 2 && words.back()[0] == '-' && words.back()[1] != '-' && words.back().back() == 'o'));
    if (c.group == "options") {
      EXPECT_EQ(c.input, read_file("spec-inputs/spec-simple.txt")) << "a command line is tried on a valid map";
      if (output_without_value) {
        EXPECT_FALSE(c.listed);
      }
    } else {
      EXPECT_NO_THROW(parse(words)) << "a bad map is tried with a valid command line: " << c.args;
      if (!ascii || !three || !fits) {
        EXPECT_FALSE(c.listed);
      }
    }
  }
  // Both kinds are there, and the labels that the tools print for them.
  EXPECT_GE(listed, 100u);
  EXPECT_GE(beyond, 50u);
  EXPECT_EQ(catalogue::label(true), "listed by the spec");
  EXPECT_EQ(catalogue::label(false), "beyond the spec's list");
}

// tools/catalogue.sh, the bash reader (tools/grade/grade), reads the same cases: the
// same names, kinds, groups, command lines and input bytes, and the same spellings.
TEST(CatalogueTest, TheBashReaderReadsTheSameListsAsTheBuiltInOne) {
  TempFile dump;
  const Result r = run("bash -c '. tools/catalogue.sh && catalogue_read tools && "
                       "for i in \"${!CAT_NAME[@]}\"; do catalogue_input $i " + dump.path() + ".$i; "
                       "printf \"%s|%s|%s|%s\\n\" \"${CAT_NAME[$i]}\" \"${CAT_LISTED[$i]}\" \"${CAT_GROUP[$i]}\" "
                       "\"${CAT_ARGS[$i]}\"; done; printf \"%s\\n\" \"${CAT_LABEL[spec]}\" \"${CAT_LABEL[beyond]}\"; "
                       "for m in QL QM SL SM; do declare -n l=SPELL_$m; printf \"$m|%s\\n\" \"${l[@]}\"; done'");
  ASSERT_EQ(r.status, 0) << r.err;
  std::string want;
  const std::vector<Bad>& cases = catalogue::bad_inputs();
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const Bad& c = cases[i];
    want += c.name + "|" + (c.listed ? "spec" : "beyond") + "|" + c.group + "|" + c.args + "\n";
    const std::string file = dump.path() + "." + std::to_string(i);
    EXPECT_EQ(read_file(file), c.input) << c.name;
    std::remove(file.c_str());
  }
  want += catalogue::label(true) + "\n" + catalogue::label(false) + "\n";
  for (const catalogue::Spelling& s : catalogue::spellings()) want += s.mode + "|" + s.args + "\n";
  EXPECT_EQ(r.out, want);
}

// A malformed line of a list is an error that names the file and the line.
TEST(CatalogueTest, AMalformedLineIsAnErrorNamingIt) {
  const std::string head = "@spec = a\n@beyond = b\n[header]\n";
  const std::pair<std::string, std::string> bad[] = {
      {head + "A | spec | -q | 0 1 2\\q | x | -\n", "tools/bad-inputs.txt:4: a bad escape '\\q'"},
      {head + "A | spec | -q | 0 1 2 | x\n", "tools/bad-inputs.txt:4: 5 fields, 6 expected"},
      {head + "A | maybe | -q | 0 | x | -\n", "LISTED is spec or beyond, not 'maybe'"},
      {head + "A-1 | spec | -q | 0 | x | -\n", "a name of letters and digits"},
      {head + "A | spec | -q | @none | x | -\n", "@none is not defined above"},
      {head + "A | spec | -q | 0 | x | 2:\n", "AT is L, L:C or -, not '2:'"},
      {"[header]\nA | spec | -q | 0 | x | -\n", "no @spec"},
      {"A | spec | -q | 0 | x | -\n", "a case before any [GROUP]"},
  };
  for (const auto& [text, message] : bad) {
    try {
      catalogue::parse_bad_inputs(text);
      ADD_FAILURE() << "accepted: " << text;
    } catch (const std::runtime_error& e) {
      EXPECT_NE(std::string(e.what()).find(message), std::string::npos) << e.what();
    }
  }
  const catalogue::BadInputs ok = catalogue::parse_bad_inputs(head + "A | beyond | -q -x | 0 1\\x7C2\\x00\\t\\\\ | m\\n | 2:3\n");
  ASSERT_EQ(ok.cases.size(), 1u);
  EXPECT_EQ(ok.cases[0].input, std::string("0 1|2\0\t\\", 8));
  EXPECT_EQ(ok.cases[0].message, "m\n");
  EXPECT_FALSE(ok.cases[0].listed);
  EXPECT_EQ(ok.cases[0].line, 2);
  EXPECT_EQ(ok.cases[0].column, 3);
}

// ==== GoodInputTest: sloppy but valid input ==========================================

/// Replaces every "\n" of `text` with `eol`.
std::string with_line_ends(const std::string& text, const std::string& eol) {
  std::string out;
  for (char c : text) {
    if (c == '\n') out += eol;
    else out += c;
  }
  return out;
}

/// Every byte from 0 to 255 but "\n", in order.
std::string every_byte_but_newline() {
  std::string bytes;
  for (int c = 0; c < 256; ++c)
    if (c != '\n') bytes += static_cast<char>(c);
  return bytes;
}

struct Good {
  std::string name;
  std::string input;  ///< a variant of spec-simple.txt
};

void PrintTo(const Good& g, std::ostream* os) { *os << g.name; }

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
      // A comment runs to the end of its line: any byte but "\n" belongs to it.
      {"CommentWithACarriageReturnInside", "2 4 7\n// a\rb\n" + rows},
      {"CommentWithEveryByteButNewline", "2 4 7\n//" + every_byte_but_newline() + "\n" + rows},
      {"CrlfCommentWithACarriageReturnInside", "2 4 7\r\n//\r\r\n" + rows},
      {"CommentThatLooksLikeAMap", "2 4 7\n//@..A..b\n// 0 0 0\n//?\n" + rows},
      {"EmptyComment", "2 4 7\n//\n" + rows},
      {"ManyComments", "2 4 7\n" + many_comments + rows},
      {"HeaderWithExtraSpaces", "2   4  7\n" + rows},
      {"HeaderWithTabs", "2\t4\t\t7\n" + rows},
      {"HeaderWithLeadingAndTrailingBlanks", "  2 4 7 \t \n" + rows},
      {"HeaderWithLeadingZeros", "002 04 0007\n" + rows},
  };
}

class GoodInputTest : public ::testing::TestWithParam<Good> {};

TEST_P(GoodInputTest, AcceptedWithTheSpecOutputInEveryMode) {
  const Good& g = GetParam();
  for (const char* mode : {"queue-map", "queue-list", "stack-map", "stack-list"}) {
    std::string m = mode;
    std::string args = std::string("--") + m.substr(0, 5) + " -o " + m.substr(6);
    Result r = run_puzzle(args, g.input);
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
      Result r = run_puzzle("--" + m.substr(0, 5) + " -o " + m.substr(6), input);
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
  puzzle::Input input("0 1 2\n@?\n..\n");
  puzzle::run(input, options, sink);
  EXPECT_EQ(out, "// color ^\n@?\n");
  EXPECT_EQ(warnings, "line 3: ignoring what follows the map's 1 row\n");
}

TEST(GoodInputTest, ZeroColorsWithTrapsIsValid) {
  // With 0 colors a trap is still a symbol; the path crosses it without a layer change.
  const std::string input = "0 2 4\n@^^.\n#^#?\n";
  Result r = run_puzzle("-q -o list", input);
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
  Result r = run_puzzle("-q -o list", "26 2 27\n" + row1 + "\n" + row2 + "\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "(^, (0, 0))\n(^, (1, 0))\n");
}

TEST(GoodInputTest, OneByOneCannotHoldBothSymbolsButOneByTwoCan) {
  EXPECT_EQ(run_puzzle("-q", "0 1 1\n@\n").status, 1);
  Result r = run_puzzle("-q -o list", "0 1 2\n?@\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "(^, (0, 1))\n(^, (0, 0))\n");
}

// ==== StreamTest: standard input and output that are not plain files ===================
// The redirections inside the command replace the ones run adds around it.

TEST(StreamTest, EndlessInputAfterTheMapIsNotRead) {
  // The map's rows are read, a glance past them finds what to warn about, and the run
  // ends: it used to read to an end that never came, growing by gigabytes.
  Result r = run("(printf '0 1 2\\n@?\\n'; yes) | timeout 20 " + puzzle_bin() + " -q");
  EXPECT_EQ(r.status, 0) << "124: it read on: " << r.err;
  EXPECT_EQ(r.out, "// color ^\n@?\n");
  EXPECT_EQ(r.err, "puzzle: warning: line 3: ignoring what follows the map's 1 row\n");
}

TEST(StreamTest, AHugeTailCostsNoMemory) {
  // 4 GB of NUL bytes after the map, with 64 MB of address space: what follows the map
  // is not held.
  Result r = run("(printf '0 2 2\\n@.\\n.?\\n'; head -c 4000000000 /dev/zero) | (" + limit_address_space(65536) + "timeout 20 " +
                 puzzle_bin() + " -q -o list)");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "(^, (0, 0))\n(^, (0, 1))\n(^, (1, 1))\n");
  EXPECT_EQ(r.err, "puzzle: warning: line 4: ignoring what follows the map's 2 rows\n");
}

TEST(StreamTest, ABadRowFollowedByEndlessInputFailsAtOnce) {
  Result r = run("(printf '0 1 2\\n@x\\n'; yes) | timeout 20 " + puzzle_bin() + " -q");
  EXPECT_EQ(r.status, 1) << "124: it read on: " << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("line 2, column 2: button 'x'"), std::string::npos) << r.err;
}

TEST(StreamTest, ARowThatNeverEndsFailsAfterAMegabyte) {
  Result r = run("(printf '0 1 2\\n@?'; yes x | tr -d '\\n') | timeout 20 " + puzzle_bin() + " -q");
  EXPECT_EQ(r.status, 1) << "124: it read on: " << r.err;
  EXPECT_NE(r.err.find("line 2: map row 0 has more than 1048578 characters, the header says width 2"), std::string::npos)
      << r.err;
}

TEST(StreamTest, ReadsNoFurtherThanTheGlancePastTheMap) {
  // What follows the first byte past the map is left for the next reader.
  Result r = run("{ " + puzzle_bin() + " -q -o list; cat; }", "0 1 2\n@?\nrest of the input\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "(^, (0, 0))\n(^, (0, 1))\nest of the input\n");
}

TEST(StreamTest, NothingIsAllocatedForAMapTheInputCannotHold) {
  // A file whose header declares 429 million rows and holds one: the rows are read
  // without storing them, for the precise message, within 100 MB of address space.
  TempFile file("0 429496729 1\n@\n");
  Result r = run(limit_address_space(100000) + puzzle_bin() + " -q < " + file.path());
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(r.err.find("the map has 1 row, the header says 429496729 (input ends at line 2)"), std::string::npos)
      << r.err;
  // Through a pipe the size is not known: the grid is allocated, and a map too large
  // for the memory is said to be (not under AddressSanitizer, where no bound is set).
  if (kAddressSanitizer) return;
  r = run("printf '0 429496729 1\\n@\\n' | (ulimit -v 100000; " + puzzle_bin() + " -q)");
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(r.err.find("not enough memory"), std::string::npos) << r.err;
}

TEST(StreamTest, ASmallStackIsEnough) {
  // No large buffer lives on the stack: 64 KB of it (ulimit -s 64) is enough.
  for (const char* flags : {"-q", "-s -o list"}) {
    Result r = run("ulimit -s 64; " + puzzle_bin() + " " + flags, kSimple);
    EXPECT_EQ(r.status, 0) << flags << ": " << r.err;
    EXPECT_EQ(r.out, expected(std::string(flags) == "-q" ? "queue-map" : "stack-list")) << flags;
  }
}

TEST(StreamTest, AReaderThatGoesAwayEndsTheRunQuietly) {
  // `puzzle ... | head`: as cat does, puzzle is ended by SIGPIPE, with nothing on stderr.
  std::string row(200000, '.');
  row.front() = '@';
  row.back() = '?';
  TempFile map("0 1 200000\n" + row + "\n");
  Result r = run("bash -c '\"$0\" -q -o list < \"$1\" | head -c 10; echo \" ${PIPESTATUS[0]}\"' " + puzzle_bin() + " " +
                 map.path());
  EXPECT_EQ(r.out, "(^, (0, 0) 141\n") << "141: killed by SIGPIPE (13)";
  EXPECT_EQ(r.err, "");
}

TEST(StreamTest, StandardInputThatIsADirectoryIsAnErrorNotACrash) {
  Result r = run(puzzle_bin() + " -q < /");
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_EQ(r.err.rfind("puzzle: error: ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find("cannot read standard input: Is a directory"), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "");
}

TEST(StreamTest, ClosedStandardInputIsAnError) {
  Result r = run(puzzle_bin() + " -q <&-");
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_EQ(r.err.rfind("puzzle: error: ", 0), 0u) << r.err;
}

TEST(StreamTest, ABadHeaderIsRejectedWithoutWaitingForTheEndOfTheInput) {
  // `yes | puzzle -q` or `puzzle -q < /dev/zero` never end: a solver that reads all of
  // standard input before it looks at the header fills the memory first. Here the
  // writer stalls for 3 seconds after a bad first line; the solver has 2.
  Result r = run("{ printf 'not a map\\n'; sleep 3; } | timeout 2 " +
                                     puzzle_bin() + " -q");
  EXPECT_EQ(r.status, 1) << "124 means it waited for the end of the input: " << r.err;
  EXPECT_NE(r.err.find("num_colors"), std::string::npos) << r.err;
}

TEST(StreamTest, ReadsAFileFromWhereStandardInputStandsNotFromItsStart) {
  // The shell reads the first line of the file; the solver gets the rest, as it would
  // through a pipe, and must not rewind to bytes that were never given to it.
  std::string input = std::string("junk line\n") + kSimple;
  for (const char* how : {"cat | ", ""}) {
    Result r = run(std::string("IFS= read -r skipped; ") + how +
                                       puzzle_bin() + " -q -o list", input);
    const char* label = *how ? "through a pipe: " : "from the file: ";
    EXPECT_EQ(r.status, 0) << label << r.err;
    EXPECT_EQ(r.out, expected("queue-list")) << label;
  }
}

TEST(StreamTest, AFullDiskIsReportedWithExitOne) {
  // The answer cannot be written: exit 0 would tell the caller it was.
  Result r = run(puzzle_bin() + " -q > /dev/full", kSimple);
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(r.err.find("cannot write the output to standard output: No space left on device"), std::string::npos) << r.err;
}

TEST(StreamTest, ClosedStandardOutputIsReportedWithExitOne) {
  Result r = run(puzzle_bin() + " -s -o list >&-", kSimple);
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(r.err.find("write"), std::string::npos) << r.err;
}

TEST(StreamTest, HelpToAFullDiskIsReportedWithExitOne) {
  Result r = run(puzzle_bin() + " --help > /dev/full");
  EXPECT_EQ(r.status, 1) << r.err;
}

TEST(StreamTest, AMapTypedAtATerminalIsAskedFor) {
  // With a terminal as standard input, the solver says on stderr what it waits for and
  // how to end it; through a pipe it says nothing (every other test here).
  Result r = run("python3 tests/scripts/pty-run --stdin " + puzzle_bin() + " -q -o list",
                                     "0 1 2\n@?\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "puzzle: reading a map from the terminal: type or paste it, then press Ctrl-D on a new line\n"
                   "(to read a file: puzzle -q < MAP)\n");
  EXPECT_EQ(r.out, "(^, (0, 0))\n(^, (0, 1))\n");
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

/// The command line (words) and the map of a fuzz input (tests/fuzz/puzzle_fuzz.cpp's
/// layout): the first byte picks the options, or, with a high nibble of 0xF, the first
/// line holds them (words between single spaces).
std::pair<std::vector<std::string>, std::string> split_fuzz_input(const std::string& data) {
  auto mode = static_cast<unsigned char>(data[0]);
  std::string rest = data.substr(1);
  if ((mode & 0xF0) != 0xF0) return {{mode & 1 ? "-s" : "-q", "-o", mode & 2 ? "list" : "map"}, rest};
  std::size_t end = rest.find('\n');
  std::string line = rest.substr(0, end), map = end == std::string::npos ? "" : rest.substr(end + 1);
  std::vector<std::string> words;
  for (std::size_t pos = 0;;) {
    std::size_t space = line.find(' ', pos);
    words.push_back(line.substr(pos, space == std::string::npos ? std::string::npos : space - pos));
    if (space == std::string::npos) break;
    pos = space + 1;
  }
  return {words, map};
}

TEST(RegressionTest, FuzzFindingsReplayCleanly) {
  // Each file is a fuzz input that once broke the solver, or a guard of a dangerous
  // class (sizes that overflow, CR-only line ends, ...). Through the binary it must
  // exit 1 with one message and nothing on stdout, or exit 0 with the reference
  // solver's answer; never crash (under make sanitize, never a sanitizer report).
  std::vector<std::string> files = files_in("tests/fuzz/regressions");
  ASSERT_FALSE(files.empty()) << "tests/fuzz/regressions/ is missing";
  int answered = 0;
  for (const std::string& file : files) {
    std::string data = read_file(file);
    if (data.empty()) continue;
    auto [words, map] = split_fuzz_input(data);
    std::string args;
    for (const std::string& w : words) args += " " + shell_quote(w);
    Result r = run_puzzle(args, map);
    EXPECT_TRUE(r.status == 0 || r.status == 1) << file << ": exit " << r.status << "\n" << r.err;
    if (r.status == 0) {
      const puzzle::Options options = parse(words);
      Reference ref(map_of(puzzle::parse_puzzle(map)));
      EXPECT_EQ(r.out, ref.solve(options.container == puzzle::Container::stack, options.output == puzzle::OutputMode::list))
          << file;
      EXPECT_EQ(r.err, "") << file;
      ++answered;
    } else if (r.status == 1) {
      EXPECT_EQ(r.err.rfind("puzzle: error: ", 0), 0u) << file << ": " << r.err;
      EXPECT_EQ(r.out, "") << file;
    }
  }
  EXPECT_GE(answered, 1);  // the valid one-long-row
}

TEST(MutationTest, ByteLevelMutationsOfTheSpecMapsAreRejectedOrAnsweredExactly) {
  // 20000 seeded mutations: flip, insert, delete or duplicate bytes, favouring the
  // characters that matter to the parser. Each must throw puzzle::Error with a message,
  // or solve, with the reference solver's output on the map the parser read.
  const char kInteresting[] = "@?.#^aAzZ/\r\n\t 0123456789-\xFF";
  std::vector<std::string> seeds;
  for (const char* f : {"spec-simple.txt", "spec-full.txt", "spec-simple-no.txt", "spec-full-no.txt"})
    seeds.push_back(read_file(std::string("spec-inputs/") + f));
  Rng rng{281};
  auto below = [&rng](std::size_t n) { return std::size_t{rng.below(static_cast<std::uint32_t>(n))}; };
  int accepted = 0, refused = 0;
  for (int i = 0; i < 20000; ++i) {
    std::string text = seeds[below(seeds.size())];
    for (std::size_t n = 1 + below(4); n > 0; --n) {
      std::size_t pos = below(text.size() + 1);
      char c = below(3) ? kInteresting[below(sizeof kInteresting - 1)] : static_cast<char>(below(256));
      switch (below(4)) {
        case 0: if (pos < text.size()) text[pos] = c; break;
        case 1: text.insert(pos, 1, c); break;
        case 2: if (pos < text.size()) text.erase(pos, 1 + below(3)); break;
        default: text.insert(pos, text.substr(pos, below(12))); break;
      }
    }
    puzzle::Options options;
    options.container = i & 1 ? puzzle::Container::stack : puzzle::Container::queue;
    options.output = i & 2 ? puzzle::OutputMode::list : puzzle::OutputMode::map;
    try {
      const Map read = map_of(puzzle::parse_puzzle(text));
      const std::string out = puzzle::run_to_string(text, options);
      ++accepted;
      ASSERT_EQ(out, Reference(read).solve(i & 1, i & 2)) << "mutation " << i << " of:\n" << text;
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
