// Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
//
// tools/solution.h: the one reader of solver outputs, shared by tools/check and
// tools/show. It reads a list-mode, map-mode or "No solution." output of any solver,
// tells which of the three it is, and replays its path move by move with the solver's
// own rule functions (is_active_button, pressed_layer, is_passable), stopping at the
// first illegal move. It holds no copy of a rule and uses only the public surface of
// puzzle.cpp (the list at its top): a tool includes ../puzzle.cpp with PUZZLE_NO_MAIN first.
// Like puzzle.cpp it goes into the one translation unit of a tool, so its functions are
// plain definitions (not inline: GCC then inlines the lambdas of the hot loops).
//
// What it gives a tool: read_map, check_output (a Report: the verdict, the
// lines that explain it, the path found legal, the discovered rows of a "No solution."
// output), State and its text show(), find_ends. Problems with a file itself (an invalid
// map, not an output of the shape read) are thrown as Malformed, whose text names the
// file, the line and the column (a file that cannot be read: core::Error, of
// tools/core.h, which reads it); core::run_main prints either as "TOOL: error: ..." and
// exits 2.
// Memory: the output text, and one hash entry per state of the path.

#ifndef PUZZLE_TOOLS_SOLUTION_H
#define PUZZLE_TOOLS_SOLUTION_H

#ifndef PUZZLE_NO_MAIN
#error "include ../puzzle.cpp with PUZZLE_NO_MAIN defined before tools/solution.h"
#endif

#include "core.h"

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace solution {

using puzzle::Puzzle;

/// A file that cannot be read, or an output that is not one of the solver's shapes.
class Malformed : public core::Error {
 public:
  using core::Error::Error;
};

[[noreturn]] void fail(const std::string& what) { throw Malformed(what); }

// ==== Files and lines ================================================================

/// The map in the file at `path`, validated by the solver's own parser; its messages
/// come out as "PATH: line N, column K: ...".
Puzzle read_map(const std::string& path) {
  const std::string text = core::read_file(path);
  try {
    return puzzle::parse_puzzle(text);
  } catch (const puzzle::Error& e) {
    fail(path + ": " + e.what());
  }
}

/// Walks an output line by line, with 1-based line numbers for messages. The last
/// line may lack its "\n"; a "\r" anywhere is a format error (outputs end lines in "\n").
class Lines {
 public:
  Lines(std::string_view text, std::string name) : text_(text), name_(std::move(name)) {}

  bool next(std::string_view& line) {
    if (text_.empty()) return false;
    const std::size_t end = std::min(text_.find('\n'), text_.size());
    line = text_.substr(0, end);
    text_.remove_prefix(std::min(end + 1, text_.size()));
    ++number_;
    std::size_t cr = line.find('\r');
    if (cr != std::string_view::npos) fail_at(cr, "carriage return (the solver's lines end in \\n only)");
    return true;
  }
  std::size_t number() const { return number_; }
  const std::string& name() const { return name_; }
  [[noreturn]] void fail_here(const std::string& what) const {
    fail(name_ + ": line " + std::to_string(number()) + ": " + what);
  }
  [[noreturn]] void fail_at(std::size_t column, const std::string& what) const {
    fail(name_ + ": line " + std::to_string(number()) + ", column " + std::to_string(column + 1) + ": " + what);
  }

 private:
  std::string_view text_;  ///< what is still to be read
  std::size_t number_ = 0;
  std::string name_;
};

// ==== States and moves ===============================================================

/// A player state as written in a solution: color '^' or a letter, row and column.
/// Rows and columns are kept as read, so that a state off the map can be reported.
struct State {
  char color = puzzle::kNoColor;
  std::uint64_t row = 0;
  std::uint64_t col = 0;
};

bool operator==(const State& a, const State& b) {
  return a.color == b.color && a.row == b.row && a.col == b.col;
}
bool operator!=(const State& a, const State& b) { return !(a == b); }

/// "(c, (r, c))", as list output writes it.
std::string show(const State& s) {
  return std::string("(") + s.color + ", (" + std::to_string(s.row) + ", " + std::to_string(s.col) + "))";
}

/// The states (^, start) and (^, target), found on the map's characters.
struct Ends {
  State start, target;
};

Ends find_ends(const Puzzle& p) {
  Ends ends;
  int found = 0;
  for (std::uint32_t row = 0; row < p.height && found < 2; ++row) {
    for (std::uint32_t col = 0; col < p.width; ++col) {
      const char c = p.at(row, col);
      if (c == '@' || c == '?') {
        (c == '@' ? ends.start : ends.target) = State{puzzle::kNoColor, row, col};
        if (++found == 2) break;
      }
    }
  }
  return ends;
}

bool on_map(const Puzzle& p, const State& s) { return s.row < p.height && s.col < p.width; }
bool same_cell(const State& a, const State& b) { return a.row == b.row && a.col == b.col; }
char cell_of(const Puzzle& p, const State& s) {
  return p.at(static_cast<std::uint32_t>(s.row), static_cast<std::uint32_t>(s.col));
}

/// Why `to` is not one action away from `from` (both on the map), or "" if it is.
/// Only the rule functions of puzzle.cpp decide what is legal.
std::string illegal_action(const Puzzle& p, const State& from, const State& to) {
  const char here = cell_of(p, from);
  if (puzzle::is_active_button(from.color, here)) {
    if (!same_cell(from, to)) return "must press the active button";
    if (to.color != puzzle::pressed_layer(here)) return "wrong color for this button";
    return "";
  }
  if (same_cell(from, to)) return "color change without a button";
  std::uint64_t dr = from.row > to.row ? from.row - to.row : to.row - from.row;
  std::uint64_t dc = from.col > to.col ? from.col - to.col : to.col - from.col;
  if (dr + dc != 1) return "not adjacent";
  if (to.color != from.color) return "color change without a button";
  const char there = cell_of(p, to);
  if (!puzzle::is_passable(to.color, there)) {
    if (there == '#') return "wall";
    if (puzzle::is_door(there)) return std::string("closed door ") + there;
    return std::string("cannot enter ") + puzzle::show_char(there);
  }
  return "";
}

/// Replays a path one state at a time and says why a state cannot follow the path so
/// far. States are numbered from 1; move M goes from state M to state M + 1.
class Replay {
 public:
  /// `unit` names where state K is found in messages: "line" (list) or "state" (map).
  Replay(const Puzzle& puzzle, const Ends& ends, const char* unit) : p_(puzzle), ends_(ends), unit_(unit) {}

  /// Appends `s`: "" when it is a legal next state, else the reason it is not.
  std::string add(const State& s) {
    if (count_ == 0) {
      if (s != ends_.start) return "the path must start at " + show(ends_.start);
    } else {
      if (same_cell(last_, ends_.target)) return "continues after reaching the target";
      if (!on_map(p_, s)) return "off the map";
      if (s != last_) {
        std::string reason = illegal_action(p_, last_, s);
        if (!reason.empty()) return reason;
      }
      auto seen = first_.find(key(s));
      if (seen != first_.end())
        return "state repeated (first at " + std::string(unit_) + " " + std::to_string(seen->second) + ")";
    }
    first_.emplace(key(s), ++count_);
    last_ = s;
    path_.push_back(s);
    return "";
  }

  /// Whether `s` (on the map) is one of the states added so far.
  bool contains(const State& s) const { return first_.count(key(s)) != 0; }
  std::size_t states() const { return count_; }
  std::size_t moves() const { return count_ == 0 ? 0 : count_ - 1; }
  bool at_target() const { return count_ > 0 && same_cell(last_, ends_.target); }
  /// The states added so far, in order.
  const std::vector<State>& path() const { return path_; }

 private:
  std::uint64_t key(const State& s) const {
    std::uint64_t layer = puzzle::layer_index(s.color);
    return (layer * p_.height + s.row) * p_.width + s.col;
  }

  const Puzzle& p_;
  const Ends& ends_;
  const char* unit_;
  std::unordered_map<std::uint64_t, std::size_t> first_;  ///< state -> its number
  State last_;
  std::size_t count_ = 0;
  std::vector<State> path_;
};

// ==== Reports ========================================================================

/// What an output amounts to.
enum class Verdict {
  reaches_target,  ///< every move legal, the path ends on the target
  stops_short,     ///< every move checked is legal, the path does not reach the target
  no_solution,     ///< a well-formed "No solution." output, consistent with the map
  wrong,           ///< an illegal move, a wrong map output or an inconsistent discovered map
};

/// What reading an output found: the verdict and the lines that explain it (for
/// `wrong`, the last line says what is wrong).
struct Report {
  Verdict verdict = Verdict::wrong;
  std::vector<std::string> lines;
  std::vector<State> path;                  ///< the states found legal
  std::vector<std::string_view> discovered;  ///< no_solution: the discovered map's rows
};

std::string plural(std::size_t n, const char* word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

std::string illegal_move(std::size_t state_number, const State& s, const std::string& reason) {
  return "Move " + std::to_string(state_number - 1) + " is illegal: " + show(s) + ": " + reason;
}

/// The report of a wrong output: `what`, with the states found legal before it.
Report wrong(const std::string& what, const std::vector<State>& path = {}) {
  Report r;
  r.lines.push_back(what);
  r.path = path;
  return r;
}

/// The report for a path whose every checked move is legal.
Report summary(const Replay& replay, bool truncated, std::size_t max_moves) {
  Report r;
  r.lines.push_back("Processed " + plural(replay.moves(), "move") + ", all valid");
  r.lines.push_back(replay.at_target() ? "Reaches the target" : "Does not reach the target");
  if (truncated)
    r.lines.push_back("Stopped after " + plural(max_moves, "move") + " (--moves): the rest is not checked");
  r.verdict = replay.at_target() ? Verdict::reaches_target : Verdict::stops_short;
  r.path = replay.path();
  return r;
}

// ==== "No solution." outputs =========================================================

/// Checks a no-solution output, `lines` just past its "No solution." line: the header,
/// then the map with every undiscovered cell as '#'. Without searching, the check can
/// only see that each cell is its input character or '#', that the target is '#' and
/// the start is not.
Report check_no_solution(const Puzzle& p, const Ends& ends, Lines& lines) {
  std::string_view line;
  if (!lines.next(line) || (line != "Discovered:" && line != "Reachable:"))
    lines.fail_here("expected 'Discovered:' after 'No solution.'");
  std::vector<std::string_view> rows;
  for (std::uint32_t row = 0; row < p.height; ++row) {
    if (!lines.next(line))
      fail(lines.name() + ": the discovered map has " + plural(row, "row") + ", the map has " +
           std::to_string(p.height));
    if (line.size() != p.width)
      lines.fail_here("discovered map row " + std::to_string(row) + " has " +
                      plural(line.size(), "character") + ", the map's width is " + std::to_string(p.width));
    rows.push_back(line);
  }
  if (lines.next(line)) lines.fail_here("unexpected content after the discovered map");

  Report r;
  r.lines.push_back("No solution claimed");
  for (std::uint32_t row = 0; row < p.height; ++row) {
    for (std::uint32_t col = 0; col < p.width; ++col) {
      char shown = rows[row][col], input = p.at(row, col);
      State here{puzzle::kNoColor, row, col};
      std::string problem;
      if (same_cell(here, ends.target)) {
        if (shown != '#') problem = "the target must be '#' (undiscovered) when there is no solution";
      } else if (same_cell(here, ends.start)) {
        if (shown != '@') problem = "the start is always discovered: expected '@'";
      } else if (shown != input && shown != '#') {
        problem = "expected " + (input == '#' ? std::string("'#'") : puzzle::show_char(input) + " or '#'");
      }
      if (!problem.empty()) {
        r.lines.push_back("Discovered map, row " + std::to_string(row) + ", column " + std::to_string(col) +
                          " (line " + std::to_string(3 + row) + "): " + problem + ", found " +
                          puzzle::show_char(shown));
        return r;
      }
    }
  }
  r.lines.push_back("The discovered map is consistent with the input (not verified by a search)");
  r.verdict = Verdict::no_solution;
  r.discovered = std::move(rows);
  return r;
}

// ==== List-mode solutions ============================================================

/// Reads one list line "(C, (R, C))" exactly as the solver prints it.
class StateParser {
 public:
  StateParser(const Puzzle& puzzle, const Lines& lines, std::string_view line)
      : p_(puzzle), lines_(lines), line_(line) {}

  State parse() {
    if (line_.empty()) lines_.fail_here("empty line; each line is one state (C, (R, C))");
    State s;
    expect("(");
    if (pos_ == line_.size() || !(line_[pos_] == '^' || (line_[pos_] >= 'a' && line_[pos_] <= 'z')))
      problem("expected a color ('^' or a lowercase letter)");
    s.color = line_[pos_];
    if (s.color != puzzle::kNoColor && puzzle::layer_index(s.color) > p_.colors) {
      if (p_.colors == 0)
        lines_.fail_at(pos_, std::string("color '") + s.color + "' in a map with 0 colors (only '^')");
      lines_.fail_at(pos_, std::string("color '") + s.color + "' is beyond the map's " +
                               std::to_string(p_.colors) + " colors ('^' and a-" +
                               puzzle::layer_color(p_.colors) + ")");
    }
    ++pos_;
    expect(", (");
    s.row = number("row");
    expect(", ");
    s.col = number("column");
    expect("))");
    if (pos_ != line_.size()) problem("unexpected text after the state");
    return s;
  }

 private:
  [[noreturn]] void problem(const std::string& what) {
    std::string found = pos_ < line_.size() ? puzzle::show_char(line_[pos_]) : "the end of the line";
    lines_.fail_at(pos_, what + ", found " + found + " (each line is one state (C, (R, C)))");
  }
  void expect(std::string_view text) {
    for (char c : text) {
      if (pos_ == line_.size() || line_[pos_] != c) problem(std::string("expected '") + c + "'");
      ++pos_;
    }
  }
  std::uint64_t number(const char* what) {
    std::size_t begin = pos_;
    std::uint64_t value = 0;
    while (pos_ < line_.size() && line_[pos_] >= '0' && line_[pos_] <= '9') {
      if (pos_ - begin == 18) lines_.fail_at(begin, std::string(what) + " number is too long");
      value = value * 10 + static_cast<std::uint64_t>(line_[pos_] - '0');
      ++pos_;
    }
    if (pos_ == begin) problem(std::string("expected a ") + what + " number");
    if (line_[begin] == '0' && pos_ - begin > 1)
      lines_.fail_at(begin, std::string(what) + " number with a leading zero");
    return value;
  }

  const Puzzle& p_;
  const Lines& lines_;
  std::string_view line_;
  std::size_t pos_ = 0;
};

/// Checks a list-mode output whose first line, `line`, has just been read from `lines`.
Report check_list(const Puzzle& p, const Ends& ends, Lines& lines, std::string_view line,
                         std::size_t max_moves) {
  Replay replay(p, ends, "line");
  bool truncated = false;
  do {
    if (replay.moves() == max_moves && replay.states() > 0) {
      truncated = true;
      break;
    }
    State s = StateParser(p, lines, line).parse();
    std::string reason = replay.add(s);
    if (!reason.empty()) return wrong(illegal_move(replay.states() + 1, s, reason), replay.path());
  } while (lines.next(line));
  return summary(replay, truncated, max_moves);
}

// ==== Map-mode solutions =============================================================

/// A map-mode output: num_colors + 1 layers of the map with the path drawn in.
class MapOutput {
 public:
  /// Reads the layers from `lines`, whose line 1 is `line`. Throws Malformed for a
  /// wrong shape.
  MapOutput(const Puzzle& puzzle, Lines& lines, std::string_view line) : p_(puzzle) {
    const std::uint32_t layers = p_.colors + 1;
    rows_.reserve(std::size_t{layers} * p_.height);
    for (std::uint32_t layer = 0; layer < layers; ++layer) {
      std::string header = std::string("// color ") + puzzle::layer_color(layer);
      if (layer > 0 && !lines.next(line))
        fail(lines.name() + ": the output ends after " + plural(layer, "layer") + ", the map has " +
             plural(layers, "layer") + " ('^' and one per color)");
      if (line != header) lines.fail_here("expected '" + header + "'");
      for (std::uint32_t row = 0; row < p_.height; ++row) {
        if (!lines.next(line))
          fail(lines.name() + ": layer " + puzzle::layer_color(layer) + " ends after " + plural(row, "row") +
               ", the map has " + std::to_string(p_.height));
        if (line.size() != p_.width)
          lines.fail_here("row " + std::to_string(row) + " of layer " + puzzle::layer_color(layer) + " has " +
                          plural(line.size(), "character") + ", the map's width is " + std::to_string(p_.width));
        rows_.push_back(line);
      }
    }
    if (lines.next(line))
      lines.fail_here("unexpected content after the last layer (the map has " + plural(layers, "layer") + ")");
  }

  /// The character the output shows for state `s` (on the map).
  char shown(const State& s) const { return rows_[index(s)][static_cast<std::size_t>(s.col)]; }

  /// What the spec's map output shows for `s` when the path does not pass there:
  /// the start as '@' on '^' only, the target on every layer, a layer's own buttons
  /// and doors ('^' traps on '^') as '.', and the input character everywhere else.
  char unmarked(const State& s) const {
    const char c = cell_of(p_, s);
    if (c == '@') return s.color == puzzle::kNoColor ? '@' : '.';
    if (c == s.color) return '.';
    if (puzzle::is_door(c) && c - 'A' + 'a' == s.color) return '.';
    return c;
  }

  /// Whether the output draws the path on `s`: '+', '%' or '@' instead of what it
  /// would show without the path.
  bool marked(const State& s) const {
    char c = shown(s);
    return (c == '+' || c == '%' || c == '@') && c != unmarked(s);
  }

  /// "layer b, row 3, column 4 (line 17)"
  std::string where(const State& s) const {
    std::uint64_t line = 1 + std::uint64_t{puzzle::layer_index(s.color)} * (p_.height + 1) + 1 + s.row;
    return std::string("layer ") + s.color + ", row " + std::to_string(s.row) + ", column " +
           std::to_string(s.col) + " (line " + std::to_string(line) + ")";
  }

 private:
  std::size_t index(const State& s) const {
    return std::size_t{puzzle::layer_index(s.color)} * p_.height + static_cast<std::size_t>(s.row);
  }

  const Puzzle& p_;
  std::vector<std::string_view> rows_;  ///< layer-major: rows_[layer * height + row]
};

/// The report of a problem in a map output at `s`, with the states rebuilt so far.
Report map_problem(const MapOutput& out, const State& s, const std::string& what,
                          const std::vector<State>& path = {}) {
  return wrong("Map output, " + out.where(s) + ": " + what, path);
}

/// Every state of the map, layer by layer, in output order; `visit` returns false to stop.
template <typename Visit>
void for_each_state(const Puzzle& p, Visit visit) {
  for (std::uint32_t layer = 0; layer <= p.colors; ++layer)
    for (std::uint32_t row = 0; row < p.height; ++row)
      for (std::uint32_t col = 0; col < p.width; ++col)
        if (!visit(State{puzzle::layer_color(layer), row, col})) return;
}

/// Checks a map-mode output whose first line, `line`, has just been read from `lines`:
/// first every cell the path does not mark, then the path, rebuilt from the marks and
/// replayed move by move as it is rebuilt, then that no mark is left off the path.
Report check_map(const Puzzle& p, const Ends& ends, Lines& lines, std::string_view line,
                        std::size_t max_moves) {
  const MapOutput out(p, lines, line);
  const State start = ends.start, target = ends.target;

  // 1. The cells off the path show what the spec says.
  Report problem;
  for_each_state(p, [&](const State& s) {
    char shown = out.shown(s), expected = out.unmarked(s);
    if (shown == expected) return true;
    bool fixed = same_cell(s, target) || (s == start);  // never drawn over
    if (!fixed && out.marked(s)) return true;
    std::string why = same_cell(s, target) ? " (the target shows on every layer)"
                      : s == start         ? " (the start shows on layer ^)"
                                           : "";
    problem = map_problem(out, s, "expected " + puzzle::show_char(expected) + ", found " +
                                      puzzle::show_char(shown) + why);
    return false;
  });
  if (!problem.lines.empty()) return problem;

  // 2. The path: from (^, start), at each state exactly one way on.
  Replay replay(p, ends, "state");
  replay.add(start);
  State here = start;
  bool truncated = false;
  while (!replay.at_target()) {
    if (replay.moves() == max_moves) {
      truncated = true;
      break;
    }
    State next;
    if (here != start && out.shown(here) == '%') {
      const char button = cell_of(p, here);
      if (!puzzle::is_button(button) && button != puzzle::kNoColor)
        return map_problem(out, here, "'%' on " + puzzle::show_char(button) + ", which is not a button or trap",
                           replay.path());
      if (!puzzle::is_active_button(here.color, button))
        return map_problem(out, here, "'%' on " + puzzle::show_char(button) + ", which is not active on layer " +
                                          here.color, replay.path());
      next = State{puzzle::pressed_layer(button), here.row, here.col};
      if (out.shown(next) != '@' || replay.contains(next))
        return map_problem(out, here, "'%' presses " + puzzle::show_char(button) + " but " + out.where(next) +
                                          " shows " + puzzle::show_char(out.shown(next)) +
                                          (replay.contains(next) ? ", already on the path" : ", not '@'"),
                           replay.path());
    } else {
      static const int kSteps[4][2] = {{-1, 0}, {0, 1}, {1, 0}, {0, -1}};  // N, E, S, W
      std::vector<State> ways;
      for (const auto& step : kSteps) {
        State s{here.color, here.row + static_cast<std::uint64_t>(step[0]),
                here.col + static_cast<std::uint64_t>(step[1])};  // wraps past 0: off the map
        if (!on_map(p, s) || replay.contains(s)) continue;
        char shown = out.shown(s);
        if (same_cell(s, target) || (out.marked(s) && (shown == '+' || shown == '%'))) ways.push_back(s);
      }
      if (ways.empty())
        return map_problem(out, here, "the path stops here: no marked neighbour ('+' or '%') and not the target",
                           replay.path());
      if (ways.size() > 1) {
        std::string list;
        for (std::size_t i = 0; i < ways.size(); ++i)
          list += (i == 0 ? "" : i + 1 == ways.size() ? " and " : ", ") + show(ways[i]);
        return map_problem(out, here, "the path forks: " + list + " both continue it", replay.path());
      }
      next = ways[0];
    }
    std::string reason = replay.add(next);
    if (!reason.empty()) return wrong(illegal_move(replay.states() + 1, next, reason), replay.path());
    here = next;
  }

  // 3. No mark off the path.
  if (!truncated) {
    for_each_state(p, [&](const State& s) {
      if (!out.marked(s) || replay.contains(s)) return true;
      problem = map_problem(out, s, "mark '" + std::string(1, out.shown(s)) +
                                        "' is not on the path from the start to the target", replay.path());
      return false;
    });
    if (!problem.lines.empty()) return problem;
  }
  return summary(replay, truncated, max_moves);
}

// ==== Any output =====================================================================

/// How to read an output: as what its first line says it is, or forced to one shape.
enum class Format { detect, list, map };

/// Reads and checks `text`, the output of a solver for `p`, named `name` in messages:
/// "No solution." starts a no-solution output (whatever `format`), "// color" a map
/// output, anything else a list output; at most `max_moves` moves are checked.
/// Throws Malformed when the text is not an output of the shape read.
Report check_output(const Puzzle& p, std::string_view text, const std::string& name, Format format,
                           std::size_t max_moves = SIZE_MAX) {
  const Ends ends = find_ends(p);
  Lines lines(text, name);
  std::string_view line;
  if (!lines.next(line)) {
    if (format == Format::map) fail(name + ": empty output: expected '// color ^' or 'No solution.'");
    return wrong("The solution is empty: the path must start at " + show(ends.start));
  }
  if (line == "No solution.") return check_no_solution(p, ends, lines);
  const bool map_look = line.substr(0, 8) == "// color";
  if (format == Format::list && map_look)
    lines.fail_here("this is map-mode output, read as list-mode output because of --list");
  if (format == Format::map && !line.empty() && line[0] == '(')
    lines.fail_here("this is list-mode output, read as map-mode output because of --map");
  if (format == Format::map || (format == Format::detect && map_look))
    return check_map(p, ends, lines, line, max_moves);
  return check_list(p, ends, lines, line, max_moves);
}

}  // namespace solution

#endif  // PUZZLE_TOOLS_SOLUTION_H
