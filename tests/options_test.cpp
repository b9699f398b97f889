// Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
// Tests of the command line: every spelling the course's grader uses selects the same
// run, in process and through the binary (the spec's expected files, byte for byte);
// --help; and every illegal command line of the catalogue (tests/util.h) is rejected by
// parse_options and by the binary with one message naming the problem.

#include <gtest/gtest.h>

#include <algorithm>
#include <utility>

#include "tests/util.h"

namespace {

using namespace testutil;  // tests/util.h

// ==== OptionsTest: legal command lines ===============================================

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
    EXPECT_NE(std::string(e.what()).find(c.keyword), std::string::npos) << e.what();
  }
}

INSTANTIATE_TEST_SUITE_P(Catalogue, BadOptionsTest, ::testing::ValuesIn(option_cases()),
                         case_name);

}  // namespace
