// Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
//
// tools/solution.h: the one reader of solver outputs (tools/check, tools/show): a list-mode,
// map-mode or "No solution." output, read as a stream no further than its shape allows, its
// path replayed with puzzle.cpp's rule functions (not inline: GCC inlines the hot loops' lambdas).
// An output not of the shape read is an error naming the file, line and column.

#ifndef PUZZLE_TOOLS_SOLUTION_H
#define PUZZLE_TOOLS_SOLUTION_H

#ifndef PUZZLE_NO_MAIN
#define PUZZLE_NO_MAIN
#endif
#include "../puzzle.cpp"
#include "core.h"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace solution {

using puzzle::Puzzle;
using core::fail;  // an output not of the shape read: exit 2

std::string plural(std::uint64_t n, const char* word) { return std::to_string(n) + " " + word + (n == 1 ? "" : "s"); }

/// The FILE that a Reader owns, opened before its Input.
struct OpenFile { std::FILE* file; };

/// A file ("": standard input) read through the solver's Input, which cuts a line at the
/// length asked for (endless input stops at once) and a map's long row into pieces.
class Reader : private OpenFile, public puzzle::Input {
 public:
  explicit Reader(const std::string& path)
      : OpenFile{open(path)}, puzzle::Input(file, path.empty() ? "(standard input)" : path),
        name_(path.empty() ? "(standard input)" : path) {
    expect(kAll);
  }
  ~Reader() { if (file != stdin) std::fclose(file); }
  const std::string& name() const { return name_; }
  std::size_t number() const { return number_; }  ///< of the line last read

  /// The next line, at most `limit` + 1 bytes of it; false at the end of the output.
  bool next(std::string_view& line, std::size_t limit) {
    if (!next_line(line, limit)) return false;
    ++number_;
    const std::size_t cr = line.find('\r');
    if (cr != std::string_view::npos) fail_at(cr, "carriage return (the solver's lines end in \\n only)");
    return true;
  }
  /// That nothing follows `what`, the last part of the output read.
  void expect_end(const std::string& what) {
    std::string_view extra;
    if (next(extra, 0)) fail_here("unexpected content after " + what);
  }

  /// Reads the next `count` rows of `width` cells of `part` ("layer b"), calling cells(row,
  /// text, col, n) for each piece of n characters from column `col` of row `row` (from 0).
  template <typename Cells>
  void rows(std::uint64_t count, std::uint64_t width, Cells& cells, const std::string& part) {
    for (std::uint64_t row = 0; row < count; ++row) {
      if (!ready())
        fail(name() + ": " + part + " ends after " + plural(row, "row") + ", the map has " + std::to_string(count));
      ++number_;
      std::uint64_t col = 0;
      while (col < width && ready()) {
        const std::string_view here = bytes().substr(0, static_cast<std::size_t>(width - col));
        const std::size_t n = std::min({here.find('\n'), here.find('\r'), here.size()});
        cells(row, here.data(), col, n);
        skip(n);
        col += n;
        if (n < here.size()) break;
      }
      if (col == width && (!ready() || bytes()[0] == '\n')) {  // the last line may lack its "\n"
        if (ready()) end_line();
        continue;
      }
      // Not its end: a "\r", a short row, or a long one (its length counted a megabyte on).
      std::uint64_t length = col;
      for (; ready() && bytes()[0] != '\n'; ++length, skip(1)) {
        if (bytes()[0] == '\r')
          fail_at(static_cast<std::size_t>(length), "carriage return (the solver's lines end in \\n only)");
        if (length == col + (std::uint64_t{1} << 20)) break;
      }
      const char* more = ready() && bytes()[0] != '\n' ? "more than " : "";
      fail_here("row " + std::to_string(row) + " of " + part + " has " + more + plural(length, "character") +
                ", the map's width is " + std::to_string(width));
    }
  }

  [[noreturn]] void fail_here(const std::string& what) const {
    fail(name() + ": line " + std::to_string(number()) + ": " + what);
  }
  [[noreturn]] void fail_at(std::size_t column, const std::string& what) const {
    fail(name() + ": line " + std::to_string(number()) + ", column " + std::to_string(column + 1) + ": " + what);
  }

 private:
  static std::FILE* open(const std::string& path) {
    if (path.empty()) return stdin;
    std::FILE* const file = std::fopen(path.c_str(), "rb");
    if (!file) core::fail(path + ": cannot open: " + std::strerror(errno));
    return file;
  }
  std::string name_;
  std::size_t number_ = 0;
};

/// What an output's first line says it is ("a list-mode output"), or "" if none.
std::string output_kind(std::string_view first_line) {
  if (first_line.substr(0, 1) == "(") return "a list-mode output";
  if (first_line.substr(0, 8) == "// color") return "a map-mode output";
  if (first_line.substr(0, 12) == "No solution.") return "a 'No solution.' output";
  return "";
}

/// The map in the file at `path`, read by the solver's own parser; when line 1 looks like
/// an output of a solver, `swapped` is added to the error.
Puzzle read_map(const std::string& path, const std::string& swapped) {
  std::FILE* file = std::fopen(path.c_str(), "rb");
  if (!file) core::fail(path + ": cannot open: " + std::strerror(errno));
  struct stat info {};
  if (fstat(fileno(file), &info) == 0 && S_ISDIR(info.st_mode)) {
    std::fclose(file);
    core::fail(path + ": cannot read: " + std::strerror(EISDIR));
  }
  try {
    puzzle::Input in(file);
    Puzzle map = puzzle::parse_puzzle(in);
    std::fclose(file);
    return map;
  } catch (const puzzle::Error& e) {
    std::fclose(file);
    std::string what = path + ": " + e.what();
    const std::string_view where = std::string_view(e.what()).substr(0, 7);
    if ((where == "line 1," || where == "line 1:") && S_ISREG(info.st_mode)) {
      Reader again(path);
      std::string_view first;
      const std::string kind = again.next_line(first, 64) ? output_kind(first) : "";
      if (!kind.empty()) what += " (this looks like " + kind + ", not a map: " + swapped + ")";
    }
    fail(what);
  }
}

/// The longest line a list output (or any output's first line) holds: two 18-digit numbers make 45.
constexpr std::size_t kListLine = 64;

/// A player state as written in a solution, kept as read so that one off the map can be reported.
struct State {
  char color = puzzle::kNoColor;
  std::uint64_t row = 0, col = 0;
};

bool operator==(const State& a, const State& b) { return a.color == b.color && a.row == b.row && a.col == b.col; }
bool operator!=(const State& a, const State& b) { return !(a == b); }

/// "(c, (r, c))", as list output writes it.
std::string show(const State& s) {
  return std::string("(") + s.color + ", (" + std::to_string(s.row) + ", " + std::to_string(s.col) + "))";
}

struct Ends { State start, target; };

Ends find_ends(const Puzzle& p) {
  return {State{puzzle::kNoColor, p.layout.row_of(p.start), p.layout.col_of(p.start)},
          State{puzzle::kNoColor, p.layout.row_of(p.target), p.layout.col_of(p.target)}};
}

bool on_map(const Puzzle& p, const State& s) { return s.row < p.height && s.col < p.width; }
bool same_cell(const State& a, const State& b) { return a.row == b.row && a.col == b.col; }
char cell_of(const Puzzle& p, const State& s) {
  return p.at(static_cast<std::uint32_t>(s.row), static_cast<std::uint32_t>(s.col));
}

/// The states of the map, numbered in the order of a map output: layer by layer, row by row.
std::uint64_t state_count(const Puzzle& p) { return std::uint64_t{p.colors + 1} * p.height * p.width; }
std::uint64_t number(const Puzzle& p, const State& s) {
  return (std::uint64_t{puzzle::layer_index(s.color)} * p.height + s.row) * p.width + s.col;
}
State state_numbered(const Puzzle& p, std::uint64_t n) {
  const std::uint64_t cells = std::uint64_t{p.height} * p.width, cell = n % cells;
  return State{puzzle::layer_color(static_cast<std::uint32_t>(n / cells)), cell / p.width, cell % p.width};
}

/// Whether `to` (on map character `there`) is one action away from `from` (on `here`); if not, `why`.
bool legal_action(const State& from, char here, const State& to, char there, std::string& why) {
  if (puzzle::is_active_button(from.color, here)) {
    if (!same_cell(from, to)) return why = "must press the active button", false;
    if (to.color != puzzle::pressed_layer(here)) return why = "wrong color for this button", false;
    return true;
  }
  if (same_cell(from, to)) return why = "color change without a button", false;
  std::uint64_t dr = from.row > to.row ? from.row - to.row : to.row - from.row;
  std::uint64_t dc = from.col > to.col ? from.col - to.col : to.col - from.col;
  if (dr + dc != 1) return why = "not adjacent", false;
  if (to.color != from.color) return why = "color change without a button", false;
  if (puzzle::is_passable(to.color, there)) return true;
  if (there == '#') why = "wall";
  else if (puzzle::is_door(there)) why = std::string("closed door ") + there;
  else why = "cannot enter " + puzzle::show_char(there);
  return false;
}

/// `count` fields of 1 or 2 bits, all zero (calloc: pages where none is set cost no memory).
class Bits {
 public:
  Bits() = default;
  Bits(std::uint64_t count, unsigned width)
      : words_(static_cast<std::size_t>((count * width + 63) / 64 + 1)), width_(width) {}

  unsigned get(std::uint64_t i) const {
    const std::uint64_t at = i * width_;
    return static_cast<unsigned>(words_[static_cast<std::size_t>(at / 64)] >> (at % 64)) & ((1u << width_) - 1);
  }
  /// Sets field `i`, which is zero, to `value`.
  void set(std::uint64_t i, unsigned value) {
    const std::uint64_t at = i * width_;
    words_[static_cast<std::size_t>(at / 64)] |= std::uint64_t{value} << (at % 64);
  }

 private:
  puzzle::Buffer<std::uint64_t> words_;
  unsigned width_ = 1;
};

/// A path of legal actions, kept as its first state and a byte per action: a step
/// north, east, south or west (0-3), or a press: 4 + the layer it leads to.
class Path {
 public:
  void add(const State& s) {
    if (size_ > 0) actions_.push_back(action(last_, s));
    else first_ = s;
    last_ = s;
    ++size_;
  }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const State& back() const { return last_; }

  class Cursor {
   public:
    explicit Cursor(const Path& path) : path_(path), state_(path.first_) {}
    const State& state() const { return state_; }
    std::size_t index() const { return index_; }  ///< from 0
    bool pressed() const { return index_ > 0 && path_.actions_[index_ - 1] >= 4; }
    bool next() {
      if (index_ + 1 >= path_.size_) return false;
      const std::uint8_t a = path_.actions_[index_++];
      static const int kRow[4] = {-1, 0, 1, 0}, kCol[4] = {0, 1, 0, -1};
      if (a >= 4) state_.color = puzzle::layer_color(a - 4u);
      else state_.row += static_cast<std::uint64_t>(kRow[a]), state_.col += static_cast<std::uint64_t>(kCol[a]);
      return true;
    }

   private:
    const Path& path_;
    State state_;
    std::size_t index_ = 0;
  };

  template <typename Visit>
  void walk(Visit visit) const {
    if (empty()) return;
    Cursor at(*this);
    do visit(at);
    while (at.next());
  }

 private:
  static std::uint8_t action(const State& from, const State& to) {
    if (same_cell(from, to)) return static_cast<std::uint8_t>(4 + puzzle::layer_index(to.color));
    if (to.row + 1 == from.row) return 0;
    if (to.col == from.col + 1) return 1;
    if (to.row == from.row + 1) return 2;
    return 3;
  }

  State first_, last_;
  std::vector<std::uint8_t> actions_;
  std::size_t size_ = 0;  ///< states
};

/// Replays a path one state at a time and says why a state cannot follow it. States are
/// numbered from 1; move M goes from state M to state M + 1.
class Replay {
 public:
  /// `unit` names where state K is found in messages: "line" (list) or "state" (map).
  Replay(const Puzzle& puzzle, const Ends& ends, const char* unit)
      : p_(puzzle), ends_(ends), unit_(unit), visited_(state_count(puzzle), 1) {}

  /// Appends `s` when it is a legal next state; if not, false, and why() says why.
  bool add(const State& s) {
    char there = '@';  // the map's character at s
    if (path_.empty()) {
      if (s != ends_.start) return why_ = "the path must start at " + show(ends_.start), false;
    } else {
      const State& last = path_.back();
      if (same_cell(last, ends_.target)) return why_ = "continues after reaching the target", false;
      if (!on_map(p_, s)) return why_ = "off the map", false;
      there = same_cell(last, s) ? last_char_ : cell_of(p_, s);
      if (s != last && !legal_action(last, last_char_, s, there, why_)) return false;
      if (contains(s)) {
        std::size_t first = 0;  // its number on the path, from 1
        path_.walk([&](const Path::Cursor& at) {
          if (first == 0 && at.state() == s) first = at.index() + 1;
        });
        return why_ = "state repeated (first at " + std::string(unit_) + " " + std::to_string(first) + ")", false;
      }
    }
    visited_.set(number(p_, s), 1);
    path_.add(s);
    last_char_ = there;
    return true;
  }
  const std::string& why() const { return why_; }

  /// Whether `s` (on the map) is one of the states added so far.
  bool contains(const State& s) const { return visited_.get(number(p_, s)) != 0; }
  std::size_t states() const { return path_.size(); }
  std::size_t moves() const { return path_.empty() ? 0 : path_.size() - 1; }
  bool at_target() const { return !path_.empty() && same_cell(path_.back(), ends_.target); }
  Path take_path() { return std::exchange(path_, Path()); }

 private:
  const Puzzle& p_;
  const Ends& ends_;
  const char* unit_;
  Bits visited_;  ///< a bit per state, numbered by number()
  Path path_;
  char last_char_ = '@';  ///< the map's character at the path's last state
  std::string why_;
};

enum class Verdict {
  reaches_target,  ///< every move legal, the path ends on the target
  stops_short,     ///< every move checked is legal, the path does not reach the target
  no_solution,     ///< a well-formed "No solution." output, consistent with the map
  wrong,           ///< an illegal move, a wrong map output or an inconsistent discovered map
};

/// What reading an output found: the verdict and the lines that explain it (the last says what is wrong).
struct Report {
  Verdict verdict = Verdict::wrong;
  std::vector<std::string> lines;
  Path path;        ///< the states found legal
  Bits discovered;  ///< no_solution, when asked for: a bit per cell (row * width + col) not shown '#'
};

Report wrong(const std::string& what, Path path = Path()) { return {Verdict::wrong, {what}, std::move(path), {}}; }

/// The report of the state `s` that replay.add() refused.
Report illegal(Replay& replay, const State& s) {
  const std::string what = "Move " + std::to_string(replay.states()) + " is illegal: " + show(s) + ": ";
  return wrong(what + replay.why(), replay.take_path());
}

Report summary(Replay& replay, bool truncated, std::size_t max_moves) {
  const bool reached = replay.at_target();
  Report r{reached ? Verdict::reaches_target : Verdict::stops_short,
           {"Processed " + plural(replay.moves(), "move") + ", all valid",
            reached ? "Reaches the target" : "Does not reach the target"},
           replay.take_path(), {}};
  if (truncated)
    r.lines.push_back("Stopped after " + plural(max_moves, "move") + " (--moves): the rest is not checked");
  return r;
}

/// Checks a no-solution output, past its "No solution." line, for what needs no search.
/// With `keep`, the report's `discovered` says which cells the output shows discovered.
Report check_no_solution(const Puzzle& p, const Ends& ends, Reader& lines, bool keep) {
  std::string_view line;
  if (!lines.next(line, kListLine) || (line != "Discovered:" && line != "Reachable:"))
    lines.fail_here("expected 'Discovered:' after 'No solution.'");
  Report r{Verdict::wrong, {"No solution claimed"}, Path(), keep ? Bits(std::uint64_t{p.height} * p.width, 1) : Bits()};
  std::string problem;  // the first wrong cell
  auto cells = [&](std::uint64_t line_row, const char* text, std::uint64_t first, std::size_t n) {
    const auto row = static_cast<std::uint32_t>(line_row);
    for (std::size_t j = 0; j < n; ++j) {
      const auto col = static_cast<std::uint32_t>(first + j);
      const char shown = text[j], input = p.at(row, col);
      if (keep && shown != '#') r.discovered.set(std::uint64_t{row} * p.width + col, 1);
      if ((shown == input && input != '?') || !problem.empty()) continue;  // most cells; the first problem only
      std::string wrong_here;
      if (row == ends.target.row && col == ends.target.col)
        wrong_here = shown == '#' ? "" : "the target must be '#' (undiscovered) when there is no solution";
      else if (row == ends.start.row && col == ends.start.col)
        wrong_here = shown == '@' ? "" : "the start is always discovered: expected '@'";
      else if (shown != input && shown != '#')
        wrong_here = "expected " + (input == '#' ? std::string("'#'") : puzzle::show_char(input) + " or '#'");
      if (!wrong_here.empty())
        problem = "Discovered map, row " + std::to_string(row) + ", column " + std::to_string(col) + " (line " +
                  std::to_string(3 + row) + "): " + wrong_here + ", found " + puzzle::show_char(shown);
    }
  };
  lines.rows(p.height, p.width, cells, "the discovered map");
  lines.expect_end("the discovered map");
  r.lines.push_back(problem.empty() ? "The discovered map is consistent with the input (not verified by a search)"
                                    : problem);
  if (problem.empty()) r.verdict = Verdict::no_solution;
  return r;
}

/// The state on list line `line`, read exactly as the solver prints it: "(C, (R, C))".
State parse_state(const Puzzle& p, const Reader& lines, std::string_view line) {
  if (line.empty()) lines.fail_here("empty line; each line is one state (C, (R, C))");
  std::size_t pos = 0;
  auto problem = [&](const std::string& what) {
    const std::string found = pos < line.size() ? puzzle::show_char(line[pos]) : "the end of the line";
    lines.fail_at(pos, what + ", found " + found + " (each line is one state (C, (R, C)))");
  };
  auto expect = [&](std::string_view text) {
    for (const char c : text) {
      if (pos == line.size() || line[pos] != c) problem(std::string("expected '") + c + "'");
      ++pos;
    }
  };
  auto number = [&](const char* what) {
    const std::size_t begin = pos;
    std::uint64_t value = 0;
    for (; pos < line.size() && line[pos] >= '0' && line[pos] <= '9'; ++pos) {
      if (pos - begin == 18) lines.fail_at(begin, std::string(what) + " number is too long");
      value = value * 10 + static_cast<std::uint64_t>(line[pos] - '0');
    }
    if (pos == begin) problem(std::string("expected a ") + what + " number");
    if (line[begin] == '0' && pos - begin > 1) lines.fail_at(begin, std::string(what) + " number with a leading zero");
    return value;
  };
  State s;
  expect("(");
  if (pos == line.size() || !(line[pos] == '^' || (line[pos] >= 'a' && line[pos] <= 'z')))
    problem("expected a color ('^' or a lowercase letter)");
  s.color = line[pos];
  if (s.color != puzzle::kNoColor && puzzle::layer_index(s.color) > p.colors) {
    const std::string letters = p.colors ? std::string("'^' and a-") + puzzle::layer_color(p.colors) : "only '^'";
    lines.fail_at(pos, std::string("color '") + s.color + "' is beyond the map's " + std::to_string(p.colors) +
                           " colors (" + letters + ")");
  }
  ++pos;
  expect(", (");
  s.row = number("row");
  expect(", ");
  s.col = number("column");
  expect("))");
  if (pos != line.size()) problem("unexpected text after the state");
  return s;
}

/// A map-mode output: num_colors + 1 layers of the map with the path drawn in, kept as
/// the marks it draws, 2 bits a state. Every other cell is checked as it is read: the
/// first that shows neither what the spec says nor a mark is kept as `problem`.
class MapOutput {
 public:
  Bits marks;           ///< per state: 0 no mark, 1 '+', 2 '%', 3 '@'
  std::uint64_t mark_count = 0;
  std::string problem;  ///< "" when every cell is right

  MapOutput(const Puzzle& puzzle, const Ends& ends, Reader& lines, std::string_view line)
      : marks(state_count(puzzle), 2), p_(puzzle) {
    map_.reserve(static_cast<std::size_t>(std::uint64_t{p_.height} * p_.width));
    for (std::uint32_t row = 0; row < p_.height; ++row)
      for (std::uint32_t col = 0; col < p_.width; ++col) map_ += p_.at(row, col);
    const std::uint32_t layers = p_.colors + 1;
    for (std::uint32_t layer = 0; layer < layers; ++layer) {
      const char color = puzzle::layer_color(layer);
      const std::string header = std::string("// color ") + color;
      if (layer > 0 && !lines.next(line, kListLine))
        fail(lines.name() + ": the output ends after " + plural(layer, "layer") + ", the map has " +
             plural(layers, "layer") + " ('^' and one per color)");
      if (line != header) lines.fail_here("expected '" + header + "'");
      auto cells = [&](std::uint64_t row, const char* text, std::uint64_t first, std::size_t n) {
        const char* const map = map_.data() + row * p_.width + first;
        for (std::size_t j = 0; j < n; ++j) {
          const char shown = text[j], expected = unmarked(map[j], color);
          if (shown == expected) continue;
          const State s{color, row, first + j};
          const bool target = same_cell(s, ends.target), start = s == ends.start;  // never drawn over
          const int code = shown == '+' ? 1 : shown == '%' ? 2 : shown == '@' ? 3 : 0;
          if (!target && !start && code != 0) {
            marks.set(number(p_, s), static_cast<unsigned>(code));
            ++mark_count;
          } else if (problem.empty()) {
            problem = "Map output, " + where(s) + ": expected " + puzzle::show_char(expected) + ", found " +
                      puzzle::show_char(shown) +
                      (target ? " (the target shows on every layer)" : start ? " (the start shows on layer ^)" : "");
          }
        }
      };
      lines.rows(p_.height, p_.width, cells, std::string("layer ") + color);
    }
    lines.expect_end("the last layer (the map has " + plural(layers, "layer") + ")");
  }

  /// The mark the output draws on state `s` (on the map): '+', '%', '@' or '\0'.
  char mark(const State& s) const { return "\0+%@"[marks.get(number(p_, s))]; }
  /// The character the output shows for state `s` (on the map), when `problem` is "".
  char shown(const State& s) const {
    const char c = mark(s);
    return c ? c : unmarked(map_[static_cast<std::size_t>(s.row * p_.width + s.col)], s.color);
  }

  /// What the spec's map output shows off the path for input character `c` on layer `color`:
  /// the start as '@' on '^' only, a layer's own buttons, doors and '^' traps as '.'.
  static char unmarked(char c, char color) {
    if (c == '@') return color == puzzle::kNoColor ? '@' : '.';
    if (c == color || (puzzle::is_door(c) && c - 'A' + 'a' == color)) return '.';
    return c;
  }

  /// "layer b, row 3, column 4 (line 17)"
  std::string where(const State& s) const {
    std::uint64_t line = 1 + std::uint64_t{puzzle::layer_index(s.color)} * (p_.height + 1) + 1 + s.row;
    return std::string("layer ") + s.color + ", row " + std::to_string(s.row) + ", column " +
           std::to_string(s.col) + " (line " + std::to_string(line) + ")";
  }

 private:
  const Puzzle& p_;
  std::string map_;  ///< the map's characters, row by row (read 27 times: faster than the grid)
};

Report map_problem(const MapOutput& out, const State& s, const std::string& what, Replay& replay) {
  return wrong("Map output, " + out.where(s) + ": " + what, replay.take_path());
}

/// Checks a map-mode output whose first line, `line`, has just been read: the path is
/// rebuilt from the marks and replayed as it is rebuilt, then no mark may be left off it.
Report check_map(const Puzzle& p, const Ends& ends, Reader& lines, std::string_view line, std::size_t max_moves) {
  const MapOutput out(p, ends, lines, line);
  if (!out.problem.empty()) return wrong(out.problem);

  // The path: from (^, start), at each state exactly one way on.
  Replay replay(p, ends, "state");
  replay.add(ends.start);
  State here = ends.start;
  while (!replay.at_target() && replay.moves() != max_moves) {
    State next;
    if (out.mark(here) == '%') {
      const char button = cell_of(p, here);
      const std::string on = "'%' on " + puzzle::show_char(button) + ", which is not ";
      if (!puzzle::is_button(button) && button != puzzle::kNoColor)
        return map_problem(out, here, on + "a button or trap", replay);
      if (!puzzle::is_active_button(here.color, button))
        return map_problem(out, here, on + "active on layer " + here.color, replay);
      next = State{puzzle::pressed_layer(button), here.row, here.col};
      const bool again = replay.contains(next);
      if (out.shown(next) != '@' || again)
        return map_problem(out, here,
                           "'%' presses " + puzzle::show_char(button) + " but " + out.where(next) + " shows " +
                               puzzle::show_char(out.shown(next)) + (again ? ", already on the path" : ", not '@'"),
                           replay);
    } else {
      static const int kSteps[4][2] = {{-1, 0}, {0, 1}, {1, 0}, {0, -1}};  // N, E, S, W
      State ways[4];
      std::size_t count = 0;
      for (const auto& step : kSteps) {
        State s{here.color, here.row + static_cast<std::uint64_t>(step[0]),
                here.col + static_cast<std::uint64_t>(step[1])};  // wraps past 0: off the map
        if (!on_map(p, s)) continue;
        const char mark = out.mark(s);  // before contains(): most neighbours have none
        if ((mark == '+' || mark == '%' || same_cell(s, ends.target)) && !replay.contains(s)) ways[count++] = s;
      }
      if (count == 0)
        return map_problem(out, here, "the path stops here: no marked neighbour ('+' or '%') and not the target",
                           replay);
      if (count > 1) {
        std::string list;
        for (std::size_t i = 0; i < count; ++i)
          list += (i == 0 ? "" : i + 1 == count ? " and " : ", ") + show(ways[i]);
        return map_problem(out, here, "the path forks: " + list + " both continue it", replay);
      }
      next = ways[0];
    }
    if (!replay.add(next)) return illegal(replay, next);
    here = next;
  }

  // No mark off the path: all its states but the first and the last are marked, so one mark more is a stray.
  const bool truncated = !replay.at_target();
  if (!truncated && out.mark_count > replay.states() - 2) {
    std::uint64_t n = 0;
    while (out.marks.get(n) == 0 || replay.contains(state_numbered(p, n))) ++n;
    const State stray = state_numbered(p, n);
    const std::string mark = std::string("mark '") + out.shown(stray) + "'";
    return map_problem(out, stray, mark + " is not on the path from the start to the target", replay);
  }
  return summary(replay, truncated, max_moves);
}

/// How to read an output: as what its first line says it is, or forced to one shape.
enum class Format { detect, list, map };

/// Checks the output of a solver for `p` in `in`: "No solution." starts a no-solution
/// output (whatever `format`), "// color" a map output, anything else a list output.
Report check_output(const Puzzle& p, Reader& in, Format format, std::size_t max_moves = SIZE_MAX,
                    bool keep_discovered = false) {
  const Ends ends = find_ends(p);
  std::string_view line;
  if (!in.next(line, kListLine)) {
    if (format == Format::map) fail(in.name() + ": empty output: expected '// color ^' or 'No solution.'");
    return wrong("The solution is empty: the path must start at " + show(ends.start));
  }
  if (line == "No solution.") return check_no_solution(p, ends, in, keep_discovered);
  const bool map_look = line.substr(0, 8) == "// color";
  if (format == Format::list && map_look)
    in.fail_here("this is map-mode output, read as list-mode output because of --list");
  if (format == Format::map && !line.empty() && line[0] == '(')
    in.fail_here("this is list-mode output, read as map-mode output because of --map");
  if (format == Format::map || (format == Format::detect && map_look))
    return check_map(p, ends, in, line, max_moves);
  Replay replay(p, ends, "line");  // a list output: after max_moves moves, nothing more is read
  do {
    const State s = parse_state(p, in, line);
    if (!replay.add(s)) return illegal(replay, s);
  } while (replay.moves() != max_moves && in.next(line, kListLine));
  return summary(replay, replay.moves() == max_moves && in.ready(), max_moves);
}

}  // namespace solution

#endif  // PUZZLE_TOOLS_SOLUTION_H
