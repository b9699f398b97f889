// Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
// Tests of tools/mapgen, the seeded map generator: every map it prints is valid (read
// strictly by testutil::read_map, and solved by ./puzzle exactly as the reference solver
// of tests/util.h solves it), the same seed gives the same bytes, --solvable holds
// (checked by the reference and by a search of fewest presses here), mazes are connected
// trees, and bad options are refused. Runs from the repository root, after `make tools`
// and `make`.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <deque>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "tests/util.h"

namespace {

const char kMapgen[] = "tools/mapgen";

testutil::Result mapgen(const std::string& args) {
  return testutil::run(std::string(kMapgen) + " " + args);
}

using testutil::Map;

/// testutil::read_map, its error message in `error` ("" when the map is valid).
struct Parsed : Map {
  std::string error;
};
Parsed validate(const std::string& text) {
  Parsed p;
  static_cast<Map&>(p) = testutil::read_map(text, p.error);
  return p;
}

/// Where `what` ('@' or '?') is: its row and column.
std::pair<int, int> find(const Map& m, char what) {
  for (std::size_t r = 0; r < m.rows.size(); ++r) {
    const std::size_t c = m.rows[r].find(what);
    if (c != std::string::npos) return {static_cast<int>(r), static_cast<int>(c)};
  }
  return {-1, -1};
}

/// ./puzzle's list output on `text` (the map `m`) in queue mode is byte for byte the
/// reference's: the map is valid and the solver answers it right.
void expect_solved_as_the_reference_does(const std::string& text, const Map& m, const std::string& args) {
  const auto s = testutil::run_puzzle("-q -o list", text);
  EXPECT_EQ(s.status, 0) << args << "\n" << text << s.err;
  EXPECT_EQ(s.err, "") << args;
  EXPECT_EQ(s.out, testutil::Reference(m).solve(false, true)) << args << "\n" << text;
}

// ---------------------------------------------------------------------------------------
// An independent search by the spec's rules: the fewest button presses needed to reach
// the target (a 0-1 breadth-first search: moves cost 0, presses 1), or -1.

int min_presses(const Map& p) {
  const int H = static_cast<int>(p.height), W = static_cast<int>(p.width);
  const auto [start_r, start_c] = find(p, '@');
  const auto [target_r, target_c] = find(p, '?');
  const size_t cells = size_t{p.height} * p.width;
  std::vector<int> best((size_t{p.colors} + 1) * cells, -1);
  struct State { int color, r, c, cost; };
  std::deque<State> work;
  auto index = [&](int color, int r, int c) {
    return static_cast<size_t>(color) * cells + static_cast<size_t>(r) * p.width +
           static_cast<size_t>(c);
  };
  std::vector<char> done(best.size(), 0);
  best[index(0, start_r, start_c)] = 0;
  work.push_back({0, start_r, start_c, 0});
  while (!work.empty()) {
    const State s = work.front();
    work.pop_front();
    const size_t i = index(s.color, s.r, s.c);
    if (done[i]) continue;
    done[i] = 1;
    if (s.r == target_r && s.c == target_c) return s.cost;
    const char ch = p.rows[static_cast<size_t>(s.r)][static_cast<size_t>(s.c)];
    int pressed = -1;
    if (ch == '^' && s.color != 0) pressed = 0;
    if (ch >= 'a' && ch <= 'z' && s.color != ch - 'a' + 1) pressed = ch - 'a' + 1;
    if (pressed >= 0) {
      const size_t j = index(pressed, s.r, s.c);
      if (best[j] < 0 || best[j] > s.cost + 1) {
        best[j] = s.cost + 1;
        work.push_back({pressed, s.r, s.c, s.cost + 1});
      }
      continue;
    }
    const int dr[4] = {-1, 0, 1, 0}, dc[4] = {0, 1, 0, -1};
    for (int d = 0; d < 4; ++d) {
      const int r = s.r + dr[d], c = s.c + dc[d];
      if (r < 0 || r >= H || c < 0 || c >= W) continue;
      const char nc = p.rows[static_cast<size_t>(r)][static_cast<size_t>(c)];
      if (nc == '#') continue;
      if (nc >= 'A' && nc <= 'Z' && s.color != nc - 'A' + 1) continue;
      const size_t j = index(s.color, r, c);
      if (best[j] >= 0 && best[j] <= s.cost) continue;
      best[j] = s.cost;
      work.push_front({s.color, r, c, s.cost});
    }
  }
  return -1;
}

/// Non-wall cells and the number of adjacent pairs of them; connected = one flood fill
/// from any non-wall cell reaches them all.
struct Topology {
  long cells = 0, edges = 0;
  bool connected = false;
};

Topology topology(const Map& p) {
  const int H = static_cast<int>(p.height), W = static_cast<int>(p.width);
  auto open = [&](int r, int c) {
    return r >= 0 && r < H && c >= 0 && c < W &&
           p.rows[static_cast<size_t>(r)][static_cast<size_t>(c)] != '#';
  };
  Topology t;
  int first = -1;
  for (int r = 0; r < H; ++r)
    for (int c = 0; c < W; ++c) {
      if (!open(r, c)) continue;
      ++t.cells;
      if (first < 0) first = r * W + c;
      t.edges += open(r + 1, c) + open(r, c + 1);
    }
  std::vector<char> seen(size_t{p.height} * p.width, 0);
  std::vector<int> stack{first};
  seen[static_cast<size_t>(first)] = 1;
  long reached = 0;
  while (!stack.empty()) {
    const int i = stack.back();
    stack.pop_back();
    ++reached;
    const int r = i / W, c = i % W;
    const int dr[4] = {-1, 0, 1, 0}, dc[4] = {0, 1, 0, -1};
    for (int d = 0; d < 4; ++d) {
      const int nr = r + dr[d], nc = c + dc[d];
      if (!open(nr, nc) || seen[static_cast<size_t>(nr * W + nc)]) continue;
      seen[static_cast<size_t>(nr * W + nc)] = 1;
      stack.push_back(nr * W + nc);
    }
  }
  t.connected = reached == t.cells;
  return t;
}

std::string map_part(const Map& p) {
  std::string s;
  for (const std::string& row : p.rows) s += row + "\n";
  return s;
}

const char* const kStyles[] = {"open", "maze", "rooms"};
const unsigned kColors[] = {0, 1, 3, 26};
const char* const kSizes[] = {"1 2", "2 1", "1 3", "3 1", "2 2", "1 50", "50 1", "10 10", "7 13", "100 100"};

std::string size_args(const std::string& size) {
  const size_t space = size.find(' ');
  return "--height " + size.substr(0, space) + " --width " + size.substr(space + 1);
}

// ---------------------------------------------------------------------------------------

TEST(Mapgen, HelpDocumentsEveryOption) {
  const auto r = mapgen("--help");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.err, "");
  for (const char* option : {"--seed", "--height", "--width", "--colors", "--style", "--walls",
                             "--doors", "--buttons", "--traps", "--solvable", "--tries",
                             "--comment", "--no-comment", "--help", "open", "maze", "rooms",
                             "Examples:", "tools/mapgen --"})
    EXPECT_NE(r.out.find(option), std::string::npos) << option;
  EXPECT_EQ(mapgen("-h").out, r.out);
}

// `tools/mapgen -h 10 -w 10 > m.txt` (-h taken for --height) must not exit 0 with the
// help in m.txt: every bad option is an error before help is honoured, and help goes to
// stdout only when it is all that is asked.
TEST(Mapgen, HelpOnStdoutOnlyWhenItIsTheWholeRequest) {
  const std::string help = mapgen("--help").out;
  ASSERT_NE(help, "");
  EXPECT_EQ(mapgen("-h -h").out, help);
  EXPECT_EQ(mapgen("-hh").out, help);
  for (const char* args : {"-h 10 -w 10", "-h 10", "-w 10 -h", "--help --bogus", "--height 0 --help",
                           "--seed --help", "--help stray"}) {
    const auto r = mapgen(args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_EQ(r.out, "") << args;
    EXPECT_EQ(r.err.compare(0, 15, "mapgen: error: "), 0) << args << ": " << r.err;
  }
  EXPECT_NE(mapgen("-h 10 -w 10").err.find("unknown option '-w'"), std::string::npos);
  // Good options with --help: the help on stderr, then why there is no map; exit 2.
  for (const char* args : {"--height 10 --help", "-h --seed 3", "--no-comment -h"}) {
    const auto r = mapgen(args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_EQ(r.out, "") << args;
    EXPECT_EQ(r.err.compare(0, help.size(), help), 0) << args;
    EXPECT_NE(r.err.find("mapgen: error: --help is given with other options", help.size()),
              std::string::npos)
        << args << ": " << r.err;
  }
}

TEST(Mapgen, SameSeedSameBytesOtherSeedOtherMap) {
  for (const char* style : kStyles) {
    const std::string args = std::string("--style ") + style + " --height 30 --width 50 --colors 5";
    const auto a = mapgen(args + " --seed 12345");
    const auto b = mapgen(args + " --seed 12345");
    const auto c = mapgen(args + " --seed 12346");
    ASSERT_EQ(a.status, 0) << a.err;
    EXPECT_EQ(a.out, b.out) << style;
    const Parsed pa = validate(a.out), pc = validate(c.out);
    ASSERT_EQ(pa.error, "") << style;
    ASSERT_EQ(pc.error, "") << style;
    EXPECT_NE(map_part(pa), map_part(pc)) << style;
    // The default seed is a fixed one, not the time.
    EXPECT_EQ(mapgen(std::string("--style ") + style).out, mapgen(std::string("--style ") + style).out);
  }
}

TEST(Mapgen, EveryMapIsValidAndAcceptedBySolver) {
  int seed = 1;
  for (const char* style : kStyles)
    for (unsigned colors : kColors)
      for (const char* size : kSizes) {
        const std::string args = std::string("--style ") + style + " --colors " +
                                 std::to_string(colors) + " " + size_args(size) + " --seed " +
                                 std::to_string(seed++);
        const auto r = mapgen(args);
        ASSERT_EQ(r.status, 0) << args << ": " << r.err;
        EXPECT_EQ(r.err, "") << args;
        const Parsed p = validate(r.out);
        ASSERT_EQ(p.error, "") << args << "\n" << r.out;
        EXPECT_EQ(std::to_string(p.colors) + " " + std::to_string(p.height) + " " +
                      std::to_string(p.width),
                  std::to_string(colors) + " " + size)
            << args;
        expect_solved_as_the_reference_does(r.out, p, args);
      }
}

TEST(Mapgen, SolverAgreesWithIndependentSearch) {
  // Plain maps (--solvable any), solvable or not: ./puzzle answers as the reference
  // does, and the reference and the search of fewest presses here agree on which.
  int solvable = 0, unsolvable = 0;
  for (const char* style : kStyles)
    for (unsigned colors : {1u, 3u, 26u})
      for (int seed = 1; seed <= 6; ++seed) {
        const std::string args = std::string("--style ") + style + " --colors " +
                                 std::to_string(colors) + " --height 12 --width 17 --seed " +
                                 std::to_string(seed);
        const auto r = mapgen(args);
        const Parsed p = validate(r.out);
        ASSERT_EQ(p.error, "") << args;
        const bool reachable = min_presses(p) >= 0;
        (reachable ? solvable : unsolvable)++;
        testutil::Reference ref(p);
        ref.solve(false, true);
        EXPECT_EQ(ref.solved(), reachable) << args << "\n" << r.out;
        expect_solved_as_the_reference_does(r.out, p, args);
      }
  EXPECT_GT(solvable, 0);
  EXPECT_GT(unsolvable, 0);
}

/// Checks mapgen's one line on stderr about its tries: "mapgen: WANT map on try K of N
/// (seed S)", S the K-th seed from `seed`, or "mapgen: no WANT map in N tries; ... in the
/// map of seed S" (the map of the last try, edited to fit), WANT "solvable" for yes.
void expect_tries_told(const std::string& err, const std::string& want, int seed, const std::string& args) {
  const std::string kind = want == "yes" ? "solvable" : "unsolvable";
  unsigned try_k = 0, tries = 0, told_seed = 0;
  char word[16] = {};
  ASSERT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << args << ": " << err;
  if (std::sscanf(err.c_str(), "mapgen: %15s map on try %u of %u (seed %u)", word, &try_k, &tries, &told_seed) == 4) {
    EXPECT_EQ(word, kind) << args << ": " << err;
    EXPECT_GE(try_k, 1u) << err;
    EXPECT_LE(try_k, tries) << err;
    EXPECT_EQ(told_seed, static_cast<unsigned>(seed) + try_k - 1) << args << ": " << err;
  } else {
    ASSERT_EQ(std::sscanf(err.c_str(), "mapgen: no %15s map in %u tries;", word, &tries), 2) << args << ": " << err;
    EXPECT_EQ(word, kind) << args << ": " << err;
    EXPECT_NE(err.find("in the map of seed " + std::to_string(seed + static_cast<int>(tries) - 1) + "\n"), std::string::npos)
        << args << ": " << err;
  }
}

TEST(Mapgen, SolvableYesAndNoHold) {
  const char* const sizes[] = {"1 3", "3 1", "2 2", "10 10", "25 40"};
  int seed = 100;
  for (const char* style : kStyles)
    for (unsigned colors : kColors)
      for (const char* size : sizes)
        for (const char* want : {"yes", "no"}) {
          const std::string args = std::string("--style ") + style + " --colors " +
                                   std::to_string(colors) + " " + size_args(size) +
                                   " --seed " + std::to_string(seed++) + " --solvable " + want;
          const auto r = mapgen(args);
          ASSERT_EQ(r.status, 0) << args << ": " << r.err;
          expect_tries_told(r.err, want, seed - 1, args);
          const Parsed p = validate(r.out);
          ASSERT_EQ(p.error, "") << args;
          const bool yes = std::string(want) == "yes";
          EXPECT_EQ(min_presses(p) >= 0, yes) << args << "\n" << r.out;
          testutil::Reference ref(p);
          ref.solve(false, true);
          EXPECT_EQ(ref.solved(), yes) << args << "\n" << r.out;
          expect_solved_as_the_reference_does(r.out, p, args);
        }
  // 2-cell maps: yes works, no is refused.
  EXPECT_EQ(mapgen("--height 1 --width 2 --solvable yes").status, 0);
  EXPECT_EQ(mapgen("--height 2 --width 1 --solvable no").status, 2);
}

TEST(Mapgen, MazeIsAConnectedTree) {
  const char* const sizes[] = {"1 2", "2 1", "2 2", "3 3", "1 50", "50 1", "10 10", "11 11",
                               "10 31", "64 65", "100 100"};
  int seed = 7;
  for (const char* size : sizes)
    for (const char* extra : {"--colors 0", "--colors 3", "--colors 3 --solvable yes",
                              "--colors 26 --solvable no"}) {
      if (std::string(size) == "1 2" || std::string(size) == "2 1")
        if (std::string(extra).find("no") != std::string::npos) continue;
      const std::string args = std::string("--style maze ") + size_args(size) + " " + extra +
                               " --seed " + std::to_string(seed++);
      const auto r = mapgen(args);
      ASSERT_EQ(r.status, 0) << args << ": " << r.err;
      const Parsed p = validate(r.out);
      ASSERT_EQ(p.error, "") << args;
      const Topology t = topology(p);
      EXPECT_TRUE(t.connected) << args << "\n" << r.out;
      EXPECT_EQ(t.edges, t.cells - 1) << args << ": a perfect maze has no loops\n" << r.out;
    }
}

TEST(Mapgen, BigMazeNeedsNoDeepRecursion) {
  // 4000x4000: a recursive carver would overflow the call stack here.
  const std::string path = testutil::temp_path();
  const auto r = testutil::run(std::string(kMapgen) +
                               " --style maze --height 4000 --width 4000 --colors 0 --no-comment > " + path);
  EXPECT_EQ(r.status, 0) << r.err;
  const std::string text = testutil::read_file(path);
  std::remove(path.c_str());
  EXPECT_EQ(text.size(), std::string("0 4000 4000\n").size() + 4000u * 4001u);
  const Parsed p = validate(text);
  ASSERT_EQ(p.error, "");
  const Topology t = topology(p);
  EXPECT_TRUE(t.connected);
  EXPECT_EQ(t.edges, t.cells - 1);
}

TEST(Mapgen, RoomsNeedSeveralPresses) {
  for (int seed = 1; seed <= 5; ++seed) {
    const std::string args = "--style rooms --colors 26 --height 40 --width 80 --seed " +
                             std::to_string(seed);
    const auto r = mapgen(args);
    const Parsed p = validate(r.out);
    ASSERT_EQ(p.error, "") << args;
    EXPECT_GE(min_presses(p), 3) << args << "\n" << r.out;
  }
  // With one color there is still a press to make (unless no door stands in the way).
  int pressed = 0;
  for (int seed = 1; seed <= 5; ++seed) {
    const Parsed p = validate(mapgen("--colors 1 --height 30 --width 60 --seed " + std::to_string(seed)).out);
    pressed += min_presses(p) >= 1;
  }
  EXPECT_GT(pressed, 0);
}

TEST(Mapgen, RoomsAreSolvableInOneColumnOfRoomsToo) {
  // A narrow map has one column of rooms: the room below a room is then the next one,
  // and its opening must still be cut in the wall between them, not at the map's edge.
  for (unsigned width = 1; width <= 12; ++width)
    for (unsigned colors : {0u, 3u})
      for (int seed = 1; seed <= 4; ++seed) {
        const std::string args = "--style rooms --height 30 --width " + std::to_string(width) +
                                 " --colors " + std::to_string(colors) + " --seed " + std::to_string(seed);
        const Parsed p = validate(mapgen(args).out);
        ASSERT_EQ(p.error, "") << args;
        EXPECT_GE(min_presses(p), 0) << args << "\n" << map_part(p);
      }
}

TEST(Mapgen, DensitiesAndColorsAreObeyed) {
  // All walls: only @ and ? are not walls.
  Parsed p = validate(mapgen("--style open --walls 1 --height 9 --width 9 --colors 3").out);
  ASSERT_EQ(p.error, "");
  EXPECT_EQ(topology(p).cells, 2);
  // Nothing at all: only floor, @ and ?.
  for (const char* style : kStyles) {
    p = validate(mapgen(std::string("--style ") + style +
                        " --walls 0 --doors 0 --buttons 0 --traps 0 --height 30 --width 30 --colors 26")
                     .out);
    ASSERT_EQ(p.error, "") << style;
    for (const std::string& row : p.rows)
      EXPECT_EQ(row.find_first_not_of(".#@?"), std::string::npos) << style << ": " << row;
  }
  // 0 colors: no letters in any style.
  for (const char* style : kStyles) {
    p = validate(mapgen(std::string("--style ") + style + " --colors 0 --doors 0.5 --buttons 0.5 --height 30 --width 30").out);
    ASSERT_EQ(p.error, "") << style;
    for (const std::string& row : p.rows)
      EXPECT_EQ(row.find_first_not_of(".#@?^"), std::string::npos) << style << ": " << row;
  }
  // Many doors and buttons with 2 colors: both letters show, nothing past 'b'.
  p = validate(mapgen("--style open --colors 2 --doors 0.3 --buttons 0.3 --height 20 --width 20").out);
  ASSERT_EQ(p.error, "");
  std::set<char> seen;
  for (const std::string& row : p.rows) seen.insert(row.begin(), row.end());
  for (char ch : {'A', 'B', 'a', 'b'}) EXPECT_TRUE(seen.count(ch)) << ch;
}

TEST(Mapgen, CommentRecordsTheCommandThatRegeneratesTheMap) {
  for (const char* args : {"--style open --seed 3 --height 8 --width 20 --colors 2 --walls 0.123456789",
                           "--style maze --seed 4 --height 9 --width 9 --solvable yes",
                           "--style rooms --seed 5 --height 30 --width 30 --colors 26 --solvable no",
                           "--comment"}) {
    const auto r = mapgen(args);
    ASSERT_EQ(r.status, 0) << args << ": " << r.err;
    const Parsed p = validate(r.out);
    ASSERT_EQ(p.error, "") << args;
    ASSERT_GE(p.comments.size(), 1u) << args;
    const std::string recorded = p.comments[0];
    ASSERT_EQ(recorded.compare(0, 14, " mapgen --seed"), 0) << recorded;
    const auto again = testutil::run("tools/" + recorded.substr(1));
    EXPECT_EQ(again.out, r.out) << args << " -> " << recorded;
  }
  // --no-comment: no comment line at all; same map as with comments.
  const auto with = mapgen("--seed 9 --style rooms");
  const auto without = mapgen("--seed 9 --style rooms --no-comment");
  const Parsed pw = validate(with.out), pn = validate(without.out);
  ASSERT_EQ(pn.error, "");
  EXPECT_TRUE(pn.comments.empty());
  EXPECT_EQ(without.out.find("//"), std::string::npos);
  EXPECT_EQ(map_part(pw), map_part(pn));
}

TEST(Mapgen, BadOptionsAreRefused) {
  for (const char* args :
       {"--colors 27", "--colors -1", "--height 0", "--width 0", "--height abc", "--height ' 5'",
        "--height 1 --width 1", "--height 20000 --width 20001 --colors 0",
        "--colors 26 --height 3923 --width 3923", "--colors 2 --height 20000 --width 20000",
        "--height 99999999999999999999", "--walls 1.5", "--walls -0.1", "--doors abc",
        "--buttons ''", "--traps nan", "--style foo", "--solvable maybe", "--tries 0",
        "--seed -1", "--seed 18446744073709551616", "--bogus", "-x", "stray",
        "--seed 3 stray", "--seed", "--height 1 --width 2 --solvable no"}) {
    const auto r = mapgen(args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_EQ(r.out, "") << args;
    EXPECT_EQ(r.err.compare(0, 15, "mapgen: error: "), 0) << args << ": " << r.err;
  }
  // The limits themselves are fine.
  EXPECT_EQ(testutil::run(std::string(kMapgen) +
                          " --colors 26 --height 3922 --width 3922 --style open > /dev/null")
                .status,
            0);
}

}  // namespace
