// Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
// Tests that the solver plays by its own rule functions everywhere, in both passes: the
// plain search of tests/reference.h is given puzzle.cpp's is_active_button,
// pressed_layer and is_passable, and every output on random maps, in every mode,
// solvable or not, must be its output; and those outputs are the reference's (the spec's
// rules, tools/bugs.h). make e2e also builds this test against copies of puzzle.cpp with
// one rule function changed by a line (tests/scripts/rule-variant; tests/e2e/rules.sh runs
// them, with RULES_VARIANT set): a rule held by hand anywhere in the solver would part
// from the plain search there, and the outputs must part from the reference's somewhere.

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "tests/util.h"

namespace {

using namespace testutil;  // tests/util.h

TEST(RuleFunctionsTest, TheSolverPlaysByItsRuleFunctionsInEveryMode) {
  const char* const variant = std::getenv("RULES_VARIANT");
  Rng rng{31337};
  int apart_from_spec = 0, unsolved = 0;
  const int maps = 1200;
  for (int i = 0; i < maps; ++i) {
    // Small maps mostly, some of several tiles and blocks, some of one row or column.
    Map m = i % 7 == 0 ? random_map(rng, 40, 90) : i % 11 == 0 ? random_map(rng, 1, 60) : random_map(rng, 9);
    if (i % 13 == 0 && m.height > 1) {  // the same map, as one column
      Map column;
      column.colors = m.colors, column.height = m.height * m.width, column.width = 1;
      for (const std::string& row : m.rows)
        for (const char c : row) column.rows.push_back(std::string(1, c));
      m = column;
    }
    RulesReference ref(m, puzzle_rules());
    for (const bool stack : {false, true})
      for (const bool list : {false, true}) {
        const std::string expected = ref.solve(stack, list);
        ASSERT_EQ(solve(m.text(), stack ? puzzle::Container::stack : puzzle::Container::queue,
                        list ? puzzle::OutputMode::list : puzzle::OutputMode::map),
                  expected)
            << (variant ? variant : "the spec's rules") << ", " << (stack ? "stack" : "queue") << ", "
            << (list ? "list" : "map") << ":\n" << m.text();
      }
    unsolved += !ref.solved();
    apart_from_spec += Reference(m).solve(false, false) != ref.solve(false, false);
  }
  EXPECT_GT(unsolved, maps / 20);
  EXPECT_LT(unsolved, maps - maps / 20);
  if (variant) EXPECT_GT(apart_from_spec, 0) << variant << " changes no output on these maps: it tests nothing";
  else EXPECT_EQ(apart_from_spec, 0) << "puzzle.cpp's rule functions are not the spec's";
}

}  // namespace
