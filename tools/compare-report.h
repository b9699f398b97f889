// Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
//
// tools/compare-report.h: tools/compare's report on stdout: the differing runs, their
// counts and kinds, and the first difference on a map shrunk to a test file: made
// smaller while the two still differ the same way, every candidate a valid map.

#ifndef PUZZLE_TOOLS_COMPARE_REPORT_H
#define PUZZLE_TOOLS_COMPARE_REPORT_H

#include "catalogue.h"
#include "compare-verdict.h"
#include "core.h"
#include "runner.h"

#include <dirent.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace compare {

/// A run that differed, for the report.
struct Difference {
  std::string input;  ///< the map's name (and size), or "bad input [NAME] (LABEL)"
  std::string args;   ///< the options as spelled
  const Mode* mode = nullptr;                 ///< the mode of a run on a map
  const catalogue::BadInput* bad = nullptr;   ///< the case of a bad input
  Verdict verdict;
  std::string output;    ///< what puzzle prints there: "map output", "list output", "no solution", "a bad input"
  std::uint64_t size = 0;  ///< the map's cells (a bad input's bytes): the smallest example of a kind is shown
};

/// How SOLVER's run went wrong, in words, for the kinds of difference.
inline std::string went_wrong(const Verdict& v) {
  if (v.kind == Kind::signal) return std::string("crashed (") + strsignal(v.code) + ")";
  const char* words[] = {"same", "wrong stdout", "wrong exit status", "", "hung", "not started"};  // by Kind
  return words[static_cast<int>(v.kind)];
}

/// Writes `text` as test-N-FLAGS.txt in `dir` (made if need be), N the lowest number
/// with no test-N-*.txt there, FLAGS those of `mode`; its path.
std::string write_test_file(const std::string& dir, const Mode& mode, const std::string& text) {
  core::make_dirs(dir);
  std::set<unsigned> taken;
  if (DIR* d = opendir(dir.c_str())) {
    for (const dirent* entry; (entry = readdir(d)) != nullptr;)
      if (unsigned n = 0; std::sscanf(entry->d_name, "test-%u-", &n) == 1) taken.insert(n);
    closedir(d);
  }
  unsigned n = 1;
  while (taken.count(n)) ++n;
  const std::string path = dir + "/test-" + std::to_string(n) + "-" + std::string{mode.container, mode.output} + ".txt";
  core::write_file(path, text);
  return path;
}

class Report {
 public:
  explicit Report(bool all) : limit_(all ? SIZE_MAX : 20) {}

  /// A differing run: one on a map is listed at once; one on a bad input is kept, to be
  /// listed with the others (the spec's first) by finish().
  void add(const Difference& d) {
    const std::string kind = went_wrong(d.verdict) + ", on " + d.output;
    auto k = std::find_if(kinds_.begin(), kinds_.end(), [&](const Kind_& x) { return x.name == kind; });
    if (k == kinds_.end()) k = kinds_.insert(k, {kind, 0, d});
    ++k->runs;
    if (d.size < k->smallest.size) k->smallest = d;
    if (d.bad) {
      bad_.push_back(d);
      ++(d.bad->listed ? bad_listed_ : bad_beyond_);
      return;
    }
    ++by_mode_[d.mode->name];
    if (++maps_ <= limit_) {
      std::printf("differs: %s with %s: %s\n", d.input.c_str(), d.args.c_str(), summary(d.verdict).c_str());
      std::fflush(stdout);
    }
  }

  /// The rest of the list and the counts, before the shrunk map: `map_runs` runs on
  /// valid maps and `bad_runs` on bad inputs were made.
  void finish(std::size_t map_runs, std::size_t bad_runs) {
    if (maps_ > limit_) std::printf("... and %zu more differing runs on maps (--all lists every one)\n", maps_ - limit_);
    if (!by_mode_.empty()) {
      std::string line = "differing runs by mode:";
      for (const Mode& mode : modes()) line += " " + mode.name + " " + std::to_string(by_mode_[mode.name]);
      std::printf("%s\n", line.c_str());
    }
    if (maps_ == 0 && !bad_.empty()) {
      const std::string maps =
          map_runs == 0 ? "no run on a valid map" : "all " + std::to_string(map_runs) + " runs on valid maps agree";
      std::printf("compare: %s; %zu bad inputs differ, %zu of them %s\n", maps.c_str(), bad_.size(), bad_beyond_,
                  catalogue::label(false).c_str());
    }
    std::stable_sort(bad_.begin(), bad_.end(), [](const Difference& a, const Difference& b) {
      return a.bad->listed && !b.bad->listed;
    });
    for (std::size_t i = 0; i < bad_.size() && i < limit_; ++i)
      std::printf("differs: %s with %s: %s\n", bad_[i].input.c_str(), bad_[i].args.c_str(), summary(bad_[i].verdict).c_str());
    if (bad_.size() > limit_)
      std::printf("... and %zu more differing bad inputs (--all lists every one)\n", bad_.size() - limit_);
    if (!bad_.empty())
      std::printf("bad inputs: %zu of %zu differ: %zu %s, %zu %s\n", bad_.size(), bad_runs, bad_listed_,
                  catalogue::label(true).c_str(), bad_beyond_, catalogue::label(false).c_str());
    // Every kind of difference once, even one that the first runs listed above crowd
    // out (a crash on one-column maps among hundreds of wrong paths).
    if (!kinds_.empty()) std::printf("kinds of difference (how your run went wrong, on what puzzle prints), each with its smallest example:\n");
    for (const Kind_& k : kinds_)
      std::printf("  %s: %zu %s; smallest: %s with %s: %s\n", k.name.c_str(), k.runs, k.runs == 1 ? "run" : "runs",
                  k.smallest.input.c_str(), k.smallest.args.c_str(), summary(k.smallest.verdict).c_str());
  }

  /// Whether a difference counts for the course: one on a map, or on a bad input the
  /// spec lists (the exit status is 1 then).
  bool fails() const { return maps_ > 0 || bad_listed_ > 0; }
  /// The differences that do not count: only on bad inputs beyond the spec's list.
  std::size_t beyond_only() const { return fails() ? 0 : bad_beyond_; }

 private:
  /// A kind of difference: how SOLVER's run went wrong, on what puzzle prints.
  struct Kind_ {
    std::string name;       ///< "crashed (Segmentation fault), on map output"
    std::size_t runs = 0;
    Difference smallest;    ///< its example of the fewest cells (bytes), the first of those
  };

  std::size_t limit_;  ///< differing runs listed on maps, and on bad inputs (all with --all)
  std::vector<Kind_> kinds_;  ///< in the order they first came
  std::size_t maps_ = 0;       ///< differing runs on maps
  std::size_t bad_listed_ = 0, bad_beyond_ = 0;
  std::vector<Difference> bad_;
  std::map<std::string, std::size_t> by_mode_;
};

// ==== The first difference, shrunk ==============================================

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
    const Verdict v = solver.verdict_on(text, args);
    return v.kind == target.kind && (target.kind == Kind::output || v.code == target.code);
  }
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

/// Shrinks the first difference `d` on a valid map (for up to `seconds`), writes it as
/// test-N-FLAGS.txt in `out_dir` and prints the smallest map as a complete input that
/// shows the difference by itself, "smallest: PATH FLAGS" and each side's first
/// differing line.
void shrink_and_write(const Solver& solver, const MapInput& map, const Difference& d, double seconds,
                      const std::string& out_dir, const std::string& solver_name) {
  const Grid original = grid_of(puzzle::parse_puzzle(map.text));
  const std::string origin = "compare: shrunk from " + map.name + " (" + map.origin + ")";
  Probe probe{solver, words_of(d.args), d.verdict, seconds, {origin}};
  std::fprintf(stderr, "compare: shrinking %s in %s (%s) for up to %s s\n", d.input.c_str(), d.args.c_str(),
               d.mode->name.c_str(), fixed(seconds, 0).c_str());
  Grid small = original;
  if (seconds > 0 && probe.still_differs(original)) small = shrink(original, probe);
  const std::string took = std::to_string(probe.tries) + " tries, " + fixed(probe.seconds(), 1) + " s";
  std::fprintf(stderr, "compare: shrunk %ux%u to %ux%u (%s)\n", original.height(), original.width(), small.height(),
               small.width(), took.c_str());

  // The test file: a comment says what differed; checked once more as written.
  std::vector<std::string> comments = probe.comments;
  Verdict v = solver.verdict_on(small.text(comments), probe.args);
  const std::string what = std::string(v.kind == Kind::same ? "no longer differs" : "differs") + " from puzzle with " +
                           d.args + ": " + summary(v.kind == Kind::same ? d.verdict : v);
  comments.push_back(solver_name + " " + what);
  Verdict written = solver.verdict_on(small.text(comments), probe.args);
  if (written.kind != v.kind) comments.pop_back();  // the longer comment changed things: keep what was checked
  else v = written;
  const std::string path = write_test_file(out_dir, *d.mode, small.text(comments));

  // The map printed: without its comment lines when the two differ the same way on it
  // without them, else as written (the comment lines are then part of what differs).
  const bool comments_matter = v.kind != Kind::same && !probe.differs_as_target(small.text({}));
  std::printf("shrunk %s to %ux%u, %u %s (%s):\n", d.input.c_str(), small.height(), small.width(), small.colors,
              small.colors == 1 ? "color" : "colors", took.c_str());
  std::istringstream rows(small.text(comments_matter ? comments : std::vector<std::string>{}));
  for (std::string row; std::getline(rows, row);) std::printf("    %s\n", row.c_str());
  if (comments_matter)
    std::printf("note: without its comment lines the two agree on this map: your solver reads comment lines "
                "differently\n");
  if (small.height() > 10 || small.width() > 10)
    std::printf("note: larger than 10x10: not a valid test file for the course (try --max-size 10)\n");
  std::printf("smallest: %s %s\n", path.c_str(), d.args.c_str());
  if (v.kind == Kind::same) {
    std::printf("note: the two no longer differ on it (a difference that comes and goes?)\n");
    v = d.verdict;
  }
  std::printf("puzzle: %s\n", v.puzzle_side.c_str());
  std::printf("yours:  %s\n", v.yours_side.c_str());
  // A difference that only this spelling of the options shows is in the option parsing.
  const std::string& plain = d.mode->spellings[0];
  if (plain != d.args && solver.verdict_on(small.text(comments), words_of(plain)).kind == Kind::same)
    std::printf("note: with '%s' the two agree on it: your solver reads the options '%s' wrong\n", plain.c_str(),
                d.args.c_str());
}

}  // namespace compare

#endif  // PUZZLE_TOOLS_COMPARE_REPORT_H
