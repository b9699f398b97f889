// Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
//
// tools/compare-shrink.h: a map on which SOLVER and puzzle differ is made smaller while
// they still differ the same way; every candidate is a valid map (puzzle::parse_puzzle).

#ifndef PUZZLE_TOOLS_COMPARE_SHRINK_H
#define PUZZLE_TOOLS_COMPARE_SHRINK_H

#include "compare-verdict.h"
#include "runner.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace compare {

/// A map as rows of characters, rebuilt as text for each candidate.
struct Grid {
  std::uint32_t colors = 0;
  std::vector<std::string> rows;

  std::uint32_t height() const { return static_cast<std::uint32_t>(rows.size()); }
  std::uint32_t width() const { return rows.empty() ? 0 : static_cast<std::uint32_t>(rows[0].size()); }
  std::string text(const std::vector<std::string>& comments) const {
    std::string t = std::to_string(colors) + " " + std::to_string(height()) + " " + std::to_string(width()) + "\n";
    for (const std::string& c : comments) t += "// " + c + "\n";
    for (const std::string& r : rows) t += r + "\n";
    return t;
  }
  bool find(char c, std::size_t& row, std::size_t& col) const {
    for (row = 0; row < rows.size(); ++row)
      if ((col = rows[row].find(c)) != std::string::npos) return true;
    return false;
  }
};

Grid grid_of(const puzzle::Puzzle& p) {
  Grid g;
  g.colors = p.colors;
  for (std::uint32_t r = 0; r < p.height; ++r) {
    std::string row(p.width, '.');
    for (std::uint32_t c = 0; c < p.width; ++c) row[c] = p.at(r, c);
    g.rows.push_back(row);
  }
  return g;
}

/// Runs candidates: does SOLVER still differ from puzzle as `target` did, in this mode?
struct Probe {
  const Solver& solver;
  std::vector<std::string> args;
  Verdict target;
  double shrink_time;
  std::vector<std::string> comments;  ///< the comment lines every candidate carries
  runner::Clock::time_point start = runner::Clock::now();
  std::size_t tries = 0;

  /// True when `g` is a valid map on which the two differ as `target` did.
  bool still_differs(const Grid& g) { return !out_of_time() && differs_as_target(g.text(comments)); }
  bool differs_as_target(const std::string& text) {
    try {
      puzzle::parse_puzzle(text);
    } catch (const puzzle::Error&) {
      return false;
    }
    ++tries;
    const Verdict v = verdict_of(text);
    return v.kind == target.kind && (target.kind == Kind::output || v.code == target.code);
  }
  Verdict verdict_of(const std::string& text) const { return solver.verdict_on(text, args); }
  double seconds() const { return runner::seconds_since(start); }
  bool out_of_time() const { return seconds() > shrink_time; }
};

/// Tries `candidate(first, count)` over chunks of `count()` items, halving the chunk
/// from half the items down to one (as delta debugging does); a candidate that still
/// differs replaces `g`. True when anything was replaced.
bool reduce_in_chunks(Grid& g, Probe& probe, const std::function<std::size_t()>& count,
                      const std::function<bool(Grid&, std::size_t, std::size_t)>& candidate) {
  bool changed = false;
  for (std::size_t chunk = std::max<std::size_t>(1, count() / 2);; chunk /= 2) {
    for (std::size_t first = 0; first < count() && !probe.out_of_time();) {
      Grid c = g;
      if (candidate(c, first, std::min(chunk, count() - first)) && probe.still_differs(c)) {
        g = std::move(c);
        changed = true;
      } else {
        first += chunk;
      }
    }
    if (chunk <= 1) return changed;
  }
}

/// Drops rows (axis 0) or columns (axis 1) that hold neither '@' nor '?'.
bool drop_lines(Grid& g, Probe& probe, int axis) {
  auto count = [&] { return static_cast<std::size_t>(axis == 0 ? g.height() : g.width()); };
  return reduce_in_chunks(g, probe, count, [axis](Grid& c, std::size_t first, std::size_t n) {
    if (axis == 0) {
      for (std::size_t r = first; r < first + n; ++r)
        if (c.rows[r].find_first_of("@?") != std::string::npos) return false;
      c.rows.erase(c.rows.begin() + static_cast<std::ptrdiff_t>(first),
                   c.rows.begin() + static_cast<std::ptrdiff_t>(first + n));
      return !c.rows.empty();
    }
    for (std::string& row : c.rows) {
      if (row.substr(first, n).find_first_of("@?") != std::string::npos) return false;
      row.erase(first, n);
    }
    return c.width() > 0;
  });
}

/// One step simpler, cell by cell: a door, button or trap becomes floor, floor a wall.
bool simplify_cells(Grid& g, Probe& probe) {
  std::vector<std::pair<std::size_t, std::size_t>> cells;
  for (std::size_t r = 0; r < g.rows.size(); ++r)
    for (std::size_t c = 0; c < g.rows[r].size(); ++c)
      if (std::string_view("@?#").find(g.rows[r][c]) == std::string_view::npos) cells.emplace_back(r, c);
  return reduce_in_chunks(g, probe, [&] { return cells.size(); }, [&cells](Grid& c, std::size_t first, std::size_t n) {
    bool any = false;
    for (std::size_t i = first; i < first + n; ++i) {
      char& cell = c.rows[cells[i].first][cells[i].second];
      if (cell == '#' || cell == '@' || cell == '?') continue;
      cell = cell == '.' ? '#' : '.';
      any = true;
    }
    return any;
  });
}

/// The first of `candidates` on which the two still differ replaces `g`; true when one does.
bool take_first(Grid& g, Probe& probe, std::vector<Grid>& candidates) {
  for (Grid& c : candidates)
    if (probe.still_differs(c)) {
      g = std::move(c);
      return true;
    }
  return false;
}

/// Moves '@' and '?' one cell at a time towards each other (swapping with the cell
/// there) while the two still differ.
bool move_nearer(Grid& g, Probe& probe) {
  bool changed = false;
  for (bool moved = true; moved && !probe.out_of_time();) {
    moved = false;
    for (char who : {'@', '?'}) {
      std::size_t r, c, tr, tc;
      g.find(who, r, c);
      g.find(who == '@' ? '?' : '@', tr, tc);
      std::vector<Grid> candidates;  // one step towards the other along the column, then along the row
      for (auto [nr, nc] : {std::pair{r + (tr > r) - (tr < r), c}, std::pair{r, c + (tc > c) - (tc < c)}}) {
        if ((nr == r && nc == c) || (nr == tr && nc == tc)) continue;
        candidates.push_back(g);
        std::swap(candidates.back().rows[r][c], candidates.back().rows[nr][nc]);
      }
      if (take_first(g, probe, candidates)) moved = changed = true;
    }
  }
  return changed;
}

/// Fewer colors: num_colors down to the highest color used, else the highest color used
/// takes the letters of the lowest unused one.
bool fewer_colors(Grid& g, Probe& probe) {
  bool changed = false;
  for (bool again = true; again && !probe.out_of_time();) {
    bool used[26] = {};
    for (const std::string& row : g.rows)
      for (char ch : row)
        if (std::isalpha(static_cast<unsigned char>(ch))) used[std::tolower(static_cast<unsigned char>(ch)) - 'a'] = true;
    std::uint32_t highest = 0;
    for (std::uint32_t k = 0; k < 26; ++k)
      if (used[k]) highest = k + 1;
    std::vector<Grid> candidates;
    if (highest < g.colors) {
      candidates.push_back(g);
      candidates.back().colors = highest;
    }
    const auto unused = static_cast<std::uint32_t>(std::find(used, used + std::max(highest, 1u) - 1, false) - used);
    if (unused + 1 < highest) {
      Grid c = g;  // color highest-1 becomes color `unused`
      for (std::string& row : c.rows)
        for (char& ch : row)
          if (ch == static_cast<char>('a' + highest - 1) || ch == static_cast<char>('A' + highest - 1))
            ch = static_cast<char>(ch - static_cast<char>(highest - 1 - unused));
      c.colors = std::min(c.colors, highest - 1);
      candidates.push_back(c);
    }
    again = take_first(g, probe, candidates);
    changed |= again;
  }
  return changed;
}

/// Shrinks `g` until no step keeps the difference (or the time is up).
Grid shrink(Grid g, Probe& probe) {
  for (bool changed = true; changed && !probe.out_of_time();) {
    changed = drop_lines(g, probe, 0);
    changed |= drop_lines(g, probe, 1);
    changed |= move_nearer(g, probe);
    changed |= fewer_colors(g, probe);
    changed |= simplify_cells(g, probe);
  }
  return g;
}

}  // namespace compare

#endif  // PUZZLE_TOOLS_COMPARE_SHRINK_H
