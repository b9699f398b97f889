// Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
//
// puzzle: solves the door-and-button mazes of EECS 281 Project 1 ("Puzzle Solver").
// Input (stdin): a header line `num_colors height width`, any number of `//` comment
// lines, then `height` lines of `width` characters from `@ ? . # A-Z a-z ^`.
// A state is (color, row, col), color `^` or one of the first num_colors letters; the
// search discovers states north, east, south, west (or presses the active button it
// stands on) with a queue (--queue, breadth first) or a stack (--stack, depth first)
// and stops the moment a state on the target is discovered. Output: the path as a list
// of states, or the map of every color layer with the path drawn in, or "No solution."
// with the cells discovered in any color.
// Time and memory: O((C+1)*R*W); half a byte per state, one byte per cell.
// Exit status: 0 for a valid map (solved or not), 1 for any bad input or option, with
// one line `puzzle: error: ...` on stderr and nothing on stdout.
// Depends on the C++17 standard library and <getopt.h> only.

#include <getopt.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace puzzle {

// ==== Errors =====================================================================

/// Every user-facing problem: bad options, bad input, a map too large to hold.
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Stops the run with `what`; main prints "puzzle: error: <what>" and exits 1.
[[noreturn]] void fail(const std::string& what) { throw Error(what); }

/// Shows a byte readably in a message: 'x', or \xNN for control and non-ASCII bytes.
std::string show_char(char c) {
  auto byte = static_cast<unsigned char>(c);
  if (byte >= 0x21 && byte < 0x7F) return std::string("'") + c + "'";
  if (byte == ' ') return "' ' (space)";
  if (byte == '\t') return "a tab";
  if (byte == '\r') return "a carriage return";
  static const char digits[] = "0123456789ABCDEF";
  return std::string("byte \\x") + digits[byte >> 4] + digits[byte & 15];
}

// ==== Options ====================================================================

enum class Container { none, queue, stack };
enum class OutputMode { map, list };

struct Options {
  Container container = Container::none;  ///< queue: breadth first; stack: depth first
  OutputMode output = OutputMode::map;
  bool help = false;  ///< --help: print the usage text and exit 0, nothing else
};

const char kUsage[] =
    "Usage: puzzle (--queue | --stack) [--output map|list] < MAP\n"
    "Solves a door-and-button puzzle read from standard input.\n"
    "\n"
    "  -q, --queue          search with a queue (breadth first: a shortest path)\n"
    "  -s, --stack          search with a stack (depth first)\n"
    "  -o, --output TYPE    map (default): every color layer with the path drawn in\n"
    "                       list: the path as lines (color, (row, col))\n"
    "  -h, --help           print this help and exit\n"
    "\n"
    "Exactly one of --queue and --stack is required. Short options combine: -qo list.\n"
    "Input: a line 'num_colors height width', optional '//' comment lines, then\n"
    "height lines of width characters: @ start, ? target, . floor, # wall,\n"
    "A-Z doors, a-z buttons (the first num_colors letters), ^ traps.\n"
    "Exit status: 0 for a valid map (solved or not), 1 for bad input or options.\n"
    "Example: puzzle -q -o list < spec-inputs/spec-simple.txt\n";

/// Reads the command line. Throws Error for anything but a complete, legal set.
Options parse_options(int argc, char* argv[]) {
  static const option kLongOptions[] = {
      {"help", no_argument, nullptr, 'h'},
      {"queue", no_argument, nullptr, 'q'},
      {"stack", no_argument, nullptr, 's'},
      {"output", required_argument, nullptr, 'o'},
      {nullptr, 0, nullptr, 0},
  };
  Options options;
  bool output_given = false;
  opterr = 0;  // getopt's own messages off: every error goes through fail()
  optind = 0;  // full reset, so that tests can parse several command lines
  int choice;
  while ((choice = getopt_long(argc, argv, ":hqso:", kLongOptions, nullptr)) != -1) {
    switch (choice) {
      case 'h':
        options.help = true;
        return options;
      case 'q':
      case 's': {
        Container wanted = choice == 'q' ? Container::queue : Container::stack;
        if (options.container == wanted)
          fail(std::string("--") + (choice == 'q' ? "queue" : "stack") + " is given twice");
        if (options.container != Container::none)
          fail("--stack and --queue are both given; choose one");
        options.container = wanted;
        break;
      }
      case 'o':
        if (output_given) fail("--output is given twice");
        output_given = true;
        if (std::strcmp(optarg, "map") == 0) options.output = OutputMode::map;
        else if (std::strcmp(optarg, "list") == 0) options.output = OutputMode::list;
        else fail("--output must be 'map' or 'list', not '" + std::string(optarg) + "'");
        break;
      case ':':
        fail("--output (-o) needs an argument: map or list");
      default: {
        std::string word = argv[optind - 1];
        if (word.rfind("--", 0) == 0)
          fail("unknown option '" + word + "'" +
               (word.find('=') != std::string::npos ? " (or it takes no argument)" : ""));
        fail(std::string("unknown option '-") + static_cast<char>(optopt) + "'");
      }
    }
  }
  if (optind < argc)
    fail("unexpected argument '" + std::string(argv[optind]) +
         "': the map is read from standard input (puzzle < MAP)");
  if (options.container == Container::none)
    fail("choose a search container: --queue (-q) or --stack (-s)");
  return options;
}

// ==== Rules of the game ==========================================================
// One copy of every rule, on the map's own characters. A layer is the color of the
// last button pressed: '^' (none yet, or a trap) or a lowercase letter. The search
// turns these into tables; tools/check replays a path with them directly.

constexpr char kNoColor = '^';

inline bool is_door(char c) { return c >= 'A' && c <= 'Z'; }
inline bool is_button(char c) { return c >= 'a' && c <= 'z'; }

/// Whether standing on `cell` in `layer` means pressing it: a colored button of another
/// color than the layer, or a trap in any layer but '^'.
inline bool is_active_button(char layer, char cell) {
  return (is_button(cell) || cell == kNoColor) && cell != layer;
}

/// The layer after pressing the button on `cell`: its color, or '^' for a trap.
inline char pressed_layer(char cell) { return cell; }

/// Whether a move into `cell` is allowed in `layer`: not a wall, not a closed door.
inline bool is_passable(char layer, char cell) {
  if (cell == '#') return false;
  if (is_door(cell)) return cell - 'A' + 'a' == layer;
  return true;
}

// ==== Input: the map ===============================================================

/// A zero-filled array from calloc: pages never written cost no memory, which the
/// search relies on for padding (zero means wall). Move-only owner.
template <typename T>
class Buffer {
 public:
  Buffer() = default;
  explicit Buffer(std::size_t count) : count_(count) {
    if (count == 0) return;
    data_ = static_cast<T*>(std::calloc(count, sizeof(T)));
    if (!data_)
      fail("not enough memory: " + std::to_string(count * sizeof(T) / 1048576 + 1) +
           " MB needed for the search");
  }
  Buffer(Buffer&& other) noexcept { swap(other); }
  Buffer& operator=(Buffer&& other) noexcept {
    Buffer(std::move(other)).swap(*this);
    return *this;
  }
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;
  ~Buffer() { std::free(data_); }

  T* data() { return data_; }
  const T* data() const { return data_; }
  T& operator[](std::size_t i) { return data_[i]; }
  const T& operator[](std::size_t i) const { return data_[i]; }
  std::size_t size() const { return count_; }

 private:
  void swap(Buffer& other) noexcept {
    std::swap(data_, other.data_);
    std::swap(count_, other.count_);
  }
  T* data_ = nullptr;
  std::size_t count_ = 0;
};

/// What a map cell is, one byte per cell in the grid. Zero is a wall, so that the
/// zero-filled padding around the map needs no writing.
enum Kind : std::uint8_t {
  kWall = 0,
  kFloor = 1,
  kStart = 2,
  kTarget = 3,
  kDoor = 4,     ///< kDoor + k: door of color k (0 = A)
  kButton = 30,  ///< kButton + k: button of color k (0 = a)
  kTrap = 56,
  kKinds = 57,
  kInvalid = 255,
};

/// The map character of each kind.
inline char kind_char(std::uint8_t kind) {
  if (kind >= kDoor && kind < kButton) return static_cast<char>('A' + (kind - kDoor));
  if (kind >= kButton && kind < kTrap) return static_cast<char>('a' + (kind - kButton));
  static const char kFixed[] = {'#', '.', '@', '?'};
  return kind == kTrap ? '^' : kFixed[kind];
}

/// The layer index of a color: 0 for '^', 1 + k for the k-th letter.
inline std::uint32_t layer_index(char color) {
  return color == kNoColor ? 0 : static_cast<std::uint32_t>(color - 'a' + 1);
}
inline char layer_color(std::uint32_t layer) {
  return layer == 0 ? kNoColor : static_cast<char>('a' + layer - 1);
}

/// A valid map. Cells live in a grid with a one-cell wall border: row r, column c of
/// the map is cell (r + 1) * stride + c + 1, and rows share their border column.
struct Puzzle {
  std::uint32_t colors = 0;  ///< num_colors: layers are '^' and the first `colors` letters
  std::uint32_t height = 0;
  std::uint32_t width = 0;
  std::uint32_t stride = 0;  ///< grid cells per row: width + 1
  std::uint32_t start = 0;   ///< cell of '@'
  std::uint32_t target = 0;  ///< cell of '?'
  Buffer<std::uint8_t> grid;  ///< (height + 2) * stride kinds, kWall outside the map

  std::uint32_t cell(std::uint32_t row, std::uint32_t col) const {
    return (row + 1) * stride + col + 1;
  }
  std::uint32_t row_of(std::uint32_t cell) const { return cell / stride - 1; }
  std::uint32_t col_of(std::uint32_t cell) const { return cell % stride - 1; }
  /// The input character at (row, col).
  char at(std::uint32_t row, std::uint32_t col) const { return kind_char(grid[cell(row, col)]); }
};

namespace {

/// Walks the input line by line, keeping the 1-based line number for messages.
class LineReader {
 public:
  explicit LineReader(std::string_view text) : text_(text) {}

  /// The next line without its "\n" or "\r\n"; false at the end of the input.
  bool next(std::string_view& line) {
    if (pos_ >= text_.size()) return false;
    std::size_t end = text_.find('\n', pos_);
    if (end == std::string_view::npos) end = text_.size();
    line = text_.substr(pos_, end - pos_);
    pos_ = end + 1;
    ++number_;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    std::size_t cr = line.find('\r');
    if (cr != std::string_view::npos)
      fail(where(cr) + "carriage return inside a line (only \\n or \\r\\n line ends are read)");
    return true;
  }
  /// Bytes not yet read.
  std::size_t remaining() const { return pos_ < text_.size() ? text_.size() - pos_ : 0; }
  std::size_t number() const { return number_; }
  std::string where(std::size_t column) const {
    return "line " + std::to_string(number_) + ", column " + std::to_string(column + 1) + ": ";
  }

 private:
  std::string_view text_;
  std::size_t pos_ = 0;
  std::size_t number_ = 0;
};

std::string_view trim_right(std::string_view line) {
  while (!line.empty() && (line.back() == ' ' || line.back() == '\t')) line.remove_suffix(1);
  return line;
}

/// Parses "num_colors height width": three unsigned 32-bit integers.
void parse_header(LineReader& lines, Puzzle& puzzle) {
  std::string_view line;
  if (!lines.next(line)) fail("empty input: expected a header line 'num_colors height width'");
  static const char* const kNames[] = {"num_colors", "height", "width"};
  std::uint32_t values[3];
  std::size_t pos = 0;
  for (int i = 0; i < 3; ++i) {
    while (pos < line.size() && (line[pos] == ' ' || line[pos] == '\t')) ++pos;
    if (pos == line.size())
      fail("line 1: the header needs three numbers 'num_colors height width', found " +
           std::to_string(i));
    if (line[pos] < '0' || line[pos] > '9')
      fail(lines.where(pos) + "expected " + kNames[i] + " as an unsigned integer, found " +
           show_char(line[pos]));
    std::uint64_t value = 0;
    std::size_t begin = pos;
    while (pos < line.size() && line[pos] >= '0' && line[pos] <= '9') {
      value = value * 10 + static_cast<std::uint64_t>(line[pos] - '0');
      if (value > UINT32_MAX)
        fail(lines.where(begin) + kNames[i] + " does not fit in 32 bits (at most 4294967295)");
      ++pos;
    }
    if (pos < line.size() && line[pos] != ' ' && line[pos] != '\t')
      fail(lines.where(pos) + "unexpected " + show_char(line[pos]) + " in " + kNames[i]);
    values[i] = static_cast<std::uint32_t>(value);
  }
  while (pos < line.size() && (line[pos] == ' ' || line[pos] == '\t')) ++pos;
  if (pos < line.size())
    fail(lines.where(pos) + "the header has more than three numbers 'num_colors height width'");
  puzzle.colors = values[0];
  puzzle.height = values[1];
  puzzle.width = values[2];
  if (puzzle.colors > 26)
    fail("line 1: num_colors is " + std::to_string(puzzle.colors) + ", at most 26 allowed");
  if (puzzle.height == 0) fail("line 1: height is 0, at least 1 needed");
  if (puzzle.width == 0) fail("line 1: width is 0, at least 1 needed");
}

/// The kind of every byte for a map with `colors` colors; kInvalid for the rest.
void build_kind_table(std::uint32_t colors, std::uint8_t (&kinds)[256]) {
  std::memset(kinds, kInvalid, sizeof kinds);
  kinds[static_cast<unsigned char>('#')] = kWall;
  kinds[static_cast<unsigned char>('.')] = kFloor;
  kinds[static_cast<unsigned char>('@')] = kStart;
  kinds[static_cast<unsigned char>('?')] = kTarget;
  kinds[static_cast<unsigned char>('^')] = kTrap;
  for (std::uint32_t k = 0; k < colors; ++k) {
    kinds['A' + k] = static_cast<std::uint8_t>(kDoor + k);
    kinds['a' + k] = static_cast<std::uint8_t>(kButton + k);
  }
}

/// The message for a byte that is not a map character of a `colors`-color map.
std::string invalid_char_message(char c, std::uint32_t colors) {
  if (is_door(c) || is_button(c)) {
    std::string what = is_door(c) ? "door " : "button ";
    if (colors == 0) return what + show_char(c) + " in a map with 0 colors (no doors or buttons)";
    char last = static_cast<char>((is_door(c) ? 'A' : 'a') + colors - 1);
    return what + show_char(c) + " is beyond the map's " + std::to_string(colors) +
           " colors (" + (is_door(c) ? "A-" : "a-") + last + ")";
  }
  if (c == '/') return "comment line inside the map (comments go before the map)";
  return "invalid character " + show_char(c) + " in the map (allowed: @ ? . # ^ and the colors' letters)";
}

/// Reads the map rows into puzzle.grid (when `store`), checking every rule the spec
/// gives and the shape of every line. Comment lines before the map are skipped.
void parse_rows(LineReader& lines, Puzzle& puzzle, bool store) {
  std::uint8_t kinds[256];
  build_kind_table(puzzle.colors, kinds);
  std::string_view line;
  bool have_line = lines.next(line);
  while (have_line && line.substr(0, 2) == "//") have_line = lines.next(line);

  std::size_t start_line = 0, start_col = 0, target_line = 0, target_col = 0;
  for (std::uint32_t row = 0; row < puzzle.height; ++row) {
    if (row > 0) have_line = lines.next(line);
    if (!have_line)
      fail("the map has " + std::to_string(row) + " rows, the header says " +
           std::to_string(puzzle.height) + " (input ends at line " +
           std::to_string(lines.number()) + ")");
    line = trim_right(line);
    for (std::size_t col = 0; col < line.size() && col < puzzle.width; ++col) {
      std::uint8_t kind = kinds[static_cast<unsigned char>(line[col])];
      if (kind == kInvalid) fail(lines.where(col) + invalid_char_message(line[col], puzzle.colors));
      if (kind == kStart || kind == kTarget) {
        std::size_t& seen_line = kind == kStart ? start_line : target_line;
        std::size_t& seen_col = kind == kStart ? start_col : target_col;
        if (seen_line != 0)
          fail(lines.where(col) + "a second " + show_char(line[col]) + " (the first is at line " +
               std::to_string(seen_line) + ", column " + std::to_string(seen_col + 1) +
               "); the map needs exactly one");
        seen_line = lines.number();
        seen_col = col;
        std::uint32_t cell = puzzle.cell(row, static_cast<std::uint32_t>(col));
        (kind == kStart ? puzzle.start : puzzle.target) = cell;
      }
      if (store) puzzle.grid[puzzle.cell(row, static_cast<std::uint32_t>(col))] = kind;
    }
    if (line.size() != puzzle.width)
      fail("line " + std::to_string(lines.number()) + ": map row " + std::to_string(row) +
           " has " + std::to_string(line.size()) + " characters, the header says width " +
           std::to_string(puzzle.width));
  }
  while (lines.next(line)) {
    std::string_view rest = trim_right(line);
    if (!rest.empty())
      fail("line " + std::to_string(lines.number()) + ": unexpected content after the map's " +
           std::to_string(puzzle.height) + " rows");
  }
  if (start_line == 0) fail("the map has no '@' (start); it needs exactly one");
  if (target_line == 0) fail("the map has no '?' (target); it needs exactly one");
}

}  // namespace

/// Validates `input` and builds the grid. Throws Error naming the line and column of
/// the first problem. Nothing is allocated before the input is known to hold the map.
Puzzle parse_puzzle(std::string_view input) {
  Puzzle puzzle;
  LineReader lines(input);
  parse_header(lines, puzzle);
  std::uint64_t cells = std::uint64_t{puzzle.height} * puzzle.width;
  if (cells > lines.remaining()) {
    parse_rows(lines, puzzle, false);  // fails with the precise reason
    fail("the input is too short for a " + std::to_string(puzzle.height) + " x " +
         std::to_string(puzzle.width) + " map");
  }
  std::uint64_t grid_cells = (std::uint64_t{puzzle.height} + 2) * (std::uint64_t{puzzle.width} + 1);
  if (grid_cells >= (std::uint64_t{1} << 32))
    fail("the map is too large: " + std::to_string(cells) + " cells, at most about 4 billion");
  puzzle.stride = puzzle.width + 1;
  puzzle.grid = Buffer<std::uint8_t>(static_cast<std::size_t>(grid_cells));
  parse_rows(lines, puzzle, true);
  return puzzle;
}

// ==== Search =====================================================================
// The state (layer, cell) is one 32-bit index: layer << shift | cell, where 1 << shift
// is the grid size rounded up to a power of two (the padding is never touched, so it
// costs address space, not memory). Moves add a fixed offset to the index.

namespace {

/// Half a byte per state. 0: cannot be entered (wall, closed door, outside the map);
/// kOpen: can be entered, not yet discovered. Otherwise how the state was discovered:
/// 1-4 by a move north/east/south/west, kByPress by a press here in another layer,
/// kIsStart for the start; plus kPressedHere on the one state whose press discovered
/// the button's layer (so the backtrace finds the layer it came from).
enum Mark : std::uint8_t {
  kBlocked = 0,
  kByMove = 1,  ///< kByMove + d: moved in direction d (0 north, 1 east, 2 south, 3 west)
  kByPress = 5,
  kIsStart = 6,
  kReached = 7,  ///< reachability pass: reached, how not recorded
  kPressedHere = 8,
  kOpen = 15,
};

/// Whether a state's mark says that its press discovered the button's layer.
inline bool pressed_here(std::uint8_t mark) { return mark != kOpen && (mark & kPressedHere) != 0; }

constexpr std::uint8_t kNoPress = 0xFF;

/// Tables of the rules, per layer and cell kind.
struct RuleTables {
  std::uint8_t press[27][kKinds];     ///< layer reached by pressing, or kNoPress
  std::uint64_t passable[27];         ///< bit k: cells of kind k can be entered
};

RuleTables build_rule_tables(std::uint32_t colors) {
  RuleTables t;
  for (std::uint32_t layer = 0; layer <= colors; ++layer) {
    char color = layer_color(layer);
    t.passable[layer] = 0;
    for (std::uint8_t kind = 0; kind < kKinds; ++kind) {
      char c = kind_char(kind);
      t.press[layer][kind] = is_active_button(color, c)
                                 ? static_cast<std::uint8_t>(layer_index(pressed_layer(c)))
                                 : kNoPress;
      if (is_passable(color, c)) t.passable[layer] |= std::uint64_t{1} << kind;
    }
  }
  return t;
}

/// The state space of one puzzle: marks for every state, and the moves.
class StateSpace {
 public:
  explicit StateSpace(const Puzzle& puzzle) : puzzle_(puzzle), rules_(build_rule_tables(puzzle.colors)) {
    std::uint64_t grid_cells = std::uint64_t{puzzle.height + 2} * puzzle.stride;
    while ((std::uint64_t{1} << shift_) < grid_cells) ++shift_;
    std::uint64_t states = std::uint64_t{puzzle.colors + 1} << shift_;
    if (states > (std::uint64_t{1} << 32))
      fail("the map is too large to search: " + std::to_string(puzzle.colors + 1) +
           " layers of " + std::to_string(puzzle.height) + " x " + std::to_string(puzzle.width) +
           " cells need more than 2^32 states");
    marks_ = Buffer<std::uint8_t>(static_cast<std::size_t>(states / 2));
    offset_[0] = 0u - puzzle.stride;
    offset_[1] = 1;
    offset_[2] = puzzle.stride;
    offset_[3] = 0u - 1u;
  }

  /// Marks every state of the map's rows kOpen or kBlocked, from the grid.
  void reset() {
    const std::uint8_t* grid = puzzle_.grid.data();
    std::size_t first = puzzle_.stride / 2, last = (std::size_t{puzzle_.height + 1} * puzzle_.stride + 1) / 2;
    for (std::uint32_t layer = 0; layer <= puzzle_.colors; ++layer) {
      std::uint64_t passable = rules_.passable[layer];
      std::uint8_t* marks = marks_.data() + (std::size_t{layer} << shift_) / 2;
      for (std::size_t i = first; i < last; ++i) {
        std::uint8_t low = (passable >> grid[2 * i]) & 1 ? kOpen : kBlocked;
        std::uint8_t high = (passable >> grid[2 * i + 1]) & 1 ? kOpen : kBlocked;
        marks[i] = static_cast<std::uint8_t>(low | high << 4);
      }
    }
  }

  std::uint8_t mark(std::uint32_t state) const {
    return static_cast<std::uint8_t>(marks_[state >> 1] >> ((state & 1) * 4) & 15);
  }
  void set_mark(std::uint32_t state, std::uint8_t value) {
    std::uint8_t& byte = marks_[state >> 1];
    unsigned shift = (state & 1) * 4;
    byte = static_cast<std::uint8_t>((byte & ~(15u << shift)) | unsigned{value} << shift);
  }
  void prefetch(std::uint32_t state) const {
    __builtin_prefetch(&marks_[(state - puzzle_.stride) >> 1]);
    __builtin_prefetch(&marks_[state >> 1]);
    __builtin_prefetch(&marks_[(state + puzzle_.stride) >> 1]);
    __builtin_prefetch(&puzzle_.grid[state & cell_mask()]);
  }

  std::uint32_t state(std::uint32_t layer, std::uint32_t cell) const { return layer << shift_ | cell; }
  std::uint32_t layer_of(std::uint32_t state) const { return state >> shift_; }
  std::uint32_t cell_of(std::uint32_t state) const { return state & cell_mask(); }
  unsigned shift() const { return shift_; }
  std::uint32_t cell_mask() const { return static_cast<std::uint32_t>((std::uint64_t{1} << shift_) - 1); }
  /// The layer reached by pressing at `state`, or kNoPress if it is not an active button.
  std::uint8_t press(std::uint32_t state) const {
    return rules_.press[layer_of(state)][puzzle_.grid[cell_of(state)]];
  }
  std::uint32_t offset(int direction) const { return offset_[direction]; }
  const Puzzle& puzzle() const { return puzzle_; }

  /// Whether any layer discovered (row, col).
  bool discovered(std::uint32_t cell) const {
    for (std::uint32_t layer = 0; layer <= puzzle_.colors; ++layer) {
      std::uint8_t m = mark(state(layer, cell));
      if (m != kBlocked && m != kOpen) return true;
    }
    return false;
  }

 private:
  const Puzzle& puzzle_;
  RuleTables rules_;
  unsigned shift_ = 1;
  std::uint32_t offset_[4];  ///< north, east, south, west: added to a state index
  Buffer<std::uint8_t> marks_;
};

/// The search container: a growable ring of state indices. A queue takes from the
/// front, a stack from the back; consumed room is reused, so it holds only what waits.
class StateRing {
 public:
  StateRing() : slots_(1024), mask_(1023) {}
  bool empty() const { return head_ == tail_; }
  std::size_t size() const { return tail_ - head_; }
  void push_back(std::uint32_t state) {
    if (tail_ - head_ == slots_.size()) grow();
    slots_[tail_++ & mask_] = state;
  }
  std::uint32_t pop_front() { return slots_[head_++ & mask_]; }
  std::uint32_t pop_back() { return slots_[--tail_ & mask_]; }
  /// The state `ahead` places behind the front, if there is one (for prefetching).
  bool peek_front(std::size_t ahead, std::uint32_t& state) const {
    if (ahead >= tail_ - head_) return false;
    state = slots_[(head_ + ahead) & mask_];
    return true;
  }
  std::size_t peak() const { return slots_.size(); }

 private:
  void grow() {
    std::vector<std::uint32_t> bigger(slots_.size() * 2);
    for (std::size_t i = head_; i != tail_; ++i) bigger[i - head_] = slots_[i & mask_];
    tail_ -= head_;
    head_ = 0;
    slots_.swap(bigger);
    mask_ = slots_.size() - 1;
  }
  std::vector<std::uint32_t> slots_;
  std::size_t mask_;
  std::size_t head_ = 0, tail_ = 0;  ///< grow without wrapping; slots are index & mask_
};

#ifdef PUZZLE_TRACE
void trace(const StateSpace& space, std::uint32_t state) {
  const Puzzle& p = space.puzzle();
  std::uint32_t cell = space.cell_of(state);
  std::fprintf(stderr, "(%c, (%u, %u))\n", layer_color(space.layer_of(state)), p.row_of(cell),
               p.col_of(cell));
}
#else
inline void trace(const StateSpace&, std::uint32_t) {}
#endif

constexpr std::uint32_t kNotFound = 0xFFFFFFFF;

/// The search of "The Algorithm": investigate states in container order, discovering
/// a press on an active button or else moves north, east, south, west. Returns the
/// state on the target that was discovered, or kNotFound.
template <Container kMode>
std::uint32_t exact_search(StateSpace& space) {
  const std::uint32_t target = space.puzzle().target;
  const std::uint32_t start = space.state(0, space.puzzle().start);
  constexpr std::size_t kAhead = 12;  // prefetch distance, in queued states
  StateRing container;
  space.set_mark(start, kIsStart);
  container.push_back(start);
  while (!container.empty()) {
    std::uint32_t current = kMode == Container::queue ? container.pop_front() : container.pop_back();
    if (kMode == Container::queue) {
      std::uint32_t soon;
      if (container.peek_front(kAhead, soon)) space.prefetch(soon);
    }
    trace(space, current);
    std::uint8_t press = space.press(current);
    if (press != kNoPress) {
      std::uint32_t next = space.state(press, space.cell_of(current));
      if (space.mark(next) == kOpen) {
        space.set_mark(next, kByPress);
        space.set_mark(current, static_cast<std::uint8_t>(space.mark(current) | kPressedHere));
        container.push_back(next);
      }
      continue;
    }
    for (int d = 0; d < 4; ++d) {
      std::uint32_t next = current + space.offset(d);
      if (space.mark(next) != kOpen) continue;
      space.set_mark(next, static_cast<std::uint8_t>(kByMove + d));
      if (space.cell_of(next) == target) return next;
      container.push_back(next);
    }
  }
  return kNotFound;
}

/// Whether the target can be reached at all, flooding one layer at a time (the order
/// does not matter for the answer, so the search can stay in one layer's memory).
/// Marks every reached state kReached: for an unsolvable map, exactly the states the
/// exact search would discover.
bool reachable(StateSpace& space) {
  const Puzzle& puzzle = space.puzzle();
  std::vector<std::vector<std::uint32_t>> pending(puzzle.colors + 1);  // cells to start from, per layer
  space.set_mark(space.state(0, puzzle.start), kReached);
  pending[0].push_back(puzzle.start);
  std::vector<std::uint32_t> stack;
  for (bool progress = true; progress;) {
    progress = false;
    for (std::uint32_t layer = 0; layer <= puzzle.colors; ++layer) {
      if (pending[layer].empty()) continue;
      progress = true;
      stack.swap(pending[layer]);
      const std::uint32_t base = space.state(layer, 0);
      while (!stack.empty()) {
        std::uint32_t cell = stack.back();
        stack.pop_back();
        std::uint8_t press = space.press(base | cell);
        if (press != kNoPress) {
          std::uint32_t next = space.state(press, cell);
          if (space.mark(next) == kOpen) {
            space.set_mark(next, kReached);
            pending[press].push_back(cell);
          }
          continue;
        }
        for (int d = 0; d < 4; ++d) {
          std::uint32_t next = cell + space.offset(d);
          if (space.mark(base | next) != kOpen) continue;
          space.set_mark(base | next, kReached);
          if (next == puzzle.target) return true;
          stack.push_back(next);
        }
      }
    }
  }
  return false;
}

/// The path from the start to `end`, following the marks backwards.
std::vector<std::uint32_t> backtrace(const StateSpace& space, std::uint32_t end) {
  std::vector<std::uint32_t> path{end};
  std::uint32_t state = end;
  for (;;) {
    std::uint8_t how = space.mark(state) & 7;
    if (how == kIsStart) break;
    if (how == kByPress) {
      std::uint32_t cell = space.cell_of(state);
      std::uint32_t layer = 0;
      while (layer == space.layer_of(state) || !pressed_here(space.mark(space.state(layer, cell))))
        ++layer;
      state = space.state(layer, cell);
    } else {
      state -= space.offset(how - kByMove);
    }
    path.push_back(state);
  }
  std::reverse(path.begin(), path.end());
  return path;
}

}  // namespace

/// The outcome of a search: the path of states from the start to the target (empty if
/// there is none), and for an unsolvable map which cells were discovered.
struct Solution {
  std::vector<std::uint32_t> path;  ///< states: layer << shift | cell
  std::vector<bool> discovered;     ///< per grid cell, only when path is empty
  unsigned shift = 0;               ///< of the state indices in path
};

/// Solves `puzzle` as the spec's algorithm does with the given container.
Solution solve(const Puzzle& puzzle, Container container) {
  StateSpace space(puzzle);
  space.reset();
  Solution solution;
  solution.shift = space.shift();
  if (!reachable(space)) {
    solution.discovered.assign(std::size_t{puzzle.height + 2} * puzzle.stride, false);
    for (std::uint32_t row = 0; row < puzzle.height; ++row)
      for (std::uint32_t col = 0; col < puzzle.width; ++col)
        solution.discovered[puzzle.cell(row, col)] = space.discovered(puzzle.cell(row, col));
    return solution;
  }
  space.reset();
  std::uint32_t end = container == Container::stack ? exact_search<Container::stack>(space)
                                                    : exact_search<Container::queue>(space);
  solution.path = backtrace(space, end);
  return solution;
}

// ==== Output =====================================================================

/// Where output goes: appended to a string (tests) or written to a FILE (main).
class Sink {
 public:
  explicit Sink(std::string* text) : text_(text) {}
  explicit Sink(std::FILE* file) : file_(file) {}
  void write(std::string_view data) {
    if (text_) {
      text_->append(data);
    } else if (std::fwrite(data.data(), 1, data.size(), file_) != data.size()) {
      fail("cannot write the output");
    }
  }

 private:
  std::string* text_ = nullptr;
  std::FILE* file_ = nullptr;
};

namespace {

void write_list(const Puzzle& puzzle, const Solution& solution, Sink& sink) {
  std::string text;
  text.reserve(solution.path.size() * 20);
  const std::uint32_t cell_mask = (std::uint32_t{1} << solution.shift) - 1;
  char line[64];
  for (std::uint32_t state : solution.path) {
    std::uint32_t cell = state & cell_mask;
    int n = std::snprintf(line, sizeof line, "(%c, (%u, %u))\n", layer_color(state >> solution.shift),
                          puzzle.row_of(cell), puzzle.col_of(cell));
    text.append(line, static_cast<std::size_t>(n));
  }
  sink.write(text);
}

/// The character each kind shows as on the map of `layer`, before the path is drawn:
/// the layer's own buttons and doors (traps on '^') read as floor, the start only on '^'.
void layer_chars(std::uint32_t layer, char (&chars)[kKinds]) {
  char color = layer_color(layer);
  for (std::uint8_t kind = 0; kind < kKinds; ++kind) {
    char c = kind_char(kind);
    if (c == '@' && layer != 0) c = '.';
    else if (c == color || (is_door(c) && c - 'A' + 'a' == color)) c = '.';
    chars[kind] = c;
  }
}

/// Writes the map rows of `puzzle` through `chars` into `out`, one line per row.
template <typename CharOf>
void render_rows(const Puzzle& puzzle, std::string& out, CharOf char_of) {
  out.resize(std::size_t{puzzle.height} * (puzzle.width + 1));
  char* p = &out[0];
  for (std::uint32_t row = 0; row < puzzle.height; ++row) {
    std::uint32_t cell = puzzle.cell(row, 0);
    for (std::uint32_t col = 0; col < puzzle.width; ++col) *p++ = char_of(cell + col);
    *p++ = '\n';
  }
}

void write_map(const Puzzle& puzzle, const Solution& solution, Sink& sink) {
  // The path's marks: '+' where it walks, '%' where it presses a button and '@' where
  // it arrives in the button's layer; a later mark on the same state wins.
  struct PathMark { std::uint32_t state; char symbol; };
  std::vector<PathMark> marks;
  const auto& path = solution.path;
  for (std::size_t i = 1; i < path.size(); ++i) {
    if (path[i] >> solution.shift != path[i - 1] >> solution.shift) {
      marks.push_back({path[i - 1], '%'});
      marks.push_back({path[i], '@'});
    } else if (i + 1 < path.size()) {
      marks.push_back({path[i], '+'});
    }
  }
  std::stable_sort(marks.begin(), marks.end(),
                   [&](const PathMark& a, const PathMark& b) { return a.state >> solution.shift < b.state >> solution.shift; });
  const std::uint32_t cell_mask = (std::uint32_t{1} << solution.shift) - 1;
  std::string text;
  std::size_t next_mark = 0;
  for (std::uint32_t layer = 0; layer <= puzzle.colors; ++layer) {
    char chars[kKinds];
    layer_chars(layer, chars);
    render_rows(puzzle, text, [&](std::uint32_t cell) { return chars[puzzle.grid[cell]]; });
    for (; next_mark < marks.size() && marks[next_mark].state >> solution.shift == layer; ++next_mark) {
      std::uint32_t cell = marks[next_mark].state & cell_mask;
      text[std::size_t{puzzle.row_of(cell)} * (puzzle.width + 1) + puzzle.col_of(cell)] = marks[next_mark].symbol;
    }
    sink.write(std::string("// color ") + layer_color(layer) + "\n");
    sink.write(text);
  }
}

#ifdef PUZZLE_SPEC_2020
const char kNoSolutionHeader[] = "No solution.\nReachable:\n";
#else
const char kNoSolutionHeader[] = "No solution.\nDiscovered:\n";
#endif

void write_no_solution(const Puzzle& puzzle, const Solution& solution, Sink& sink) {
  std::string text;
  render_rows(puzzle, text, [&](std::uint32_t cell) {
    return solution.discovered[cell] ? kind_char(puzzle.grid[cell]) : '#';
  });
  sink.write(kNoSolutionHeader);
  sink.write(text);
}

}  // namespace

/// Writes the output the spec asks for.
void write_output(const Puzzle& puzzle, const Solution& solution, OutputMode mode, Sink& sink) {
  if (solution.path.empty()) write_no_solution(puzzle, solution, sink);
  else if (mode == OutputMode::list) write_list(puzzle, solution, sink);
  else write_map(puzzle, solution, sink);
}

/// The whole run on an input text: validate, solve, print. Throws Error on bad input.
void run(std::string_view input, const Options& options, Sink& sink) {
  Puzzle puzzle = parse_puzzle(input);
  Solution solution = solve(puzzle, options.container);
  write_output(puzzle, solution, options.output, sink);
}

/// The output for `input` as a string (tests and fuzzing).
std::string run_to_string(std::string_view input, const Options& options) {
  std::string out;
  Sink sink(&out);
  run(input, options, sink);
  return out;
}

/// All of standard input, read in large blocks.
std::string read_all(std::FILE* file) {
  std::string text;
  if (std::fseek(file, 0, SEEK_END) == 0) {  // a regular file: its size is known
    long size = std::ftell(file);
    if (size > 0) text.reserve(static_cast<std::size_t>(size));
    std::rewind(file);
  }
  char block[1 << 16];
  std::size_t n;
  while ((n = std::fread(block, 1, sizeof block, file)) > 0) text.append(block, n);
  if (std::ferror(file)) fail("cannot read standard input");
  return text;
}

}  // namespace puzzle

// ==== main =======================================================================

#ifndef PUZZLE_NO_MAIN
int main(int argc, char* argv[]) {
  try {
    puzzle::Options options = puzzle::parse_options(argc, argv);
    if (options.help) {
      std::fputs(puzzle::kUsage, stdout);
      return 0;
    }
    puzzle::Puzzle map;
    {
      std::string input = puzzle::read_all(stdin);
      map = puzzle::parse_puzzle(input);
    }  // the input text is freed before the search
    puzzle::Solution solution = puzzle::solve(map, options.container);
    puzzle::Sink out(stdout);
    puzzle::write_output(map, solution, options.output, out);
  } catch (const puzzle::Error& e) {
    std::fprintf(stderr, "puzzle: error: %s\n", e.what());
    return 1;
  } catch (const std::bad_alloc&) {
    std::fputs("puzzle: error: not enough memory for this map\n", stderr);
    return 1;
  }
  return 0;
}
#endif
