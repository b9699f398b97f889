// Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
// tools/mapgen: prints one valid puzzle map; its --help says what and how.
// Deterministic on every machine: its own PRNG (xoshiro256** seeded through splitmix64)
// and its own integer sampling, no rand() and no <random> distributions (whose results
// are implementation-defined). Memory: a byte a cell with a border of walls (no bounds
// checks), a bit per state for the --solvable search, a byte per maze node and an
// explicit stack (no recursion) for the carver.

#include "core.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace {

constexpr uint64_t kStateLimit = 400000000;  // the spec's num_colors * height * width

// ---------------------------------------------------------------------------------------
// Random numbers

class Rng {
 public:
  explicit Rng(uint64_t seed) {
    uint64_t x = seed;
    for (uint64_t& word : s_) word = splitmix64(x);
  }

  uint64_t next() {  // xoshiro256**
    const uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  /// Uniform in [0, n), 1 <= n <= 2^32 - 1: Lemire's multiply-shift method on the top
  /// 32 bits of a draw, with rejection (no modulo bias, rarely a division).
  uint32_t below(uint32_t n) {
    uint64_t product = (next() >> 32) * n;
    if (static_cast<uint32_t>(product) < n) {
      const uint32_t reject = static_cast<uint32_t>(0u - n) % n;  // 2^32 mod n
      while (static_cast<uint32_t>(product) < reject) product = (next() >> 32) * n;
    }
    return static_cast<uint32_t>(product >> 32);
  }

  /// A 53-bit uniform draw, to compare with threshold().
  uint64_t draw53() { return next() >> 11; }

  /// True with probability `thr` / 2^53.
  bool chance(uint64_t thr) { return draw53() < thr; }

 private:
  static uint64_t splitmix64(uint64_t& x) {
    uint64_t z = (x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

  uint64_t s_[4];
};

/// Probability p (0..1) as a 53-bit integer threshold for Rng::chance / draw53.
uint64_t threshold(double p) {
  if (!(p > 0)) return 0;
  if (p >= 1) return uint64_t{1} << 53;
  return static_cast<uint64_t>(p * 9007199254740992.0);  // exact: p * 2^53 < 2^53
}

// ---------------------------------------------------------------------------------------
// Options

enum class Style { open, maze, rooms };
enum class Solvable { yes, no, any };
const std::vector<const char*> kStyles = {"open", "maze", "rooms"};  // as Style
const std::vector<const char*> kSolvable = {"yes", "no", "any"};     // as Solvable

struct Options {
  uint64_t seed = 1;
  uint32_t height = 20;
  uint32_t width = 40;
  uint32_t colors = 4;
  Style style = Style::rooms;
  double walls = -1, doors = -1, buttons = -1, traps = -1;  // < 0: the style's default
  Solvable solvable = Solvable::any;
  uint32_t tries = 0;  // 0: the default, 10 or fewer for large maps
  bool comments = true;
};

void apply_style_defaults(Options& o) {
  const bool rooms = o.style == Style::rooms;
  if (o.walls < 0) o.walls = rooms ? 0.05 : 0.2;
  if (o.doors < 0) o.doors = rooms ? 0.5 : 0.05;
  if (o.buttons < 0) o.buttons = 0.01;
  if (o.traps < 0) o.traps = 0.005;
}

using core::fail;
using core::usage_error;

/// A density: a share of cells from 0 to 1.
double parse_density(const char* option, const char* text) {
  return core::parse_decimal(std::string("--") + option, text, 0, 1);  // underflow reads as ~0
}

/// The command line of mapgen: its table of options sets `o`, `height` and `width`.
core::Command command(Options& o, uint64_t& height, uint64_t& width) {
  return {
      "mapgen",
      "tools/mapgen [OPTIONS] > map.txt",
      "Prints one valid Puzzle Solver map (EECS 281 Project 1 input format) on stdout:\n"
      "the header \"num_colors height width\", comment lines, then height lines of width\n"
      "characters from @ ? . # A-Z a-z ^ (one @, one ?, letters among the first\n"
      "num_colors). The same options and seed give the same bytes on every machine.\n"
      "Options [default]:\n",
      {
          {0, "seed", "N", "seed, 0..18446744073709551615 [1]",
           [&o](const char* v) { o.seed = core::parse_count("--seed", v); }},
          {0, "height", "H", "rows, at least 1 [20]; height * width must be at least 2\n(for @ and ?)",
           [&height](const char* v) { height = core::parse_count("--height", v, 1, kStateLimit); }},
          {0, "width", "W", "columns, at least 1 [40]",
           [&width](const char* v) { width = core::parse_count("--width", v, 1, kStateLimit); }},
          {0, "colors", "C",
           "door/button colors, 0..26 [4]; the spec's limit holds:\nC * H * W (H * W when C is 0) at most 400,000,000",
           [&o](const char* v) { o.colors = static_cast<uint32_t>(core::parse_count("--colors", v, 0, 26)); }},
          core::choice("style", "S", kStyles,
           "[rooms]\n"
           "open:  random walls, doors, buttons and traps on open floor\n"
           "maze:  a perfect maze carved by a randomized depth-first walk;\n"
           "       every non-wall cell is reachable from every other when\n"
           "       doors are ignored; doors, buttons, traps on its floor\n"
           "rooms: rooms separated by walls, each opening a door or a gap;\n"
           "       a chain of locked doors, each with its button in the\n"
           "       area before it, leads from @ to ?: several presses",
           o.style),
          {0, "walls", "P",
           "0..1, open: share of cells that are walls [0.2]; rooms:\nshare of the room cells clear of walls that get a "
           "clutter\nwall [0.05]; maze: not used",
           [&o](const char* v) { o.walls = parse_density("walls", v); }},
          {0, "doors", "P",
           "0..1, open: share of cells that are doors [0.05]; maze:\nshare of floor cells [0.05]; rooms: share of the\n"
           "openings between rooms that are doors [0.5], and doors / 4\nof the other walls between rooms get a door too",
           [&o](const char* v) { o.doors = parse_density("doors", v); }},
          {0, "buttons", "P",
           "0..1, share of cells (maze: floor; rooms: room cells clear\nof walls) holding a button of a random color "
           "[0.01];\nrooms add the buttons of their locked doors",
           [&o](const char* v) { o.buttons = parse_density("buttons", v); }},
          {0, "traps", "P",
           "0..1, share of those cells holding a trap ^ [0.005]\n"
           "Each cell draws walls, doors, buttons, traps in that order;\n"
           "if they add up to more than 1 the later ones get what is\n"
           "left. With 0 colors there are no doors and no buttons. In\n"
           "rooms, clutter, traps and extra buttons never touch a wall,\n"
           "an opening or each other, so rooms maps are (in practice)\n"
           "always solvable.",
           [&o](const char* v) { o.traps = parse_density("traps", v); }},
          core::choice("solvable", "X", kSolvable,
           "[any]: with yes or no, mapgen searches each\n"
           "map itself over (color, row, col) states by the spec's rules\n"
           "and retries with the next seed (seed+1, ...) until it holds;\n"
           "stderr tells how many tries it took. After --tries failures\n"
           "it edits the last map: yes clears a path of floor from @ to\n"
           "?; no closes ? off behind doors of one color and removes\n"
           "every button of that color (with 0 colors: walls ?, which\n"
           "also breaks a maze's connectivity). A 2-cell map is always\n"
           "solvable: no is refused.",
           o.solvable),
          {0, "tries", "N",
           "seeds to try, 1..1000000 [10, or 200,000,000 /\n((C + 1) * H * W) if that is less, at least 1]",
           [&o](const char* v) { o.tries = static_cast<uint32_t>(core::parse_count("--tries", v, 1, 1000000)); }},
          {0, "comment", nullptr,
           "comment lines after the header [on]: the first records the\noptions and seed (\"// mapgen --seed 7 ...\"): "
           "those options\ngive the same map again; the second describes the map (and\nhow --solvable was met)",
           [&o](const char*) { o.comments = true; }},
          {0, "no-comment", nullptr, "no comment lines at all", [&o](const char*) { o.comments = false; }},
      },
      "-h and --help print this text on stdout when they are the only option; with other\n"
      "options they are an error and no map is made (so that `tools/mapgen -h 10 > m.txt`\n"
      "cannot leave the help in m.txt).\n"
      "\n"
      "Examples:\n"
      "  tools/mapgen --seed 7 --height 10 --width 10 --colors 3 > small.txt\n"
      "  tools/mapgen --height 2000 --width 2000 --colors 26 --style rooms > big.txt\n"
      "  tools/mapgen --style maze --height 101 --width 201 --colors 2 --doors 0.01\n"
      "  tools/mapgen --style open --walls 0.3 --doors 0.1 --buttons 0.02 --traps 0\n"
      "  tools/mapgen --seed 42 --height 99 --width 99 --solvable no --no-comment\n"
      "  tools/mapgen --colors 26 --height 3922 --width 3922 --comment > limit.txt\n",
      "a map was printed",
      nullptr,
      "a map it cannot make (over the spec's limit, fewer than 2 cells, --solvable no on 2 cells) or cannot write",
      false,
      true,
  };
}

/// Reads the command line; false when help is asked for (alone).
bool parse_options(const core::Command& cmd, Options& o, const uint64_t& height, const uint64_t& width, int argc,
                   char** argv) {
  const core::Parsed parsed = core::parse(cmd, argc, argv);
  if (!parsed.args.empty()) usage_error("unexpected argument '" + parsed.args[0] + "'");
  if (parsed.help) return false;
  const uint64_t cells = height * width;  // both <= 4e8, no overflow
  const uint64_t states = cells * std::max<uint64_t>(o.colors, 1);
  if (states > kStateLimit)
    usage_error("map too large: " + std::to_string(o.colors) + " colors x " + std::to_string(height) + " x " +
                std::to_string(width) +
                " is over the spec's limit of 400,000,000 (num_colors * height * width, or height * width with 0 "
                "colors)");
  if (cells < 2) usage_error("the map needs at least 2 cells (one @ and one ?)");
  if (cells == 2 && o.solvable == Solvable::no)
    usage_error("--solvable no is impossible on a map of 2 cells: @ and ? are always adjacent");
  o.height = static_cast<uint32_t>(height);
  o.width = static_cast<uint32_t>(width);
  apply_style_defaults(o);
  if (o.tries == 0) {  // about 200 million states searched in all, at most 10 tries
    const uint64_t per_try = cells * (uint64_t{o.colors} + 1);
    o.tries = static_cast<uint32_t>(std::min<uint64_t>(10, std::max<uint64_t>(1, 200000000 / per_try)));
  }
  return true;
}

/// The first comment line: a command that regenerates the same bytes.
std::string command_line(const Options& o) {
  return "mapgen --seed " + std::to_string(o.seed) + " --height " + std::to_string(o.height) +
         " --width " + std::to_string(o.width) + " --colors " + std::to_string(o.colors) +
         " --style " + kStyles[static_cast<size_t>(o.style)] + " --walls " + core::decimal_text(o.walls) +
         " --doors " + core::decimal_text(o.doors) + " --buttons " + core::decimal_text(o.buttons) +
         " --traps " + core::decimal_text(o.traps) + " --solvable " + kSolvable[static_cast<size_t>(o.solvable)] +
         " --tries " + std::to_string(o.tries);
}

// ---------------------------------------------------------------------------------------
// The map: height x width cells inside a one-cell border of walls.

struct Map {
  uint32_t colors = 0, height = 0, width = 0;
  size_t stride = 0;        // width + 2
  std::vector<char> cells;  // (height + 2) * stride
  size_t start = 0, target = 0;

  Map(uint32_t c, uint32_t h, uint32_t w, char fill)
      : colors(c), height(h), width(w), stride(size_t{w} + 2),
        cells((size_t{h} + 2) * (size_t{w} + 2), '#') {
    for (uint32_t r = 0; r < h; ++r) std::fill_n(&cells[idx(r, 0)], w, fill);
  }
  size_t idx(uint32_t r, uint32_t c) const { return (size_t{r} + 1) * stride + c + 1; }
  /// The cells north, east, south and west of cell `i`.
  std::array<size_t, 4> neighbours(size_t i) const { return {i - stride, i + 1, i + stride, i - 1}; }
  char& at(uint32_t r, uint32_t c) { return cells[idx(r, c)]; }
  char at(uint32_t r, uint32_t c) const { return cells[idx(r, c)]; }
  uint32_t row_of(size_t i) const { return static_cast<uint32_t>(i / stride - 1); }
  uint32_t col_of(size_t i) const { return static_cast<uint32_t>(i % stride - 1); }
  char door(uint32_t color) const { return static_cast<char>('A' + color); }
  char button(uint32_t color) const { return static_cast<char>('a' + color); }
};

bool is_door(char ch) { return ch >= 'A' && ch <= 'Z'; }
bool is_button(char ch) { return ch >= 'a' && ch <= 'z'; }

// ---------------------------------------------------------------------------------------
// The rules of the game: is the target reachable from the start? A plain breadth-first
// search over (layer, cell) states, layer 0 = '^' and layer k = color 'a' + k - 1, with
// one bit per state. A second copy of the rules, kept here on purpose: mapgen does not
// compile puzzle.cpp in (unlike tools/check, show and compare), so that its "solvable"
// label never depends on the solver it is used to test.

bool solvable(const Map& m) {
  const size_t n = m.cells.size();
  const size_t layers = size_t{m.colors} + 1;
  std::vector<uint64_t> seen((n * layers + 63) / 64, 0);
  auto discover = [&](uint64_t layer, size_t cell) {
    const size_t s = cell * layers + static_cast<size_t>(layer);  // a cell's layers together
    const uint64_t bit = uint64_t{1} << (s & 63);
    uint64_t& word = seen[s >> 6];
    if (word & bit) return false;
    word |= bit;
    return true;
  };
  std::vector<uint64_t> frontier, next;  // (layer << 32) | cell; padded cells < 2^32
  discover(0, m.start);
  frontier.push_back(m.start);
  while (!frontier.empty()) {
    next.clear();
    for (const uint64_t state : frontier) {
      const uint64_t layer = state >> 32;
      const size_t cell = static_cast<size_t>(state & 0xFFFFFFFFu);
      const char ch = m.cells[cell];
      // An active button: the only action is pressing it.
      uint64_t pressed = layer;
      if (ch == '^') pressed = 0;
      else if (is_button(ch)) pressed = static_cast<uint64_t>(ch - 'a') + 1;
      if (pressed != layer) {
        if (discover(pressed, cell)) next.push_back((pressed << 32) | cell);
        continue;
      }
      for (const size_t nb : m.neighbours(cell)) {
        const char nc = m.cells[nb];
        if (nc == '#') continue;
        if (is_door(nc) && static_cast<uint64_t>(nc - 'A') + 1 != layer) continue;
        if (!discover(layer, nb)) continue;
        if (nb == m.target) return true;
        next.push_back((layer << 32) | nb);
      }
    }
    frontier.swap(next);
  }
  return false;
}

// ---------------------------------------------------------------------------------------
// A random spanning tree of a rows x cols lattice: a randomized depth-first walk (the
// "drunken walk"). Each node gets its neighbour order from a Fisher-Yates shuffle when it
// is first reached; every neighbour still unvisited, in that order, is linked and walked
// into. Iterative, with an explicit stack; per node one byte records the order (one of 24
// permutations) and how many of its neighbours were tried.
//   visit(r, c)               called once per node, when first reached (the root first)
//   link(r, c, to_r, to_c)    the tree edge from node (r, c) to its new neighbour

/// The 24 orders of the four directions, numbered by the draws a < 4, b < 3, c < 2 of a
/// Fisher-Yates shuffle as a * 6 + b * 2 + c.
struct Orders {
  uint8_t order[24][4];
  Orders() {
    for (int k = 0; k < 24; ++k) {
      uint8_t p[4] = {0, 1, 2, 3};
      std::swap(p[3], p[k / 6]);
      std::swap(p[2], p[k / 2 % 3]);
      std::swap(p[1], p[k % 2]);
      std::copy(p, p + 4, order[k]);
    }
  }
};
const Orders kOrders;

uint8_t shuffled_order(Rng& rng) {
  const uint32_t a = rng.below(4), b = rng.below(3);
  return static_cast<uint8_t>(a * 6 + b * 2 + rng.below(2));
}

template <class Visit, class Link>
void carve_tree(uint32_t rows, uint32_t cols, uint32_t root, Rng& rng, Visit visit, Link link) {
  // The lattice gets a border of nodes that count as visited: no bounds checks, and the
  // only divisions are one per node, to tell the callbacks where they are.
  const size_t stride = size_t{cols} + 2;
  // 0 = unvisited; else 1 + permutation * 5 + neighbours tried (0..4); 255 = border
  std::vector<uint8_t> state((size_t{rows} + 2) * stride, 0);
  for (size_t x = 0; x < stride; ++x) state[x] = state[(size_t{rows} + 1) * stride + x] = 255;
  for (size_t r = 1; r <= rows; ++r) state[r * stride] = state[r * stride + cols + 1] = 255;
  std::vector<uint32_t> stack;  // padded indices: (rows + 2) * (cols + 2) < 2^32 here
  auto enter = [&](size_t node, uint32_t r, uint32_t c) {
    state[node] = static_cast<uint8_t>(1 + shuffled_order(rng) * 5);
    visit(r, c);
    stack.push_back(static_cast<uint32_t>(node));
  };
  enter((size_t{root / cols} + 1) * stride + root % cols + 1, root / cols, root % cols);
  while (!stack.empty()) {
    const size_t node = stack.back();
    const int code = state[node] - 1;
    const int perm = code / 5, tried = code % 5;
    if (tried == 4) {
      stack.pop_back();
      continue;
    }
    state[node] = static_cast<uint8_t>(state[node] + 1);
    const uint8_t dir = kOrders.order[perm][tried];
    const size_t to = dir == 0 ? node - stride : dir == 1 ? node + 1 : dir == 2 ? node + stride
                                                                                 : node - 1;
    if (state[to] != 0) continue;  // visited, or off the lattice
    const uint32_t r = static_cast<uint32_t>(node / stride - 1);
    const uint32_t c = static_cast<uint32_t>(node % stride - 1);
    const uint32_t to_r = dir == 0 ? r - 1 : dir == 2 ? r + 1 : r;
    const uint32_t to_c = dir == 1 ? c + 1 : dir == 3 ? c - 1 : c;
    link(r, c, to_r, to_c);
    enter(to, to_r, to_c);
  }
}

// ---------------------------------------------------------------------------------------
// Styles

struct Densities {
  uint64_t walls, doors, buttons, traps;  // cumulative 53-bit thresholds
  Densities(const Options& o, bool use_walls, bool use_doors) {
    const bool colored = o.colors > 0;
    double sum = use_walls ? o.walls : 0;
    walls = threshold(sum);
    if (use_doors && colored) sum += o.doors;
    doors = threshold(sum);
    if (colored) sum += o.buttons;
    buttons = threshold(sum);
    sum += o.traps;
    traps = threshold(sum);
  }
};

/// Content for one floor cell by the densities: '#', a door, a button, '^' or '.'.
char random_content(const Map& m, Rng& rng, const Densities& d) {
  const uint64_t u = rng.draw53();
  if (u < d.walls) return '#';
  if (u < d.doors) return m.door(rng.below(m.colors));
  if (u < d.buttons) return m.button(rng.below(m.colors));
  if (u < d.traps) return '^';
  return '.';
}

/// A uniformly random cell holding `ch`, other than `except`; `count` of them exist.
size_t pick_cell(const Map& m, Rng& rng, char ch, uint32_t count, size_t except) {
  uint32_t k = rng.below(count);
  for (uint32_t r = 0; r < m.height; ++r)
    for (uint32_t c = 0; c < m.width; ++c) {
      const size_t i = m.idx(r, c);
      if (m.cells[i] != ch || i == except) continue;
      if (k-- == 0) return i;
    }
  return except;  // not reached when count is right
}

void place_start_and_target(Map& m, Rng& rng, char on, uint32_t count) {
  m.start = pick_cell(m, rng, on, count, SIZE_MAX);
  m.target = pick_cell(m, rng, on, count - 1, m.start);
  m.cells[m.start] = '@';
  m.cells[m.target] = '?';
}

void generate_open(Map& m, Rng& rng, const Options& o) {
  const Densities d(o, true, true);
  for (uint32_t r = 0; r < m.height; ++r)
    for (uint32_t c = 0; c < m.width; ++c) m.at(r, c) = random_content(m, rng, d);
  // Start and target anywhere, over whatever was drawn there.
  const uint32_t cells = m.height * m.width;  // at most 400,000,000
  const uint32_t s = rng.below(cells);
  uint32_t t = rng.below(cells - 1);
  if (t >= s) ++t;
  m.start = m.idx(s / m.width, s % m.width);
  m.target = m.idx(t / m.width, t % m.width);
  m.cells[m.start] = '@';
  m.cells[m.target] = '?';
}

// Maze nodes sit at even (row, col); the cells between two linked nodes are opened. When a
// dimension is even, its last row/column holds dead-end spurs (still a tree).
void generate_maze(Map& m, Rng& rng, const Options& o) {
  std::fill(m.cells.begin(), m.cells.end(), '#');
  const uint32_t rows = (m.height + 1) / 2, cols = (m.width + 1) / 2;
  const uint32_t root = rng.below(rows * cols);
  uint32_t open = 0;
  carve_tree(
      rows, cols, root, rng,
      [&](uint32_t r, uint32_t c) {  // node (r, c) is cell (2r, 2c)
        m.at(2 * r, 2 * c) = '.';
        ++open;
      },
      [&](uint32_t r, uint32_t c, uint32_t to_r, uint32_t to_c) {  // the cell between
        m.at(r + to_r, c + to_c) = '.';
        ++open;
      });
  std::vector<size_t> spurs;
  if (m.height % 2 == 0)
    for (uint32_t c = 0; c < m.width; c += 2) spurs.push_back(m.idx(m.height - 1, c));
  if (m.width % 2 == 0)
    for (uint32_t r = 0; r < m.height; r += 2) spurs.push_back(m.idx(r, m.width - 1));
  for (const size_t i : spurs)
    if (rng.below(2) == 0) {
      m.cells[i] = '.';
      ++open;
    }
  if (open < 2) {  // 1x2, 2x1, 2x2: a single node and no spur drawn
    m.cells[spurs.front()] = '.';
    ++open;
  }
  place_start_and_target(m, rng, '.', open);
  const Densities d(o, false, true);
  for (uint32_t r = 0; r < m.height; ++r)
    for (uint32_t c = 0; c < m.width; ++c)
      if (m.at(r, c) == '.') m.at(r, c) = random_content(m, rng, d);
}

/// Cuts a length into bands of 3..9 cells with one wall line between two bands.
void make_bands(uint32_t length, Rng& rng, std::vector<uint32_t>& begin,
                std::vector<uint32_t>& end, std::vector<uint8_t>& wall) {
  wall.assign(length, 0);
  uint32_t pos = 0;
  for (;;) {
    const uint32_t size = 3 + rng.below(7);
    if (uint64_t{pos} + size + 1 >= length) {
      begin.push_back(pos);
      end.push_back(length);
      return;
    }
    begin.push_back(pos);
    end.push_back(pos + size);
    wall[pos + size] = 1;
    pos += size + 1;
  }
}

// Rooms: bands of rows and columns cut the map into rooms. A random spanning tree (the
// same depth-first walk) links rooms through one opening each; a few more openings make
// loops. @ goes into a random room, ? into the room farthest from it in the tree. Along
// the tree path from @ to ?, each opening is a locked door with probability --doors
// (consecutive locks of different colors); the button of each lock goes into the area
// before it (the rooms reachable through gaps), so solving takes one press per lock.
// Doors off the path get their button in the area before them half of the time. Clutter
// walls, decoy buttons and traps are scattered over room cells that touch no wall and no
// other such cell, so they never cut a way: rooms maps are solvable unless a lock had no
// cell left for its button (then it becomes a gap) -- in practice always.
void generate_rooms(Map& m, Rng& rng, const Options& o) {
  const uint32_t H = m.height, W = m.width, C = m.colors;
  std::vector<uint32_t> rb, re, cb, ce;
  std::vector<uint8_t> wall_row, wall_col;
  make_bands(H, rng, rb, re, wall_row);
  make_bands(W, rng, cb, ce, wall_col);
  for (uint32_t r = 0; r < H; ++r)
    for (uint32_t c = 0; c < W; ++c) m.at(r, c) = (wall_row[r] || wall_col[c]) ? '#' : '.';

  const uint32_t bands_r = static_cast<uint32_t>(rb.size());
  const uint32_t bands_c = static_cast<uint32_t>(cb.size());
  const uint32_t rooms = bands_r * bands_c;
  constexpr uint32_t kNone = UINT32_MAX;
  const uint32_t start_room = rng.below(rooms);
  std::vector<uint32_t> parent(rooms, kNone), depth(rooms, 0);
  carve_tree(
      bands_r, bands_c, start_room, rng, [](uint32_t, uint32_t) {},
      [&](uint32_t r, uint32_t c, uint32_t to_r, uint32_t to_c) {
        const uint32_t from = r * bands_c + c, to = to_r * bands_c + to_c;
        parent[to] = from;
        depth[to] = depth[from] + 1;
      });
  uint32_t target_room = start_room;
  for (uint32_t i = 0; i < rooms; ++i)
    if (depth[i] > depth[target_room]) target_room = i;

  // The opening between two adjacent rooms: a random cell of their shared wall.
  auto opening = [&](uint32_t a, uint32_t b) -> size_t {
    if (a > b) std::swap(a, b);
    const uint32_t ar = a / bands_c, ac = a % bands_c;
    if (b == a + 1) {  // east of a
      const uint32_t r = rb[ar] + rng.below(re[ar] - rb[ar]);
      return m.idx(r, ce[ac]);
    }
    const uint32_t c = cb[ac] + rng.below(ce[ac] - cb[ac]);  // south of a
    return m.idx(re[ar], c);
  };

  // Tree openings: door color + 1 (0 = gap) and cell, stored at the child room.
  std::vector<uint8_t> lock(rooms, 0);
  std::vector<size_t> opening_cell(rooms, 0);
  std::vector<uint8_t> on_path(rooms, 0);
  std::vector<uint32_t> path;  // from the start room to the target room
  for (uint32_t x = target_room; x != kNone; x = parent[x]) {
    on_path[x] = 1;
    path.push_back(x);
  }
  std::reverse(path.begin(), path.end());
  const uint64_t door_thr = threshold(o.doors);
  uint32_t previous = kNone;
  for (size_t k = 1; k < path.size(); ++k) {
    const uint32_t child = path[k];
    if (C > 0 && rng.chance(door_thr)) {
      uint32_t color;
      if (previous == kNone || C == 1) {
        color = rng.below(C);
      } else {
        color = rng.below(C - 1);
        if (color >= previous) ++color;
      }
      lock[child] = static_cast<uint8_t>(color + 1);
      previous = color;
    }
  }
  for (uint32_t x = 0; x < rooms; ++x) {
    if (parent[x] == kNone) continue;
    if (!on_path[x] && C > 0 && rng.chance(door_thr))
      lock[x] = static_cast<uint8_t>(rng.below(C) + 1);
    opening_cell[x] = opening(x, parent[x]);
    m.cells[opening_cell[x]] = lock[x] ? m.door(lock[x] - 1u) : '.';
  }
  // Loops: a share --doors / 4 of the other shared walls (1 in 8 by default) gets a door
  // (a gap with 0 colors), never a gap that could bypass the locks.
  const uint64_t loop_thr = threshold(o.doors / 4);
  for (uint32_t x = 0; x < rooms; ++x) {
    const uint32_t xr = x / bands_c, xc = x % bands_c;
    const uint32_t next[2] = {xc + 1 < bands_c ? x + 1 : kNone,
                              xr + 1 < bands_r ? x + bands_c : kNone};
    for (const uint32_t y : next) {
      if (y == kNone || parent[y] == x || parent[x] == y) continue;
      if (!rng.chance(loop_thr)) continue;
      m.cells[opening(x, y)] = C > 0 ? m.door(rng.below(C)) : '.';
    }
  }

  // Areas: rooms joined by tree gaps. `members` lists the rooms area by area.
  std::vector<uint32_t> area(rooms, kNone), members, area_begin;
  members.reserve(rooms);
  for (uint32_t seed_room = 0; seed_room < rooms; ++seed_room) {
    if (area[seed_room] != kNone) continue;
    const uint32_t id = static_cast<uint32_t>(area_begin.size());
    area_begin.push_back(static_cast<uint32_t>(members.size()));
    area[seed_room] = id;
    members.push_back(seed_room);
    for (size_t k = area_begin.back(); k < members.size(); ++k) {
      const uint32_t x = members[k];
      const uint32_t xr = x / bands_c, xc = x % bands_c;
      const uint32_t around[4] = {xr > 0 ? x - bands_c : kNone,
                                  xc + 1 < bands_c ? x + 1 : kNone,
                                  xr + 1 < bands_r ? x + bands_c : kNone,
                                  xc > 0 ? x - 1 : kNone};
      for (const uint32_t y : around) {
        if (y == kNone || area[y] != kNone) continue;
        const bool gap = (parent[y] == x && !lock[y]) || (parent[x] == y && !lock[x]);
        if (!gap) continue;
        area[y] = id;
        members.push_back(y);
      }
    }
  }
  area_begin.push_back(static_cast<uint32_t>(members.size()));

  // Anything that could cut a way (a clutter wall, a trap, a button other than a lock's
  // own) goes only on a cell whose 8 neighbours are all floor, @ or ?: never next to a
  // wall, an opening or another such thing, so that the way around it stays open.
  auto clear_around = [&](uint32_t r, uint32_t c) {
    const size_t i = m.idx(r, c), s = m.stride;
    const size_t around[8] = {i - s - 1, i - s, i - s + 1, i - 1, i + 1, i + s - 1, i + s, i + s + 1};
    for (const size_t j : around) {
      const char ch = m.cells[j];
      if (ch != '.' && ch != '@' && ch != '?') return false;
    }
    return true;
  };
  // A free ('.') cell of room x; anywhere = false asks for a cell clear around.
  auto free_cell_in_room = [&](uint32_t x, bool anywhere) -> size_t {
    const uint32_t xr = x / bands_c, xc = x % bands_c;
    const uint32_t h = re[xr] - rb[xr], w = ce[xc] - cb[xc];
    for (int attempt = 0; attempt < 8; ++attempt) {
      const uint32_t r = rb[xr] + rng.below(h), c = cb[xc] + rng.below(w);
      if (m.at(r, c) == '.' && (anywhere || clear_around(r, c))) return m.idx(r, c);
    }
    for (uint32_t r = rb[xr]; r < re[xr]; ++r)
      for (uint32_t c = cb[xc]; c < ce[xc]; ++c)
        if (m.at(r, c) == '.' && (anywhere || clear_around(r, c))) return m.idx(r, c);
    return SIZE_MAX;
  };
  // A free cell in a random room of an area (a few random rooms, then up to 64 rooms in
  // a row, so that a large area full of buttons costs no more).
  auto free_cell_in_area = [&](uint32_t id, bool anywhere) -> size_t {
    const uint32_t first = area_begin[id], size = area_begin[id + 1] - first;
    for (int attempt = 0; attempt < 4; ++attempt) {
      const size_t i = free_cell_in_room(members[first + rng.below(size)], anywhere);
      if (i != SIZE_MAX) return i;
    }
    const uint32_t offset = rng.below(size);
    for (uint32_t k = 0; k < size && k < 64; ++k) {
      const size_t i = free_cell_in_room(members[first + (offset + k) % size], anywhere);
      if (i != SIZE_MAX) return i;
    }
    return SIZE_MAX;
  };

  // Buttons of the locks on the path, in the area before each lock. (A lock's own button
  // is harmless anywhere in that area: every way onward needs that press anyway.)
  for (size_t k = 1; k < path.size(); ++k) {
    const uint32_t child = path[k];
    if (!lock[child]) continue;
    const size_t i = free_cell_in_area(area[path[k - 1]], true);
    if (i == SIZE_MAX) {  // no room for its button: make it a gap
      lock[child] = 0;
      m.cells[opening_cell[child]] = '.';
      continue;
    }
    m.cells[i] = m.button(lock[child] - 1u);
  }
  // Buttons of half the doors off the path, in the area before the door.
  for (uint32_t x = 0; x < rooms; ++x) {
    if (on_path[x] || !lock[x] || rng.below(2) != 0) continue;
    const size_t i = free_cell_in_area(area[parent[x]], false);
    if (i != SIZE_MAX) m.cells[i] = m.button(lock[x] - 1u);
  }

  // Start and target: free cells of their rooms (elsewhere if a room is full).
  auto free_anywhere = [&](size_t except) {
    for (int pass = 0; pass < 2; ++pass)  // a free room cell, else one with a button
      for (uint32_t r = 0; r < H; ++r)
        for (uint32_t c = 0; c < W; ++c) {
          const size_t i = m.idx(r, c);
          if (i == except || wall_row[r] || wall_col[c]) continue;
          if (m.cells[i] == '.' || (pass == 1 && m.cells[i] != '#')) return i;
        }
    return except;  // not reached: a room map has at least 2 room cells
  };
  m.start = free_cell_in_room(start_room, true);
  if (m.start == SIZE_MAX) m.start = free_anywhere(SIZE_MAX);
  m.cells[m.start] = '@';
  m.target = free_cell_in_room(target_room, true);
  if (m.target == SIZE_MAX) m.target = free_anywhere(m.start);
  m.cells[m.target] = '?';

  // Clutter walls, decoy buttons and traps, each clear around.
  const Densities d(o, true, false);
  for (uint32_t r = 0; r < H; ++r) {
    if (wall_row[r]) continue;
    for (uint32_t c = 0; c < W; ++c)
      if (!wall_col[c] && m.at(r, c) == '.' && clear_around(r, c))
        m.at(r, c) = random_content(m, rng, d);
  }
}

Map generate(const Options& o, uint64_t seed) {
  Rng rng(seed);
  Map m(o.colors, o.height, o.width, '.');
  switch (o.style) {
    case Style::open: generate_open(m, rng, o); break;
    case Style::maze: generate_maze(m, rng, o); break;
    case Style::rooms: generate_rooms(m, rng, o); break;
  }
  return m;
}

// ---------------------------------------------------------------------------------------
// Edits when --tries seeds did not give the wanted answer.

/// Makes the map solvable: clears (to '.') the shortest path from @ to ? through non-wall
/// cells, or an L-shaped path through anything if walls cut them apart.
void force_solvable(Map& m) {
  std::vector<uint8_t> from(m.cells.size(), 0);  // 0 = not reached, else 1 + direction
  std::vector<size_t> frontier{m.start}, next;
  from[m.start] = 5;
  while (!frontier.empty() && !from[m.target]) {
    next.clear();
    for (const size_t i : frontier)
      for (unsigned d = 0; d < 4; ++d) {
        const size_t j = m.neighbours(i)[d];
        if (from[j] || m.cells[j] == '#') continue;
        from[j] = static_cast<uint8_t>(1 + d);
        next.push_back(j);
      }
    frontier.swap(next);
  }
  if (from[m.target]) {  // walk back, against the direction each cell was reached in
    for (size_t i = m.neighbours(m.target)[(from[m.target] + 1u) % 4]; i != m.start;
         i = m.neighbours(i)[(from[i] + 1u) % 4])
      m.cells[i] = '.';
    return;
  }
  // L-shaped: along the start's column to the target's row, then along that row.
  uint32_t r = m.row_of(m.start), c = m.col_of(m.start);
  const uint32_t tr = m.row_of(m.target), tc = m.col_of(m.target);
  while (r != tr || c != tc) {
    if (r != tr) r = r < tr ? r + 1 : r - 1;
    else c = c < tc ? c + 1 : c - 1;
    const size_t i = m.idx(r, c);
    if (i != m.target) m.cells[i] = '.';
  }
}

/// Makes the map unsolvable: the target's non-wall neighbours become doors of one color and
/// every button of that color goes; with 0 colors they become walls. If @ is next to ?,
/// they move to opposite corners first (a map of 3 or more cells has a non-adjacent pair).
void force_unsolvable(Map& m, Rng rng) {
  auto adjacent = [&](size_t a, size_t b) {
    return a + 1 == b || b + 1 == a || a + m.stride == b || b + m.stride == a;
  };
  if (adjacent(m.start, m.target)) {
    m.cells[m.start] = '.';
    m.cells[m.target] = '.';
    m.start = m.idx(0, 0);
    m.target = m.idx(m.height - 1, m.width - 1);
    m.cells[m.start] = '@';
    m.cells[m.target] = '?';
  }
  const std::array<size_t, 4> around = m.neighbours(m.target);
  if (m.colors == 0) {
    for (const size_t j : around) m.cells[j] = '#';  // the border is '#' already
    return;
  }
  const uint32_t color = rng.below(m.colors);
  for (const size_t j : around)
    if (m.cells[j] != '#') m.cells[j] = m.door(color);
  const char button = m.button(color);
  for (char& ch : m.cells)
    if (ch == button) ch = '.';
}

/// True when no move can ever enter the target: each neighbour is a wall or a door whose
/// button appears nowhere (so its layer is never reached), and @ is not a neighbour.
bool closed_off(const Map& m) {
  const std::array<size_t, 4> around = m.neighbours(m.target);
  bool needed[26] = {};
  for (const size_t j : around) {
    const char ch = m.cells[j];
    if (is_door(ch)) needed[ch - 'A'] = true;
    else if (ch != '#') return false;  // floor, a button, a trap, or @ itself
  }
  for (const char ch : m.cells)
    if (is_button(ch) && needed[ch - 'a']) return false;
  return true;
}

// ---------------------------------------------------------------------------------------
// Output

void write_map(const Map& m, const std::vector<std::string>& comments) {
  std::setvbuf(stdout, nullptr, _IOFBF, size_t{1} << 20);
  std::string head = std::to_string(m.colors) + " " + std::to_string(m.height) + " " + std::to_string(m.width) + "\n";
  for (const std::string& line : comments) head += "// " + line + "\n";
  std::fputs(head.c_str(), stdout);
  for (uint32_t r = 0; r < m.height; ++r) {
    std::fwrite(&m.cells[m.idx(r, 0)], 1, m.width, stdout);
    std::putc('\n', stdout);
  }
  if (std::fflush(stdout) != 0 || std::ferror(stdout)) fail("writing the map failed");
}

std::string describe(const Options& o) {
  std::string s = std::string(kStyles[static_cast<size_t>(o.style)]) + " map, " + std::to_string(o.colors) +
                  (o.colors == 1 ? " color" : " colors");
  if (o.colors == 1) s += " (A)";
  else if (o.colors > 1) s += std::string(" (A..") + static_cast<char>('A' + o.colors - 1) + ")";
  s += ", " + std::to_string(o.height) + "x" + std::to_string(o.width) + " grid";
  return s;
}


int run(int argc, char** argv) {
  Options o;
  uint64_t height = o.height, width = o.width;
  const core::Command cmd = command(o, height, width);
  if (!parse_options(cmd, o, height, width, argc, argv)) {
    std::fputs(core::help_text(cmd).c_str(), stdout);
    if (std::fflush(stdout) != 0) fail("cannot write the help");
    return core::kExitOk;
  }
  std::vector<std::string> comments;
  if (o.comments) comments = {command_line(o), describe(o)};
  if (o.solvable == Solvable::any) {
    write_map(generate(o, o.seed), comments);
    return 0;
  }
  // Seeds o.seed, o.seed + 1, ... until the map is as wanted; the last one is edited.
  const bool want = o.solvable == Solvable::yes;
  const std::string wanted = want ? "solvable" : "unsolvable";
  for (uint32_t t = 1;; ++t) {
    const uint64_t seed = o.seed + t - 1;
    const std::string tried = "seed " + std::to_string(seed) + " (try " + std::to_string(t);
    Map m = generate(o, seed);
    std::string note;  // for the comment
    if (solvable(m) == want) {
      std::fprintf(stderr, "mapgen: %s map on try %u of %u (seed %llu)\n", wanted.c_str(), t, o.tries,
                   static_cast<unsigned long long>(seed));
      note = wanted + ", from " + tried + ")";
    } else if (t == o.tries) {
      std::string how = "cleared a path from @ to ?";
      if (want) {
        force_solvable(m);
      } else {
        force_unsolvable(m, Rng(seed ^ 0x5DEECE66DULL));
        how = o.colors == 0 ? "walled in ?" : "closed off ? behind doors without a button";
      }
      // Check the edit: a search for yes (it stops at ?), and for no the plain fact that
      // no move can enter ? (a full search of a large map would take seconds).
      if (want ? !solvable(m) : !closed_off(m)) fail("internal error: could not make the map " + wanted);
      std::fprintf(stderr, "mapgen: no %s map in %u tries; %s in the map of seed %llu\n", wanted.c_str(), o.tries,
                   how.c_str(), static_cast<unsigned long long>(seed));
      note = wanted + ": the map of " + tried + "), " + how;
    } else {
      continue;
    }
    if (o.comments) comments.back() += "; " + note;
    write_map(m, comments);
    return 0;
  }
}

}  // namespace

int main(int argc, char** argv) {
  return core::run_main("mapgen", [&] { return run(argc, argv); });
}
