// Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
// Tests of the command line: every spelling the course's grader uses (tools/spellings.txt)
// selects the same run, in process and through the binary (the spec's expected files,
// byte for byte); --help; and every illegal command line of the catalogue
// (tools/bad-inputs.txt) is rejected by parse_options and by the binary with one message
// naming the problem.

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "tests/util.h"

namespace {

using namespace testutil;  // tests/util.h

// ==== OptionsTest: legal command lines ===============================================

/// The container and output a mode's name ("QL") stands for.
std::pair<puzzle::Container, puzzle::OutputMode> mode_of(const std::string& mode) {
  return {mode[0] == 'Q' ? kQueue : kStack, mode[1] == 'L' ? kList : kMap};
}

TEST(OptionsTest, EverySpellingOfTheCourseSelectsItsMode) {
  // The course's spellings (tools/spellings.txt, which tools/compare and tools/grade
  // use too), then spellings of puzzle's own that getopt_long allows.
  std::vector<catalogue::Spelling> spellings = catalogue::spellings();
  ASSERT_GE(spellings.size(), 24u);
  spellings.push_back({"QM", "-q -omap"});
  spellings.push_back({"QL", "--que --out list"});  // unique prefixes
  for (const catalogue::Spelling& s : spellings) {
    puzzle::Options o = parse(split(s.args));
    EXPECT_EQ(o.container, mode_of(s.mode).first) << s.args;
    EXPECT_EQ(o.output, mode_of(s.mode).second) << s.args;
    EXPECT_FALSE(o.help) << s.args;
  }
  // Each mode has spellings, the plain one first.
  for (const char* mode : {"QL", "QM", "SL", "SM"}) {
    const std::vector<std::string> list = catalogue::spellings_of(mode);
    ASSERT_GE(list.size(), 6u) << mode;
    EXPECT_EQ(list[0], std::string(mode[0] == 'Q' ? "-q" : "-s") + " -o " + (mode[1] == 'L' ? "list" : "map"));
  }
}

TEST(OptionsTest, HelpWinsAndNeedsNoContainer) {
  EXPECT_TRUE(parse({"-h"}).help);
  EXPECT_TRUE(parse({"--help"}).help);
  EXPECT_TRUE(parse({"-q", "--help"}).help);
  EXPECT_TRUE(parse({"--help", "-o", "list"}).help);
}

TEST(OptionsTest, TheBinaryPrintsHelpOnStdoutAndExitsZero) {
  for (const char* args : {"-h", "--help"}) {
    auto r = run_puzzle(args, "");
    EXPECT_EQ(r.status, 0);
    // The usage text, then a last line naming the edition of the spec the binary follows.
    EXPECT_EQ(r.out, std::string(puzzle::kUsage) +
                         "Rules: the 2023 edition of the spec (no solution: \"No solution.\" then \"Discovered:\").\n");
    EXPECT_NE(r.out.find("--queue"), std::string::npos);
    EXPECT_NE(r.out.find("--output"), std::string::npos);
    EXPECT_EQ(r.err, "");
  }
}

TEST(OptionsTest, EverySpellingThroughTheBinaryGivesTheSpecsExpectedFile) {
  for (const std::string& name : spec_inputs()) {
    std::string input = read_file("spec-inputs/" + name + ".txt");
    for (const catalogue::Spelling& s : catalogue::spellings()) {
      const std::string mode = s.mode[0] == 'Q' ? "queue" : "stack", output = s.mode[1] == 'L' ? "list" : "map";
      auto r = run_puzzle(s.args, input);
      EXPECT_EQ(r.status, 0) << name << " " << s.args;
      EXPECT_EQ(r.err, "") << name << " " << s.args;
      EXPECT_EQ(r.out, expected_output(name, mode, output)) << name << " " << s.args;
    }
  }
}

TEST(OptionsTest, AControlCharacterInAWordIsShownEscapedOnOneLine) {
  // Each word is made by the shell's printf: "\n" is a newline, "\001" the byte 1.
  const std::pair<const char*, const char*> cases[] = {
      {"-q -o \"$(printf 'l\\nist')\"", "--output must be 'map' or 'list', not 'l\\nist'"},
      {"-q \"$(printf -- '--f\\too')\"", "unknown option '--f\\too'"},
      {"-q \"$(printf 'a\\001b')\"", "unexpected argument 'a\\x01b'"},
      {"-q -o \"$(printf 'map\\r')\"", "not 'map\\r'"},
  };
  for (const auto& [args, message] : cases) {
    Result r = run(puzzle_bin() + " " + args + " < /dev/null");
    EXPECT_EQ(r.status, 1) << args << ": " << r.err;
    EXPECT_EQ(r.out, "") << args;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << args << ": " << r.err;
    EXPECT_NE(r.err.find(message), std::string::npos) << args << ": " << r.err;
  }
}

// ==== BadOptionsTest: the catalogue's illegal command lines ============================

class BadOptionsTest : public ::testing::TestWithParam<Bad> {};

TEST_P(BadOptionsTest, TheBinaryExitsOneWithOneLineNamingTheProblem) { expect_rejected(GetParam()); }

TEST_P(BadOptionsTest, ParseOptionsThrowsTheSameError) {
  const Bad& c = GetParam();
  try {
    parse(split(c.args));
    ADD_FAILURE() << "parse_options accepted: " << c.args;
  } catch (const puzzle::Error& e) {
    EXPECT_NE(std::string(e.what()).find(c.message), std::string::npos) << e.what();
  }
}

INSTANTIATE_TEST_SUITE_P(Catalogue, BadOptionsTest, ::testing::ValuesIn(option_cases()),
                         case_name);

}  // namespace
