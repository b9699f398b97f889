// Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
// Tests of the solver: options, parsing, the spec's examples byte for byte in every
// option spelling, hand-checked edge cases, and a seeded stress test against a naive
// reference solver written here from the spec, independently of puzzle.cpp.

#include "puzzle.cpp"

#include <gtest/gtest.h>

#include <array>
#include <deque>
#include <dirent.h>
#include <map>
#include <set>
#include <sstream>
#include <tuple>

#include "tests/util.h"

namespace {

using testutil::read_file;
using testutil::run_puzzle;

/// parse_options on a command line given as words (argv[0] is added).
puzzle::Options parse(std::vector<std::string> words) {
  words.insert(words.begin(), "puzzle");
  std::vector<char*> argv;
  for (auto& w : words) argv.push_back(&w[0]);
  argv.push_back(nullptr);
  return puzzle::parse_options(static_cast<int>(words.size()), argv.data());
}

std::vector<std::string> split(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

std::string solve(const std::string& input, puzzle::Container c, puzzle::OutputMode o) {
  puzzle::Options options;
  options.container = c;
  options.output = o;
  return puzzle::run_to_string(input, options);
}

constexpr auto kQueue = puzzle::Container::queue;
constexpr auto kStack = puzzle::Container::stack;
constexpr auto kMap = puzzle::OutputMode::map;
constexpr auto kList = puzzle::OutputMode::list;

// ==== OptionsTest ==================================================================

TEST(OptionsTest, EverySpellingOfTheSpecSelectsTheSameRun) {
  struct Case { const char* line; puzzle::Container c; puzzle::OutputMode o; };
  const Case cases[] = {
      {"--queue -o map", kQueue, kMap},     {"-o map -q", kQueue, kMap},
      {"-qo map", kQueue, kMap},            {"-q --output map", kQueue, kMap},
      {"-q", kQueue, kMap},                 {"--queue", kQueue, kMap},
      {"--output=map --queue", kQueue, kMap}, {"-q -omap", kQueue, kMap},
      {"-so list", kStack, kList},          {"--stack --output list", kStack, kList},
      {"--output list --stack", kStack, kList}, {"-s -o list", kStack, kList},
      {"-o list -s", kStack, kList},        {"--stack --output=list", kStack, kList},
      {"-s", kStack, kMap},                 {"--stack -o map", kStack, kMap},
      {"-qo list", kQueue, kList},          {"-o list --queue", kQueue, kList},
      {"--que --out list", kQueue, kList},  // unique prefixes, as getopt_long allows
  };
  for (const Case& c : cases) {
    puzzle::Options o = parse(split(c.line));
    EXPECT_EQ(o.container, c.c) << c.line;
    EXPECT_EQ(o.output, c.o) << c.line;
    EXPECT_FALSE(o.help) << c.line;
  }
}

TEST(OptionsTest, HelpWinsAndNeedsNoContainer) {
  EXPECT_TRUE(parse({"-h"}).help);
  EXPECT_TRUE(parse({"--help"}).help);
  EXPECT_TRUE(parse({"-q", "--help"}).help);
  EXPECT_TRUE(parse({"--help", "-o", "list"}).help);
}

TEST(OptionsTest, AnIllegalOptionIsAnErrorEvenWithHelp) {
  // The whole line is read before help is given: a typo is not hidden behind it.
  for (const auto& words : std::vector<std::vector<std::string>>{
           {"-h", "-x"}, {"--help", "--eecs281"}, {"-x", "-h"}, {"-h", "-o", "xml"}, {"-h", "extra"}}) {
    EXPECT_THROW(parse(words), puzzle::Error) << words[0] << " " << words[1];
  }
}

TEST(OptionsTest, IllegalCommandLinesAreErrorsNamingTheProblem) {
  struct Case { const char* line; const char* keyword; };
  const Case cases[] = {
      {"--stack --queue", "both"},
      {"-q -s", "both"},
      {"-sq", "both"},
      {"", "--queue"},
      {"-o map", "--queue"},
      {"-q -q", "twice"},
      {"--stack -s", "twice"},
      {"-q -o map -o list", "twice"},
      {"-q -o map -o map", "twice"},
      {"-q -o", "needs an argument"},
      {"-q --output", "needs an argument"},
      {"-q -o maps", "'maps'"},
      {"-q -o LIST", "'LIST'"},
      {"-q -o ''", "map"},
      {"-q -x", "'-x'"},
      {"-q --eecs281", "'--eecs281'"},
      {"-q map.txt", "'map.txt'"},
      {"-q --queue=yes", "queue"},
  };
  for (const Case& c : cases) {
    try {
      parse(split(c.line));
      ADD_FAILURE() << "accepted: " << c.line;
    } catch (const puzzle::Error& e) {
      EXPECT_NE(std::string(e.what()).find(c.keyword), std::string::npos)
          << c.line << " -> " << e.what();
    }
  }
}

TEST(OptionsTest, TheBinaryPrintsHelpOnStdoutAndExitsZero) {
  for (const char* args : {"-h", "--help"}) {
    auto r = run_puzzle(args, "");
    EXPECT_EQ(r.status, 0);
    EXPECT_NE(r.out.find("--queue"), std::string::npos);
    EXPECT_NE(r.out.find("--output"), std::string::npos);
    // The last line names the edition of the spec the binary follows.
    EXPECT_NE(r.out.find("\nRules: the 2023 edition of the spec (no solution: \"No solution.\" then \"Discovered:\").\n"),
              std::string::npos) << r.out;
    EXPECT_EQ(r.err, "");
  }
}

TEST(OptionsTest, TheBinaryRejectsIllegalCommandLinesWithNothingOnStdout) {
  const std::string map = read_file("spec-inputs/spec-simple.txt");
  for (const char* args : {"--stack --queue", "-o map -o list", "-o", "-q -o", "", "-x -q", "-h -x",
                           "--eecs281 -q", "-q extra", "-q -o xml", "-s -s"}) {
    auto r = run_puzzle(args, map);
    EXPECT_EQ(r.status, 1) << args;
    EXPECT_EQ(r.out, "") << args;
    EXPECT_EQ(r.err.rfind("puzzle: error: ", 0), 0u) << args << ": " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << args << ": " << r.err;
  }
}

// ==== ParseTest ====================================================================

std::string parse_error(const std::string& input) {
  try {
    puzzle::parse_puzzle(input);
  } catch (const puzzle::Error& e) {
    return e.what();
  }
  return "";
}

TEST(ParseTest, ReadsTheHeaderAndTheCells) {
  puzzle::Puzzle p = puzzle::parse_puzzle(read_file("spec-inputs/spec-simple.txt"));
  EXPECT_EQ(p.colors, 2u);
  EXPECT_EQ(p.height, 4u);
  EXPECT_EQ(p.width, 7u);
  EXPECT_EQ(p.row_of(p.start), 0u);
  EXPECT_EQ(p.col_of(p.start), 0u);
  EXPECT_EQ(p.row_of(p.target), 3u);
  EXPECT_EQ(p.col_of(p.target), 0u);
  const char* rows[] = {"@..A..b", ".a.#B##", "####...", "?..B.^^"};
  for (std::uint32_t r = 0; r < 4; ++r)
    for (std::uint32_t c = 0; c < 7; ++c) EXPECT_EQ(p.at(r, c), rows[r][c]) << r << "," << c;
}

TEST(ParseTest, AcceptsWindowsLineEndsTrailingBlanksAndNoFinalNewline) {
  const std::string expected = solve(read_file("spec-inputs/spec-simple.txt"), kQueue, kMap);
  for (const char* input : {
           "2 4 7\r\n// c\r\n@..A..b\r\n.a.#B##\r\n####...\r\n?..B.^^\r\n",
           "2 4 7\n@..A..b \n.a.#B##\t\n####...  \t\n?..B.^^",
           "2 4 7\n@..A..b\n.a.#B##\n####...\n?..B.^^\n\n  \n\r\n",
           "2  4\t7 \n// comment with + and @ and ?\n//\n@..A..b\n.a.#B##\n####...\n?..B.^^\n",
       }) {
    EXPECT_EQ(parse_error(input), "") << input;
    EXPECT_EQ(solve(input, kQueue, kMap), expected) << input;
  }
}

TEST(ParseTest, EachBadInputIsRejectedWithWhereAndWhat) {
  struct Case { const char* input; const char* keyword; };
  const Case cases[] = {
      {"", "empty"},
      {"2 4", "three numbers"},
      {"a 1 2\n@?\n", "num_colors"},
      {"0 -1 2\n@?\n", "height"},
      {"0 1 2 3\n@?\n", "more than three"},
      {"0 1 4294967296\n@?\n", "32 bits"},
      {"27 1 2\n@?\n", "at most 26"},
      {"0 0 2\n", "height is 0"},
      {"0 1 0\n", "width is 0"},
      {"0 2 2\n@?\n", "1 rows"},
      {"0 2 2\n@?\n.\n", "line 3: map row 1 has 1 characters"},
      {"0 2 2\n@?\n...\n", "line 3: map row 1 has 3 characters"},
      {"0 2 2\n@?\n// late\n", "line 3, column 1: invalid character '/': a comment line inside the map"},
      {"0 1 3\n@+?\n", "line 2, column 2: invalid character '+'"},
      {"1 1 3\n@B?\n", "line 2, column 2: door 'B' is beyond the map's 1 color (A)"},
      {"2 1 3\n@C?\n", "line 2, column 2: door 'C' is beyond the map's 2 colors (A-B)"},
      {"0 1 4\n@.? \n", "line 2: map row 0 has 3 characters, the header says width 4 (blanks at the end of a line are not counted)"},
      {"1 1 3\n@b?\n", "line 2, column 2: button 'b' is beyond"},
      {"0 1 3\n@a?\n", "0 colors"},
      {"0 1 3\n@.@\n", "line 2, column 3: a second '@' (the first is at line 2, column 1)"},
      {"0 1 3\n?.?\n", "a second '?'"},
      {"0 1 2\n..\n", "no '@'"},
      {"0 1 2\n@.\n", "no '?'"},
      {"0 1 3\r@.?\r", "carriage return"},
      {"0 1 3\n@\t?\n", "line 2, column 2: invalid character a tab"},
      {"0 1 3\n@\x80?\n", "\\x80"},
      {"0 1 3\n@ ?\n", "' ' (space)"},
      {"26 4294967295 4294967295\n@?\n", "map row 0 has 2 characters"},
  };
  for (const Case& c : cases) {
    std::string message = parse_error(c.input);
    EXPECT_NE(message, "") << "accepted: " << c.input;
    EXPECT_NE(message.find(c.keyword), std::string::npos) << c.input << " -> " << message;
  }
  // A NUL byte inside a row, with the row's full length.
  std::string nul("0 1 3\n@\0?\n", 10);
  EXPECT_NE(parse_error(nul).find("line 2, column 2: invalid character byte \\x00"), std::string::npos)
      << parse_error(nul);
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

TEST(ParseTest, TheBinaryRejectsBadMapsWithOneLineOnStderrAndNothingOnStdout) {
  for (const char* input : {"", "3 4", "0 1 3\n@+?\n", "0 2 2\n@?\n", "0 1 3\n@.@\n"}) {
    auto r = run_puzzle("-q", input);
    EXPECT_EQ(r.status, 1) << input;
    EXPECT_EQ(r.out, "") << input;
    EXPECT_EQ(r.err.rfind("puzzle: error: ", 0), 0u) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
}

// ==== RulesTest: the fast encodings of the rules agree with the rule functions =========

TEST(RulesTest, ThePressTableFollowsTheRuleFunctions) {
  for (std::uint32_t colors : {0u, 1u, 5u, 26u}) {
    const puzzle::PressTable presses(colors);
    for (std::uint32_t layer = 0; layer <= colors; ++layer) {
      const char color = puzzle::layer_color(layer);
      for (unsigned kind = 0; kind < puzzle::kKinds; ++kind) {
        const char c = puzzle::kind_char(static_cast<std::uint8_t>(kind));
        const std::uint8_t press = presses.at(layer, static_cast<std::uint8_t>(kind));
        EXPECT_EQ(press != puzzle::kNoPress, puzzle::is_active_button(color, c)) << color << " " << c;
        if (press != puzzle::kNoPress) {
          EXPECT_EQ(puzzle::layer_color(press), puzzle::pressed_layer(c));
        }
      }
    }
  }
}

TEST(RulesTest, BlockedBitsAndReachMasksFollowTheRuleFunctions) {
  // Every character in every layer, on maps of both tile shapes (a long single row
  // is stored as plain rows, the two-row map in 8 x 16 tiles).
  std::string long_row = "@?";
  for (int i = 0; i < 9; ++i) long_row += ".#ABCabc^Zz";
  for (const std::string& text : {long_row, std::string("@?.#ABCabc^Zz\n^zaZ#.ABCbc..")}) {
    const std::size_t width = std::min(text.find('\n'), text.size());
    const std::size_t height = static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) + 1;
    const std::string input = "26 " + std::to_string(height) + " " + std::to_string(width) + "\n" + text + "\n";
    puzzle::Puzzle p = puzzle::parse_puzzle(input);
    EXPECT_EQ(p.layout.plain_rows(), p.height == 1);
    // The exact search's blocked bits: set where a state cannot be entered.
    const puzzle::StateSpace space(p);
    for (std::uint32_t layer = 0; layer <= 26; ++layer)
      for (std::uint32_t r = 0; r < p.height; ++r)
        for (std::uint32_t c = 0; c < p.width; ++c) {
          const std::uint32_t state = space.state(layer, p.cell(r, c));
          EXPECT_EQ(space.blocked(state), !puzzle::is_passable(puzzle::layer_color(layer), p.at(r, c)))
              << layer << " " << p.at(r, c);
          EXPECT_EQ(space.layer_of(state), layer);
          EXPECT_EQ(space.row_of(state), r);
          EXPECT_EQ(space.col_of(state), c);
        }
    // The reachability pass's masks: enter where passable, walk on unless pressing.
    puzzle::Reachability reach(p);
    for (std::uint32_t layer = 0; layer <= 26; ++layer)
      for (std::uint32_t r = 0; r < p.height; ++r)
        for (std::uint32_t c = 0; c < p.width; ++c) {
          const std::uint32_t cell = p.cell(r, c);
          const auto [open, walk] = reach.masks_at(layer, p.layout.y_of(cell), p.layout.x_of(cell));
          const char color = puzzle::layer_color(layer), here = p.at(r, c);
          EXPECT_EQ(open, puzzle::is_passable(color, here)) << color << " " << here;
          EXPECT_EQ(walk, puzzle::is_passable(color, here) && !puzzle::is_active_button(color, here))
              << color << " " << here;
        }
  }
}

// ==== LayoutTest ====================================================================

TEST(LayoutTest, CellsAreDistinctInvertibleAndStepToTheirNeighbours) {
  // Square, wide, tall, thin and tiny maps: every tile shape, transposed or not.
  const std::pair<std::uint32_t, std::uint32_t> sizes[] = {
      {1, 2}, {2, 1}, {1, 300}, {300, 1}, {2, 200}, {200, 2}, {3, 90}, {5, 1000},
      {7, 7}, {8, 16}, {9, 17}, {33, 65}, {65, 33}, {100, 3}, {14, 500}, {40, 41}};
  for (auto [height, width] : sizes) {
    puzzle::Layout layout(height, width);
    std::set<std::uint32_t> seen;
    for (std::uint32_t r = 0; r < height; ++r)
      for (std::uint32_t c = 0; c < width; ++c) {
        const std::uint32_t cell = layout.cell(r, c);
        ASSERT_TRUE(seen.insert(cell).second) << height << "x" << width << " " << r << "," << c;
        ASSERT_GE(cell, layout.used_begin());
        ASSERT_LT(cell, layout.used_end());
        ASSERT_EQ(layout.row_of(cell), r);
        ASSERT_EQ(layout.col_of(cell), c);
        // Border cells (row or column -1 / height / width) are distinct from map cells.
        const std::uint32_t north = layout.step(0).from(cell), east = layout.step(1).from(cell);
        const std::uint32_t south = layout.step(2).from(cell), west = layout.step(3).from(cell);
        EXPECT_EQ(north, layout.cell(r - 1, c));
        EXPECT_EQ(east, layout.cell(r, c + 1));
        EXPECT_EQ(south, layout.cell(r + 1, c));
        EXPECT_EQ(west, layout.cell(r, c - 1));
        for (std::uint32_t n : {north, east, south, west}) EXPECT_LT(n, layout.cells());
      }
    for (std::uint32_t r = 0; r < height; ++r) {
      EXPECT_EQ(seen.count(layout.cell(r, std::uint32_t(-1))), 0u);
      EXPECT_EQ(seen.count(layout.cell(r, width)), 0u);
    }
    for (std::uint32_t c = 0; c < width; ++c) {
      EXPECT_EQ(seen.count(layout.cell(std::uint32_t(-1), c)), 0u);
      EXPECT_EQ(seen.count(layout.cell(height, c)), 0u);
    }
  }
}

TEST(LayoutTest, PaddingStaysSmallForThinMaps) {
  // The cells a search touches stay within 1.3x (plus a tile) of the map's, however thin.
  for (auto [height, width] : {std::pair<std::uint32_t, std::uint32_t>{1, 100000}, {100000, 1},
                               {2, 50000}, {50000, 3}, {1000, 1000}}) {
    puzzle::Layout layout(height, width);
    const double used = double(layout.used_end() - layout.used_begin());
    EXPECT_LT(used, 1.3 * (double(height) + 2) * (double(width) + 2) + 4096) << height << "x" << width;
  }
}

// ==== ContainerTest ===================================================================

/// Drives a StateDeque and a std::deque with the same random operations, as the
/// search does: up to four pushes, then a pop from one end.
void compare_with_std_deque(bool stack, std::uint64_t seed, int steps) {
  puzzle::StateDeque ours;
  std::deque<std::uint32_t> model;
  std::uint64_t x = seed;
  auto next = [&] { x = x * 6364136223846793005ull + 1442695040888963407ull; return std::uint32_t(x >> 33); };
  std::uint32_t value = 0;
  std::size_t most = 0;  // states waiting at once
  for (int i = 0; i < steps; ++i) {
    // Grow for a while, then shrink, so that many blocks come and go.
    const bool growing = (i / 40000) % 2 == 0;
    for (std::uint32_t pushes = next() % (growing ? 5 : 3); pushes > 0; --pushes) {
      ours.push_back(value);
      model.push_back(value++);
    }
    for (int pops = growing ? 1 : 2; pops > 0 && !model.empty(); --pops) {
      ASSERT_FALSE(ours.empty());
      const std::uint32_t got = stack ? ours.pop_back() : ours.pop_front();
      const std::uint32_t want = stack ? model.back() : model.front();
      stack ? model.pop_back() : model.pop_front();
      ASSERT_EQ(got, want) << (stack ? "stack" : "queue") << " step " << i;
      std::uint32_t ahead;
      if (!stack && ours.peek_front(5, ahead)) {
        ASSERT_EQ(ahead, model[5]);
      }
    }
    ASSERT_EQ(ours.empty(), model.empty());
    most = std::max(most, model.size());
  }
  while (!model.empty()) {
    ASSERT_EQ(stack ? ours.pop_back() : ours.pop_front(), stack ? model.back() : model.front());
    stack ? model.pop_back() : model.pop_front();
  }
  EXPECT_TRUE(ours.empty());
  EXPECT_GT(most, 2 * 16384u);  // it did span several blocks of 16384
}

TEST(ContainerTest, QueueMatchesStdDeque) { compare_with_std_deque(false, 1, 200000); }
TEST(ContainerTest, StackMatchesStdDeque) { compare_with_std_deque(true, 2, 200000); }

// ==== GoldenTest: the spec's examples ==================================================

/// The inputs in spec-inputs/ and the expected output of each mode. An input X.txt
/// has out-X.txt (every mode prints it: no solution) or out-X-{queue,stack}-{list,map}.txt.
std::vector<std::string> spec_inputs() {
  std::vector<std::string> names;
  DIR* dir = opendir("spec-inputs");
  if (!dir) return names;
  while (dirent* e = readdir(dir)) {
    std::string n = e->d_name;
    if (n.size() > 4 && n.compare(n.size() - 4, 4, ".txt") == 0 && n.rfind("out-", 0) != 0)
      names.push_back(n.substr(0, n.size() - 4));
  }
  closedir(dir);
  std::sort(names.begin(), names.end());
  return names;
}

std::string expected_output(const std::string& name, const char* mode, const char* output) {
  std::ifstream same("spec-inputs/out-" + name + ".txt");
  if (same) return read_file("spec-inputs/out-" + name + ".txt");
  return read_file("spec-inputs/out-" + name + "-" + mode + "-" + output + ".txt");
}

TEST(GoldenTest, TheSpecExamplesAreThere) {
  auto names = spec_inputs();
  for (const char* n : {"spec-simple", "spec-simple-no", "spec-full", "spec-full-no"})
    EXPECT_NE(std::find(names.begin(), names.end(), n), names.end()) << n;
}

TEST(GoldenTest, EveryInputMatchesByteForByteInProcess) {
  for (const std::string& name : spec_inputs()) {
    std::string input = read_file("spec-inputs/" + name + ".txt");
    EXPECT_EQ(solve(input, kQueue, kList), expected_output(name, "queue", "list")) << name;
    EXPECT_EQ(solve(input, kQueue, kMap), expected_output(name, "queue", "map")) << name;
    EXPECT_EQ(solve(input, kStack, kList), expected_output(name, "stack", "list")) << name;
    EXPECT_EQ(solve(input, kStack, kMap), expected_output(name, "stack", "map")) << name;
  }
}

TEST(GoldenTest, EveryInputMatchesThroughTheBinaryInEverySpelling) {
  struct Spelling { const char* args; const char* mode; const char* output; };
  const Spelling spellings[] = {
      {"--queue -o map", "queue", "map"},   {"-o map -q", "queue", "map"},
      {"-qo map", "queue", "map"},          {"-q --output map", "queue", "map"},
      {"-q", "queue", "map"},               {"-q -o list", "queue", "list"},
      {"--queue --output list", "queue", "list"}, {"-qo list", "queue", "list"},
      {"-so list", "stack", "list"},        {"--stack --output list", "stack", "list"},
      {"--output list --stack", "stack", "list"}, {"-s", "stack", "map"},
      {"--stack", "stack", "map"},          {"-so map", "stack", "map"},
      {"--output map --stack", "stack", "map"},
  };
  for (const std::string& name : spec_inputs()) {
    std::string input = read_file("spec-inputs/" + name + ".txt");
    for (const Spelling& s : spellings) {
      auto r = run_puzzle(s.args, input);
      EXPECT_EQ(r.status, 0) << name << " " << s.args;
      EXPECT_EQ(r.err, "") << name << " " << s.args;
      EXPECT_EQ(r.out, expected_output(name, s.mode, s.output)) << name << " " << s.args;
    }
  }
}

// ==== EdgeTest: hand-checked small maps =============================================

struct Expect { puzzle::Container c; puzzle::OutputMode o; const char* out; };

void expect_all(const std::string& input, std::initializer_list<Expect> expects) {
  for (const Expect& e : expects) EXPECT_EQ(solve(input, e.c, e.o), e.out) << input;
}

TEST(EdgeTest, OneByTwoAndTwoByOne) {
  expect_all("0 1 2\n@?\n", {{kQueue, kList, "(^, (0, 0))\n(^, (0, 1))\n"},
                             {kStack, kMap, "// color ^\n@?\n"}});
  expect_all("0 2 1\n?\n@\n", {{kStack, kList, "(^, (1, 0))\n(^, (0, 0))\n"},
                               {kQueue, kMap, "// color ^\n?\n@\n"}});
}

TEST(EdgeTest, TargetNextToStartPrintsEveryLayer) {
  expect_all("2 1 3\n?@a\n", {{kQueue, kList, "(^, (0, 1))\n(^, (0, 0))\n"},
                              {kQueue, kMap, "// color ^\n?@a\n// color a\n?..\n// color b\n?.a\n"}});
}

TEST(EdgeTest, TwentySixColorsPressZAndWalkThroughItsDoor) {
  std::string input = "26 1 4\n@zZ?\n";
  std::string map = "// color ^\n@%Z?\n";
  for (char c = 'a'; c < 'z'; ++c) map += std::string("// color ") + c + "\n.zZ?\n";
  map += "// color z\n.@+?\n";
  const char* list = "(^, (0, 0))\n(^, (0, 1))\n(z, (0, 1))\n(z, (0, 2))\n(z, (0, 3))\n";
  expect_all(input, {{kQueue, kList, list}, {kStack, kList, list}, {kQueue, kMap, map.c_str()},
                     {kStack, kMap, map.c_str()}});
}

TEST(EdgeTest, TrapsAndButtonsUnderThePathInSeveralLayers) {
  // a opens nothing; the trap (active in a) leads back to ^; then b.
  std::string input = "2 1 5\n@a^b?\n";
  const char* list =
      "(^, (0, 0))\n(^, (0, 1))\n(a, (0, 1))\n(a, (0, 2))\n(^, (0, 2))\n(^, (0, 3))\n"
      "(b, (0, 3))\n(b, (0, 4))\n";
  const char* map = "// color ^\n@%@%?\n// color a\n.@%b?\n// color b\n.a^@?\n";
  expect_all(input, {{kQueue, kList, list}, {kStack, kList, list}, {kQueue, kMap, map},
                     {kStack, kMap, map}});
}

TEST(EdgeTest, ADoorWithoutItsButtonNeverOpens) {
  expect_all("1 1 3\n@A?\n", {{kQueue, kMap, "No solution.\nDiscovered:\n@##\n"},
                              {kStack, kList, "No solution.\nDiscovered:\n@##\n"}});
}

TEST(EdgeTest, AButtonWithoutItsDoorStillChangesTheLayer) {
  expect_all("2 1 3\n@b?\n", {{kQueue, kList, "(^, (0, 0))\n(^, (0, 1))\n(b, (0, 1))\n(b, (0, 2))\n"},
                              {kQueue, kMap, "// color ^\n@%?\n// color a\n.b?\n// color b\n.@?\n"}});
}

TEST(EdgeTest, TrapsInTheStartLayerAreFloorAndShowAsDots) {
  expect_all("0 1 4\n@^^?\n", {{kQueue, kList, "(^, (0, 0))\n(^, (0, 1))\n(^, (0, 2))\n(^, (0, 3))\n"},
                               {kQueue, kMap, "// color ^\n@++?\n"}});
  expect_all("0 2 3\n@.^\n^.?\n", {{kStack, kMap, "// color ^\n@..\n++?\n"}});
}

TEST(EdgeTest, ATrapPressedInEveryPositionOfAPath) {
  // From layer a the trap at (0,2) must be pressed: back to ^, where the A door is shut.
  expect_all("1 2 4\n@a^?\n.#A#\n", {{kQueue, kList,
                                      "(^, (0, 0))\n(^, (0, 1))\n(a, (0, 1))\n(a, (0, 2))\n"
                                      "(^, (0, 2))\n(^, (0, 3))\n"},
                                     {kQueue, kMap, "// color ^\n@%@?\n.#A#\n// color a\n.@%?\n.#.#\n"}});
}

TEST(EdgeTest, TheStartShowsOnlyOnTheCaretLayerEvenWhenThePathCrossesIt) {
  // Press a at (0,1), walk back west over the start in layer a, then down through A.
  expect_all("1 2 2\n@a\nA?\n", {{kQueue, kList,
                                  "(^, (0, 0))\n(^, (0, 1))\n(a, (0, 1))\n(a, (1, 1))\n"}});
  expect_all("1 3 3\n.@a\nA##\n?##\n",
             {{kQueue, kMap, "// color ^\n.@%\nA##\n?##\n// color a\n++@\n+##\n?##\n"}});
}

TEST(EdgeTest, StackModeStopsWhenTheTargetIsDiscovered) {
  // The stack investigates south first (last pushed is west... none), the target is
  // discovered from (1,0) before anything else is investigated.
  expect_all("0 2 2\n@.\n.?\n", {{kStack, kList, "(^, (0, 0))\n(^, (1, 0))\n(^, (1, 1))\n"},
                                 {kQueue, kList, "(^, (0, 0))\n(^, (0, 1))\n(^, (1, 1))\n"}});
}

TEST(EdgeTest, StartOnEveryEdgeAndCorner) {
  expect_all("0 3 3\n...\n.?.\n..@\n", {{kQueue, kList, "(^, (2, 2))\n(^, (1, 2))\n(^, (1, 1))\n"}});
  expect_all("0 3 3\n.@.\n.?.\n...\n", {{kQueue, kList, "(^, (0, 1))\n(^, (1, 1))\n"}});
  expect_all("0 3 3\n...\n@?.\n...\n", {{kStack, kList, "(^, (1, 0))\n(^, (1, 1))\n"}});
}

TEST(EdgeTest, HugeWidthWithHeightOneAndTheReverse) {
  const std::uint32_t n = 200000;
  std::string row(n, '.');
  row[0] = '@';
  row[n - 1] = '?';
  std::string wide = "0 1 " + std::to_string(n) + "\n" + row + "\n";
  std::string drawn(n, '+');
  drawn[0] = '@';
  drawn[n - 1] = '?';
  EXPECT_EQ(solve(wide, kQueue, kMap), "// color ^\n" + drawn + "\n");
  std::string tall = "0 " + std::to_string(n) + " 1\n";
  std::string tall_map = "// color ^\n";
  for (std::uint32_t i = 0; i < n; ++i) {
    tall += i == 0 ? "@\n" : i == n - 1 ? "?\n" : ".\n";
    tall_map += i == 0 ? "@\n" : i == n - 1 ? "?\n" : "+\n";
  }
  EXPECT_EQ(solve(tall, kStack, kMap), tall_map);
  // Every line of the lists, numbers past 65,536 included (written another way).
  std::string tall_list, wide_list;
  for (std::uint32_t i = 0; i < n; ++i) {
    tall_list += "(^, (" + std::to_string(i) + ", 0))\n";
    wide_list += "(^, (0, " + std::to_string(i) + "))\n";
  }
  EXPECT_EQ(solve(tall, kQueue, kList), tall_list);
  EXPECT_EQ(solve(wide, kStack, kList), wide_list);
}

TEST(EdgeTest, UnusedColorLayersArePrintedToo) {
  expect_all("3 1 2\n@?\n", {{kQueue, kMap,
                              "// color ^\n@?\n// color a\n.?\n// color b\n.?\n// color c\n.?\n"}});
}

TEST(EdgeTest, NoSolutionCountsCellsDiscoveredInAnyLayer) {
  // Only layer a reaches (0,3); the target behind the B door stays '#'.
  expect_all("2 2 5\n@aA.B\n####?\n", {{kQueue, kMap, "No solution.\nDiscovered:\n@aA.#\n#####\n"}});
}

TEST(EdgeTest, NoSolutionOnOneLongRowOrColumnShowsTheCellsFarFromTheStart) {
  // A one-row map is laid out as plain rows: its no-solution map crosses many words of
  // discovered bits in one run (a bug once read them all from the first word).
  const std::uint32_t n = 300;
  std::string row(n, '.');
  row[100] = '#', row[250] = '#', row[170] = '@', row[n - 1] = '?';
  std::string seen(n, '#');
  for (std::uint32_t i = 101; i < 250; ++i) seen[i] = row[i];
  expect_all("0 1 300\n" + row + "\n", {{kQueue, kMap, ("No solution.\nDiscovered:\n" + seen + "\n").c_str()}});
  std::string tall = "0 300 1\n", tall_seen = "No solution.\nDiscovered:\n";
  for (std::uint32_t i = 0; i < n; ++i) tall += std::string(1, row[i]) + "\n", tall_seen += std::string(1, seen[i]) + "\n";
  expect_all(tall, {{kStack, kList, tall_seen.c_str()}});
}

// ==== StressTest: seeded random maps against a naive reference ========================

struct Rng {
  std::uint64_t s;
  std::uint64_t next() {
    std::uint64_t z = (s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  std::uint32_t below(std::uint32_t n) { return static_cast<std::uint32_t>(next() % n); }
};

struct RandomMap {
  std::uint32_t colors, height, width;
  std::vector<std::string> rows;
  std::string text() const {
    std::string t = std::to_string(colors) + " " + std::to_string(height) + " " +
                    std::to_string(width) + "\n// random\n";
    for (const auto& r : rows) t += r + "\n";
    return t;
  }
};

/// A random valid map of 1..max_height x 1..max_width (max_width = max_height if 0).
RandomMap random_map(Rng& rng, std::uint32_t max_height, std::uint32_t max_width = 0, std::uint32_t min_height = 1,
                     std::uint32_t min_width = 1) {
  if (max_width == 0) max_width = max_height;
  RandomMap m;
  do {
    m.height = min_height + rng.below(max_height - min_height + 1);
    m.width = min_width + rng.below(max_width - min_width + 1);
  } while (m.height * m.width < 2);
  m.colors = rng.below(10) == 0 ? 26 : rng.below(10) == 0 ? 12 + rng.below(15) : rng.below(5);
  // Letters of the first four colors mostly (more presses find their doors), of all now and then.
  const std::uint32_t letters = rng.below(4) == 0 ? m.colors : std::min<std::uint32_t>(m.colors, 4);
  std::uint32_t walls = rng.below(45), doors = rng.below(20), buttons = rng.below(12), traps = rng.below(8);
  m.rows.assign(m.height, std::string(m.width, '.'));
  for (auto& row : m.rows)
    for (char& c : row) {
      std::uint32_t x = rng.below(100);
      std::uint32_t color = m.colors ? rng.below(letters) : 0;
      if (x < walls) c = '#';
      else if (x < walls + doors && m.colors) c = static_cast<char>('A' + color);
      else if (x < walls + doors + buttons && m.colors) c = static_cast<char>('a' + color);
      else if (x < walls + doors + buttons + traps) c = '^';
    }
  std::uint32_t cells = m.height * m.width, s = rng.below(cells), t;
  do t = rng.below(cells); while (t == s);
  m.rows[s / m.width][s % m.width] = '@';
  m.rows[t / m.width][t % m.width] = '?';
  return m;
}

/// The spec's algorithm, written plainly: a 3-D discovered/predecessor table of
/// structs, a std::deque as the search container, every output mode.
class Reference {
 public:
  explicit Reference(const RandomMap& m) : m_(m), layers_(int(m.colors) + 1) {}

  /// The map's character at (r, c).
  char cell(int r, int c) const { return m_.rows[std::size_t(r)][std::size_t(c)]; }

  std::string solve(bool stack, bool list) {
    struct Pred { bool found = false; int from_layer = -1, from_row = -1, from_col = -1; };
    std::vector<Pred> pred(std::size_t(layers_) * m_.height * m_.width);
    auto at = [&](int l, int r, int c) -> Pred& {
      return pred[(std::size_t(l) * m_.height + std::size_t(r)) * m_.width + std::size_t(c)];
    };
    int sr = 0, sc = 0;
    for (std::uint32_t r = 0; r < m_.height; ++r)
      for (std::uint32_t c = 0; c < m_.width; ++c)
        if (m_.rows[r][c] == '@') sr = int(r), sc = int(c);
    std::deque<std::array<int, 3>> container{{0, sr, sc}};
    at(0, sr, sc).found = true;
    std::array<int, 3> end{-1, -1, -1};
    while (!container.empty() && end[0] < 0) {
      std::array<int, 3> cur = stack ? container.back() : container.front();
      stack ? container.pop_back() : container.pop_front();
      auto [l, r, c] = cur;
      char here = cell(r, c);
      char color = l == 0 ? '^' : char('a' + l - 1);
      bool active = (here >= 'a' && here <= 'z' && here != color) || (here == '^' && color != '^');
      if (active) {
        int nl = here == '^' ? 0 : here - 'a' + 1;
        if (!at(nl, r, c).found) {
          at(nl, r, c) = {true, l, r, c};
          container.push_back({nl, r, c});
        }
        continue;
      }
      const int dr[] = {-1, 0, 1, 0}, dc[] = {0, 1, 0, -1};
      for (int d = 0; d < 4; ++d) {
        int nr = r + dr[d], nc = c + dc[d];
        if (nr < 0 || nc < 0 || nr >= int(m_.height) || nc >= int(m_.width)) continue;
        char ch = cell(nr, nc);
        if (ch == '#' || (ch >= 'A' && ch <= 'Z' && ch - 'A' + 'a' != color)) continue;
        if (at(l, nr, nc).found) continue;
        at(l, nr, nc) = {true, l, r, c};
        if (ch == '?') { end = {l, nr, nc}; break; }
        container.push_back({l, nr, nc});
      }
    }
    std::ostringstream out;
    if (end[0] < 0) {
      out << "No solution.\nDiscovered:\n";
      for (std::uint32_t r = 0; r < m_.height; ++r) {
        for (std::uint32_t c = 0; c < m_.width; ++c) {
          bool any = false;
          for (int l = 0; l < layers_; ++l) any = any || at(l, int(r), int(c)).found;
          out << (any ? m_.rows[r][c] : '#');
        }
        out << '\n';
      }
      return out.str();
    }
    std::vector<std::array<int, 3>> path{end};
    while (at(path.back()[0], path.back()[1], path.back()[2]).from_layer >= 0) {
      const Pred& p = at(path.back()[0], path.back()[1], path.back()[2]);
      path.push_back({p.from_layer, p.from_row, p.from_col});
    }
    std::reverse(path.begin(), path.end());
    path_ = path;
    if (list) {
      for (auto [l, r, c] : path)
        out << '(' << (l == 0 ? '^' : char('a' + l - 1)) << ", (" << r << ", " << c << "))\n";
      return out.str();
    }
    std::vector<std::vector<std::string>> maps(std::size_t(layers_), m_.rows);
    auto put = [&](int l, int r, int c, char ch) { maps[std::size_t(l)][std::size_t(r)][std::size_t(c)] = ch; };
    for (int l = 0; l < layers_; ++l) {
      char color = l == 0 ? '^' : char('a' + l - 1);
      for (auto& row : maps[std::size_t(l)])
        for (char& ch : row) {
          if (ch == '@' && l != 0) ch = '.';
          if (l == 0 && ch == '^') ch = '.';
          if (l != 0 && (ch == color || ch == color - 'a' + 'A')) ch = '.';
        }
    }
    for (std::size_t i = 1; i < path.size(); ++i) {
      auto [l, r, c] = path[i];
      auto [pl, pr, pc] = path[i - 1];
      if (l != pl) {
        put(pl, pr, pc, '%');
        put(l, r, c, '@');
      } else if (i + 1 < path.size()) {
        put(l, r, c, '+');
      }
    }
    for (int l = 0; l < layers_; ++l) {
      out << "// color " << (l == 0 ? '^' : char('a' + l - 1)) << '\n';
      for (const auto& row : maps[std::size_t(l)]) out << row << '\n';
    }
    return out.str();
  }

  /// The fewest actions from the start to any state on the target, or -1.
  int shortest() const {
    std::vector<int> dist(std::size_t(layers_) * m_.height * m_.width, -1);
    auto idx = [&](int l, int r, int c) {
      return (std::size_t(l) * m_.height + std::size_t(r)) * m_.width + std::size_t(c);
    };
    std::deque<std::array<int, 3>> q;
    for (std::uint32_t r = 0; r < m_.height; ++r)
      for (std::uint32_t c = 0; c < m_.width; ++c)
        if (m_.rows[r][c] == '@') q.push_back({0, int(r), int(c)}), dist[idx(0, int(r), int(c))] = 0;
    while (!q.empty()) {
      auto [l, r, c] = q.front();
      q.pop_front();
      int d = dist[idx(l, r, c)];
      if (cell(r, c) == '?') return d;
      for (auto [nl, nr, nc] : actions(l, r, c))
        if (dist[idx(nl, nr, nc)] < 0) dist[idx(nl, nr, nc)] = d + 1, q.push_back({nl, nr, nc});
    }
    return -1;
  }

  /// Every state one legal action away, by puzzle.cpp's rule functions.
  std::vector<std::array<int, 3>> actions(int l, int r, int c) const {
    char color = puzzle::layer_color(std::uint32_t(l));
    char here = cell(r, c);
    if (puzzle::is_active_button(color, here))
      return {{int(puzzle::layer_index(puzzle::pressed_layer(here))), r, c}};
    std::vector<std::array<int, 3>> next;
    const int dr[] = {-1, 0, 1, 0}, dc[] = {0, 1, 0, -1};
    for (int d = 0; d < 4; ++d) {
      int nr = r + dr[d], nc = c + dc[d];
      if (nr < 0 || nc < 0 || nr >= int(m_.height) || nc >= int(m_.width)) continue;
      if (puzzle::is_passable(color, cell(nr, nc))) next.push_back({l, nr, nc});
    }
    return next;
  }

  const std::vector<std::array<int, 3>>& path() const { return path_; }

 private:
  RandomMap m_;
  int layers_;
  std::vector<std::array<int, 3>> path_;
};

/// The states of a list output.
std::vector<std::array<int, 3>> parse_list(const std::string& text) {
  std::vector<std::array<int, 3>> states;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    char color;
    int r, c;
    EXPECT_EQ(std::sscanf(line.c_str(), "(%c, (%d, %d))", &color, &r, &c), 3) << line;
    states.push_back({int(puzzle::layer_index(color)), r, c});
  }
  return states;
}

/// The path marks of a map output: (layer, row, col) -> '+', '%' or '@' (not the start).
std::map<std::array<int, 3>, char> map_marks(const std::string& text, const RandomMap& m) {
  std::map<std::array<int, 3>, char> marks;
  std::istringstream in(text);
  std::string line;
  int layer = -1, row = 0;
  while (std::getline(in, line)) {
    if (line.rfind("// color ", 0) == 0) { ++layer; row = 0; continue; }
    for (int c = 0; c < int(line.size()); ++c) {
      char ch = line[std::size_t(c)];
      bool start = layer == 0 && m.rows[std::size_t(row)][std::size_t(c)] == '@';
      if ((ch == '+' || ch == '%' || ch == '@') && !start) marks[{layer, row, c}] = ch;
    }
    ++row;
  }
  return marks;
}

TEST(StressTest, RandomMapsMatchTheReferenceInEveryMode) {
  Rng rng{20261122};
  int solved = 0, unsolved = 0;
  for (int i = 0; i < 4000; ++i) {
    RandomMap m = random_map(rng, i < 3000 ? 7 : 24);
    if (i % 10 == 9) m = random_map(rng, 3, 150);  // thin maps: plain rows
    if (i % 10 == 4) m = random_map(rng, 150, 3);  // and transposed
    std::string input = m.text();
    Reference ref(m);
    for (bool stack : {false, true})
      for (bool list : {false, true}) {
        std::string got = solve(input, stack ? kStack : kQueue, list ? kList : kMap);
        ASSERT_EQ(got, ref.solve(stack, list)) << input << (stack ? "stack" : "queue") << (list ? " list" : " map");
      }
    (ref.shortest() >= 0 ? solved : unsolved)++;
  }
  EXPECT_GT(solved, 1000);  // the sample covers both outcomes well
  EXPECT_GT(unsolved, 500);
}

TEST(StressTest, MapsOutputInSeveralPiecesMatchTheReference) {
  // The map outputs are made a piece of about 256 KB at a time: wide maps of a few
  // dozen rows, the start at the top and the target at the bottom, so that paths and
  // discovered cells cross from piece to piece. Few colors keep the reference small.
  Rng rng{4096};
  int solved = 0;
  for (int i = 0; i < 10; ++i) {
    RandomMap m;
    do m = random_map(rng, 64, 12000, 40, 8000); while (m.colors > 4);
    for (auto& row : m.rows)
      for (char& c : row)
        if (c == '@' || c == '?') c = '.';
    m.rows.front()[rng.below(m.width)] = '@';
    m.rows.back()[rng.below(m.width)] = '?';
    const std::string input = m.text();
    const puzzle::Puzzle p = puzzle::parse_puzzle(input);
    ASSERT_GT(p.height, puzzle::rows_per_piece(p)) << "not two pieces";
    Reference ref(m);
    for (bool stack : {false, true}) {
      const std::string got = solve(input, stack ? kStack : kQueue, kMap);
      ASSERT_EQ(got, ref.solve(stack, false)) << (stack ? "stack" : "queue") << " map " << i;
      if (!stack) solved += got.rfind("No solution.", 0) != 0;
    }
  }
  EXPECT_GT(solved, 1);  // both outcomes
  EXPECT_LT(solved, 10);
}

TEST(StressTest, ColorlessMapsMatchTheReferenceAcrossTiles) {
  // Maps of many tiles (wide, tall: transposed, and thin: plain rows), paths that
  // cross tile edges every way, targets and starts walled in.
  Rng rng{8008};
  int solved = 0, unsolved = 0;
  for (int i = 0; i < 600; ++i) {
    RandomMap m;
    const std::uint32_t shape = rng.below(4);
    do m = shape == 0 ? random_map(rng, 3, 400) : shape == 1 ? random_map(rng, 400, 3)
                                                  : random_map(rng, 90, 90, 9, 9);
    while (m.colors > 4);
    m.colors = 0;
    for (auto& row : m.rows)
      for (char& c : row)
        if (c != '#' && c != '@' && c != '?' && c != '^') c = '.';
    const std::string input = m.text();
    Reference ref(m);
    for (bool list : {false, true}) {
      ASSERT_EQ(solve(input, kQueue, list ? kList : kMap), ref.solve(false, list)) << input << (list ? "list" : "map");
      ASSERT_EQ(solve(input, kStack, list ? kList : kMap), ref.solve(true, list)) << input << (list ? "list" : "map");
    }
    (ref.shortest() >= 0 ? solved : unsolved)++;
  }
  EXPECT_GT(solved, 200);
  EXPECT_GT(unsolved, 100);
}

TEST(StressTest, ATargetBoxedInWithOrWithoutAGap) {
  // Maps without colors, the target in a box of walls in a wide field (unsolvable), or
  // with a gap in the box (solvable, the stack search wandering the field first).
  // Wide and tall (transposed) maps, a few walls scattered.
  Rng rng{4242};
  for (int i = 0; i < 12; ++i) {
    const bool tall = i % 2 == 1, gap = i % 3 == 2;
    RandomMap m{0, tall ? 260u : 140u, tall ? 140u : 260u, {}};
    m.rows.assign(m.height, std::string(m.width, '.'));
    for (auto& row : m.rows)
      for (char& c : row)
        if (rng.below(10) == 0) c = '#';
    const std::uint32_t side = 12 + rng.below(20);  // the box: side x side, walls around
    const std::uint32_t top = 10 + rng.below(m.height - side - 20), left = 10 + rng.below(m.width - side - 20);
    for (std::uint32_t r = top; r < top + side; ++r)
      for (std::uint32_t c = left; c < left + side; ++c)
        m.rows[r][c] = (r == top || c == left || r + 1 == top + side || c + 1 == left + side) ? '#' : '.';
    if (gap) m.rows[top][left + side / 2] = '.';
    m.rows[top + side / 2][left + side / 2] = '?';
    m.rows[rng.below(5)][rng.below(5)] = '@';
    const std::string input = m.text();
    Reference ref(m);
    for (bool stack : {false, true})
      for (bool list : {false, true})
        ASSERT_EQ(solve(input, stack ? kStack : kQueue, list ? kList : kMap), ref.solve(stack, list))
            << input << (stack ? "stack" : "queue") << (list ? "list" : "map");
  }
}

TEST(StressTest, TheReachabilityPassSettlesLargerMapsOfManyColorsAsTheReferenceDoes) {
  // Maps up to 40 x 140 with up to 26 colors: the reachability pass settles every
  // unsolvable one (the no-solution map), solvable ones go on to the search.
  Rng rng{77};
  int unsolved = 0;
  for (int i = 0; i < 3000; ++i) {
    RandomMap m = random_map(rng, i % 3 == 0 ? 40 : 9, i % 5 == 0 ? 140 : 0);
    Reference ref(m);
    ASSERT_EQ(solve(m.text(), kQueue, kMap), ref.solve(false, false)) << m.text();
    unsolved += ref.shortest() < 0;
  }
  EXPECT_GT(unsolved, 300);
}

TEST(StressTest, PathsAreLegalQueuePathsShortestAndMapsAgreeWithLists) {
  Rng rng{42};
  for (int i = 0; i < 3000; ++i) {
    RandomMap m = random_map(rng, i < 2000 ? 8 : 30);
    std::string input = m.text();
    Reference ref(m);
    int shortest = ref.shortest();
    for (auto container : {kQueue, kStack}) {
      std::string list = solve(input, container, kList);
      if (shortest < 0) {
        ASSERT_EQ(list.rfind("No solution.\nDiscovered:\n", 0), 0u) << input;
        continue;
      }
      auto path = parse_list(list);
      ASSERT_FALSE(path.empty()) << input;
      EXPECT_EQ(path.front()[0], 0) << input;
      Reference at(m);
      EXPECT_EQ(at.cell(path.front()[1], path.front()[2]), '@') << input;
      EXPECT_EQ(at.cell(path.back()[1], path.back()[2]), '?') << input;
      for (std::size_t k = 1; k < path.size(); ++k) {
        auto next = ref.actions(path[k - 1][0], path[k - 1][1], path[k - 1][2]);
        EXPECT_NE(std::find(next.begin(), next.end(), path[k]), next.end()) << input << " step " << k;
      }
      if (container == kQueue) {
        EXPECT_EQ(int(path.size()) - 1, shortest) << input;
      }
      // Map output marks exactly the list's states: '@' after a press, '%' before it.
      std::map<std::array<int, 3>, char> want;
      for (std::size_t k = 1; k < path.size(); ++k) {
        if (path[k][0] != path[k - 1][0]) {
          want[path[k - 1]] = '%';
          want[path[k]] = '@';
        } else if (k + 1 < path.size()) {
          want[path[k]] = '+';
        }
      }
      EXPECT_EQ(map_marks(solve(input, container, kMap), m), want) << input;
    }
  }
}

}  // namespace
