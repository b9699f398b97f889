// Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
// libFuzzer target for puzzle: every input either solves with a well-formed answer or
// is refused with a puzzle::Error that has a message. Anything else (another exception,
// a crash, a sanitizer report, a wrong answer to a differential check) aborts.
//
// Input layout:
//   byte 0       the option set: bit 0 stack (else queue), bit 1 list (else map),
//                bit 2 the long-tail check below; if the high nibble is 0xF, the first
//                line of the rest is a command line instead, split on single spaces into
//                argv and read by parse_options
//   the rest     the map, given to puzzle::run_to_string
//
// Checks beyond "no crash":
//   - the verdict (accept or refuse) agrees with a small independent reading of the
//     input grammar below (reference_parse), so a bad map accepted or a good one
//     refused shows up as a crash;
//   - list output is a legal path: starts on '@' in layer '^', each step a move to an
//     open neighbour or a press of the active button stood on, ends on '?' only;
//   - map output has num_colors + 1 layers of height rows of width characters;
//   - queue and stack agree on whether there is a solution, and print the same
//     "No solution." map when there is none;
//   - with bit 2, a valid map followed by an endless tail (what follows its rows in the
//     input, or else its last row, over and over), read as standard input is (a FILE),
//     is answered exactly as the map alone, taking at most kTailLimit bytes of the
//     tail, with at most one warning: one when the tail's first line has anything but
//     blanks on it, none when the whole tail is blank (the solver reads `height` rows
//     and glances a bounded way further).
// Build: make fuzz-build (tests/fuzz.mk); run: make fuzz FUZZ_SECONDS=N.
// Memory: a map holds no more cells than its input has bytes (the parser checks the
// rows before it allocates), and inputs are at most -max_len=4096 bytes, so headers
// are fed as they come, huge ones included; -malloc_limit_mb=256 makes any larger
// allocation a reported crash rather than a slow run.
// A finding: build/fuzz/artifacts/crash-* (or leak-*, timeout-*); replay it with
// build/fuzz/puzzle_fuzz FILE, and keep it in tests/fuzz/regressions/, which seeds
// every fuzz run and which tests/input_test.cpp replays through the binary.

#include "puzzle.cpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>  // fopencookie (glibc; g++ and clang++ define _GNU_SOURCE for C++)
#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>
#include <string_view>
#include <vector>

namespace {

[[noreturn]] void die(const char* what, const std::string& detail) {
  std::fprintf(stderr, "puzzle_fuzz: %s\n%s\n", what, detail.c_str());
  std::abort();
}

/// The project's input grammar, written out independently of puzzle.cpp:
///   lines end with "\n" or "\r\n" (the last may have no end);
///   line 1: [ \t]* N [ \t]+ N [ \t]+ N [ \t]*  with each N a decimal uint32,
///           num_colors <= 26, height >= 1, width >= 1; no other '\r';
///   then lines starting with "//" (comments): any bytes but '\n' (a '\r', a control
///   byte, a byte of 0x80 or more; a "\r\n" end is still a line end);
///   then `height` rows which, less trailing spaces and tabs, hold exactly `width`
///   characters of @ ? . # ^ and the first num_colors letters in both cases, and no
///   other '\r'; exactly one '@' and one '?';
///   then anything at all: it is not read (a warning says so).
/// Maps too large for the solver's 32-bit state indices are refused too.
struct Reference {
  bool valid = false;
  std::uint32_t colors = 0, height = 0, width = 0;
  std::vector<std::string> rows;
  std::size_t map_end = 0;     ///< where the input after the last row's line end begins
  bool last_row_ended = true;  ///< whether a '\n' follows the last row
};

/// One line of the input: its text without its "\n" or "\r\n", and where the next begins.
struct Line {
  std::string_view text;
  std::size_t next = 0;
  bool ended = false;  ///< a '\n' follows it
  bool has_cr() const { return text.find('\r') != std::string_view::npos; }
};

std::vector<Line> split_lines(std::string_view text) {
  std::vector<Line> lines;
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t end = text.find('\n', pos);
    const bool ended = end != std::string_view::npos;
    if (!ended) end = text.size();
    std::string_view line = text.substr(pos, end - pos);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back({line, ended ? end + 1 : end, ended});
    pos = end + 1;
  }
  return lines;
}

std::string_view rtrim(std::string_view s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

bool is_blank(char c) { return c == ' ' || c == '\t'; }

Reference reference_parse(std::string_view text) {
  Reference ref;
  std::vector<Line> lines = split_lines(text);
  if (lines.empty() || lines[0].has_cr()) return ref;
  std::string_view header = lines[0].text;
  std::uint64_t values[3];
  std::size_t pos = 0;
  for (int i = 0; i < 3; ++i) {
    std::size_t blanks = 0;
    while (pos < header.size() && is_blank(header[pos])) ++pos, ++blanks;
    if (i > 0 && blanks == 0) return ref;
    std::size_t begin = pos;
    std::uint64_t v = 0;
    while (pos < header.size() && header[pos] >= '0' && header[pos] <= '9') {
      v = v * 10 + static_cast<std::uint64_t>(header[pos] - '0');
      if (v > 0xFFFFFFFFu) return ref;
      ++pos;
    }
    if (pos == begin) return ref;
    values[i] = v;
  }
  if (!rtrim(header.substr(pos)).empty()) return ref;
  if (values[0] > 26 || values[1] == 0 || values[2] == 0) return ref;
  ref.colors = static_cast<std::uint32_t>(values[0]);
  ref.height = static_cast<std::uint32_t>(values[1]);
  ref.width = static_cast<std::uint32_t>(values[2]);

  std::size_t i = 1;
  while (i < lines.size() && lines[i].text.substr(0, 2) == "//") ++i;
  if (lines.size() - i < ref.height) return ref;
  int starts = 0, targets = 0;
  for (std::uint32_t r = 0; r < ref.height; ++r, ++i) {
    if (lines[i].has_cr()) return ref;
    std::string_view row = rtrim(lines[i].text);
    if (row.size() != ref.width) return ref;
    for (char c : row) {
      bool ok = c == '@' || c == '?' || c == '.' || c == '#' || c == '^' ||
                (c >= 'A' && c < static_cast<char>('A' + ref.colors)) ||
                (c >= 'a' && c < static_cast<char>('a' + ref.colors));
      if (!ok) return ref;
      starts += c == '@';
      targets += c == '?';
    }
    ref.rows.emplace_back(row);
  }
  if (starts != 1 || targets != 1) return ref;
  ref.map_end = lines[i - 1].next;
  ref.last_row_ended = lines[i - 1].ended;
  ref.valid = true;
  return ref;
}

/// Whether `layer` ('^' or a letter) may step onto `cell`.
bool passable(char layer, char cell) {
  if (cell == '#') return false;
  if (cell >= 'A' && cell <= 'Z') return cell - 'A' + 'a' == layer;
  return true;
}

/// Whether standing on `cell` in `layer` means pressing it.
bool active_button(char layer, char cell) {
  return ((cell >= 'a' && cell <= 'z') || cell == '^') && cell != layer;
}

void check_list(const Reference& ref, const std::string& out) {
  struct State { char layer; long row, col; };
  std::vector<State> path;
  std::size_t pos = 0;
  while (pos < out.size()) {
    std::size_t end = out.find('\n', pos);
    if (end == std::string::npos) die("list output: last line without newline", out);
    std::string line = out.substr(pos, end - pos);
    State s{};
    char close[3] = {};
    if (std::sscanf(line.c_str(), "(%c, (%ld, %ld%2[)])", &s.layer, &s.row, &s.col, close) != 4 ||
        std::string(close) != "))")
      die("list output: malformed line", line);
    if (s.row < 0 || s.col < 0 || s.row >= long{ref.height} || s.col >= long{ref.width})
      die("list output: state outside the map", line);
    if (s.layer != '^' && (s.layer < 'a' || s.layer >= static_cast<char>('a' + ref.colors)))
      die("list output: bad layer", line);
    path.push_back(s);
    pos = end + 1;
  }
  auto cell = [&](const State& s) { return ref.rows[static_cast<std::size_t>(s.row)][static_cast<std::size_t>(s.col)]; };
  if (path.empty() || path[0].layer != '^' || cell(path[0]) != '@') die("list output: path does not start at '@' in '^'", out);
  if (cell(path.back()) != '?') die("list output: path does not end on '?'", out);
  for (std::size_t k = 1; k < path.size(); ++k) {
    const State& a = path[k - 1];
    const State& b = path[k];
    if (cell(a) == '?') die("list output: path goes on after '?'", out);
    if (active_button(a.layer, cell(a))) {
      if (b.row != a.row || b.col != a.col || b.layer != cell(a))
        die("list output: an active button was not pressed", out);
    } else {
      long d = std::labs(a.row - b.row) + std::labs(a.col - b.col);
      if (d != 1 || b.layer != a.layer || !passable(a.layer, cell(b)))
        die("list output: illegal move", out);
    }
  }
}

void check_map(const Reference& ref, const std::string& out) {
  std::size_t layers = std::size_t{ref.colors} + 1, lines = 0, pos = 0;
  while (pos < out.size()) {
    std::size_t end = out.find('\n', pos);
    if (end == std::string::npos) die("map output: last line without newline", out);
    std::size_t layer = lines / (std::size_t{ref.height} + 1), row = lines % (std::size_t{ref.height} + 1);
    std::string line = out.substr(pos, end - pos);
    if (layer >= layers) die("map output: too many lines", out);
    if (row == 0) {
      char color = layer == 0 ? '^' : static_cast<char>('a' + layer - 1);
      if (line != std::string("// color ") + color) die("map output: bad layer heading", line);
    } else if (line.size() != ref.width) {
      die("map output: row of the wrong width", line);
    }
    ++lines;
    pos = end + 1;
  }
  if (lines != layers * (std::size_t{ref.height} + 1)) die("map output: wrong number of lines", out);
}

const char kNoSolution[] = "No solution.\n";

void check_no_solution(const Reference& ref, const std::string& out) {
  std::size_t header = out.find('\n', sizeof kNoSolution - 1);
  if (header == std::string::npos) die("no-solution output: no second line", out);
  std::string body = out.substr(header + 1);
  std::size_t rows = 0;
  for (std::size_t pos = 0; pos < body.size(); ++rows) {
    std::size_t end = body.find('\n', pos);
    if (end == std::string::npos || end - pos != ref.width) die("no-solution output: bad row", out);
    for (std::size_t c = pos; c < end; ++c) {
      const std::string& input_row = ref.rows[rows];
      if (body[c] != '#' && body[c] != input_row[c - pos]) die("no-solution output: row differs from the input", out);
    }
    pos = end + 1;
  }
  if (rows != ref.height) die("no-solution output: wrong number of rows", out);
}

/// Runs one map with `options` and checks everything that can be checked; returns the
/// reference's reading of it.
Reference run_map(std::string_view map, const puzzle::Options& options) {
  Reference ref = reference_parse(map);
  // Maps larger than the input cannot come from the fuzzer; the solver's own size
  // limits (2^32 states) are never reached, so the reference needs no rule for them.
  std::string out;
  try {
    out = puzzle::run_to_string(map, options);
  } catch (const puzzle::Error& e) {
    if (std::string(e.what()).empty()) die("puzzle::Error with an empty message", std::string(map));
    if (ref.valid) die("a valid map was refused", std::string(e.what()) + "\n--- input:\n" + std::string(map));
    return ref;
  } catch (const std::exception& e) {
    die("exception other than puzzle::Error", e.what());
  }
  if (!ref.valid) die("an invalid map was accepted", std::string(map));
  if (out.empty()) die("success with empty output", std::string(map));

  bool solved = out.compare(0, sizeof kNoSolution - 1, kNoSolution) != 0;
  if (!solved) check_no_solution(ref, out);
  else if (options.output == puzzle::OutputMode::list) check_list(ref, out);
  else check_map(ref, out);

  puzzle::Options other = options;
  other.container = options.container == puzzle::Container::queue ? puzzle::Container::stack
                                                                   : puzzle::Container::queue;
  std::string other_out = puzzle::run_to_string(map, other);
  bool other_solved = other_out.compare(0, sizeof kNoSolution - 1, kNoSolution) != 0;
  if (solved != other_solved) die("queue and stack disagree on whether there is a solution", std::string(map));
  if (!solved && out != other_out) die("queue and stack print different no-solution maps", std::string(map));
  return ref;
}

/// How much of an endless tail after the map the solver may take: its glance past the
/// map (64 KB) and a block of reading ahead, with room to spare.
constexpr std::uint64_t kTailLimit = std::uint64_t{256} << 10;

/// An endless standard input: `map`, then `unit` over and over, as a FILE (glibc's
/// fopencookie). Counts the bytes taken; past the map and twice kTailLimit it ends, so
/// that a solver that reads on is caught rather than left to run for ever.
class EndlessInput {
 public:
  EndlessInput(std::string_view map, std::string_view unit) : map_(map), unit_(unit) {
    cookie_io_functions_t io = {};
    io.read = &EndlessInput::read;
    file_ = fopencookie(this, "r", io);
    if (!file_) die("fopencookie failed", "");
  }
  EndlessInput(const EndlessInput&) = delete;
  EndlessInput& operator=(const EndlessInput&) = delete;
  ~EndlessInput() { std::fclose(file_); }
  std::FILE* file() { return file_; }
  std::uint64_t tail_taken() const { return served_ > map_.size() ? served_ - map_.size() : 0; }

 private:
  static ssize_t read(void* cookie, char* buffer, std::size_t size) {
    auto& self = *static_cast<EndlessInput*>(cookie);
    const std::uint64_t end = self.map_.size() + 2 * kTailLimit;
    std::size_t n = 0;
    while (n < size && self.served_ < end) {
      const std::string_view from = self.served_ < self.map_.size()
          ? self.map_.substr(static_cast<std::size_t>(self.served_))
          : self.unit_.substr(static_cast<std::size_t>((self.served_ - self.map_.size()) % self.unit_.size()));
      const std::size_t k = static_cast<std::size_t>(std::min<std::uint64_t>({size - n, from.size(), end - self.served_}));
      std::memcpy(buffer + n, from.data(), k);
      n += k;
      self.served_ += k;
    }
    return static_cast<ssize_t>(n);
  }

  std::string_view map_, unit_;
  std::uint64_t served_ = 0;
  std::FILE* file_ = nullptr;
};

/// What puzzle::run prints for `input`, and its warnings, one a line.
std::string run_with_warnings(puzzle::Input& input, const puzzle::Options& options, std::string& warnings) {
  std::string out;
  puzzle::Sink sink(&out, &warnings);
  puzzle::run(input, options, sink);
  return out;
}

bool all_blank(std::string_view text) { return text.find_first_not_of(" \t\r\n") == std::string_view::npos; }

/// `input` is a valid map (read as `ref`) and whatever follows its rows. That tail (or,
/// when there is none, the last row) over and over after the map, read as standard
/// input is: the answer is the map's alone, at most kTailLimit bytes of the tail are
/// taken, with one warning when the tail's first line is not blank and none when the
/// whole tail is blank (what lies between, blank lines and then junk, may be beyond
/// what the solver looks at: at most one warning).
void check_endless_tail(std::string_view input, const Reference& ref, const puzzle::Options& options) {
  std::string map(input.substr(0, ref.map_end));
  if (!ref.last_row_ended) map += '\n';
  const std::string last_row = ref.rows.back() + "\n";
  std::string_view unit = input.substr(ref.map_end);
  if (unit.empty()) unit = last_row;

  std::string alone_warnings, warnings, out;
  puzzle::Input alone_input(map);
  const std::string alone = run_with_warnings(alone_input, options, alone_warnings);
  if (!alone_warnings.empty()) die("a warning for a map with nothing after it", alone_warnings + "--- input:\n" + map);
  EndlessInput endless(map, unit);
  try {
    puzzle::Input stdin_like(endless.file());
    out = run_with_warnings(stdin_like, options, warnings);
  } catch (const puzzle::Error& e) {
    die("a valid map followed by an endless tail was refused", std::string(e.what()) + "\n--- map:\n" + map);
  }
  const std::string shown = "--- map:\n" + map + "--- tail, over and over:\n" + std::string(unit);
  if (endless.tail_taken() > kTailLimit)
    die("the solver read on into an endless tail after the map", std::to_string(endless.tail_taken()) + " bytes\n" + shown);
  if (out != alone) die("an endless tail after the map changed the answer", shown);
  const auto count = std::count(warnings.begin(), warnings.end(), '\n');
  if (count > 1) die("more than one warning for a tail after the map", warnings + shown);
  if (all_blank(unit) && count != 0) die("a warning for a blank tail after the map", warnings + shown);
  if (!all_blank(unit.substr(0, unit.find('\n'))) && count != 1)
    die("no warning for a tail whose first line is not blank", shown);
}

/// argv from a command line: argv[0] "puzzle", then the words between single spaces.
void run_command_line(std::string_view line, std::string_view map) {
  std::vector<std::string> words{"puzzle"};
  std::size_t pos = 0;
  while (words.size() < 16) {
    std::size_t end = line.find(' ', pos);
    words.emplace_back(line.substr(pos, end == std::string_view::npos ? std::string_view::npos : end - pos));
    if (end == std::string_view::npos) break;
    pos = end + 1;
  }
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(&w[0]);
  argv.push_back(nullptr);
  puzzle::Options options;
  try {
    options = puzzle::parse_options(static_cast<int>(words.size()), argv.data());
  } catch (const puzzle::Error& e) {
    if (std::string(e.what()).empty()) die("parse_options: puzzle::Error with an empty message", std::string(line));
    return;
  } catch (const std::exception& e) {
    die("parse_options: exception other than puzzle::Error", e.what());
  }
  if (options.help) return;
  if (options.container == puzzle::Container::none) die("parse_options accepted a command line without -q/-s", std::string(line));
  run_map(map, options);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::uint8_t mode = data[0];
  std::string_view rest(reinterpret_cast<const char*>(data + 1), size - 1);
  if ((mode & 0xF0) == 0xF0) {
    std::size_t end = rest.find('\n');
    std::string_view line = rest.substr(0, end);
    std::string_view map = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
    run_command_line(line, map);
    return 0;
  }
  puzzle::Options options;
  options.container = mode & 1 ? puzzle::Container::stack : puzzle::Container::queue;
  options.output = mode & 2 ? puzzle::OutputMode::list : puzzle::OutputMode::map;
  const Reference ref = run_map(rest, options);
  if ((mode & 4) && ref.valid) check_endless_tail(rest, ref, options);
  return 0;
}
