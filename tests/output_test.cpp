// Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
// Tests of the output formats: the spec's examples byte for byte in every mode; the list
// format (numbers of any size); the map format (every layer, used or not; '+', '%' and
// '@' marks; a layer's own buttons and doors, the start and the traps shown as the spec
// says); the no-solution map (cells discovered in any layer); and map outputs made a
// piece at a time, compared with the reference solver of tests/util.h.

#include <gtest/gtest.h>

#include "tests/util.h"

namespace {

using namespace testutil;  // tests/util.h

// ==== GoldenTest: the spec's examples ==================================================

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

// ==== OutputTest: hand-checked outputs ================================================

TEST(OutputTest, TargetNextToStartPrintsEveryLayer) {
  expect_all("2 1 3\n?@a\n", {{kQueue, kList, "(^, (0, 1))\n(^, (0, 0))\n"},
                              {kQueue, kMap, "// color ^\n?@a\n// color a\n?..\n// color b\n?.a\n"}});
}

TEST(OutputTest, UnusedColorLayersArePrintedToo) {
  expect_all("3 1 2\n@?\n", {{kQueue, kMap,
                              "// color ^\n@?\n// color a\n.?\n// color b\n.?\n// color c\n.?\n"}});
}

TEST(OutputTest, TrapsInTheStartLayerAreFloorAndShowAsDots) {
  expect_all("0 1 4\n@^^?\n", {{kQueue, kList, "(^, (0, 0))\n(^, (0, 1))\n(^, (0, 2))\n(^, (0, 3))\n"},
                               {kQueue, kMap, "// color ^\n@++?\n"}});
  expect_all("0 2 3\n@.^\n^.?\n", {{kStack, kMap, "// color ^\n@..\n++?\n"}});
}

TEST(OutputTest, TheStartShowsOnlyOnTheCaretLayerEvenWhenThePathCrossesIt) {
  // Press a at (0,1), walk back west over the start in layer a, then down through A.
  expect_all("1 2 2\n@a\nA?\n", {{kQueue, kList,
                                  "(^, (0, 0))\n(^, (0, 1))\n(a, (0, 1))\n(a, (1, 1))\n"}});
  expect_all("1 3 3\n.@a\nA##\n?##\n",
             {{kQueue, kMap, "// color ^\n.@%\nA##\n?##\n// color a\n++@\n+##\n?##\n"}});
}

TEST(OutputTest, HugeWidthWithHeightOneAndTheReverse) {
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

TEST(OutputTest, ARowLongerThanAPieceIsWrittenInSeveral) {
  // A row of 700,000 cells is longer than a piece of output (256 KB): its layers' rows
  // and its no-solution row are written in pieces, the path's marks across their edges.
  const std::uint32_t n = 700000;
  std::string row(n, '.');
  for (std::uint32_t i = 3; i < n; i += 7) row[i] = i % 2 ? 'a' : 'A';
  row[0] = '@', row[n - 1] = '?';
  Map m;
  m.colors = 1, m.height = 1, m.width = n, m.rows = {row};
  Reference ref(m);
  for (const bool stack : {false, true}) {
    EXPECT_EQ(solve(m.text(), stack ? kStack : kQueue, kMap), ref.solve(stack, false)) << stack;
    EXPECT_EQ(solve(m.text(), stack ? kStack : kQueue, kList), ref.solve(stack, true)) << stack;
  }
  row[n - 2] = '#';
  m.rows = {row};
  Reference closed(m);
  EXPECT_EQ(solve(m.text(), kQueue, kMap), closed.solve(false, false));
  EXPECT_EQ(closed.solve(false, false).substr(0, 12), "No solution.");
}

TEST(OutputTest, NoSolutionCountsCellsDiscoveredInAnyLayer) {
  // Only layer a reaches (0,3); the target behind the B door stays '#'.
  expect_all("2 2 5\n@aA.B\n####?\n", {{kQueue, kMap, "No solution.\nDiscovered:\n@aA.#\n#####\n"}});
}

TEST(OutputTest, NoSolutionOnOneLongRowOrColumnShowsTheCellsFarFromTheStart) {
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

TEST(OutputTest, MapsOutputInSeveralPiecesMatchTheReference) {
  // The map outputs are made a piece of about 256 KB at a time: wide maps of a few
  // dozen rows, the start at the top and the target at the bottom, so that paths and
  // discovered cells cross from piece to piece. Few colors keep the reference small.
  Rng rng{4096};
  int solved = 0;
  for (int i = 0; i < 10; ++i) {
    Map m;
    do m = random_map(rng, 64, 12000, 40, 8000); while (m.colors > 4);
    for (auto& row : m.rows)
      for (char& c : row)
        if (c == '@' || c == '?') c = '.';
    m.rows.front()[rng.below(m.width)] = '@';
    m.rows.back()[rng.below(m.width)] = '?';
    const std::string input = m.text();
    const puzzle::Puzzle p = puzzle::parse_puzzle(input);
    ASSERT_GT(std::uint64_t{p.height} * (p.width + 1), puzzle::kPiece) << "not two pieces";
    Reference ref(m);
    for (bool stack : {false, true}) {
      const std::string got = solve(input, stack ? kStack : kQueue, kMap);
      ASSERT_EQ(got, ref.solve(stack, false)) << (stack ? "stack" : "queue") << " map " << i;
      if (!stack) solved += ref.solved();
    }
  }
  EXPECT_GT(solved, 1);  // both outcomes
  EXPECT_LT(solved, 10);
}

}  // namespace
