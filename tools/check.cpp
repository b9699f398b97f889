// Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
//
// tools/check: replays a solution of a puzzle map move by move, like a game-move
// validator, and reports the first illegal move. Not part of the submission.
//
//   tools/check [OPTIONS] MAP [SOLUTION]
//
// MAP is a puzzle input file, validated by the solver's own parser (same rules, same
// messages). SOLUTION (standard input when omitted) is list-mode output, one state
// "(C, (R, C))" a line, or with --map a map-mode output, whose marks are followed from
// the start to rebuild the path. Either may also be a "No solution." output.
// Every rule of the game comes from puzzle.cpp (is_active_button, pressed_layer,
// is_passable): this file holds no copy of them.
//
// Output (stdout): "Processed N moves, all valid" then "Reaches the target" or "Does
// not reach the target"; or "Move M is illegal: (c, (r, c)): REASON", move M going
// from the M-th state to the (M+1)-th; or a problem with the map output's marks.
// Exit status: 0 when every move is legal and the path ends on the target; 1 for an
// illegal or incomplete path, a wrong map output, or a no-solution output (0 with
// --no-solution-ok when it is well formed); 2 for bad usage, an unreadable file, an
// invalid map or a malformed solution (message on stderr, starting with "check: ").
// Memory: the map, the solution text, and one hash entry per state of the path.

#ifndef PUZZLE_NO_MAIN
#define PUZZLE_NO_MAIN
#endif
#include "../puzzle.cpp"

#include <getopt.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace check {

using puzzle::Puzzle;

/// Stops the check with exit status 2; main prints "check: <what>" on stderr, and a
/// pointer to --help when `command_line` (the problem is in the options).
class UsageError : public std::runtime_error {
 public:
  UsageError(const std::string& what, bool in_command_line)
      : std::runtime_error(what), command_line(in_command_line) {}
  bool command_line;
};

[[noreturn]] void fail(const std::string& what) { throw UsageError(what, false); }
[[noreturn]] void bad_command_line(const std::string& what) { throw UsageError(what, true); }

// ==== Options ======================================================================

struct Options {
  std::size_t max_moves = SIZE_MAX;  ///< -m: check at most this many moves
  bool quiet = false;                ///< -q: nothing on stdout, the exit status tells
  bool map_mode = false;             ///< --map: SOLUTION is map-mode output
  bool no_solution_ok = false;       ///< a well-formed "No solution." output exits 0
  bool print_path = false;           ///< print the states found legal, list format
  bool help = false;
  std::string map_path;
  std::string solution_path;  ///< empty: standard input
};

const char kUsage[] =
    "Usage: tools/check [OPTIONS] MAP [SOLUTION]\n"
    "Replays a solution of the puzzle in MAP move by move and reports the first\n"
    "illegal move. SOLUTION (standard input when omitted) is list-mode output of\n"
    "puzzle: one state '(C, (R, C))' a line; with --map, map-mode output.\n"
    "\n"
    "  -m, --moves N        check at most N moves (the path's first N + 1 states)\n"
    "  -q, --quiet          print nothing on stdout; the exit status tells\n"
    "      --map            SOLUTION is map-mode output: the path is rebuilt from its\n"
    "                       + % @ marks, then replayed\n"
    "      --no-solution-ok exit 0 for a well-formed \"No solution.\" output\n"
    "      --print-path     first print the states found legal, in list format (with\n"
    "                       --map: the path rebuilt from the marks)\n"
    "  -h, --help           print this help and exit\n"
    "\n"
    "A path is legal when its first state is (^, start) and each next state is one\n"
    "action away: pressing the active button stood on (same cell, the button's color,\n"
    "^ for a trap), or else a step north, east, south or west in the same color onto a\n"
    "cell that is not a wall nor a closed door. It must not repeat a state and must\n"
    "end the moment it reaches the target, as the spec's search does.\n"
    "\n"
    "Output: 'Processed N moves, all valid' and 'Reaches the target' (or 'Does not\n"
    "reach the target'), or 'Move M is illegal: (c, (r, c)): REASON' where move M\n"
    "goes from the M-th state to the (M+1)-th.\n"
    "Exit status: 0 all moves legal and the target reached; 1 an illegal or\n"
    "incomplete path, a wrong map output, or a \"No solution.\" output (0 with\n"
    "--no-solution-ok when it is well formed); 2 bad usage, unreadable file, invalid\n"
    "MAP (the solver's message) or malformed SOLUTION (its line number).\n"
    "Example: tools/check spec-inputs/spec-simple.txt spec-inputs/out-spec-simple-queue-list.txt\n";

/// Parses a count of moves: decimal digits only.
std::size_t parse_count(const char* text) {
  std::size_t value = 0;
  if (*text == '\0') bad_command_line("--moves needs a number of moves, not ''");
  for (const char* p = text; *p; ++p) {
    if (*p < '0' || *p > '9') bad_command_line("--moves needs a number of moves, not '" + std::string(text) + "'");
    std::size_t digit = static_cast<std::size_t>(*p - '0');
    if (value > (SIZE_MAX - digit) / 10) bad_command_line("--moves " + std::string(text) + " is too large");
    value = value * 10 + digit;
  }
  return value;
}

Options parse_options(int argc, char* argv[]) {
  enum { kMapOption = 1000, kNoSolutionOk, kPrintPath };
  static const option kLongOptions[] = {
      {"moves", required_argument, nullptr, 'm'},
      {"quiet", no_argument, nullptr, 'q'},
      {"map", no_argument, nullptr, kMapOption},
      {"no-solution-ok", no_argument, nullptr, kNoSolutionOk},
      {"print-path", no_argument, nullptr, kPrintPath},
      {"help", no_argument, nullptr, 'h'},
      {nullptr, 0, nullptr, 0},
  };
  Options options;
  opterr = 0;
  optind = 0;
  int choice;
  while ((choice = getopt_long(argc, argv, ":m:qh", kLongOptions, nullptr)) != -1) {
    switch (choice) {
      case 'm': options.max_moves = parse_count(optarg); break;
      case 'q': options.quiet = true; break;
      case kMapOption: options.map_mode = true; break;
      case kNoSolutionOk: options.no_solution_ok = true; break;
      case kPrintPath: options.print_path = true; break;
      case 'h': options.help = true; return options;
      case ':': bad_command_line("option '" + std::string(argv[optind - 1]) + "' needs an argument");
      default:
        if (optopt != 0) bad_command_line(std::string("unknown option '-") + static_cast<char>(optopt) + "'");
        bad_command_line("unknown option '" + std::string(argv[optind - 1]) + "'");
    }
  }
  int rest = argc - optind;
  if (rest < 1) bad_command_line("missing MAP: tools/check [OPTIONS] MAP [SOLUTION]");
  if (rest > 2) bad_command_line("too many arguments: tools/check [OPTIONS] MAP [SOLUTION]");
  options.map_path = argv[optind];
  if (rest == 2) options.solution_path = argv[optind + 1];
  return options;
}

// ==== Files and lines ================================================================

/// The whole file at `path`, or standard input when `path` is empty.
std::string read_file(const std::string& path, const std::string& name) {
  std::FILE* file = path.empty() ? stdin : std::fopen(path.c_str(), "rb");
  if (!file) fail(name + ": cannot open: " + std::strerror(errno));
  std::string text;
  char block[1 << 16];
  std::size_t n;
  while ((n = std::fread(block, 1, sizeof block, file)) > 0) text.append(block, n);
  bool failed = std::ferror(file) != 0;
  int error = errno;
  if (!path.empty()) std::fclose(file);
  if (failed) fail(name + ": cannot read: " + std::strerror(error));
  return text;
}

/// Walks a solution line by line, with 1-based line numbers for messages. The last
/// line may lack its "\n"; a "\r" anywhere is a format error (outputs end lines in "\n").
class Lines {
 public:
  Lines(std::string_view text, std::string name) : lines_(text), name_(std::move(name)) {}

  bool next(std::string_view& line) {
    if (!lines_.next_raw(line)) return false;
    std::size_t cr = line.find('\r');
    if (cr != std::string_view::npos)
      fail_at(cr, "carriage return (the solver's lines end in \\n only)");
    return true;
  }
  std::size_t number() const { return lines_.number(); }
  const std::string& name() const { return name_; }
  [[noreturn]] void fail_here(const std::string& what) const {
    fail(name_ + ": line " + std::to_string(number()) + ": " + what);
  }
  [[noreturn]] void fail_at(std::size_t column, const std::string& what) const {
    fail(name_ + ": " + lines_.where(column) + what);
  }

 private:
  puzzle::LineReader lines_;  ///< the solver's line splitter, without its "\r\n" handling
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

std::string show(const State& s) {
  return std::string("(") + s.color + ", (" + std::to_string(s.row) + ", " + std::to_string(s.col) + "))";
}

State start_of(const Puzzle& p) { return State{puzzle::kNoColor, p.row_of(p.start), p.col_of(p.start)}; }
State target_of(const Puzzle& p) { return State{puzzle::kNoColor, p.row_of(p.target), p.col_of(p.target)}; }

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
  Replay(const Puzzle& puzzle, const char* unit) : p_(puzzle), unit_(unit) {}

  /// Appends `s`: "" when it is a legal next state, else the reason it is not.
  std::string add(const State& s) {
    if (count_ == 0) {
      if (!(s == start_of(p_))) return "the path must start at " + show(start_of(p_));
    } else {
      if (same_cell(last_, target_of(p_))) return "continues after reaching the target";
      if (!on_map(p_, s)) return "off the map";
      if (!(s == last_)) {
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
  bool at_target() const { return count_ > 0 && same_cell(last_, target_of(p_)); }
  /// The states added so far, in order.
  const std::vector<State>& path() const { return path_; }

 private:
  std::uint64_t key(const State& s) const {
    std::uint64_t layer = puzzle::layer_index(s.color);
    return (layer * p_.height + s.row) * p_.width + s.col;
  }

  const Puzzle& p_;
  const char* unit_;
  std::unordered_map<std::uint64_t, std::size_t> first_;  ///< state -> its number
  State last_;
  std::size_t count_ = 0;
  std::vector<State> path_;
};

// ==== Reports ========================================================================

/// What the check found: the lines for stdout and the exit status.
struct Report {
  std::vector<std::string> lines;
  int status = 1;
  std::vector<State> path;  ///< the states found legal (for --print-path)
};

std::string plural(std::size_t n, const char* word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

std::string illegal_move(std::size_t state_number, const State& s, const std::string& reason) {
  return "Move " + std::to_string(state_number - 1) + " is illegal: " + show(s) + ": " + reason;
}

/// `r` with the states `replay` found legal.
Report with_path(Report r, const Replay& replay) {
  r.path = replay.path();
  return r;
}

/// The report for a path whose every checked move is legal.
Report summary(const Replay& replay, bool truncated, std::size_t max_moves) {
  Report r;
  r.lines.push_back("Processed " + plural(replay.moves(), "move") + ", all valid");
  r.lines.push_back(replay.at_target() ? "Reaches the target" : "Does not reach the target");
  if (truncated)
    r.lines.push_back("Stopped after " + plural(max_moves, "move") + " (--moves): the rest is not checked");
  r.status = replay.at_target() ? 0 : 1;
  return with_path(r, replay);
}

// ==== "No solution." outputs =========================================================

/// Checks a no-solution output, `lines` just past its "No solution." line: the header,
/// then the map with every undiscovered cell as '#'. Without searching, the check can
/// only see that each cell is its input character or '#', that the target is '#' and
/// the start is not.
Report check_no_solution(const Puzzle& p, Lines& lines, const Options& options) {
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
  const State start = start_of(p), target = target_of(p);
  for (std::uint32_t row = 0; row < p.height; ++row) {
    for (std::uint32_t col = 0; col < p.width; ++col) {
      char shown = rows[row][col], input = p.at(row, col);
      State here{puzzle::kNoColor, row, col};
      std::string problem;
      if (same_cell(here, target)) {
        if (shown != '#') problem = "the target must be '#' (undiscovered) when there is no solution";
      } else if (same_cell(here, start)) {
        if (shown != '@') problem = "the start is always discovered: expected '@'";
      } else if (shown != input && shown != '#') {
        problem = "expected " + (input == '#' ? std::string("'#'") : puzzle::show_char(input) + " or '#'");
      }
      if (!problem.empty()) {
        r.lines.push_back("Discovered map, row " + std::to_string(row) + ", column " + std::to_string(col) +
                          " (line " + std::to_string(3 + row) + "): " + problem + ", found " +
                          puzzle::show_char(shown));
        r.status = 1;
        return r;
      }
    }
  }
  r.lines.push_back("The discovered map is consistent with the input (not verified by a search)");
  r.status = options.no_solution_ok ? 0 : 1;
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

Report check_list(const Puzzle& p, std::string_view text, const std::string& name, const Options& options) {
  Lines lines(text, name);
  std::string_view line;
  if (!lines.next(line)) {
    Report r;
    r.lines.push_back("The solution is empty: the path must start at " + show(start_of(p)));
    return r;
  }
  if (line == "No solution.") return check_no_solution(p, lines, options);
  if (line.substr(0, 8) == "// color") lines.fail_here("this is map-mode output: check it with --map");

  Replay replay(p, "line");
  bool truncated = false;
  do {
    if (replay.moves() == options.max_moves && replay.states() > 0) {
      truncated = true;
      break;
    }
    State s = StateParser(p, lines, line).parse();
    std::string reason = replay.add(s);
    if (!reason.empty()) {
      Report r;
      r.lines.push_back(illegal_move(replay.states() + 1, s, reason));
      return with_path(r, replay);
    }
  } while (lines.next(line));
  return summary(replay, truncated, options.max_moves);
}

// ==== Map-mode solutions =============================================================

/// A map-mode output: num_colors + 1 layers of the map with the path drawn in.
class MapOutput {
 public:
  /// Reads the layers from `lines`, whose line 1 is `line`. Throws UsageError for a
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

/// A report of a problem in a map output at `s`.
Report map_problem(const MapOutput& out, const State& s, const std::string& what) {
  Report r;
  r.lines.push_back("Map output, " + out.where(s) + ": " + what);
  return r;
}

/// The same, with the states of the path rebuilt so far.
Report map_problem(const MapOutput& out, const State& s, const std::string& what, const Replay& replay) {
  return with_path(map_problem(out, s, what), replay);
}

/// Every state of the map, layer by layer, in output order; `visit` returns false to stop.
template <typename Visit>
void for_each_state(const Puzzle& p, Visit visit) {
  for (std::uint32_t layer = 0; layer <= p.colors; ++layer)
    for (std::uint32_t row = 0; row < p.height; ++row)
      for (std::uint32_t col = 0; col < p.width; ++col)
        if (!visit(State{puzzle::layer_color(layer), row, col})) return;
}

/// Checks a map-mode output: first every cell the path does not mark, then the path,
/// rebuilt from the marks and replayed move by move as it is rebuilt, then that no
/// mark is left off the path.
Report check_map(const Puzzle& p, std::string_view text, const std::string& name, const Options& options) {
  Lines lines(text, name);
  std::string_view line;
  if (!lines.next(line)) fail(name + ": empty output: expected '// color ^' or 'No solution.'");
  if (line == "No solution.") return check_no_solution(p, lines, options);
  if (!line.empty() && line[0] == '(') lines.fail_here("this is list-mode output: check it without --map");
  const MapOutput out(p, lines, line);
  const State start = start_of(p), target = target_of(p);

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
  Replay replay(p, "state");
  replay.add(start);
  State here = start;
  bool truncated = false;
  while (!replay.at_target()) {
    if (replay.moves() == options.max_moves) {
      truncated = true;
      break;
    }
    State next;
    if (!(here == start) && out.shown(here) == '%') {
      const char button = cell_of(p, here);
      if (!puzzle::is_button(button) && button != puzzle::kNoColor)
        return map_problem(out, here, "'%' on " + puzzle::show_char(button) + ", which is not a button or trap", replay);
      if (!puzzle::is_active_button(here.color, button))
        return map_problem(out, here, "'%' on " + puzzle::show_char(button) + ", which is not active on layer " +
                                          here.color, replay);
      next = State{puzzle::pressed_layer(button), here.row, here.col};
      if (out.shown(next) != '@' || replay.contains(next))
        return map_problem(out, here, "'%' presses " + puzzle::show_char(button) + " but " + out.where(next) +
                                          " shows " + puzzle::show_char(out.shown(next)) +
                                          (replay.contains(next) ? ", already on the path" : ", not '@'"), replay);
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
        return map_problem(out, here, "the path stops here: no marked neighbour ('+' or '%') and not the target", replay);
      if (ways.size() > 1) {
        std::string list;
        for (std::size_t i = 0; i < ways.size(); ++i)
          list += (i == 0 ? "" : i + 1 == ways.size() ? " and " : ", ") + show(ways[i]);
        return map_problem(out, here, "the path forks: " + list + " both continue it", replay);
      }
      next = ways[0];
    }
    std::string reason = replay.add(next);
    if (!reason.empty()) {
      Report r;
      r.lines.push_back(illegal_move(replay.states() + 1, next, reason));
      return with_path(r, replay);
    }
    here = next;
  }

  // 3. No mark off the path.
  if (!truncated) {
    for_each_state(p, [&](const State& s) {
      if (!out.marked(s) || replay.contains(s)) return true;
      problem = map_problem(out, s, "mark '" + std::string(1, out.shown(s)) +
                                        "' is not on the path from the start to the target");
      return false;
    });
    if (!problem.lines.empty()) return with_path(problem, replay);
  }
  return summary(replay, truncated, options.max_moves);
}

// ==== main ===========================================================================

int run(int argc, char* argv[]) {
  Options options = parse_options(argc, argv);
  if (options.help) {
    std::fputs(kUsage, stdout);
    return 0;
  }
  Puzzle map;
  {
    std::string text = read_file(options.map_path, options.map_path);
    try {
      map = puzzle::parse_puzzle(text);
    } catch (const puzzle::Error& e) {
      fail(options.map_path + ": " + e.what());
    }
  }
  const std::string name = options.solution_path.empty() ? "(standard input)" : options.solution_path;
  std::string solution = read_file(options.solution_path, name);
  Report report = options.map_mode ? check_map(map, solution, name, options)
                                   : check_list(map, solution, name, options);
  if (!options.quiet) {
    if (options.print_path)
      for (const State& s : report.path) std::printf("%s\n", show(s).c_str());
    for (const std::string& line : report.lines) std::printf("%s\n", line.c_str());
  }
  return report.status;
}

}  // namespace check

int main(int argc, char* argv[]) {
  try {
    return check::run(argc, argv);
  } catch (const check::UsageError& e) {
    std::fprintf(stderr, "check: %s\n", e.what());
    if (e.command_line) std::fputs("Try 'tools/check --help'.\n", stderr);
    return 2;
  } catch (const puzzle::Error& e) {  // e.g. the grid of a huge map cannot be allocated
    std::fprintf(stderr, "check: %s\n", e.what());
    return 2;
  } catch (const std::bad_alloc&) {
    std::fputs("check: not enough memory\n", stderr);
    return 2;
  }
}
