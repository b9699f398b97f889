// Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
// Tests of the trace build (`make trace`, ./puzzle_trace): it prints on stderr every
// state its exact search investigates, in order, in list format. On the spec's maps and
// on random ones, solvable or not, in both modes, that trace is byte for byte the order
// in which the plain search of tests/reference.h investigates (by puzzle.cpp's rule
// functions, held to the spec's by tests/rules_test.cpp), and the output is its output:
// the paths come out of the spec's search, state by state.

#include <gtest/gtest.h>
#include <unistd.h>

#include <string>
#include <vector>

#include "tests/util.h"

namespace {

TEST(TraceTest, EveryInvestigatedStateInTheReferencesOrder) {
  ASSERT_EQ(access("./puzzle_trace", X_OK), 0) << "./puzzle_trace is missing: run `make trace` (make test does)";
  std::vector<testutil::Map> maps;
  for (const char* name : {"spec-simple", "spec-full", "spec-simple-no", "spec-full-no"}) {
    std::string error;
    maps.push_back(testutil::read_map(testutil::read_file(std::string("spec-inputs/") + name + ".txt"), error));
    ASSERT_EQ(error, "") << name;
  }
  testutil::Rng rng{1955};
  while (maps.size() < 40) maps.push_back(testutil::random_map(rng, 12, 12, 3, 3));
  int solved = 0, unsolved = 0;
  for (const testutil::Map& map : maps) {
    testutil::RulesReference ref(map, testutil::puzzle_rules());
    for (bool stack : {false, true}) {
      const std::string out = ref.solve(stack, true);
      testutil::Result t = testutil::run(std::string("./puzzle_trace ") + (stack ? "-s" : "-q") + " -o list", map.text());
      ASSERT_EQ(t.status, 0) << map.text();
      ASSERT_EQ(t.out, out) << map.text();
      ASSERT_EQ(t.err, ref.trace()) << (stack ? "stack" : "queue") << "\n" << map.text();
      (ref.solved() ? solved : unsolved)++;
    }
  }
  EXPECT_GE(solved, 40);  // both outcomes, in both modes
  EXPECT_GE(unsolved, 8);
}

}  // namespace
