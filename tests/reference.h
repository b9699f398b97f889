// Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
// tests/reference.h: the spec's search written plainly, playing by three rule functions
// given to it and keeping the order in which it investigates the states; it uses nothing
// of puzzle.cpp. The tests' reference is the plain solver of tools/bugs.h
// (testutil::Reference, tests/util.h), which takes no rule functions and keeps no such
// order: tests/rules_test.cpp gives this one puzzle.cpp's rule functions (and each rule
// variant's), tests/trace_test.cpp compares its order with ./puzzle_trace's.
#ifndef PUZZLE_TESTS_REFERENCE_H
#define PUZZLE_TESTS_REFERENCE_H

#include <algorithm>
#include <array>
#include <cstdint>
#include <deque>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "tests/maps.h"

namespace testutil {

/// The rules of the game on (color, symbol): the color of the last press ('^' before any)
/// and a map character.
struct Rules {
  bool (*active)(char color, char symbol);    ///< standing on it presses it
  char (*pressed)(char symbol);               ///< the color a press leads to
  bool (*passable)(char color, char symbol);  ///< a move onto it is allowed
};

/// The spec's algorithm, written plainly from the spec: a 3-D discovered/predecessor
/// table of structs, a std::deque of (layer, row, col) as the search container, and
/// every output written cell by cell. Slow and simple, so that it can be trusted.
class RulesReference {
 public:
  RulesReference(Map m, Rules rules) : m_(std::move(m)), layers_(int(m_.colors) + 1), rules_(rules) {}

  /// The output of `puzzle --stack|--queue --output list|map` on the map.
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
    investigated_.clear();
    std::array<int, 3> end{-1, -1, -1};
    while (!container.empty() && end[0] < 0) {
      std::array<int, 3> cur = stack ? container.back() : container.front();
      stack ? container.pop_back() : container.pop_front();
      investigated_.push_back(cur);
      auto [l, r, c] = cur;
      char here = cell(r, c);
      char color = l == 0 ? '^' : char('a' + l - 1);
      if (rules_.active(color, here)) {  // a press is the only action (the spec's step 5)
        const char to = rules_.pressed(here);
        const int nl = to == '^' ? 0 : to - 'a' + 1;
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
        if (!rules_.passable(color, ch)) continue;
        if (at(l, nr, nc).found) continue;
        at(l, nr, nc) = {true, l, r, c};
        if (ch == '?') { end = {l, nr, nc}; break; }
        container.push_back({l, nr, nc});
      }
    }
    solved_ = end[0] >= 0;
    std::ostringstream out;
    if (!solved_) {
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
    if (list) return states(path);
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

  /// Whether the last solve reached the target.
  bool solved() const { return solved_; }
  /// The states the last solve investigated, in order, in list format: what the trace
  /// build of the solver prints on stderr.
  std::string trace() const { return states(investigated_); }

 private:
  char cell(int r, int c) const { return m_.rows[std::size_t(r)][std::size_t(c)]; }

  static std::string states(const std::vector<std::array<int, 3>>& list) {
    std::ostringstream out;
    for (auto [l, r, c] : list) out << '(' << (l == 0 ? '^' : char('a' + l - 1)) << ", (" << r << ", " << c << "))\n";
    return out.str();
  }

  Map m_;
  int layers_;
  Rules rules_;
  bool solved_ = false;
  std::vector<std::array<int, 3>> investigated_;
};

}  // namespace testutil

#endif  // PUZZLE_TESTS_REFERENCE_H
