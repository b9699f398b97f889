// Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
// What several test binaries use, each written once. It compiles the solver in
// (puzzle.cpp, its main left out by PUZZLE_NO_MAIN), so a test includes this header
// and not puzzle.cpp:
//   - running a program with a given standard input and capturing what it prints, files;
//   - the spec's examples in spec-inputs/ and their expected outputs;
//   - Rng, the seeded random numbers every randomized test draws from;
//   - Map, read_map and random_map: maps as text, read strictly, and random valid maps;
//   - Reference, the spec's algorithm written plainly: the oracle that the solver's
//     outputs (and its trace) are compared with byte for byte;
//   - the catalogue of bad inputs and the check that the binary rejects each one;
//   - the solver in process: a command line parsed, a map solved in one mode.
// The maps, the reference and the catalogue use nothing of puzzle.cpp: they are written
// from the spec, independently of the code under test. (tools/mapgen keeps its own
// generator and its own search on purpose: its "solvable" label must not depend on the
// solver either.) Programs run through /bin/sh from the repository root (tests/run-all
// starts there).
#ifndef PUZZLE_TESTS_UTIL_H
#define PUZZLE_TESTS_UTIL_H

#include "puzzle.cpp"

#include <dirent.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <fstream>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace testutil {

// ==== Programs and files ===========================================================

/// What a finished program left behind.
struct Result {
  int status = -1;   ///< exit status, or 128 + signal number when killed by a signal
  std::string out;   ///< everything written to stdout
  std::string err;   ///< everything written to stderr
};

inline std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

inline void write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  if (!out) throw std::runtime_error("cannot write " + path);
}

/// The lines of `text`, without their "\n".
inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

/// A fresh empty temporary file; the caller removes it.
inline std::string temp_path() {
  char name[] = "/tmp/puzzle-test-XXXXXX";
  int fd = mkstemp(name);
  if (fd < 0) throw std::runtime_error("mkstemp failed");
  close(fd);
  return name;
}

/// A temporary file, empty or holding `text`, removed when it goes out of scope.
class TempFile {
 public:
  TempFile() : path_(temp_path()) {}
  explicit TempFile(const std::string& text) : path_(temp_path()) { write_file(path_, text); }
  ~TempFile() { std::remove(path_.c_str()); }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

/// The solver under test: $PUZZLE_BIN, or ./puzzle.
inline std::string puzzle_bin() {
  const char* bin = std::getenv("PUZZLE_BIN");
  return bin && *bin ? bin : "./puzzle";
}

/// Runs `command` (a shell command line) with `input` on its standard input.
inline Result run(const std::string& command, const std::string& input = "") {
  std::string in = temp_path(), out = temp_path(), err = temp_path();
  write_file(in, input);
  std::string line = "( " + command + " ) < " + in + " > " + out + " 2> " + err;
  int raw = std::system(line.c_str());
  Result r;
  if (raw != -1 && WIFEXITED(raw)) r.status = WEXITSTATUS(raw);
  else if (raw != -1 && WIFSIGNALED(raw)) r.status = 128 + WTERMSIG(raw);
  r.out = read_file(out);
  r.err = read_file(err);
  std::remove(in.c_str());
  std::remove(out.c_str());
  std::remove(err.c_str());
  return r;
}

/// Runs the solver with `args` (e.g. "-q -o list") on `input`.
inline Result run_puzzle(const std::string& args, const std::string& input) {
  return run(puzzle_bin() + " " + args, input);
}

// ==== The spec's examples ==========================================================

/// The names of the inputs in spec-inputs/ (X for X.txt), sorted.
inline std::vector<std::string> spec_inputs() {
  std::vector<std::string> names;
  DIR* dir = opendir("spec-inputs");
  if (!dir) return names;
  while (dirent* e = readdir(dir)) {
    std::string n = e->d_name;
    if (n.size() > 4 && n.compare(n.size() - 4, 4, ".txt") == 0 && n.rfind("out-", 0) != 0)
      names.push_back(n.substr(0, n.size() - 4));
  }
  closedir(dir);
  std::sort(names.begin(), names.end());
  return names;
}

/// The expected output of input `name` in a mode ("queue" or "stack", "list" or "map"):
/// out-X.txt when every mode prints it (no solution), else out-X-MODE-OUTPUT.txt.
inline std::string expected_output(const std::string& name, const std::string& mode, const std::string& output) {
  std::ifstream same("spec-inputs/out-" + name + ".txt");
  if (same) return read_file("spec-inputs/out-" + name + ".txt");
  return read_file("spec-inputs/out-" + name + "-" + mode + "-" + output + ".txt");
}

// ==== Random numbers ===============================================================

/// splitmix64: a small generator with a fixed seed, the same numbers on every machine.
struct Rng {
  std::uint64_t state;
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  /// A number in [0, n).
  std::uint32_t below(std::uint32_t n) { return static_cast<std::uint32_t>(next() % n); }
};

// ==== Maps =========================================================================

/// A map as its text holds it: the header, the comment lines and the rows.
struct Map {
  std::uint32_t colors = 0, height = 0, width = 0;
  std::vector<std::string> comments;  ///< without the leading "//"
  std::vector<std::string> rows;

  std::string text() const {
    std::string t = std::to_string(colors) + " " + std::to_string(height) + " " + std::to_string(width) + "\n";
    for (const auto& c : comments) t += "//" + c + "\n";
    for (const auto& r : rows) t += r + "\n";
    return t;
  }
};

/// Reads `text` as a valid map written plainly (as tools/mapgen and the spec's examples
/// are): a header of three numbers between single spaces, comment lines, `height` rows
/// of `width` map characters, one '@' and one '?', and a final newline. On anything
/// else `error` says what (and the map is not to be used); on success it is "".
inline Map read_map(const std::string& text, std::string& error) {
  Map m;
  error.clear();
  if (text.empty() || text.back() != '\n') {
    error = "the text does not end in a newline";
    return m;
  }
  const std::vector<std::string> lines = lines_of(text);
  std::vector<std::string> fields;
  std::string field;
  for (char ch : lines[0] + " ") {
    if (ch != ' ') {
      field += ch;
      continue;
    }
    fields.push_back(field);
    field.clear();
  }
  std::uint32_t values[3] = {};
  for (std::size_t i = 0; i < 3 && fields.size() == 3; ++i) {
    if (fields[i].empty() || fields[i].size() > 9 || fields[i].find_first_not_of("0123456789") != std::string::npos)
      fields.clear();
    else
      values[i] = static_cast<std::uint32_t>(std::stoul(fields[i]));
  }
  if (fields.size() != 3) {
    error = "bad header '" + lines[0] + "'";
    return m;
  }
  m.colors = values[0], m.height = values[1], m.width = values[2];
  if (m.colors > 26 || m.height < 1 || m.width < 1) {
    error = "header out of range: " + lines[0];
    return m;
  }
  std::size_t k = 1;
  while (k < lines.size() && lines[k].compare(0, 2, "//") == 0) m.comments.push_back(lines[k++].substr(2));
  if (lines.size() - k != m.height) {
    error = "expected " + std::to_string(m.height) + " map lines, got " + std::to_string(lines.size() - k);
    return m;
  }
  int starts = 0, targets = 0;
  for (std::uint32_t r = 0; r < m.height; ++r) {
    const std::string& row = lines[k + r];
    if (row.size() != m.width) {
      error = "row " + std::to_string(r) + " has " + std::to_string(row.size()) + " characters, not " +
              std::to_string(m.width);
      return m;
    }
    for (std::uint32_t c = 0; c < m.width; ++c) {
      const char ch = row[c];
      const bool ok = ch == '@' || ch == '?' || ch == '.' || ch == '#' || ch == '^' ||
                      (ch >= 'A' && ch < static_cast<char>('A' + m.colors)) ||
                      (ch >= 'a' && ch < static_cast<char>('a' + m.colors));
      if (!ok) {
        error = std::string("invalid character '") + ch + "' at " + std::to_string(r) + "," + std::to_string(c);
        return m;
      }
      starts += ch == '@';
      targets += ch == '?';
    }
    m.rows.push_back(row);
  }
  if (starts != 1 || targets != 1) error = std::to_string(starts) + " '@' and " + std::to_string(targets) + " '?'";
  return m;
}

/// A random valid map of min..max_height x min..max_width cells (max_width = max_height
/// if 0): 0 to 4 colors mostly, now and then 12 to 26; walls, doors, buttons and traps
/// in random shares, the letters mostly of the first four colors (so that presses find
/// their doors), now and then of all.
inline Map random_map(Rng& rng, std::uint32_t max_height, std::uint32_t max_width = 0, std::uint32_t min_height = 1,
                      std::uint32_t min_width = 1) {
  if (max_width == 0) max_width = max_height;
  Map m;
  m.comments = {" random"};
  do {
    m.height = min_height + rng.below(max_height - min_height + 1);
    m.width = min_width + rng.below(max_width - min_width + 1);
  } while (m.height * m.width < 2);
  m.colors = rng.below(10) == 0 ? 26 : rng.below(10) == 0 ? 12 + rng.below(15) : rng.below(5);
  const std::uint32_t letters = rng.below(4) == 0 ? m.colors : std::min<std::uint32_t>(m.colors, 4);
  std::uint32_t walls = rng.below(45), doors = rng.below(20), buttons = rng.below(12), traps = rng.below(8);
  m.rows.assign(m.height, std::string(m.width, '.'));
  for (auto& row : m.rows)
    for (char& c : row) {
      std::uint32_t x = rng.below(100);
      std::uint32_t color = m.colors ? rng.below(letters) : 0;
      if (x < walls) c = '#';
      else if (x < walls + doors && m.colors) c = static_cast<char>('A' + color);
      else if (x < walls + doors + buttons && m.colors) c = static_cast<char>('a' + color);
      else if (x < walls + doors + buttons + traps) c = '^';
    }
  std::uint32_t cells = m.height * m.width, s = rng.below(cells), t;
  do t = rng.below(cells); while (t == s);
  m.rows[s / m.width][s % m.width] = '@';
  m.rows[t / m.width][t % m.width] = '?';
  return m;
}

// ==== The reference solver =========================================================

/// The spec's algorithm, written plainly from the spec: a 3-D discovered/predecessor
/// table of structs, a std::deque of (layer, row, col) as the search container, and
/// every output written cell by cell. Slow and simple, so that it can be trusted.
class Reference {
 public:
  explicit Reference(Map m) : m_(std::move(m)), layers_(int(m_.colors) + 1) {}

  /// The map's character at (r, c).
  char cell(int r, int c) const { return m_.rows[std::size_t(r)][std::size_t(c)]; }

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
      bool active = (here >= 'a' && here <= 'z' && here != color) || (here == '^' && color != '^');
      if (active) {
        int nl = here == '^' ? 0 : here - 'a' + 1;
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
        if (ch == '#' || (ch >= 'A' && ch <= 'Z' && ch - 'A' + 'a' != color)) continue;
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
  static std::string states(const std::vector<std::array<int, 3>>& list) {
    std::ostringstream out;
    for (auto [l, r, c] : list) out << '(' << (l == 0 ? '^' : char('a' + l - 1)) << ", (" << r << ", " << c << "))\n";
    return out.str();
  }

  Map m_;
  int layers_;
  bool solved_ = false;
  std::vector<std::array<int, 3>> investigated_;
};

// ==== The catalogue of bad inputs ==================================================
// Every class of malformed map and illegal command line, each with what the message
// must say: the solver must exit 1 with nothing on stdout and one line
// "puzzle: error: ..." on stderr, naming the problem and, where it sits on a line,
// "line N" and "column N".

struct Bad {
  std::string name;     ///< test name: letters, digits and '_' only
  std::string args;     ///< command line for the binary: words between single spaces
  std::string input;    ///< standard input
  std::string keyword;  ///< must appear in the message
  int line = 0;         ///< "line N" must appear, if not 0
  int column = 0;       ///< "column N" must appear, if not 0
};

/// Names a case in GoogleTest's messages (instead of a byte dump).
inline void PrintTo(const Bad& c, std::ostream* os) { *os << c.name; }

/// spec-inputs/spec-simple.txt: a valid map.
const char kSimple[] =
    "2 4 7\n// A simple example puzzle\n// 2 colors (A, B)\n// 4x7 grid\n"
    "@..A..b\n.a.#B##\n####...\n?..B.^^\n";

/// A map case: run with -q.
inline Bad map_case(std::string name, std::string input, std::string keyword, int line = 0, int column = 0) {
  return {std::move(name), "-q", std::move(input), std::move(keyword), line, column};
}
/// A command-line case on a good map.
inline Bad option_case(std::string name, std::string args, std::string keyword) {
  return {std::move(name), std::move(args), kSimple, std::move(keyword), 0, 0};
}

inline std::string hex(unsigned char c) {
  static const char digits[] = "0123456789ABCDEF";
  return std::string{digits[c >> 4], digits[c & 15]};
}

inline std::vector<Bad> header_cases() {
  return {
      map_case("EmptyInput", "", "empty input: expected a header line 'num_colors height width'"),
      map_case("OnlyNewlines", "\n\n\n", "three numbers", 1),
      map_case("OnlyBlanks", "   \t \n", "three numbers", 1),
      map_case("HeaderOnly", "2 4 7\n", "0 rows", 1),
      map_case("HeaderOnlyNoNewline", "2 4 7", "0 rows", 1),
      map_case("HeaderAndCommentsOnly", "2 4 7\n// a\n// b\n", "0 rows", 3),
      map_case("HeaderWithAWord", "2 four 7\n@?\n", "height", 1, 3),
      map_case("HeaderLetterGluedToNumber", "2 4x 7\n@?\n", "height", 1, 4),
      map_case("HeaderLetterForColors", "a 1 2\n@?\n", "expected num_colors as an unsigned integer, found 'a'", 1, 1),
      map_case("HeaderHexNumber", "0x2 1 2\n@?\n", "num_colors", 1, 2),
      map_case("HeaderDecimalPoint", "2.0 1 2\n@?\n", "num_colors", 1, 2),
      map_case("HeaderNegativeHeight", "0 -1 2\n@?\n", "expected height as an unsigned integer, found '-'", 1, 3),
      map_case("HeaderNegativeColors", "-1 1 2\n@?\n", "num_colors", 1, 1),
      map_case("HeaderPlusSign", "0 +1 2\n@?\n", "height", 1, 3),
      map_case("HeaderCommaSeparated", "0,1,2\n@?\n", "num_colors", 1, 2),
      map_case("HeaderWidthOver32Bits", "0 1 4294967296\n@?\n", "width does not fit in 32 bits (at most 4294967295)", 1, 5),
      map_case("HeaderColorsOver32Bits", "99999999999999999999999999 1 2\n@?\n", "32 bits", 1, 1),
      map_case("HeaderHeightOver32Bits", "0 18446744073709551617 2\n@?\n", "32 bits", 1, 3),
      map_case("HeaderTwoNumbers", "2 4\n@?\n", "the header needs three numbers 'num_colors height width', found 2", 1),
      map_case("HeaderTwoNumbersAlone", "3 4", "three numbers", 1),
      map_case("HeaderOneNumber", "2\n", "three numbers", 1),
      map_case("HeaderFourNumbers", "0 1 2 3\n@?\n", "the header has more than three numbers", 1, 7),
      map_case("HeaderTrailingWord", "0 1 2 x\n@?\n", "more than three", 1, 7),
      map_case("HeaderSplitOverTwoLines", "0 1\n2\n@?\n", "three numbers", 1),
      map_case("HeaderAfterAComment", "// first\n0 1 2\n@?\n", "num_colors", 1, 1),
      map_case("HeaderAfterABlankLine", "\n0 1 2\n@?\n", "three numbers", 1),
      map_case("WidthZero", "0 1 0\n\n", "width is 0, at least 1 needed", 1),
      map_case("WidthZeroNoRow", "0 1 0\n", "width is 0", 1),
      map_case("HeightZero", "0 0 2\n", "height is 0, at least 1 needed", 1),
      map_case("HeightAndWidthZero", "0 0 0\n", "is 0", 1),
      map_case("Colors27", "27 1 2\n@?\n", "num_colors is 27, at most 26 allowed", 1),
      map_case("Colors4294967295", "4294967295 1 2\n@?\n", "num_colors is 4294967295", 1),
      // 26 * 4294967295 * 4294967295 overflows 64 bits; the rows are checked, not allocated.
      map_case("SizesOverflow64Bits", "26 4294967295 4294967295\n@?\n", "too large", 1),
      map_case("SizesOverflow64BitsNoRows", "26 4294967295 4294967295\n", "too large", 1),
      map_case("HugeMapShortInput", "0 100000 100000\n@?\n", "more than the 2^32 (4294967296) cells", 1),
      map_case("TooManyStates", "26 40000 40000\n@?\n", "more than the 2^32 (4294967296) states", 1),
      map_case("HeaderWithNul", std::string("0\0 1 2\n@?\n", 10), "num_colors", 1, 2),
      map_case("HeaderWithCarriageReturnInside", "0 1\r2\n@?\n", "carriage return", 1, 4),
  };
}

inline std::vector<Bad> shape_cases() {
  return {
      map_case("CommentAfterTheMapStarted", "0 2 2\n@?\n// late\n",
               "invalid character '/': a comment line inside the map", 3, 1),
      map_case("FewerRowsThanHeight", "0 3 2\n@?\n..\n", "the map has 2 rows, the header says 3", 3),
      map_case("OneRowOfTwo", "0 2 2\n@?\n", "the map has 1 rows, the header says 2"),
      map_case("TruncatedInTheLastRow", "2 4 7\n// c\n@..A..b\n.a.#B##\n####...\n?..B", "width", 6),
      map_case("TruncatedMidRow", "2 4 7\n@..A..b\n.a.#B", "width", 3),
      map_case("ShortRow", "0 2 3\n@.?\n..\n", "map row 1 has 2 characters, the header says width 3", 3),
      map_case("OneCellRow", "0 2 2\n@?\n.\n", "map row 1 has 1 characters", 3),
      map_case("ShortRowPaddedWithABlank", "0 1 4\n@.? \n",
               "map row 0 has 3 characters, the header says width 4 (blanks at the end of a line are not counted)", 2),
      map_case("EmptyRow", "0 2 3\n@.?\n\n...\n", "width", 3),
      map_case("LongRow", "0 2 3\n@.?\n....\n", "map row 1 has 4 characters, the header says width 3", 3),
      map_case("LongFirstRow", "0 1 2\n@?.\n", "width", 2),
      map_case("BlankLineBeforeTheMap", "0 1 2\n\n@?\n", "width", 2),
      map_case("BlankLineInsideTheMap", "0 2 2\n@?\n\n..\n", "width", 3),
      map_case("LeadingSpaceShiftsTheRow", "0 1 3\n @?\n", "space", 2, 1),
      map_case("SpacesInsteadOfRow", "0 1 2\n  \n", "width", 2),
      map_case("CarriageReturnOnlyLineEnds", "0 2 2\r@.\r.?\r", "carriage return", 1, 6),
      map_case("CarriageReturnOnlyOneRow", "0 1 3\r@.?\r", "carriage return"),
      map_case("CarriageReturnInsideARow", "0 1 3\n@\r?\n", "carriage return", 2, 2),
      map_case("TwoCarriageReturnsAtTheEnd", "0 1 2\n@?\r\r\n", "carriage return", 2, 3),
      map_case("NulInARow", std::string("0 1 3\n@\0?\n", 10), "invalid character byte \\x00", 2, 2),
      map_case("NulAsTheWholeRow", std::string("0 1 1\n\0\n", 8), "\\x00", 2, 1),
      map_case("Byte80InARow", "0 1 3\n@\x80?\n", "\\x80", 2, 2),
      map_case("Utf8InARow", "0 1 4\n@\xC3\xA9?\n", "\\xC3", 2, 2),
      map_case("ByteFFInARow", "0 1 3\n@\xFF?\n", "\\xFF", 2, 2),
      map_case("TabInsideARow", "0 1 3\n@\t?\n", "invalid character a tab", 2, 2),
      map_case("NotAMapAtAll", "Hello, world!\nThis is not a puzzle.\n", "num_colors", 1, 1),
      map_case("MapWithoutHeader", "@..\n..?\n", "num_colors", 1, 1),
      map_case("BinaryGarbage", std::string("\x7F" "ELF\x02\x01\x01\0\0\0", 10), "num_colors", 1, 1),
  };
}

inline std::vector<Bad> symbol_cases() {
  std::vector<Bad> cases = {
      map_case("NoStart", "0 1 2\n.?\n", "the map has no '@' (start); it needs exactly one"),
      map_case("NoTarget", "0 1 2\n@.\n", "the map has no '?' (target); it needs exactly one"),
      map_case("NoStartNoTarget", "0 1 2\n..\n", "no '@'"),
      map_case("TwoStartsSameRow", "0 1 3\n@@?\n", "second '@'", 2, 2),
      map_case("TwoStartsApart", "0 1 3\n@.@\n", "a second '@' (the first is at line 2, column 1)", 2, 3),
      map_case("TwoStartsOtherRows", "0 3 1\n@\n?\n@\n", "second '@'", 4, 1),
      map_case("TwoTargets", "0 1 3\n@??\n", "second '?'", 2, 3),
      map_case("TwoTargetsApart", "0 1 4\n?.@?\n", "a second '?' (the first is at line 2, column 1)", 2, 4),
      map_case("TwoTargetsOtherRows", "0 2 2\n?@\n.?\n", "second '?'", 3, 2),
      map_case("ThreeStarts", "0 1 4\n@@@?\n", "second '@'", 2, 2),
      map_case("DoorBeyondOneColor", "1 1 3\n@B?\n", "door 'B' is beyond the map's 1 color (A)", 2, 2),
      map_case("DoorBeyondColors", "2 1 3\n@C?\n", "door 'C' is beyond the map's 2 colors (A-B)", 2, 2),
      map_case("ButtonBeyondOneColor", "1 1 3\n@b?\n", "button 'b' is beyond the map's 1 color (a)", 2, 2),
      map_case("ButtonBeyondColors", "2 1 3\n@c?\n", "button 'c' is beyond the map's 2 colors (a-b)", 2, 2),
      map_case("DoorZWith25Colors", "25 1 3\n@Z?\n", "beyond", 2, 2),
      map_case("ButtonZWith25Colors", "25 1 3\n@z?\n", "beyond", 2, 2),
      map_case("DoorWithZeroColors", "0 1 3\n@A?\n", "door 'A' in a map with 0 colors (no doors or buttons)", 2, 2),
      map_case("ButtonWithZeroColors", "0 1 3\n@a?\n", "button 'a' in a map with 0 colors (no doors or buttons)", 2, 2),
      map_case("DoorBeyondColorsInLastRow", "1 3 3\n@..\n...\n.B?\n", "beyond", 4, 2),
      map_case("PlusInARow", "0 1 3\n@+?\n", "invalid character '+' in the map", 2, 2),
  };
  // Every printable ASCII character that is not a map symbol, named in the message at
  // line 3, column 2 (letters are valid with 26 colors); '/' is taken for a comment.
  for (int c = 0x21; c < 0x7F; ++c) {
    char ch = static_cast<char>(c);
    if (std::string("@?.#^").find(ch) != std::string::npos) continue;
    if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z')) continue;
    const std::string message = ch == '/' ? "invalid character '/': a comment line inside the map?"
                                          : std::string("invalid character '") + ch +
                                                "' in the map (allowed: @ ? . # ^ and the colors' letters)";
    cases.push_back(map_case("InvalidChar" + hex(static_cast<unsigned char>(c)),
                             std::string("26 2 3\n@.?\n.") + ch + ".\n", message, 3, 2));
  }
  cases.push_back(map_case("InvalidCharSpace", "26 2 3\n@.?\n. .\n", "invalid character ' ' (space) in the map", 3, 2));
  // Control characters (tab, line feed and carriage return have their own cases) and DEL.
  for (int c = 0x00; c < 0x20; ++c) {
    if (c == '\t' || c == '\n' || c == '\r') continue;
    cases.push_back(map_case("ControlChar" + hex(static_cast<unsigned char>(c)),
                             std::string("26 2 3\n@.?\n.") + static_cast<char>(c) + ".\n",
                             "invalid character byte \\x" + hex(static_cast<unsigned char>(c)) + " in the map", 3, 2));
  }
  cases.push_back(map_case("ControlChar7F", "26 2 3\n@.?\n.\x7F.\n", "invalid character byte \\x7F in the map", 3, 2));
  return cases;
}

/// Every bad map: its header, its shape, its symbols.
inline std::vector<Bad> map_cases() {
  std::vector<Bad> all;
  for (auto part : {header_cases(), shape_cases(), symbol_cases()}) all.insert(all.end(), part.begin(), part.end());
  return all;
}

/// Every illegal command line, on a good map.
inline std::vector<Bad> option_cases() {
  return {
      option_case("StackAndQueue", "--stack --queue", "--stack and --queue are both given; choose one"),
      option_case("QueueAndStackShort", "-q -s", "both"),
      option_case("QueueAndStackCombined", "-qs", "both"),
      option_case("StackAndQueueCombined", "-sq", "both"),
      option_case("NeitherStackNorQueue", "", "choose a search container: --queue (-q) or --stack (-s)"),
      option_case("OnlyOutput", "-o list", "--queue"),
      option_case("OnlyOutputMap", "-o map", "choose a search container"),
      option_case("QueueTwice", "-q -q", "--queue is given twice"),
      option_case("StackTwice", "-s -s", "--stack is given twice"),
      option_case("StackTwiceMixedSpelling", "--stack -s", "twice"),
      option_case("OutputTwice", "-q -o map -o list", "--output is given twice"),
      option_case("OutputTwiceWithoutContainer", "-o map -o list", "twice"),
      option_case("OutputTwiceSameValue", "-q --output map -o map", "twice"),
      option_case("OutputBadValue", "-q -o tree", "--output must be 'map' or 'list', not 'tree'"),
      option_case("OutputNearlyMap", "-q -o maps", "'maps'"),
      option_case("OutputXml", "-q -o xml", "'xml'"),
      option_case("OutputUppercaseValue", "-q -o MAP", "'MAP'"),
      option_case("OutputEmptyValue", "-q --output=", "map"),
      option_case("OutputWithoutValue", "-q -o", "--output (-o) needs an argument: map or list"),
      option_case("OutputAloneWithoutValue", "-o", "needs an argument"),
      option_case("OutputLongWithoutValue", "-q --output", "needs an argument"),
      option_case("UnknownShortOption", "-q -x", "unknown option '-x'"),
      option_case("UnknownBeforeQueue", "-x -q", "unknown option '-x'"),
      option_case("UnknownShortInABundle", "-qx", "unknown option '-x'"),
      option_case("UnknownLongOption", "-q --eecs281", "unknown option '--eecs281'"),
      option_case("UnknownLongBeforeQueue", "--eecs281 -q", "unknown option '--eecs281'"),
      option_case("UnknownLongOptionWithValue", "-q --mode=fast", "unknown option '--mode=fast' (or it takes no argument)"),
      option_case("QueueWithAValue", "--queue=yes", "--queue"),
      option_case("StackWithAValue", "--stack=1 -o map", "--stack"),
      option_case("HelpWithAValue", "--help=me", "--help"),
      // The whole line is read before help is given: a typo is not hidden behind it.
      option_case("HelpThenUnknown", "-h -x", "unknown option '-x'"),
      option_case("UnknownThenHelp", "-x -h", "unknown option '-x'"),
      option_case("HelpThenUnknownLong", "--help --eecs281", "unknown option '--eecs281'"),
      option_case("HelpWithABadOutput", "-h -o xml", "'xml'"),
      option_case("HelpWithAStrayArgument", "-h extra", "unexpected argument 'extra'"),
      option_case("StrayArgument", "-q spec-simple.txt",
                  "unexpected argument 'spec-simple.txt': the map is read from standard input (puzzle < MAP)"),
      option_case("StrayWord", "-q extra", "unexpected argument 'extra'"),
      option_case("StrayArgumentAfterDoubleDash", "-q -- -s", "unexpected argument"),
      option_case("LoneDash", "-q -", "unexpected argument"),
  };
}

/// Checks that the binary rejects `c`: exit 1, nothing on stdout, one line on stderr
/// "puzzle: error: ..." with the case's keyword, line and column.
inline void expect_rejected(const Bad& c) {
  Result r = run_puzzle(c.args, c.input);
  EXPECT_EQ(r.status, 1) << "stderr: " << r.err;
  EXPECT_EQ(r.out, "") << "nothing may reach stdout";
  ASSERT_EQ(r.err.rfind("puzzle: error: ", 0), 0u) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << "one line: " << r.err;
  EXPECT_NE(r.err.find(c.keyword), std::string::npos) << "expected '" << c.keyword << "' in: " << r.err;
  if (c.line) {
    EXPECT_NE(r.err.find("line " + std::to_string(c.line)), std::string::npos)
        << "expected line " << c.line << " in: " << r.err;
  }
  if (c.column) {
    EXPECT_NE(r.err.find("column " + std::to_string(c.column)), std::string::npos)
        << "expected column " << c.column << " in: " << r.err;
  }
}

/// The name GoogleTest gives a catalogue case.
inline std::string case_name(const ::testing::TestParamInfo<Bad>& info) { return info.param.name; }

// ==== The solver in process =========================================================

constexpr auto kQueue = puzzle::Container::queue;
constexpr auto kStack = puzzle::Container::stack;
constexpr auto kMap = puzzle::OutputMode::map;
constexpr auto kList = puzzle::OutputMode::list;

/// `line` split into words at blanks.
inline std::vector<std::string> split(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

/// puzzle::parse_options on a command line given as words (argv[0] is added).
inline puzzle::Options parse(std::vector<std::string> words) {
  words.insert(words.begin(), "puzzle");
  std::vector<char*> argv;
  for (auto& w : words) argv.push_back(&w[0]);
  argv.push_back(nullptr);
  return puzzle::parse_options(static_cast<int>(words.size()), argv.data());
}

/// The solver's output on `input` with the container `c` and the output mode `o`.
inline std::string solve(const std::string& input, puzzle::Container c, puzzle::OutputMode o) {
  puzzle::Options options;
  options.container = c;
  options.output = o;
  return puzzle::run_to_string(input, options);
}

/// An output expected of a mode, for expect_all.
struct Expect { puzzle::Container c; puzzle::OutputMode o; const char* out; };

/// Checks the solver's output on `input` in each mode of `expects`.
inline void expect_all(const std::string& input, std::initializer_list<Expect> expects) {
  for (const Expect& e : expects) EXPECT_EQ(solve(input, e.c, e.o), e.out) << input;
}

}  // namespace testutil

#endif  // PUZZLE_TESTS_UTIL_H
