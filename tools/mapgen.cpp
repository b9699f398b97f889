// Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
// tools/mapgen: prints one valid puzzle map; its --help says what and how. The same bytes
// on every machine: its own PRNG and integer sampling, no rand() and no <random>
// distributions (implementation-defined). A byte a cell, a bit a state, no recursion.

#include "core.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <string>
#include <vector>

namespace {

constexpr uint64_t kStateLimit = 400000000;  // the spec's num_colors * height * width
constexpr uint32_t kNone = UINT32_MAX;

// xoshiro256**, seeded through splitmix64 (Blackman and Vigna).
class Rng {
 public:
  explicit Rng(uint64_t seed) {
    for (uint64_t& word : s_) {
      uint64_t z = (seed += 0x9E3779B97F4A7C15ULL);
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
      word = z ^ (z >> 31);
    }
  }
  uint64_t next() {
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
  /// Uniform in [0, n), 1 <= n < 2^32: Lemire's multiply-shift method on the top 32 bits
  /// of a draw, with rejection (no modulo bias, rarely a division).
  uint32_t below(uint32_t n) {
    uint64_t product = (next() >> 32) * n;
    if (static_cast<uint32_t>(product) < n) {
      const uint32_t reject = static_cast<uint32_t>(0u - n) % n;  // 2^32 mod n
      while (static_cast<uint32_t>(product) < reject) product = (next() >> 32) * n;
    }
    return static_cast<uint32_t>(product >> 32);
  }
  uint64_t draw53() { return next() >> 11; }  // below threshold(p) with probability p

 private:
  static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  uint64_t s_[4] = {};
};

uint64_t threshold(double p) { return static_cast<uint64_t>(p * 0x1p53); }  // exact for p < 1

// ==== Options =======================================================================

enum class Style { open, maze, rooms };
enum class Solvable { yes, no, any };
const std::vector<const char*> kStyles = {"open", "maze", "rooms"};  // as Style
const std::vector<const char*> kSolvable = {"yes", "no", "any"};     // as Solvable

struct Options {
  uint64_t seed = 1;
  uint32_t height = 20, width = 40, colors = 4;  // height and width <= kStateLimit
  Style style = Style::rooms;
  double walls = -1, doors = -1, buttons = 0.01, traps = 0.005;  // walls, doors < 0: the style's default
  Solvable solvable = Solvable::any;
  uint32_t tries = 0;  // 0: the default
  bool comments = true;
};

core::Command command(Options& o) {
  auto whole = [](uint32_t& target, const char* option, uint64_t min, uint64_t max) {
    return [&target, option, min, max](const char* v) {
      target = static_cast<uint32_t>(core::parse_count(option, v, min, max));
    };
  };
  auto share = [](double& target, const char* option) {
    return [&target, option](const char* v) { target = core::parse_decimal(option, v, 0, 1); };
  };
  return {
      "mapgen",
      "tools/mapgen [OPTIONS] > map.txt",
      "Prints one valid Puzzle Solver map (the spec's input format, comment lines after\n"
      "its header) on stdout. The same options and seed give the same bytes on every\nmachine. Options [default]:\n",
      {
          {0, "seed", "N", "0..18446744073709551615 [1]",
           [&o](const char* v) { o.seed = core::parse_count("--seed", v); }},
          {0, "height", "H", "rows, at least 1 [20]; at least 2 cells in all (@ and ?)",
           whole(o.height, "--height", 1, kStateLimit)},
          {0, "width", "W", "columns, at least 1 [40]", whole(o.width, "--width", 1, kStateLimit)},
          {0, "colors", "C", "door/button colors, 0..26 [4]; C * H * W (H * W if C is 0)\n"
           "<= 400,000,000, the spec's limit", whole(o.colors, "--colors", 0, 26)},
          core::choice("style", "S", kStyles,
                       "[rooms]\nopen:  random walls, doors, buttons and traps on open floor\n"
                       "maze:  a perfect maze (a randomized depth-first walk): with\n"
                       "       doors ignored, every non-wall cell reaches every other\n"
                       "rooms: rooms linked by doors and gaps; a chain of locks, each\n"
                       "       with its button before it, leads from @ to ?",
                       o.style),
          {0, "walls", "P", "0..1, share of cells that are walls: open [0.2]; rooms: of\nthe room cells clear of walls "
           "[0.05]; maze: not used", share(o.walls, "--walls")},
          {0, "doors", "P", "0..1, share of cells (maze: floor) that are doors [0.05];\nrooms: of the openings [0.5], "
           "and doors / 4 of the other\nwalls between rooms get a door", share(o.doors, "--doors")},
          {0, "buttons", "P", "0..1, share of cells (maze: floor; rooms: room cells clear\nof walls) holding a button "
           "of a random color [0.01];\nrooms add the buttons of their locked doors", share(o.buttons, "--buttons")},
          {0, "traps", "P", "0..1, share of those cells holding a trap ^ [0.005]\nA cell draws walls, doors, buttons, "
           "traps in that order; over\n1 in all, the later ones get what is left. 0 colors: no doors\nor buttons. In "
           "rooms, clutter, traps and extra buttons never\ntouch a wall, an opening or each other: rooms maps are (in\n"
           "practice) solvable.", share(o.traps, "--traps")},
          core::choice("solvable", "X", kSolvable,
                       "[any]; yes or no: mapgen's own search by the\nspec's rules checks each map, trying seed, "
                       "seed+1, ... until\none holds (stderr says on which try); after --tries it edits\nthe last map: "
                       "yes clears a floor path from @ to ?; no puts\ndoors of one color around ? and removes every "
                       "button of that\ncolor (0 colors: walls ?, breaking a maze's connectivity). No\nis refused on 2 "
                       "cells.",
                       o.solvable),
          {0, "tries", "N", "seeds to try, 1..1000000 [10, or 200,000,000 /\n((C + 1) * H * W) if that is less, at "
           "least 1]", whole(o.tries, "--tries", 1, 1000000)},
          core::flag(0, "comment", "comment lines after the header [on]: the options and seed\n(the same map "
                     "again); the map (and how --solvable was met)", o.comments),
          {0, "no-comment", nullptr, "no comment lines at all", [&o](const char*) { o.comments = false; }},
      },
      "-h and --help print this text on stdout only when they are the only option; with\n"
      "others they are an error, so that `tools/mapgen -h 10 > m.txt` leaves no help in m.txt.\n\n"
      "Examples:\n"
      "  tools/mapgen --style open --walls 0.3 --doors 0.1 --buttons 0.02 --traps 0 > open.txt\n"
      "  tools/mapgen --colors 26 --height 3922 --width 3922 > limit.txt\n",
      "a map was printed",
      nullptr,
      "a map it cannot make (over the spec's limit, fewer than 2 cells, --solvable no on 2 cells) or cannot write",
      false,
      true,
  };
}

// ==== The map =======================================================================

struct Map {  // height x width cells inside a border of walls (no bounds checks)
  uint32_t colors, height, width;
  size_t stride;            // width + 2
  std::vector<char> cells;  // (height + 2) * stride, all walls to begin with
  size_t start = 0, target = 0;

  Map(uint32_t c, uint32_t h, uint32_t w)
      : colors(c), height(h), width(w), stride(size_t{w} + 2), cells((size_t{h} + 2) * stride, '#') {}
  size_t idx(uint32_t r, uint32_t c) const { return (size_t{r} + 1) * stride + c + 1; }
  std::array<size_t, 4> neighbours(size_t i) const { return {i - stride, i + 1, i + stride, i - 1}; }  // N, E, S, W
  char& at(uint32_t r, uint32_t c) { return cells[idx(r, c)]; }
  void mark(size_t new_start, size_t new_target) {
    start = new_start;
    target = new_target;
    cells[start] = '@';
    cells[target] = '?';
  }
};

bool is_door(char ch) { return ch >= 'A' && ch <= 'Z'; }
bool is_button(char ch) { return ch >= 'a' && ch <= 'z'; }
char door(uint32_t color) { return static_cast<char>('A' + color); }
char button(uint32_t color) { return static_cast<char>('a' + color); }

/// Is ? reachable from @? A breadth-first search by the spec's rules over (layer, cell)
/// states, layer 0 = '^' and layer k = color 'a' + k - 1, a bit a state. A second copy of
/// the rules, on purpose: mapgen does not compile puzzle.cpp in (unlike check, show and
/// compare), so that its "solvable" never depends on the solver it is used to test.
bool solvable(const Map& m) {
  const size_t layers = size_t{m.colors} + 1;
  std::vector<uint64_t> seen((m.cells.size() * layers + 63) / 64);
  std::vector<uint64_t> frontier, next;  // a level of the search: (layer << 32) | cell; padded cells < 2^32
  auto discover = [&](uint64_t layer, size_t cell) {
    const size_t s = cell * layers + static_cast<size_t>(layer);  // a cell's layers side by side
    const uint64_t bit = uint64_t{1} << (s & 63);
    if (!(seen[s >> 6] & bit)) next.push_back((layer << 32) | cell);
    seen[s >> 6] |= bit;
  };
  discover(0, m.start);
  while (!next.empty()) {
    frontier.swap(next);
    next.clear();
    for (const uint64_t state : frontier) {
      const uint64_t layer = state >> 32;
      const size_t cell = static_cast<size_t>(state & 0xFFFFFFFFu);
      if (cell == m.target) return true;
      const char ch = m.cells[cell];  // an active button: the only action is pressing it
      const uint64_t pressed = ch == '^' ? 0 : is_button(ch) ? static_cast<uint64_t>(ch - 'a') + 1 : layer;
      if (pressed != layer) {
        discover(pressed, cell);
        continue;
      }
      for (const size_t to : m.neighbours(cell)) {
        const char there = m.cells[to];
        if (there != '#' && (!is_door(there) || static_cast<uint64_t>(there - 'A') + 1 == layer)) discover(layer, to);
      }
    }
  }
  return false;
}

// ==== Styles ========================================================================
/// A random spanning tree of a rows x cols lattice, nodes numbered row * cols + col, each
/// edge given to `link(from, to)`: a randomized depth-first walk (a node first reached
/// shuffles its four neighbours), on an explicit stack (a 4000x4000 maze would overflow
/// the call stack), a byte a node: its order and how many neighbours it tried.
template <class Link>
void carve_tree(uint32_t rows, uint32_t cols, uint32_t root, Rng& rng, Link link) {
  // 0 = unreached; else 1 + order * 5 + neighbours tried (0..4); 255 = border (no bounds checks)
  const size_t stride = size_t{cols} + 2;
  std::vector<uint8_t> state((size_t{rows} + 2) * stride, 255);
  for (size_t r = 1; r <= rows; ++r) std::fill_n(&state[r * stride + 1], cols, uint8_t{0});
  std::vector<uint32_t> stack;  // padded indices: (rows + 2) * (cols + 2) < 2^32 here
  auto enter = [&](size_t node) {
    const uint32_t a = rng.below(4), b = rng.below(3);  // a shuffle's draws a, b, c: order a * 6 + b * 2 + c
    state[node] = static_cast<uint8_t>(1 + (a * 6 + b * 2 + rng.below(2)) * 5);
    stack.push_back(static_cast<uint32_t>(node));
  };
  auto number = [&](size_t node) { return static_cast<uint32_t>((node / stride - 1) * cols + node % stride - 1); };
  enter((size_t{root / cols} + 1) * stride + root % cols + 1);
  while (!stack.empty()) {
    const size_t node = stack.back();
    const size_t order = (state[node] - 1u) / 5, tried = (state[node] - 1u) % 5;
    if (tried == 4) {
      stack.pop_back();
      continue;
    }
    ++state[node];
    std::array<size_t, 4> to = {node - stride, node + 1, node + stride, node - 1};  // N, E, S, W; the swaps:
    std::swap(to[3], to[order / 6]);
    std::swap(to[2], to[order / 2 % 3]);
    std::swap(to[1], to[order % 2]);
    if (state[to[tried]] != 0) continue;  // reached, or off the lattice
    link(number(node), number(to[tried]));
    enter(to[tried]);
  }
}

/// Draws the content of each cell where `where(r, c)`: by one 53-bit draw a wall, a door,
/// a button, a trap or floor, each as likely as its density (walls and doors where the
/// style uses them, doors and buttons only with colors).
template <class Where>
void scatter(Map& m, Rng& rng, const Options& o, bool use_walls, bool use_doors, Where where) {
  const double walls = use_walls ? o.walls : 0, doors = use_doors && o.colors ? o.doors : 0;
  const double buttons = o.colors ? o.buttons : 0;
  const uint64_t upto[4] = {threshold(walls), threshold(walls + doors), threshold(walls + doors + buttons),
                            threshold(walls + doors + buttons + o.traps)};
  for (uint32_t r = 0; r < m.height; ++r)
    for (uint32_t c = 0; c < m.width; ++c) {
      if (!where(r, c)) continue;
      const uint64_t u = rng.draw53();
      char& cell = m.at(r, c);
      if (u < upto[0]) cell = '#';
      else if (u < upto[1]) cell = door(rng.below(m.colors));
      else if (u < upto[2]) cell = button(rng.below(m.colors));
      else cell = u < upto[3] ? '^' : '.';
    }
}

void generate_open(Map& m, Rng& rng, const Options& o) {
  scatter(m, rng, o, true, true, [](uint32_t, uint32_t) { return true; });
  const uint32_t cells = m.height * m.width;  // @ and ? anywhere, over whatever was drawn there
  const uint32_t s = rng.below(cells);
  uint32_t t = rng.below(cells - 1);
  if (t >= s) ++t;
  m.mark(m.idx(s / m.width, s % m.width), m.idx(t / m.width, t % m.width));
}

/// The k-th floor cell other than `except`, k random below `count`, the number of them.
size_t pick_floor(const Map& m, Rng& rng, uint32_t count, size_t except) {
  uint32_t k = rng.below(count);
  for (uint32_t r = 0; r < m.height; ++r)
    for (uint32_t c = 0; c < m.width; ++c) {
      const size_t i = m.idx(r, c);
      if (m.cells[i] == '.' && i != except && k-- == 0) return i;
    }
  return except;  // not reached when count is right
}

// Maze nodes sit at even (row, col); the cells between two linked nodes are opened. When a
// dimension is even, its last row/column holds dead-end spurs (still a tree).
void generate_maze(Map& m, Rng& rng, const Options& o) {
  const uint32_t rows = (m.height + 1) / 2, cols = (m.width + 1) / 2;
  for (uint32_t r = 0; r < rows; ++r)
    for (uint32_t c = 0; c < cols; ++c) m.at(2 * r, 2 * c) = '.';
  carve_tree(rows, cols, rng.below(rows * cols), rng, [&](uint32_t from, uint32_t to) {
    m.at(from / cols + to / cols, from % cols + to % cols) = '.';
  });
  std::vector<size_t> spurs;
  if (m.height % 2 == 0)
    for (uint32_t c = 0; c < m.width; c += 2) spurs.push_back(m.idx(m.height - 1, c));
  if (m.width % 2 == 0)
    for (uint32_t r = 0; r < m.height; r += 2) spurs.push_back(m.idx(r, m.width - 1));
  for (const size_t i : spurs)
    if (rng.below(2) == 0) m.cells[i] = '.';
  auto open = static_cast<uint32_t>(std::count(m.cells.begin(), m.cells.end(), '.'));
  if (open < 2) {  // 1x2, 2x1, 2x2: a single node and no spur drawn
    m.cells[spurs.front()] = '.';
    ++open;
  }
  const size_t start = pick_floor(m, rng, open, SIZE_MAX);
  m.mark(start, pick_floor(m, rng, open - 1, start));
  scatter(m, rng, o, false, true, [&](uint32_t r, uint32_t c) { return m.at(r, c) == '.'; });
}

/// A length cut into bands of 3..9 cells, [begin, end), with a wall line between two.
struct Bands {
  std::vector<uint32_t> begin, end;
  std::vector<uint8_t> wall;
  Bands(uint32_t length, Rng& rng) : wall(length, 0) {
    for (uint32_t pos = 0;; pos = end.back() + 1) {
      const uint32_t span = 3 + rng.below(7);
      begin.push_back(pos);
      if (uint64_t{pos} + span + 1 >= length) {
        end.push_back(length);
        return;
      }
      end.push_back(pos + span);
      wall[pos + span] = 1;
    }
  }
  uint32_t size() const { return static_cast<uint32_t>(begin.size()); }
  uint32_t random_in(uint32_t band, Rng& rng) const { return begin[band] + rng.below(end[band] - begin[band]); }
};

// Rooms: bands cut the map into rooms, linked by a random spanning tree (the same walk)
// through one opening each, plus loops. ? goes into the room farthest from @'s in the tree;
// on the path, each opening is a lock (a door) with probability --doors, its button in the
// area before it (the rooms joined by gaps): one press per lock. Clutter never touches a
// wall or other clutter, so the map is solvable unless a lock found no cell for its button
// (it is a gap then) -- in practice always.
void generate_rooms(Map& m, Rng& rng, const Options& o) {
  const uint32_t C = m.colors;
  const Bands rows(m.height, rng), cols(m.width, rng);
  for (uint32_t r = 0; r < m.height; ++r)
    for (uint32_t c = 0; c < m.width; ++c) m.at(r, c) = rows.wall[r] || cols.wall[c] ? '#' : '.';
  const uint32_t across = cols.size(), rooms = rows.size() * across;  // room x: bands x / across, x % across
  auto around = [&](uint32_t x) {  // the rooms north, east, south and west of room x, or kNone
    const uint32_t r = x / across, c = x % across;
    return std::array<uint32_t, 4>{r > 0 ? x - across : kNone, c + 1 < across ? x + 1 : kNone,
                                   r + 1 < rows.size() ? x + across : kNone, c > 0 ? x - 1 : kNone};
  };
  const uint32_t start_room = rng.below(rooms);
  std::vector<uint32_t> parent(rooms, kNone), depth(rooms, 0);
  carve_tree(rows.size(), across, start_room, rng, [&](uint32_t from, uint32_t to) {
    parent[to] = from;
    depth[to] = depth[from] + 1;
  });
  const auto target_room = static_cast<uint32_t>(std::max_element(depth.begin(), depth.end()) - depth.begin());
  auto opening = [&](uint32_t a, uint32_t b) -> size_t {  // a random cell of their shared wall
    if (a > b) std::swap(a, b);
    if (b == a + 1 && b % across != 0) return m.idx(rows.random_in(a / across, rng), cols.end[a % across]);  // east
    return m.idx(rows.end[a / across], cols.random_in(a % across, rng));                  // south of a
  };
  // Tree openings: door color + 1 (0 = gap) and cell, kept at the child room.
  std::vector<uint8_t> lock(rooms, 0), on_path(rooms, 0);
  std::vector<size_t> opening_cell(rooms, 0);
  std::vector<uint32_t> path;  // from the start room to the target room
  for (uint32_t x = target_room; x != kNone; x = parent[x]) {
    on_path[x] = 1;
    path.push_back(x);
  }
  std::reverse(path.begin(), path.end());
  const uint64_t door_thr = threshold(o.doors);
  uint32_t previous = kNone;  // the color of the last lock on the path
  for (size_t k = 1; k < path.size(); ++k) {
    if (C == 0 || rng.draw53() >= door_thr) continue;
    const bool differ = previous != kNone && C > 1;
    uint32_t color = rng.below(differ ? C - 1 : C);
    if (differ && color >= previous) ++color;
    lock[path[k]] = static_cast<uint8_t>(color + 1);
    previous = color;
  }
  for (uint32_t x = 0; x < rooms; ++x) {
    if (parent[x] == kNone) continue;
    if (!on_path[x] && C > 0 && rng.draw53() < door_thr) lock[x] = static_cast<uint8_t>(rng.below(C) + 1);
    opening_cell[x] = opening(x, parent[x]);
    m.cells[opening_cell[x]] = lock[x] ? door(lock[x] - 1u) : '.';
  }
  // Loops: a share --doors / 4 of the other shared walls gets a door (a gap with 0
  // colors), never a gap that could bypass the locks.
  const uint64_t loop_thr = threshold(o.doors / 4);
  for (uint32_t x = 0; x < rooms; ++x)
    for (const uint32_t y : {around(x)[1], around(x)[2]})  // east, south
      if (y != kNone && parent[y] != x && parent[x] != y && rng.draw53() < loop_thr)
        m.cells[opening(x, y)] = C > 0 ? door(rng.below(C)) : '.';
  // Areas: rooms joined by tree gaps. `members` lists the rooms area by area.
  std::vector<uint32_t> area(rooms, kNone), members, area_begin;
  members.reserve(rooms);
  for (uint32_t first = 0; first < rooms; ++first) {
    if (area[first] != kNone) continue;
    area[first] = static_cast<uint32_t>(area_begin.size());
    area_begin.push_back(static_cast<uint32_t>(members.size()));
    members.push_back(first);
    for (size_t k = area_begin.back(); k < members.size(); ++k) {
      const uint32_t x = members[k];
      for (const uint32_t y : around(x)) {
        if (y == kNone || area[y] != kNone) continue;
        if ((parent[y] != x || lock[y]) && (parent[x] != y || lock[x])) continue;  // not a tree gap
        area[y] = area[x];
        members.push_back(y);
      }
    }
  }
  area_begin.push_back(static_cast<uint32_t>(members.size()));
  // A floor cell; unless `anywhere`, one whose 8 neighbours are all floor, @ or ?: for
  // anything that could cut a way (a clutter wall, a trap, a button other than a lock's own).
  auto free_cell = [&](uint32_t r, uint32_t c, bool anywhere) {
    const size_t i = m.idx(r, c), s = m.stride;
    if (m.cells[i] != '.' || anywhere) return m.cells[i] == '.';
    for (const size_t j : {i - s - 1, i - s, i - s + 1, i - 1, i + 1, i + s - 1, i + s, i + s + 1})
      if (m.cells[j] != '.' && m.cells[j] != '@' && m.cells[j] != '?') return false;
    return true;
  };
  // A free cell of room x (8 random tries, then the first), or SIZE_MAX.
  auto free_cell_in_room = [&](uint32_t x, bool anywhere) -> size_t {
    const uint32_t xr = x / across, xc = x % across;
    for (int attempt = 0; attempt < 8; ++attempt) {
      const uint32_t r = rows.random_in(xr, rng), c = cols.random_in(xc, rng);
      if (free_cell(r, c, anywhere)) return m.idx(r, c);
    }
    for (uint32_t r = rows.begin[xr]; r < rows.end[xr]; ++r)
      for (uint32_t c = cols.begin[xc]; c < cols.end[xc]; ++c)
        if (free_cell(r, c, anywhere)) return m.idx(r, c);
    return SIZE_MAX;
  };
  // A free cell in a random room of an area: 4 random rooms, then up to 64 in a row (a
  // large area full of buttons costs no more).
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
  // The buttons of the locks, each anywhere in the area before it (every way onward needs
  // that press anyway), and of half the doors off the path, clear around.
  for (size_t k = 1; k < path.size(); ++k) {
    const uint32_t child = path[k];
    if (!lock[child]) continue;
    const size_t i = free_cell_in_area(area[path[k - 1]], true);
    if (i != SIZE_MAX) m.cells[i] = button(lock[child] - 1u);
    else m.cells[opening_cell[child]] = '.';  // no room for its button: a gap
  }
  for (uint32_t x = 0; x < rooms; ++x) {
    if (on_path[x] || !lock[x] || rng.below(2) != 0) continue;
    const size_t i = free_cell_in_area(area[parent[x]], false);
    if (i != SIZE_MAX) m.cells[i] = button(lock[x] - 1u);
  }
  // @ and ? on free cells of their rooms, else the first free room cell, else the first
  // room cell with a button.
  auto place = [&](uint32_t room, size_t except) {
    const size_t in_room = free_cell_in_room(room, true);
    if (in_room != SIZE_MAX) return in_room;
    for (int pass = 0; pass < 2; ++pass)
      for (uint32_t r = 0; r < m.height; ++r)
        for (uint32_t c = 0; c < m.width; ++c) {
          const size_t i = m.idx(r, c);
          if (i == except || rows.wall[r] || cols.wall[c]) continue;
          if (m.cells[i] == '.' || (pass == 1 && m.cells[i] != '#')) return i;
        }
    return except;  // not reached: a room map has at least 2 room cells
  };
  const size_t start = place(start_room, SIZE_MAX);
  m.cells[start] = '@';
  m.mark(start, place(target_room, start));
  // Clutter walls, decoy buttons and traps.
  scatter(m, rng, o, true, false,
          [&](uint32_t r, uint32_t c) { return !rows.wall[r] && !cols.wall[c] && free_cell(r, c, false); });
}

// ==== Edits when --tries seeds did not give the wanted answer ========================
/// Makes the map solvable: clears (to '.') the shortest path from @ to ? through non-wall
/// cells, or an L-shaped path through anything if walls cut them apart.
void force_solvable(Map& m) {
  std::vector<uint8_t> from(m.cells.size(), 0);  // 0 = not reached, else 1 + direction
  std::deque<size_t> queue{m.start};
  from[m.start] = 5;
  while (!queue.empty() && !from[m.target]) {
    const std::array<size_t, 4> around = m.neighbours(queue.front());
    queue.pop_front();
    for (unsigned d = 0; d < 4; ++d)
      if (!from[around[d]] && m.cells[around[d]] != '#') {
        from[around[d]] = static_cast<uint8_t>(1 + d);
        queue.push_back(around[d]);
      }
  }
  if (from[m.target]) {  // walk back, against the direction each cell was reached in
    for (size_t i = m.neighbours(m.target)[(from[m.target] + 1u) % 4]; i != m.start;
         i = m.neighbours(i)[(from[i] + 1u) % 4])
      m.cells[i] = '.';
    return;
  }
  // L-shaped: along the start's column to the target's row, then along that row.
  const size_t target_row = m.target / m.stride;
  for (size_t i = m.start; i != m.target;) {
    if (i / m.stride != target_row) i = i / m.stride < target_row ? i + m.stride : i - m.stride;
    else i = i < m.target ? i + 1 : i - 1;
    if (i != m.target) m.cells[i] = '.';
  }
}

/// Makes the map unsolvable, by construction: no move enters ? when its neighbours are
/// walls or doors without a button, and @ is not one of them. If @ is next to ?, they move
/// to opposite corners first (a map of 3 or more cells has a non-adjacent pair).
void force_unsolvable(Map& m, Rng rng) {
  const std::array<size_t, 4> near = m.neighbours(m.target);
  if (std::count(near.begin(), near.end(), m.start)) {
    m.cells[m.start] = m.cells[m.target] = '.';
    m.mark(m.idx(0, 0), m.idx(m.height - 1, m.width - 1));
  }
  const uint32_t color = m.colors ? rng.below(m.colors) : 0;
  for (const size_t j : m.neighbours(m.target))
    if (m.cells[j] != '#') m.cells[j] = m.colors ? door(color) : '#';
  if (m.colors) std::replace(m.cells.begin(), m.cells.end(), button(color), '.');
}

int run(int argc, char** argv) {
  Options o;
  const core::Command cmd = command(o);
  const core::Parsed parsed = core::parse(cmd, argc, argv);
  if (!parsed.args.empty()) core::usage_error("unexpected argument '" + parsed.args[0] + "'");
  if (parsed.help) {
    std::fputs(core::help_text(cmd).c_str(), stdout);
    if (std::fflush(stdout) != 0) core::fail("cannot write the help");
    return core::kExitOk;
  }
  // What the options ask for together, and the defaults.
  const uint64_t cells = uint64_t{o.height} * o.width;
  if (cells * std::max(o.colors, 1u) > kStateLimit)
    core::usage_error("map too large: " + std::to_string(o.colors) + " colors x " + std::to_string(o.height) +
                      " x " + std::to_string(o.width) + " is over the spec's limit of 400,000,000 " +
                      "(num_colors * height * width, or height * width with 0 colors)");
  if (cells < 2) core::usage_error("the map needs at least 2 cells (one @ and one ?)");
  if (cells == 2 && o.solvable == Solvable::no)
    core::usage_error("--solvable no is impossible on a map of 2 cells: @ and ? are always adjacent");
  const bool rooms = o.style == Style::rooms;
  if (o.walls < 0) o.walls = rooms ? 0.05 : 0.2;
  if (o.doors < 0) o.doors = rooms ? 0.5 : 0.05;
  if (o.tries == 0)  // about 200 million states searched in all, at most 10 tries
    o.tries = static_cast<uint32_t>(std::clamp<uint64_t>(200000000 / (cells * (o.colors + 1)), 1, 10));
  // The comment lines: a command that makes the same bytes again; "rooms map, 3 colors (A..C), 10x10 grid".
  std::vector<std::string> lines;
  const std::string style = kStyles[static_cast<size_t>(o.style)];
  std::string what = style + " map, " + std::to_string(o.colors) + (o.colors == 1 ? " color (A)" : " colors");
  if (o.colors > 1) what += std::string(" (A..") + static_cast<char>('A' + o.colors - 1) + ")";
  if (o.comments)
    lines = {"mapgen --seed " + std::to_string(o.seed) + " --height " + std::to_string(o.height) + " --width " +
                 std::to_string(o.width) + " --colors " + std::to_string(o.colors) + " --style " + style +
                 " --walls " + core::decimal_text(o.walls) + " --doors " + core::decimal_text(o.doors) +
                 " --buttons " + core::decimal_text(o.buttons) + " --traps " + core::decimal_text(o.traps) +
                 " --solvable " + kSolvable[static_cast<size_t>(o.solvable)] + " --tries " + std::to_string(o.tries),
             what + ", " + std::to_string(o.height) + "x" + std::to_string(o.width) + " grid"};
  // Seeds o.seed, o.seed + 1, ... until the map is as wanted; the last one is edited.
  const bool want = o.solvable == Solvable::yes;
  const std::string wanted = want ? "solvable" : "unsolvable";
  for (uint32_t t = 1;; ++t) {
    const uint64_t seed = o.seed + t - 1;
    Rng rng(seed);
    Map m(o.colors, o.height, o.width);
    switch (o.style) {
      case Style::open: generate_open(m, rng, o); break;
      case Style::maze: generate_maze(m, rng, o); break;
      case Style::rooms: generate_rooms(m, rng, o); break;
    }
    if (o.solvable != Solvable::any) {
      const bool met = solvable(m) == want;
      if (!met && t < o.tries) continue;
      const std::string tried = "seed " + std::to_string(seed) + " (try " + std::to_string(t) + ")";
      std::string note = wanted + ", from " + tried;  // how --solvable was met, for the comment
      if (met) {
        std::fprintf(stderr, "mapgen: %s map on try %u of %u (seed %llu)\n", wanted.c_str(), t, o.tries,
                     static_cast<unsigned long long>(seed));
      } else {
        const std::string how = want ? "cleared a path from @ to ?"
                                : o.colors ? "closed off ? behind doors without a button" : "walled in ?";
        if (want) force_solvable(m);
        else force_unsolvable(m, Rng(seed ^ 0x5DEECE66DULL));
        if (want && !solvable(m)) core::fail("internal error: could not make the map solvable");
        std::fprintf(stderr, "mapgen: no %s map in %u tries; %s in the map of seed %llu\n", wanted.c_str(), o.tries,
                     how.c_str(), static_cast<unsigned long long>(seed));
        note = wanted + ": the map of " + tried + ", " + how;
      }
      if (o.comments) lines.back() += "; " + note;
    }
    std::setvbuf(stdout, nullptr, _IOFBF, size_t{1} << 20);
    std::printf("%u %u %u\n", m.colors, m.height, m.width);
    for (const std::string& line : lines) std::printf("// %s\n", line.c_str());
    for (uint32_t r = 0; r < m.height; ++r) {
      std::fwrite(&m.cells[m.idx(r, 0)], 1, m.width, stdout);
      std::putc('\n', stdout);
    }
    if (std::fflush(stdout) != 0 || std::ferror(stdout)) core::fail("writing the map failed");
    return core::kExitOk;
  }
}

}  // namespace

int main(int argc, char** argv) {
  return core::run_main("mapgen", [&] { return run(argc, argv); });
}
