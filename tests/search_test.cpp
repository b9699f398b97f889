// Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
// Tests of the search: the fast encodings of the rules agree with the rule functions;
// the search container behaves as a std::deque; hand-checked small maps; and seeded
// random maps of every shape, solved in every mode, byte for byte as the reference
// solver of tests/util.h (the plain solver of tools/bugs.h) solves them. The
// reference itself is held to the rule functions and to breadth-first distances.

#include <gtest/gtest.h>

#include <array>
#include <deque>
#include <map>
#include <sstream>
#include <tuple>

#include "tests/util.h"

namespace {

using namespace testutil;  // tests/util.h

/// Solves `m` in every mode, byte for byte as the reference does; true if solvable.
bool matches_in_every_mode(const Map& m) {
  const std::string input = m.text();
  Reference ref(m);
  for (bool stack : {false, true})
    for (bool list : {false, true}) {
      const std::string want = ref.solve(stack, list);
      EXPECT_EQ(solve(input, stack ? kStack : kQueue, list ? kList : kMap), want)
          << input << (stack ? "stack" : "queue") << (list ? " list" : " map");
    }
  return ref.solved();
}

// ==== RulesTest: the fast encodings of the rules agree with the rule functions =========

TEST(RulesTest, TheRuleTableFollowsTheRuleFunctions) {
  for (std::uint32_t colors : {0u, 1u, 5u, 26u}) {
    const puzzle::RuleTable rules(colors);
    for (std::uint32_t layer = 0; layer <= colors; ++layer) {
      const char color = puzzle::layer_color(layer);
      // The outside of the map reads as a wall and is closed in every layer.
      EXPECT_FALSE(rules.open(layer, puzzle::kOutside));
      EXPECT_EQ(rules.press(layer, puzzle::kOutside), puzzle::kNoPress);
      for (unsigned kind = puzzle::kWall; kind < puzzle::kKinds; ++kind) {
        const char c = puzzle::kind_char(static_cast<std::uint8_t>(kind));
        const std::uint8_t press = rules.press(layer, static_cast<std::uint8_t>(kind));
        EXPECT_EQ(press != puzzle::kNoPress, puzzle::is_active_button(color, c)) << color << " " << c;
        if (press != puzzle::kNoPress) {
          EXPECT_EQ(puzzle::layer_color(press), puzzle::pressed_layer(c));
        }
        EXPECT_EQ(rules.open(layer, kind), puzzle::is_passable(color, c)) << color << " " << c;
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
    EXPECT_EQ(p.layout.row_bits == 0, p.height == 1);
    // The exact search's open bits: set where a state can be entered, not on the border.
    const puzzle::RuleTable rules(26);
    const puzzle::StateSpace space(p, rules);
    for (std::uint32_t layer = 0; layer <= 26; ++layer) {
      for (std::uint32_t r = 0; r < p.height; ++r) {
        EXPECT_FALSE(space.open(p.layout.state(layer, p.layout.cell(r, std::uint32_t(-1)))));
        EXPECT_FALSE(space.open(p.layout.state(layer, p.layout.cell(r, p.width))));
      }
      for (std::uint32_t r = 0; r < p.height; ++r)
        for (std::uint32_t c = 0; c < p.width; ++c) {
          const std::uint32_t state = p.layout.state(layer, p.layout.cell(r, c));
          EXPECT_EQ(space.open(state), puzzle::is_passable(puzzle::layer_color(layer), p.at(r, c)))
              << layer << " " << p.at(r, c);
          EXPECT_EQ(p.layout.layer_of(state), layer);
          EXPECT_EQ(p.layout.row_of(p.layout.cell_of(state)), r);
          EXPECT_EQ(p.layout.col_of(p.layout.cell_of(state)), c);
        }
    }
    // The reachability pass's masks, in blocks of 8 rows and of one: enter where
    // passable, walk on unless pressing.
    auto check_masks = [&](auto reach) {
      for (std::uint32_t layer = 0; layer <= 26; ++layer)
        for (std::uint32_t r = 0; r < p.height; ++r)
          for (std::uint32_t c = 0; c < p.width; ++c) {
            const std::uint32_t cell = p.layout.cell(r, c);
            const auto [open, walk] = reach.masks_at(layer, p.layout.y_of(cell), p.layout.x_of(cell));
            const char color = puzzle::layer_color(layer), here = p.at(r, c);
            EXPECT_EQ(open, puzzle::is_passable(color, here)) << color << " " << here;
            EXPECT_EQ(walk, puzzle::is_passable(color, here) && !puzzle::is_active_button(color, here))
                << color << " " << here;
          }
    };
    check_masks(puzzle::Reachability<8>(p, rules));
    check_masks(puzzle::Reachability<1>(p, rules));
  }
}

TEST(RulesTest, BlocksOfOneRowAndOfEightReachTheSameCells) {
  // The reachability pass takes blocks of one row on maps of few rows: on any map, both
  // block heights must settle the same way and discover the same cells.
  Rng rng{2024};
  int unsolved = 0;
  for (int i = 0; i < 2000; ++i) {
    const Map m = random_map(rng, i % 2 ? 12 : 40, i % 3 ? 0 : 150);
    const puzzle::Puzzle p = puzzle::parse_puzzle(m.text());
    const puzzle::RuleTable rules(p.colors);
    puzzle::Reachability<1> one(p, rules);
    puzzle::Reachability<8> eight(p, rules);
    const bool reached = one.run();
    ASSERT_EQ(reached, eight.run()) << m.text();
    if (reached) continue;
    ++unsolved;
    const puzzle::CellBits by_one = one.discovered(), by_eight = eight.discovered();
    for (std::uint32_t r = 0; r < p.height; ++r)
      for (std::uint32_t c = 0; c < p.width; ++c)
        ASSERT_EQ(by_one.has(p.layout.cell(r, c)), by_eight.has(p.layout.cell(r, c))) << r << "," << c << "\n" << m.text();
  }
  EXPECT_GT(unsolved, 200);
}

// ==== ContainerTest ===================================================================

/// Drives a SearchContainer and a std::deque with the same random operations, as the
/// search does: up to four pushes, then a pop from one end.
void compare_with_std_deque(bool stack, std::uint64_t seed, int steps) {
  puzzle::SearchContainer ours;
  std::deque<std::uint32_t> model;
  Rng rng{seed};
  std::uint32_t value = 0;
  std::size_t most = 0;  // states waiting at once
  for (int i = 0; i < steps; ++i) {
    // Grow for a while, then shrink, so that many blocks come and go.
    const bool growing = (i / 40000) % 2 == 0;
    for (std::uint32_t pushes = rng.below(growing ? 5 : 3); pushes > 0; --pushes) {
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

// ==== EdgeTest: hand-checked small maps =============================================

TEST(EdgeTest, OneByTwoAndTwoByOne) {
  expect_all("0 1 2\n@?\n", {{kQueue, kList, "(^, (0, 0))\n(^, (0, 1))\n"},
                             {kStack, kMap, "// color ^\n@?\n"}});
  expect_all("0 2 1\n?\n@\n", {{kStack, kList, "(^, (1, 0))\n(^, (0, 0))\n"},
                               {kQueue, kMap, "// color ^\n?\n@\n"}});
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

TEST(EdgeTest, ATrapPressedInEveryPositionOfAPath) {
  // From layer a the trap at (0,2) must be pressed: back to ^, where the A door is shut.
  expect_all("1 2 4\n@a^?\n.#A#\n", {{kQueue, kList,
                                      "(^, (0, 0))\n(^, (0, 1))\n(a, (0, 1))\n(a, (0, 2))\n"
                                      "(^, (0, 2))\n(^, (0, 3))\n"},
                                     {kQueue, kMap, "// color ^\n@%@?\n.#A#\n// color a\n.@%?\n.#.#\n"}});
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

// ==== StressTest: seeded random maps against the reference ===========================

TEST(StressTest, RandomMapsMatchTheReferenceInEveryMode) {
  Rng rng{20261122};
  int solved = 0, unsolved = 0;
  for (int i = 0; i < 4000; ++i) {
    Map m = random_map(rng, i < 3000 ? 7 : 24);
    if (i % 10 == 9) m = random_map(rng, 3, 150);  // thin maps: plain rows
    if (i % 10 == 4) m = random_map(rng, 150, 3);  // and transposed
    (matches_in_every_mode(m) ? solved : unsolved)++;
    if (HasFailure()) return;
  }
  EXPECT_GT(solved, 1000);  // the sample covers both outcomes well
  EXPECT_GT(unsolved, 500);
}

TEST(StressTest, ColorlessMapsMatchTheReferenceAcrossTiles) {
  // Maps of many tiles (wide, tall: transposed, and thin: plain rows), paths that
  // cross tile edges every way, targets and starts walled in.
  Rng rng{8008};
  int solved = 0, unsolved = 0;
  for (int i = 0; i < 600; ++i) {
    Map m;
    const std::uint32_t shape = rng.below(4);
    do m = shape == 0 ? random_map(rng, 3, 400) : shape == 1 ? random_map(rng, 400, 3)
                                                  : random_map(rng, 90, 90, 9, 9);
    while (m.colors > 4);
    m.colors = 0;
    for (auto& row : m.rows)
      for (char& c : row)
        if (c != '#' && c != '@' && c != '?' && c != '^') c = '.';
    (matches_in_every_mode(m) ? solved : unsolved)++;
    if (HasFailure()) return;
  }
  EXPECT_GT(solved, 200);
  EXPECT_GT(unsolved, 100);
}

TEST(StressTest, ATargetBoxedInWithOrWithoutAGap) {
  // Maps without colors, the target in a box of walls in a wide field (unsolvable), or
  // with a gap in the box (solvable, the stack search wandering the field first).
  // Wide and tall (transposed) maps, a few walls scattered.
  Rng rng{4242};
  int solved = 0;
  for (int i = 0; i < 12; ++i) {
    const bool tall = i % 2 == 1, gap = i % 3 == 2;
    Map m;
    m.height = tall ? 260u : 140u;
    m.width = tall ? 140u : 260u;
    m.comments = {" random"};
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
    solved += matches_in_every_mode(m);
  }
  EXPECT_GT(solved, 0);  // both outcomes
  EXPECT_LT(solved, 12);
}

TEST(StressTest, TheReachabilityPassSettlesLargerMapsOfManyColorsAsTheReferenceDoes) {
  // Maps up to 40 x 140 with up to 26 colors: the reachability pass settles every
  // unsolvable one (the no-solution map), solvable ones go on to the search.
  Rng rng{77};
  int unsolved = 0;
  for (int i = 0; i < 3000; ++i) {
    Map m = random_map(rng, i % 3 == 0 ? 40 : 9, i % 5 == 0 ? 140 : 0);
    Reference ref(m);
    ASSERT_EQ(solve(m.text(), kQueue, kMap), ref.solve(false, false)) << m.text();
    unsolved += !ref.solved();
  }
  EXPECT_GT(unsolved, 300);
}

// ==== ReferenceTest: the reference holds to the rules ================================

/// Every state one legal action away from (l, r, c), by puzzle.cpp's rule functions.
std::vector<std::array<int, 3>> actions(const Map& m, int l, int r, int c) {
  const char color = puzzle::layer_color(std::uint32_t(l));
  const char here = m.rows[std::size_t(r)][std::size_t(c)];
  if (puzzle::is_active_button(color, here)) return {{int(puzzle::layer_index(puzzle::pressed_layer(here))), r, c}};
  std::vector<std::array<int, 3>> next;
  const int dr[] = {-1, 0, 1, 0}, dc[] = {0, 1, 0, -1};
  for (int d = 0; d < 4; ++d) {
    int nr = r + dr[d], nc = c + dc[d];
    if (nr < 0 || nc < 0 || nr >= int(m.height) || nc >= int(m.width)) continue;
    if (puzzle::is_passable(color, m.rows[std::size_t(nr)][std::size_t(nc)])) next.push_back({l, nr, nc});
  }
  return next;
}

/// The fewest actions from the start to any state on the target, or -1: a plain
/// breadth-first search over actions().
int shortest(const Map& m) {
  const std::size_t cells = std::size_t{m.height} * m.width;
  std::vector<int> dist((m.colors + 1) * cells, -1);
  auto idx = [&](int l, int r, int c) { return std::size_t(l) * cells + std::size_t(r) * m.width + std::size_t(c); };
  std::deque<std::array<int, 3>> q;
  for (std::uint32_t r = 0; r < m.height; ++r)
    for (std::uint32_t c = 0; c < m.width; ++c)
      if (m.rows[r][c] == '@') q.push_back({0, int(r), int(c)}), dist[idx(0, int(r), int(c))] = 0;
  while (!q.empty()) {
    auto [l, r, c] = q.front();
    q.pop_front();
    const int d = dist[idx(l, r, c)];
    if (m.rows[std::size_t(r)][std::size_t(c)] == '?') return d;
    for (auto [nl, nr, nc] : actions(m, l, r, c))
      if (dist[idx(nl, nr, nc)] < 0) dist[idx(nl, nr, nc)] = d + 1, q.push_back({nl, nr, nc});
  }
  return -1;
}

/// The states of a list output.
std::vector<std::array<int, 3>> parse_list(const std::string& text) {
  std::vector<std::array<int, 3>> states;
  for (const std::string& line : lines_of(text)) {
    char color;
    int r, c;
    EXPECT_EQ(std::sscanf(line.c_str(), "(%c, (%d, %d))", &color, &r, &c), 3) << line;
    states.push_back({int(puzzle::layer_index(color)), r, c});
  }
  return states;
}

/// The path marks of a map output: (layer, row, col) -> '+', '%' or '@' (not the start).
std::map<std::array<int, 3>, char> map_marks(const std::string& text, const Map& m) {
  std::map<std::array<int, 3>, char> marks;
  int layer = -1, row = 0;
  for (const std::string& line : lines_of(text)) {
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

TEST(ReferenceTest, PathsAreLegalQueuePathsShortestAndMapsAgreeWithLists) {
  // On another sample of maps: the solver agrees with the reference byte for byte, and
  // the reference's answers hold by themselves: a path legal by puzzle.cpp's rule
  // functions from '@' to '?', in queue mode as short as a plain breadth-first search
  // finds, "No solution." exactly when that search finds no path, and a map output
  // marking exactly the list's states ('%' before a press, '@' after it, '+' between).
  Rng rng{42};
  for (int i = 0; i < 3000; ++i) {
    Map m = random_map(rng, i < 2000 ? 8 : 30);
    const std::string input = m.text();
    const int fewest = shortest(m);
    for (auto container : {kQueue, kStack}) {
      Reference ref(m);
      const std::string list = ref.solve(container == kStack, true), map = ref.solve(container == kStack, false);
      ASSERT_EQ(solve(input, container, kList), list) << input;
      ASSERT_EQ(solve(input, container, kMap), map) << input;
      ASSERT_EQ(ref.solved(), fewest >= 0) << input;
      if (fewest < 0) continue;
      auto path = parse_list(list);
      ASSERT_FALSE(path.empty()) << input;
      EXPECT_EQ(path.front()[0], 0) << input;
      EXPECT_EQ(m.rows[std::size_t(path.front()[1])][std::size_t(path.front()[2])], '@') << input;
      EXPECT_EQ(m.rows[std::size_t(path.back()[1])][std::size_t(path.back()[2])], '?') << input;
      for (std::size_t k = 1; k < path.size(); ++k) {
        auto next = actions(m, path[k - 1][0], path[k - 1][1], path[k - 1][2]);
        EXPECT_NE(std::find(next.begin(), next.end(), path[k]), next.end()) << input << " step " << k;
      }
      if (container == kQueue) {
        EXPECT_EQ(int(path.size()) - 1, fewest) << input;
      }
      std::map<std::array<int, 3>, char> want;
      for (std::size_t k = 1; k < path.size(); ++k) {
        if (path[k][0] != path[k - 1][0]) {
          want[path[k - 1]] = '%';
          want[path[k]] = '@';
        } else if (k + 1 < path.size()) {
          want[path[k]] = '+';
        }
      }
      EXPECT_EQ(map_marks(map, m), want) << input;
    }
    if (HasFailure()) return;
  }
}

}  // namespace
