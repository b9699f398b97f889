// Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
//
// puzzle: solves the door-and-button mazes of EECS 281 Project 1 ("Puzzle Solver").
// Input (stdin): a header line `num_colors height width`, any number of `//` comment
// lines, then `height` lines of `width` characters from `@ ? . # A-Z a-z ^` (what follows
// is not read; a warning says so). A state is (color, row, col), color `^` or one of the
// first num_colors letters; the search discovers states north, east, south, west (or
// presses the active button it stands on) with a queue (--queue) or a stack (--stack)
// and stops the moment a state on the target is discovered. Output: the path as a list of
// states, or every color layer's map with the path drawn in, or "No solution." and the
// discovered cells. Exit status 0 for a valid map (solved or not); 1 for any bad input or
// option, with one line `puzzle: error: ...` on stderr and nothing on stdout.
// How: a reachability pass floods whole rows of cells at a time and settles unsolvable
// maps; on a solvable map the exact search follows the spec's algorithm state by state.
// Time O((C+1)*R*W); memory a byte per cell, five bits per state and 4 bytes per waiting
// state. Needs the C++17 standard library, <getopt.h> and GCC/Clang builtins.
//
// tools/check, tools/show, tools/compare and the tests include this file with
// PUZZLE_NO_MAIN defined (main left out) and use Error, show_char, show_text, Options,
// parse_options, the rules (is_door .. layer_color), Puzzle, Input, size_problem,
// parse_puzzle, Solution, solve, Sink, walk_path, discovered_cell, write_output, run,
// run_to_string and run_stdio; the tests also Layout, RuleTable, StateSpace, Reachability.

#ifndef PUZZLE_CPP_INCLUDED
#define PUZZLE_CPP_INCLUDED

#include <getopt.h>

#include <algorithm>
#include <cassert>
#include <cerrno>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
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

/// A byte as a noun without an article ("unexpected X", "a second X"): 'x', ' ' (space),
/// '\t' (tab), '\r' (carriage return), byte \xHH.
std::string show_char(char c) {
  auto byte = static_cast<unsigned char>(c);
  if (byte >= 0x21 && byte < 0x7F) return std::string("'") + c + "'";
  if (byte == ' ') return "' ' (space)";
  if (byte == '\t') return "'\\t' (tab)";
  if (byte == '\r') return "'\\r' (carriage return)";
  static const char digits[] = "0123456789ABCDEF";
  return std::string("byte \\x") + digits[byte >> 4] + digits[byte & 15];
}

/// `n` and `noun`, plural unless `n` is 1: "1 row", "2 rows".
std::string counted(std::uint64_t n, const std::string& noun) { return std::to_string(n) + " " + noun + (n == 1 ? "" : "s"); }

/// `text` in quotes, its control bytes and bytes past ASCII written as \n, \r, \t or
/// \xHH, so that a message stays on one line whatever it quotes.
std::string show_text(std::string_view text) {
  static const char digits[] = "0123456789ABCDEF";
  std::string shown = "'";
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x20 && byte < 0x7F) shown += c;
    else if (c == '\n') shown += "\\n";
    else if (c == '\r') shown += "\\r";
    else if (c == '\t') shown += "\\t";
    else shown += std::string("\\x") + digits[byte >> 4] + digits[byte & 15];
  }
  return shown + "'";
}

// ==== Options ====================================================================

enum class Container { none, queue, stack };  ///< the search container
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

// This build's edition of the spec (make SPEC=2020: the 2020 one): they differ only in
// the no-solution output's second line.
#ifdef PUZZLE_SPEC_2020
const char kEdition[] = "the Winter 2020 edition of the spec (no solution: \"No solution.\" then \"Reachable:\")";
const char kNoSolutionHeader[] = "No solution.\nReachable:\n";
#else
const char kEdition[] = "the 2023 edition of the spec (no solution: \"No solution.\" then \"Discovered:\")";
const char kNoSolutionHeader[] = "No solution.\nDiscovered:\n";
#endif

/// Reads the command line. Throws Error for anything but a complete, legal set; with
/// --help, the rest of the line must be legal too, but no container is needed.
Options parse_options(int argc, char* argv[]) {
  static const option kLongOptions[] = {{"help", no_argument, nullptr, 'h'}, {"queue", no_argument, nullptr, 'q'},
                                        {"stack", no_argument, nullptr, 's'}, {"output", required_argument, nullptr, 'o'},
                                        {nullptr, 0, nullptr, 0}};
  Options options;
  bool output_given = false;
  opterr = 0;  // getopt's own messages off: every error goes through fail()
  optind = 0;  // full reset, so that tests can parse several command lines
  int choice;
  while ((choice = getopt_long(argc, argv, ":hqso:", kLongOptions, nullptr)) != -1) {
    switch (choice) {
      case 'h': options.help = true; break;
      case 'q':
      case 's': {
        Container wanted = choice == 'q' ? Container::queue : Container::stack;
        if (options.container == wanted)
          fail(std::string("--") + (choice == 'q' ? "queue" : "stack") + " is given twice");
        if (options.container != Container::none) fail("--stack and --queue are both given; choose one");
        options.container = wanted;
        break;
      }
      case 'o':
        if (output_given) fail("--output is given twice");
        output_given = true;
        if (std::strcmp(optarg, "map") == 0) options.output = OutputMode::map;
        else if (std::strcmp(optarg, "list") == 0) options.output = OutputMode::list;
        else fail("--output must be 'map' or 'list', not " + show_text(optarg));
        break;
      case ':':
        fail("--output (-o) needs an argument: map or list");
      default: {
        std::string word = argv[optind - 1];
        if (word.rfind("--", 0) == 0)
          fail("unknown option " + show_text(word) +
               (word.find('=') != std::string::npos ? " (or it takes no argument)" : ""));
        fail("unknown option " + show_text(std::string("-") + static_cast<char>(optopt)));
      }
    }
  }
  if (optind < argc)
    fail("unexpected argument " + show_text(argv[optind]) + ": the map is read from standard input (puzzle < MAP)");
  if (options.help) return options;
  if (options.container == Container::none) fail("choose a search container: --queue (-q) or --stack (-s)");
  return options;
}

// ==== Rules of the game ==========================================================
// One copy of every rule, on the map's characters: `color` is the last button's color,
// '^' before any press and after a trap, and `symbol` a map character. Both passes' tables
// are made from these (RuleTable); tools/check replays a path with them directly.

constexpr char kNoColor = '^';  ///< the color before any press

inline bool is_door(char symbol) { return symbol >= 'A' && symbol <= 'Z'; }
inline bool is_button(char symbol) { return symbol >= 'a' && symbol <= 'z'; }

/// Whether standing on `symbol` with `color` means pressing it: a colored button of
/// another color, or a trap unless the color is '^'.
inline bool is_active_button(char color, char symbol) {
  return (is_button(symbol) || symbol == kNoColor) && symbol != color;
}

/// The color after pressing the button `symbol`: its own, or '^' for a trap.
inline char pressed_layer(char symbol) { return symbol; }

/// Whether a move onto `symbol` is allowed with `color`: not a wall, not a closed door.
inline bool is_passable(char color, char symbol) {
  if (symbol == '#') return false;
  if (is_door(symbol)) return symbol - 'A' + 'a' == color;
  return true;
}

/// The layer of a color: 0 for '^', 1 + k for the k-th letter; layer_color() is its inverse.
inline std::uint32_t layer_index(char color) { return color == kNoColor ? 0 : static_cast<std::uint32_t>(color - 'a' + 1); }
inline char layer_color(std::uint32_t layer) { return layer == 0 ? kNoColor : static_cast<char>('a' + layer - 1); }

// ==== Zero-filled memory =========================================================

/// A zero-filled array from calloc: pages never written cost no memory, which the
/// search relies on for padding (zero means wall). Move-only owner.
template <typename T>
class Buffer {
 public:
  Buffer() = default;
  explicit Buffer(std::size_t count) : count_(count) {
    if (count == 0) return;
    data_ = static_cast<T*>(std::calloc(count, sizeof(T)));
    if (!data_) fail("not enough memory: " + std::to_string(count * sizeof(T) / 1048576 + 1) + " MB needed for this map");
  }
  Buffer(Buffer&& other) noexcept { *this = std::move(other); }
  Buffer& operator=(Buffer&& other) noexcept {  // `other` frees what this held
    std::swap(data_, other.data_);
    std::swap(count_, other.count_);
    return *this;
  }
  ~Buffer() { std::free(data_); }

  T* data() { return data_; }
  const T* data() const { return data_; }
  T& operator[](std::size_t i) { return data_[i]; }
  const T& operator[](std::size_t i) const { return data_[i]; }
  std::size_t size() const { return count_; }
 private:
  T* data_ = nullptr;
  std::size_t count_ = 0;
};

// ==== The map ====================================================================

/// What a grid cell is, one byte per cell. Zero is the outside of the map (its border
/// and the padding), which the zero-filled grid needs no writing for; a '#' is kWall.
enum Kind : std::uint8_t {
  kOutside, kWall, kFloor, kStart, kTarget,
  kDoor = 5,     ///< kDoor + k: door of color k (0 = A)
  kButton = 31,  ///< kButton + k: button of color k (0 = a)
  kTrap = 57, kKinds,
};

/// The map character of each kind (the outside reads as a wall).
inline char kind_char(std::uint8_t kind) {
  if (kind >= kDoor && kind < kButton) return static_cast<char>('A' + (kind - kDoor));
  if (kind >= kButton && kind < kTrap) return static_cast<char>('a' + (kind - kButton));
  static const char kFixed[] = {'#', '#', '.', '@', '?'};
  return kind == kTrap ? '^' : kFixed[kind];
}

/// The four directions in the spec's order, north, east, south, west: a step's change
/// of row and column as the map is read. Every walk over the directions goes through it.
struct Direction { int row, col; };
constexpr Direction kDirections[4] = {{-1, 0}, {0, 1}, {1, 0}, {0, -1}};

/// How to step in direction `d` from any cell of a grid of tiles of 2^row_bits rows by
/// 2^(7 - row_bits) columns, `band` cells to a row of tiles, the map transposed or not:
/// add `across` when the step leaves the tile, (cell & mask) == edge, else `inside`
/// (modulo 2^32). A state (Layout::state) steps the same way: its layer is in higher bits.
struct Step {
  std::uint32_t mask, edge, inside, across;
  constexpr Step(Direction d, unsigned row_bits, bool transposed, std::uint32_t band)
      : mask(0), edge(0), inside(0), across(0) {
    const int along_y = transposed ? d.col : d.row, along_x = transposed ? d.row : d.col;
    const unsigned col_bits = 7 - row_bits;
    const std::uint32_t sign = static_cast<std::uint32_t>(along_y + along_x);  // 1 or -1 (2^32 - 1)
    const std::uint32_t row_field = ((1u << row_bits) - 1) << col_bits, col_mask = (1u << col_bits) - 1;
    mask = along_y != 0 ? row_field : col_mask;
    edge = along_y + along_x > 0 ? mask : 0;
    inside = sign * (along_y != 0 ? 1u << col_bits : 1u);
    across = sign * (along_y != 0 ? band - row_field : 128 - col_mask);
  }
  std::uint32_t from(std::uint32_t cell) const { return cell + ((cell & mask) == edge ? across : inside); }
};

/// Where each cell of the map lives in the grid, the one numbering of cells: the map with
/// a wall border in tiles of 8 rows by 16 columns, tile by tile, so that most north and
/// south neighbours share a cache line (1.5x faster than plain rows on the largest maps);
/// plain rows (tiles of 1 x 128) on a map of very few rows; transposed if taller than
/// wide, so the border costs little however thin the map. Rows y, columns x as stored.
struct Layout {
  bool transposed = false;   ///< the map's rows run down the tiles' columns
  std::uint32_t rows = 0, cols = 0;  ///< y and x: with the border
  unsigned row_bits = 0;     ///< log2 of a tile's rows: 0 (plain rows) or 3
  std::uint32_t tile_cols = 128;  ///< a tile's columns, 2^(7 - row_bits)
  std::uint32_t band = 0;    ///< cells in one row of tiles
  std::uint64_t cells = 0;   ///< cells in the grid; the map and its border lie in [used_begin, used_end)
  std::uint64_t used_begin = 0, used_end = 0;
  /// The numbering of states: a state (layer, cell) is layer << cell_bits | cell, and
  /// steps as its cell does (1 << cell_bits is cells rounded up to a power of two).
  unsigned cell_bits = 0;
  Layout() = default;
  Layout(std::uint32_t height, std::uint32_t width) : transposed(width < height) {
    const std::uint64_t ys = std::uint64_t{transposed ? width : height} + 2, xs = std::uint64_t{transposed ? height : width} + 2;
    rows = static_cast<std::uint32_t>(ys);
    cols = static_cast<std::uint32_t>(std::min<std::uint64_t>(xs, UINT32_MAX));
    auto round_up = [](std::uint64_t n, std::uint64_t to) { return (n + to - 1) / to * to; };
    // Tiles unless they touch 30% more cells than plain rows, which leave the border rows alone.
    const bool plain = round_up(ys, 8) * round_up(xs, 16) * 10 > (ys - 2) * round_up(xs, 128) * 13;
    row_bits = plain ? 0 : 3;
    tile_cols = 1u << (7 - row_bits);
    const std::uint64_t band_cells = round_up(xs, tile_cols) << row_bits;
    cells = round_up(ys, std::uint64_t{1} << row_bits) / (std::uint64_t{1} << row_bits) * band_cells;
    band = static_cast<std::uint32_t>(band_cells);
    used_begin = plain ? band : 0;
    used_end = plain ? cells - band : cells;
    while ((std::uint64_t{1} << cell_bits) < cells) ++cell_bits;
  }

  /// The cell of map row `row`, column `col` (the border: -1, height and width).
  std::uint32_t cell(std::uint32_t row, std::uint32_t col) const {
    return transposed ? tiled(col + 1, row + 1) : tiled(row + 1, col + 1);
  }
  std::uint32_t row_of(std::uint32_t cell) const { return (transposed ? x_of(cell) : y_of(cell)) - 1; }
  std::uint32_t col_of(std::uint32_t cell) const { return (transposed ? y_of(cell) : x_of(cell)) - 1; }
  /// How a cell (or a state) steps in direction `d`.
  Step step(Direction d) const { return Step(d, row_bits, transposed, band); }
  /// In 64 bits: a map of one layer may have 32 cell bits (size_problem() keeps states below 2^32).
  std::uint32_t state(std::uint32_t layer, std::uint32_t cell) const {
    return static_cast<std::uint32_t>(std::uint64_t{layer} << cell_bits | cell);
  }
  std::uint32_t layer_of(std::uint32_t state) const { return static_cast<std::uint32_t>(std::uint64_t{state} >> cell_bits); }
  std::uint32_t cell_of(std::uint32_t state) const { return static_cast<std::uint32_t>(state & ((std::uint64_t{1} << cell_bits) - 1)); }
  std::uint64_t states(std::uint32_t layers) const { return std::uint64_t{layers} << cell_bits; }  ///< of `layers` layers
  std::uint32_t tiled(std::uint32_t y, std::uint32_t x) const {
    return (y >> row_bits) * band + (x >> (7 - row_bits) << 7) + ((y & ((1u << row_bits) - 1)) << (7 - row_bits)) + (x & (tile_cols - 1));
  }
  std::uint32_t y_of(std::uint32_t cell) const { return (cell / band) << row_bits | (cell >> (7 - row_bits) & ((1u << row_bits) - 1)); }
  std::uint32_t x_of(std::uint32_t cell) const { return (cell % band) >> 7 << (7 - row_bits) | (cell & (tile_cols - 1)); }
};

/// A valid map: its header, where everything lies, and the kind of every cell.
struct Puzzle {
  std::uint32_t colors = 0;  ///< num_colors: layers are '^' and the first `colors` letters
  std::uint32_t height = 0, width = 0;
  Layout layout;
  std::uint32_t start = 0, target = 0;  ///< the cells of '@' and '?'
  Buffer<std::uint8_t> grid;  ///< layout.cells kinds; kOutside on the border and beyond
  std::size_t ignored_from_line = 0;  ///< the first line after the map with anything on it (not read); 0: none
  /// The input character at (row, col).
  char at(std::uint32_t row, std::uint32_t col) const { return kind_char(grid[layout.cell(row, col)]); }
};

// ==== Reading the map ============================================================

/// The input, read as far as a map needs: a FILE 64 KB at most at a time and never for
/// more bytes than a valid map still needs (expect()), so that a map followed by endless
/// input or an open pipe is read to its last row; a text in memory (the tests) in place.
/// Counts lines, for messages. tools/solution.h reads whole files with it (expect(kAll)).
class Input {
 public:
  explicit Input(std::string_view text) : next_(text.data()), end_(text.data() + text.size()), size_(text.size()) {}
  /// A FILE, whose size is known if it can seek (a regular file), else not (a pipe);
  /// `name` names it in a read error ("" for standard input).
  explicit Input(std::FILE* file, std::string name = "") : file_(file), name_(std::move(name)), buffer_(kBuffer) {
    const long here = std::ftell(file);
    if (here >= 0 && std::fseek(file, 0, SEEK_END) == 0) {
      const long end = std::ftell(file);
      if (std::fseek(file, here, SEEK_SET) == 0 && end >= here) size_ = static_cast<std::uint64_t>(end - here);
    }
  }
  Input(const Input&) = delete;
  Input& operator=(const Input&) = delete;

  /// Whether a byte is ready, reading the file if none is; false at the end.
  bool ready() { return next_ != end_ || refill(); }
  /// The next byte (when ready()).
  char peek() const { return *next_; }
  /// The bytes ready: at least one when ready().
  std::string_view bytes() const { return {next_, static_cast<std::size_t>(end_ - next_)}; }
  /// Takes `n` ready bytes that hold no "\n".
  void skip(std::size_t n) { next_ += n, taken_ += n; }
  /// Takes the "\n" that is next.
  void end_line() { skip(1), ++line_, line_start_ = taken_; }
  /// Takes the rest of the line, whatever bytes it holds, and its "\n".
  void skip_line() {
    while (ready()) {
      const std::size_t end = bytes().find('\n');
      skip(end == std::string_view::npos ? bytes().size() : end);
      if (end != std::string_view::npos) return end_line();
    }
  }
  /// The next line without its "\n" in `line` (valid until the next call), cut after
  /// `limit` + 1 bytes, its rest left unread; false at the end of the input.
  bool next_line(std::string_view& line, std::size_t limit) {
    if (!ready()) return false;
    std::string_view here = bytes().substr(0, limit + 1);
    std::size_t end = here.find('\n');
    if (end != std::string_view::npos || here.size() == limit + 1) {  // all ready: most lines
      line = here.substr(0, end);
      skip(line.size());
      if (end != std::string_view::npos) end_line();
      return true;
    }
    long_.assign(here);  // the line goes on past what is ready
    skip(here.size());
    while (end == std::string_view::npos && long_.size() <= limit && ready()) {
      here = bytes().substr(0, limit + 1 - long_.size());
      end = here.find('\n');
      long_.append(here.substr(0, end));
      skip(end == std::string_view::npos ? here.size() : end);
    }
    if (end != std::string_view::npos) end_line();
    line = long_;
    return true;
  }
  /// A valid input holds at least `bytes` more bytes: reading may wait for them, and
  /// for no more (kAll: read whole blocks, for a file that is read to its end).
  static constexpr std::uint64_t kAll = UINT64_MAX;
  void expect(std::uint64_t bytes) { expected_end_ = bytes > kAll - taken_ ? kAll : taken_ + bytes; }
  std::size_t line() const { return line_; }
  /// Whether the input is known to end within `bytes` more bytes (a text, a regular file).
  bool ends_within(std::uint64_t bytes) const { return size_ - taken_ < bytes; }
  /// The last line that holds a byte of what was taken.
  std::size_t last_line() const { return taken_ == line_start_ ? line_ - 1 : line_; }
  /// "line L, column C: " for column `column` (0-based) of the line being read.
  std::string where(std::size_t column) const {
    return "line " + std::to_string(line_) + ", column " + std::to_string(column + 1) + ": ";
  }

 private:
  static constexpr std::size_t kBuffer = std::size_t{1} << 16;

  bool refill() {
    if (!file_ || at_end_) return false;
    const std::uint64_t wanted = std::max<std::uint64_t>(1, expected_end_ > taken_ ? expected_end_ - taken_ : 0);
    const std::size_t asked = static_cast<std::size_t>(std::min<std::uint64_t>(kBuffer, wanted));
    const std::size_t got = std::fread(buffer_.data(), 1, asked, file_);
    if (std::ferror(file_))
      fail(name_.empty() ? std::string("cannot read standard input: ") + std::strerror(errno)
                         : name_ + ": cannot read: " + std::strerror(errno));
    at_end_ = got < asked;  // fread stops short only at the end: no second read (Ctrl-D once)
    next_ = buffer_.data();
    end_ = next_ + got;
    return got > 0;
  }

  std::FILE* file_ = nullptr;
  std::string name_;
  Buffer<char> buffer_;
  const char* next_ = nullptr;  ///< the bytes ready: [next_, end_)
  const char* end_ = nullptr;
  std::uint64_t taken_ = 0;         ///< bytes taken so far
  std::uint64_t size_ = UINT64_MAX;  ///< all the bytes there are, if known
  std::uint64_t expected_end_ = 0;  ///< where a valid input ends at the earliest
  std::size_t line_ = 1;
  std::uint64_t line_start_ = 0;  ///< taken_ where the line begins
  std::string long_;              ///< a line that goes on past what was ready
  bool at_end_ = false;
};

/// Why a map with this header cannot be solved here, or "" if it can: its grid's cells
/// (border and padding included) and its states (a layer per color and '^', each the grid
/// rounded up to a power of two) are numbered in 32 bits. Nothing is allocated or read.
std::string size_problem(std::uint32_t colors, std::uint32_t height, std::uint32_t width) {
  constexpr std::uint64_t kNumbers = std::uint64_t{1} << 32;
  const std::string shape = std::to_string(height) + " x " + std::to_string(width);
  const std::string why = " (32-bit numbers; the spec bounds num_colors * height * width by 400,000,000, "
                          "and sets no bound with 0 colors)";
  if (std::uint64_t{height} * width > kNumbers)
    return "the map is too large: " + shape + " is " + std::to_string(std::uint64_t{height} * width) +
           " cells, more than the 2^32 (4294967296) cells this solver can number" + why;
  const Layout layout(height, width);
  if (layout.cells > kNumbers)
    return "the map is too large: " + shape + " needs a grid of " + std::to_string(layout.cells) +
           " cells with its border and padding, more than the 2^32 (4294967296) cells this solver can number" + why;
  const std::uint64_t states = std::uint64_t{colors + 1} << layout.cell_bits;
  if (states > kNumbers)
    return "the map is too large: " + std::to_string(colors + 1) + " layers of a " + shape + " grid of 2^" +
           std::to_string(layout.cell_bits) + " cells are " + std::to_string(states) +
           " states, more than the 2^32 (4294967296) states this solver can number" + why;
  return "";
}

namespace {

constexpr std::size_t kLongestHeader = std::size_t{1} << 20;
const char kCarriageReturn[] = "carriage return inside a line (only \\n or \\r\\n line ends are read)";

bool is_blank(char c) { return c == ' ' || c == '\t'; }

/// Reads "num_colors height width": three unsigned 32-bit integers on the first line.
void parse_header(Input& in, Puzzle& puzzle) {
  std::string_view line;
  if (!in.next_line(line, kLongestHeader)) fail("empty input: expected a header line 'num_colors height width'");
  if (line.size() > kLongestHeader)
    fail("line 1: no end of line in the first megabyte: not a header 'num_colors height width'");
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  auto where = [](std::size_t column) { return "line 1, column " + std::to_string(column + 1) + ": "; };
  static const char* const kNames[] = {"num_colors", "height", "width"};
  std::uint32_t values[3];
  std::size_t pos = 0;
  for (int i = 0; i < 3; ++i) {
    while (pos < line.size() && is_blank(line[pos])) ++pos;
    if (pos == line.size())
      fail("line 1: the header needs three numbers 'num_colors height width', found " + std::to_string(i));
    if (line[pos] < '0' || line[pos] > '9')
      fail(where(pos) + "expected " + kNames[i] + " as an unsigned integer, found " + show_char(line[pos]));
    std::uint64_t value = 0;
    const std::size_t begin = pos;
    while (pos < line.size() && line[pos] >= '0' && line[pos] <= '9') {
      value = value * 10 + static_cast<std::uint64_t>(line[pos] - '0');
      if (value > UINT32_MAX) fail(where(begin) + kNames[i] + " does not fit in 32 bits (at most 4294967295)");
      ++pos;
    }
    if (pos < line.size() && !is_blank(line[pos]))
      fail(where(pos) + "unexpected " + show_char(line[pos]) + " in " + kNames[i]);
    values[i] = static_cast<std::uint32_t>(value);
  }
  while (pos < line.size() && is_blank(line[pos])) ++pos;
  if (pos < line.size()) {
    if (line[pos] == '\r') fail(where(pos) + kCarriageReturn);
    fail(where(pos) + "the header has more than three numbers 'num_colors height width'");
  }
  puzzle.colors = values[0], puzzle.height = values[1], puzzle.width = values[2];
  if (puzzle.colors > 26) fail("line 1: num_colors is " + std::to_string(puzzle.colors) + ", at most 26 allowed");
  if (puzzle.height == 0) fail("line 1: height is 0, at least 1 needed");
  if (puzzle.width == 0) fail("line 1: width is 0, at least 1 needed");
}

/// The message for a byte that is not a map character of a `colors`-color map.
std::string invalid_char_message(char c, std::uint32_t colors) {
  if (is_door(c) || is_button(c)) {
    std::string what = is_door(c) ? "door " : "button ";
    if (colors == 0) return what + show_char(c) + " in a map with 0 colors (no doors or buttons)";
    const char first = is_door(c) ? 'A' : 'a', last = static_cast<char>(first + static_cast<int>(colors) - 1);
    return what + show_char(c) + " is beyond the map's " +
           (colors == 1 ? std::string("1 color (") + first : std::to_string(colors) + " colors (" + first + "-" + last) + ")";
  }
  if (c == '/') return "invalid character '/': a comment line inside the map? (comments go before the map)";
  return "invalid character " + show_char(c) + " in the map (allowed: @ ? . # ^ and the colors' letters)";
}

/// Takes the comment lines before the map: each begins with "//" and runs to the end
/// of its line, whatever bytes it holds.
void skip_comments(Input& in) {
  while (in.ready() && in.peek() == '/') {
    in.skip(1);
    if (!in.ready() || in.peek() != '/') fail(in.where(0) + invalid_char_message('/', 0));
    in.skip_line();
  }
}

/// Reads the map's rows into puzzle.grid, checking every rule the spec gives and the
/// shape of every line, in reading order: the first problem is the one reported.
class RowReader {
 public:
  /// With `store` false only checks the rows (of an input too short to hold the map).
  RowReader(Input& in, Puzzle& puzzle, bool store) : in_(in), puzzle_(puzzle), store_(store) {
    std::fill(std::begin(codes_), std::end(codes_), kLookCloser);  // the invalid bytes, "\n" among them
    for (unsigned kind = kWall; kind < kKinds; ++kind) {
      if (kind >= kDoor && kind < kTrap && (kind - kDoor) % 26 >= puzzle.colors) continue;  // a letter past the colors
      const char c = kind_char(static_cast<std::uint8_t>(kind));
      codes_[static_cast<unsigned char>(c)] = static_cast<std::uint16_t>(kind | (c == '@' || c == '?' ? kLookCloser : 0));
    }
  }

  void read() {
    const std::size_t width = puzzle_.width;
    for (std::uint32_t row = 0; row < puzzle_.height; ++row) {
      const std::string_view ready = in_.bytes();
      if (ready.size() > width && ready[width] == '\n') {  // the row and its "\n" are ready: most rows
        take(row, 0, width);
        in_.end_line();
        continue;
      }
      in_.expect(std::uint64_t{puzzle_.height - row} * (width + 1) - 1);
      if (!in_.ready())
        fail("the map has " + counted(row, "row") + ", the header says " + std::to_string(puzzle_.height) +
             " (input ends at line " + std::to_string(in_.last_line()) + ")");
      std::size_t col = 0;
      for (std::size_t n; col < width && in_.ready() && in_.peek() != '\n'; col += n)
        take(row, col, n = std::min(in_.bytes().size(), width - col));
      end_row(row, col);
    }
    if (seen_[0][0] == 0) fail("the map has no '@' (start); it needs exactly one");
    if (seen_[1][0] == 0) fail("the map has no '?' (target); it needs exactly one");
  }

 private:
  /// Marks the bytes that need a closer look in codes_: invalid ones (the "\n" among
  /// them) and '@' and '?'. The low byte is the kind.
  static constexpr std::uint16_t kLookCloser = 0x100;

  /// Stores the next `n` ready bytes as row `row`'s cells from column `col` on, a run of a
  /// tile's row (consecutive cells) at a time; the OR of their codes shows a closer look.
  void take(std::uint32_t row, std::size_t col, std::size_t n) {
    const char* const bytes = in_.bytes().data();
    const std::size_t tile_cols = puzzle_.layout.transposed ? 1 : puzzle_.layout.tile_cols;
    unsigned any = 0;
    for (std::size_t j = 0; j < n;) {
      const std::size_t at = col + j, span = std::min(n - j, tile_cols - ((at + 1) & (tile_cols - 1)));
      std::uint8_t* const out = store_ ? &puzzle_.grid[puzzle_.layout.cell(row, static_cast<std::uint32_t>(at))] : scratch_;
      for (std::size_t k = 0; k < span; ++k) {
        const unsigned code = codes_[static_cast<unsigned char>(bytes[j + k])];
        any |= code;
        out[k] = static_cast<std::uint8_t>(code);
      }
      j += span;
    }
    if (any & kLookCloser) look_closer(row, col, n);
    in_.skip(n);
  }

  /// Goes through the next `n` bytes of row `row` (from column `col`): the first invalid
  /// one fails (a "\n" ends the row before its width), each '@' and '?' is noted.
  void look_closer(std::uint32_t row, std::size_t col, std::size_t n) {
    const std::string_view bytes = in_.bytes();
    for (std::size_t j = 0; j < n; ++j) {
      const char c = bytes[j];
      if (c == '\n') wrong_length(row, col + j);
      if (c == '@' || c == '?') note_start_or_target(row, col + j, c);
      else if (codes_[static_cast<unsigned char>(c)] & kLookCloser) {
        in_.skip(j);
        invalid(row, col + j);
      }
    }
  }

  /// Fails on the invalid byte next in the input, at column `col` of row `row`: unless it
  /// begins the end of a line that came before the width (blanks, a "\r" then the "\n").
  [[noreturn]] void invalid(std::uint32_t row, std::size_t col) {
    const char c = in_.peek();
    const std::string where = in_.where(col);
    if (is_blank(c) || c == '\r') {
      bool blanks = false;
      while (in_.ready() && is_blank(in_.peek())) in_.skip(1), blanks = true;
      if (in_.ready() && in_.peek() == '\r') in_.skip(1);
      if (!in_.ready() || in_.peek() == '\n') wrong_length(row, col, "", blanks);
      if (c == '\r') fail(where + kCarriageReturn);
    }
    fail(where + invalid_char_message(c, puzzle_.colors));
  }

  /// Fails on row `row` of `length` characters (`more`: "more than ").
  [[noreturn]] void wrong_length(std::uint32_t row, std::size_t length, const char* more = "", bool blanks = false) {
    fail("line " + std::to_string(in_.line()) + ": map row " + std::to_string(row) + " has " + more +
         counted(length, "character") + ", the header says width " + std::to_string(puzzle_.width) +
         (blanks ? " (blanks at the end of a line are not counted)" : ""));
  }

  /// Checks that row `row`, `col` characters long, ends there: blanks may follow, then
  /// "\n", "\r\n" or the end of the input.
  void end_row(std::uint32_t row, std::size_t col) {
    if (col < puzzle_.width) wrong_length(row, col);
    while (in_.ready() && is_blank(in_.peek())) in_.skip(1), ++col;
    if (in_.ready() && in_.peek() == '\r') {
      in_.skip(1);
      if (in_.ready() && in_.peek() != '\n') fail(in_.where(col) + kCarriageReturn);
    }
    if (!in_.ready()) return;
    if (in_.peek() != '\n') long_row(row, col);
    in_.end_line();
  }

  /// Fails on row `row`, which goes on past the width at column `col`: says how long it
  /// is, blanks at its end not counted, reading at most 1 MB further to know.
  [[noreturn]] void long_row(std::uint32_t row, std::size_t col) {
    std::size_t length = col + 1;
    for (std::size_t looked = 0; looked < (std::size_t{1} << 20) && in_.ready(); ++looked, ++col, in_.skip(1)) {
      const char c = in_.peek();
      if (c == '\n' || (c == '\r' && (in_.skip(1), !in_.ready() || in_.peek() == '\n'))) wrong_length(row, length);
      if (!is_blank(c)) length = col + 1;
    }
    if (!in_.ready()) wrong_length(row, length);
    wrong_length(row, col, "more than ");
  }

  /// Records the '@' or '?' at column `col` of row `row`, failing on a second one.
  void note_start_or_target(std::uint32_t row, std::size_t col, char c) {
    std::size_t(&seen)[2] = seen_[c == '@' ? 0 : 1];
    if (seen[0] != 0)
      fail(in_.where(col) + "a second " + show_char(c) + " (the first is at line " + std::to_string(seen[0]) +
           ", column " + std::to_string(seen[1] + 1) + "); the map needs exactly one");
    seen[0] = in_.line();
    seen[1] = col;
    (c == '@' ? puzzle_.start : puzzle_.target) = puzzle_.layout.cell(row, static_cast<std::uint32_t>(col));
  }

  Input& in_;
  Puzzle& puzzle_;
  const bool store_;
  std::uint8_t scratch_[128] = {};  ///< where a run of cells goes when they are not stored
  std::uint16_t codes_[256];     ///< per byte: its kind, and kLookCloser
  std::size_t seen_[2][2] = {};  ///< line and column of the '@' and of the '?'
};

/// The line of the first byte after the map other than a blank or a line end, looking no
/// further than 64 KB (nor waiting for more than one byte); 0 if there is none there.
std::size_t look_past_map(Input& in) {
  in.expect(0);
  for (std::size_t looked = 0; looked < (std::size_t{1} << 16) && in.ready(); ++looked) {
    const char c = in.peek();
    if (c == '\n') in.end_line();
    else if (is_blank(c) || c == '\r') in.skip(1);
    else return in.line();
  }
  return 0;
}

}  // namespace

/// Reads and validates a map: the header, the comments, `height` rows, a glance past them
/// for the warning; throws Error naming the line and column of the first problem. The
/// grid is allocated once the header fits, not for an input known to be too short.
Puzzle parse_puzzle(Input& in) {
  Puzzle puzzle;
  parse_header(in, puzzle);
  const std::string problem = size_problem(puzzle.colors, puzzle.height, puzzle.width);
  if (!problem.empty()) fail("line 1: " + problem);
  const std::uint64_t rows_bytes = std::uint64_t{puzzle.height} * (puzzle.width + 1) - 1;
  in.expect(rows_bytes);
  skip_comments(in);
  puzzle.layout = Layout(puzzle.height, puzzle.width);
  if (in.ends_within(rows_bytes)) {  // nothing allocated for a map the input cannot hold
    RowReader(in, puzzle, false).read();  // fails with the precise reason
    fail("the input is too short for a " + std::to_string(puzzle.height) + " x " + std::to_string(puzzle.width) + " map");
  }
  puzzle.grid = Buffer<std::uint8_t>(static_cast<std::size_t>(puzzle.layout.cells));
  RowReader(in, puzzle, true).read();
  puzzle.ignored_from_line = look_past_map(in);
  return puzzle;
}

Puzzle parse_puzzle(std::string_view text) {
  Input in(text);
  return parse_puzzle(in);
}


// ==== The state space ============================================================
// The rule table, and what the exact search knows of each state (Layout numbers them).

/// How the exact search discovered a state (zero until then): kByMove + d by a move in
/// direction kDirections[d], kByPress by a press, kIsStart; plus kPressedHere on the state
/// whose press discovered its button's layer, so that the backtrace finds where it was.
enum How : unsigned { kUndiscovered, kByMove, kByPress = 5, kIsStart, kPressedHere = 8 };

constexpr std::uint8_t kNoPress = 0xFF;

/// The rules as tables over layers and cell kinds, made from the rule functions: all that
/// both passes know of the game. The outside of the map is closed in every layer.
struct RuleTable {
  std::uint32_t open_in[64] = {};  ///< [kind]: a bit per layer that can enter it
  std::uint8_t press_to[27 * 64];  ///< [layer * 64 + kind]: the layer a press leads to, or kNoPress

  explicit RuleTable(std::uint32_t colors) {
    std::memset(press_to, kNoPress, sizeof press_to);
    for (std::uint32_t layer = 0; layer <= colors; ++layer)
      for (unsigned kind = kWall; kind < kKinds; ++kind) {
        const char color = layer_color(layer), symbol = kind_char(static_cast<std::uint8_t>(kind));
        if (is_passable(color, symbol)) open_in[kind] |= std::uint32_t{1} << layer;
        if (is_active_button(color, symbol))
          press_to[layer * 64 + kind] = static_cast<std::uint8_t>(layer_index(pressed_layer(symbol)));
      }
  }
  std::uint8_t press(std::uint32_t layer, std::uint8_t kind) const { return press_to[layer * 64 + kind]; }
  bool open(std::uint32_t layer, unsigned kind) const { return open_in[kind] >> layer & 1; }
  bool walk(std::uint32_t layer, unsigned kind) const { return open(layer, kind) && press_to[layer * 64 + kind] == kNoPress; }
};

/// What the exact search knows of each state. `open`, a bit per state, is set where a
/// state can still be discovered by a move (a cell its layer can enter, not discovered
/// yet): a neighbour is one bit test. `how`, half a byte per state (see How), is touched
/// only by discovered states. The pages of the outside and of undiscovered states cost nothing.
class StateSpace {
 public:
  StateSpace(const Puzzle& puzzle, const RuleTable& rules) {
    const Layout& layout = puzzle.layout;
    const std::uint32_t layers = puzzle.colors + 1, every_layer = (std::uint32_t{1} << layers) - 1;
    assert(layout.states(layers) <= (std::uint64_t{1} << 32));  // size_problem() refused the map otherwise
    open_ = Buffer<std::uint64_t>(static_cast<std::size_t>(layout.states(layers) / 64 + 1));
    how_ = Buffer<std::uint16_t>(static_cast<std::size_t>(layout.states(layers) / 4 + 1));
    // In every layer the cells of the kinds that every layer enters; then the cells of
    // each kind that only some layers enter (doors), in those layers.
    const std::uint8_t* const grid = puzzle.grid.data();
    const std::size_t begin = static_cast<std::size_t>(layout.used_begin), end = static_cast<std::size_t>(layout.used_end);
    std::uint64_t everywhere[64];
    for (unsigned kind = 0; kind < 64; ++kind) everywhere[kind] = rules.open_in[kind] == every_layer;
    std::vector<std::uint64_t> base((end - begin) / 64);
    for (std::size_t w = 0; w < base.size(); ++w)
      for (unsigned j = 0; j < 64; ++j) base[w] |= everywhere[grid[begin + w * 64 + j]] << j;
    for (std::uint32_t layer = 0; layer < layers; ++layer)
      std::copy(base.begin(), base.end(), &open_[(layout.state(layer, 0) + begin) / 64]);
    for (unsigned kind = 0; kind < kKinds; ++kind) {
      if (rules.open_in[kind] == 0 || everywhere[kind]) continue;
      for (const std::uint8_t* at = grid + begin;
           (at = static_cast<const std::uint8_t*>(std::memchr(at, static_cast<int>(kind), static_cast<std::size_t>(grid + end - at))));
           ++at)
        for (std::uint32_t layer = 0; layer < layers; ++layer)
          if (rules.open(layer, kind)) mark(layout.state(layer, static_cast<std::uint32_t>(at - grid)), 1);
    }
  }

  bool open(std::uint32_t state) const { return open_[state >> 6] >> (state & 63) & 1; }
  bool discovered(std::uint32_t state) const { return how(state) != kUndiscovered; }
  /// Marks `state` discovered, `how` (a How, or kPressedHere added to one).
  void discover(std::uint32_t state, unsigned how) {
    mark(state, 0);
    how_[state >> 2] = static_cast<std::uint16_t>(how_[state >> 2] | how << ((state & 3) * 4));
  }
  unsigned how(std::uint32_t state) const { return how_[state >> 2] >> ((state & 3) * 4) & 15; }
  void prefetch(std::uint32_t state) const {
    __builtin_prefetch(&open_[state >> 6], 1);
    __builtin_prefetch(&how_[state >> 2], 1);
  }

 private:
  void mark(std::uint32_t state, std::uint64_t open) {
    open_[state >> 6] = (open_[state >> 6] & ~(std::uint64_t{1} << (state & 63))) | open << (state & 63);
  }

  Buffer<std::uint64_t> open_;  ///< a bit per state
  Buffer<std::uint16_t> how_;   ///< half a byte per state, four to an element
};

// ==== The reachability pass ======================================================
// Floods the states reachable from the start, 64 cells of a row at a time, layer by
// layer, a layer's flood seeding the layers of the buttons it presses. It settles whether
// the target can be reached, and for an unsolvable map which cells were discovered (the
// spec's search discovers every reachable state). DESIGN.md: 9x to 15x on unsolvable maps.

/// A bit per grid cell, in the layout's numbering (the cells discovered in any layer).
class CellBits {
 public:
  CellBits() = default;
  explicit CellBits(const Layout& layout) : words_(static_cast<std::size_t>(layout.cells / 64 + 1)) {}
  bool has(std::uint32_t cell) const { return words_[cell / 64] >> (cell % 64) & 1; }
  /// The bits of `cell` and of the cells after it in its word, from bit 0 on.
  std::uint64_t from(std::uint32_t cell) const { return words_[cell / 64] >> (cell % 64); }
  /// Adds the cells `bits` (bit j: cell + j), all in the word of `cell`.
  void add(std::uint32_t cell, std::uint64_t bits) { words_[cell / 64] |= bits << (cell % 64); }
 private:
  Buffer<std::uint64_t> words_;
};

/// The outcome of a search: the path from the start to the target as its actions (none
/// if there is no path), or for an unsolvable map which cells were discovered.
struct Solution {
  std::vector<std::uint8_t> actions;  ///< kByMove + d (a move in direction d) or kByPress
  CellBits discovered;                ///< when there are no actions: the cells discovered in any layer
  bool solved() const { return !actions.empty(); }
};

namespace {

// Eight cell kinds at a time (SWAR): the kinds of eight consecutive grid cells as one
// word, tests on all eight bytes at once, and the eight answers as eight bits.

constexpr std::uint64_t kEveryByte = 0x0101010101010101;
constexpr std::uint64_t kHighBits = 0x8080808080808080;

/// Cells grid[at .. at + 7] as one word, the first in the low byte.
inline std::uint64_t eight_kinds(const std::uint8_t* at) {
  std::uint64_t word = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  std::memcpy(&word, at, sizeof word);  // one load (the loop below is not made one)
#else
  for (int j = 7; j >= 0; --j) word = word << 8 | at[j];
#endif
  return word;
}
/// Bit 7 of each byte whose kind is at least `kind` (kinds are below 128).
inline std::uint64_t kinds_from(std::uint64_t kinds, unsigned kind) {
  return (kinds + kEveryByte * (0x80 - kind)) & kHighBits;
}
/// Bit 7 of each byte, gathered: byte j gives bit j.
inline unsigned gather_bytes(std::uint64_t high_bits) {
  return static_cast<unsigned>(((high_bits >> 7) * 0x0102040810204080) >> 56);
}

/// The reachability pass's bits: a bit per cell of the bordered map as stored (row y,
/// column x), 64 columns to a word. Rows go in groups of kRows (8, or 1 on a map of few
/// rows), word by word, so that the words above and below a word are beside it in
/// memory; a block is the kRows words of a group's column.
template <unsigned kRows>
struct BitRows {
  explicit BitRows(const Layout& grid)
      : layout(grid), words((grid.cols + 63) / 64), group(kRows * std::size_t{words}),
        layer_words((std::size_t{grid.rows} + kRows - 1) / kRows * group) {}

  /// The word of row y's cells 64 * w to 64 * w + 63, and the row and column of bit b of word i.
  std::size_t word(std::uint32_t y, std::uint32_t w) const { return (std::size_t{y} / kRows * words + w) * kRows + y % kRows; }
  std::uint32_t y_of(std::size_t i) const { return static_cast<std::uint32_t>(i / group * kRows + i % kRows); }
  std::uint32_t x_of(std::size_t i, unsigned b) const { return static_cast<std::uint32_t>(i / kRows % words * 64 + b); }
  /// The bit of a grid cell (word * 64 + bit), and the grid cell of bit b of word i.
  std::size_t bit(std::uint32_t cell) const {
    const std::uint32_t x = layout.x_of(cell);
    return word(layout.y_of(cell), x / 64) * 64 + x % 64;
  }
  std::uint32_t cell(std::size_t i, unsigned b) const { return layout.tiled(y_of(i), x_of(i, b)); }
  static std::size_t block(std::size_t i) { return i / kRows; }
  static std::size_t first(std::size_t block) { return kRows * block; }
  static std::size_t in_block(std::size_t i) { return i % kRows; }
  // The words next to word i: above and below it, before and after it in its row.
  std::size_t above(std::size_t i) const { return i % kRows > 0 ? i - 1 : i - group + kRows - 1; }
  std::size_t below(std::size_t i) const { return i % kRows < kRows - 1 ? i + 1 : i + group - kRows + 1; }
  static std::size_t before(std::size_t i) { return i - kRows; }
  static std::size_t after(std::size_t i) { return i + kRows; }

  const Layout& layout;
  const std::uint32_t words;      ///< words of a bit row
  const std::size_t group;        ///< words of a group of kRows bit rows
  const std::size_t layer_words;  ///< words of one layer's bit rows, rows rounded up to kRows
};

/// The flood, on BitRows. Bit planes of the cell classes (floor with '@' and '?', traps;
/// with colors doors, buttons and the bits of a letter's color; walls if a layer can
/// enter them) give each layer, in a few operations per word, the cells it can enter
/// (`open`) and walk on from (`walk`: open, not an active button), as the rule table says.
/// A bit per state records what is reached. A layer's flood works through the blocks (a
/// cache line of reached bits) that gained walkable cells: each is filled in registers
/// until it settles, then spreads to the blocks around it. On a map with colors, where
/// every layer walks on floor alike, the start's floor region is flooded first as a layer
/// of its own (layers_); a flood that meets it takes all of it at once (2x faster on
/// 26-color open unsolvable maps).
template <unsigned kRows>
class Reachability {
 public:
  Reachability(const Puzzle& puzzle, const RuleTable& rules)
      : puzzle_(puzzle), rules_(rules), rows_(puzzle.layout), layers_(puzzle.colors + 1),
        color_bits_(puzzle.colors < 2 ? 0u : 32u - static_cast<unsigned>(__builtin_clz(puzzle.colors - 1))),
        wall_plane_(rules.open_in[kWall] != 0 ? (puzzle.colors == 0 ? kDoorPlane : kColorPlane + color_bits_) : 0),
        plane_count_((puzzle.colors == 0 ? unsigned{kDoorPlane} : kColorPlane + color_bits_) + (wall_plane_ != 0)),
        layer_words_(rows_.layer_words), arena_((plane_count_ + layers_ + 5) * layer_words_), planes_(arena_.data()),
        reached_(planes_ + plane_count_ * layer_words_), region_(reached_ + layers_ * layer_words_),
        beside_region_(region_ + layer_words_), edge_(beside_region_ + layer_words_),
        seed_bits_(edge_ + layer_words_), pressed_(seed_bits_ + layer_words_), target_(rows_.bit(puzzle.target)),
        masks_(layer_words_), masks_layer_(layer_words_ / kRows), work_(layer_words_ / kRows),
        listed_(layer_words_ / kRows), has_region_(layers_), seeds_(layers_) {
    build_planes();
    // What each layer enters and walks on, and the floor region's (layers_): floor
    // cells, if every layer walks on them, '@' and '?' included; else no region.
    bool uniform = puzzle.colors > 0;
    for (std::uint32_t layer = 0; layer < layers_; ++layer) {
      const Term open = term(layer, false), walk = term(layer, true);
      recipes_.push_back({open, walk, (open.doors.list | open.buttons.list | walk.doors.list | walk.buttons.list) != 0});
      for (const unsigned kind : {kFloor, kStart, kTarget}) uniform = uniform && rules_.walk(layer, kind);
    }
    use_region_ = uniform;
    const Term floor{~std::uint64_t{0}, 0, 0, {}, {}};
    recipes_.push_back({floor, floor, false});
    // '@' and '?' share the floor's plane: each gets its own rule where its word is made.
    const std::uint32_t cells[2] = {puzzle.start, puzzle.target};
    for (unsigned s = 0; s < 2; ++s) {
      special_[s].bit = rows_.bit(cells[s]);
      for (std::uint32_t layer = 0; layer <= layers_; ++layer) {
        const bool region = layer == layers_;
        special_[s].open |= std::uint32_t{region || rules_.open(layer, kStart + s)} << layer;
        special_[s].walk |= std::uint32_t{region || rules_.walk(layer, kStart + s)} << layer;
      }
    }
  }

  /// Floods from the start in rounds, each layer that has seeds in turn, until none has
  /// any; true as soon as a flood reaches the target.
  bool run() {
    const std::size_t start = rows_.bit(puzzle_.start);
    if (use_region_ && make_region(start)) return true;
    seeds_[0].push_back(start);
    for (bool progress = true; progress;) {
      progress = false;
      for (std::uint32_t layer = 0; layer < layers_; ++layer) {
        if (seeds_[layer].empty()) continue;
        progress = true;
        std::vector<std::size_t> seeds;
        seeds.swap(seeds_[layer]);
        if (flood(layer, seeds)) return true;
        press();
      }
    }
    return false;
  }

  /// The cells reached in any layer.
  CellBits discovered() const {
    const Layout& layout = puzzle_.layout;
    CellBits cells(layout);
    // A run of a tile's row (16 or 64 cells) is consecutive in the grid, aligned.
    const unsigned span = std::min(64u, layout.tile_cols);
    const std::uint64_t span_mask = span == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << span) - 1;
    for (std::uint32_t y = 1; y + 1 < layout.rows; ++y)
      for (std::uint32_t w = 0; w < rows_.words; ++w) {
        const std::size_t i = rows_.word(y, w);
        std::uint64_t any = 0;
        for (std::uint32_t layer = 0; layer < layers_; ++layer) any |= reached_[layer * layer_words_ + i];
        for (unsigned x = 0; x < 64; x += span)
          if (any >> x & span_mask) cells.add(layout.tiled(y, w * 64 + x), any >> x & span_mask);
      }
    return cells;
  }

  /// Whether `layer` can enter and walk on from the cell at (y, x) (for the tests).
  // cppcheck-suppress unusedFunction ; used by the tests
  std::pair<bool, bool> masks_at(std::uint32_t layer, std::uint32_t y, std::uint32_t x) {
    enter(layer);
    const std::size_t i = rows_.word(y, x / 64);
    const Masks word = masks(rows_.block(i))[rows_.in_block(i)];
    return {word.open >> (x % 64) & 1, word.walk >> (x % 64) & 1};
  }

 private:
  /// The planes of a word lie together, floor and traps first; a map of no colors has
  /// only those two (and walls, last, only if a layer can enter them).
  enum Plane : unsigned { kFloorPlane, kTrapPlane, kDoorPlane, kButtonPlane, kColorPlane };

  /// What a layer can do on the cells of a word: enter them, and walk on from them.
  struct Masks { std::uint64_t open, walk; };
  /// Which letters of a class (doors or buttons) a set of a layer's cells holds: all or
  /// none, those of the layer's color or none (all ones or zero), and the colors of
  /// `list`, a bit per color (rules of no edition of the spec: correct, slower).
  struct Letters { std::uint64_t all = 0, own = 0; std::uint32_t list = 0; };
  /// A set of a layer's cells, by class: floor, traps, walls all or none (walls none
  /// without a wall plane).
  struct Term { std::uint64_t floor = 0, trap = 0, wall = 0; Letters doors, buttons; };
  struct Recipe { Term open, walk; bool lists = false; };  ///< lists: whether a Letters has a list
  /// A cell whose kind shares a plane with others ('@' and '?' with the floor): a bit
  /// per layer that enters it and that walks on from it.
  struct Special { std::size_t bit = 0; std::uint32_t open = 0, walk = 0; };

  /// The cells of `layer` that it enters (or walks on from, `walk`), from the rule table.
  Term term(std::uint32_t layer, bool walk) const {
    auto in = [&](unsigned kind) { return walk ? rules_.walk(layer, kind) : rules_.open(layer, kind); };
    auto all = [](bool yes) { return yes ? ~std::uint64_t{0} : 0; };
    auto letters = [&](unsigned first) {
      Letters l;
      std::uint32_t colors = 0;
      for (std::uint32_t k = 0; k + 1 < layers_; ++k) colors |= std::uint32_t{in(first + k)} << k;
      if (colors == (std::uint32_t{1} << (layers_ - 1)) - 1) l.all = all(true);
      else if (layer > 0 && colors == std::uint32_t{1} << (layer - 1)) l.own = all(true);
      else l.list = colors;
      return l;
    };
    Term t;
    t.floor = all(in(kFloor)), t.trap = all(in(kTrap)), t.wall = all(in(kWall));
    t.doors = letters(kDoor), t.buttons = letters(kButton);
    return t;
  }

  /// The planes, eight cells at a time (the tile rows are at least 16 cells long), a
  /// word of each plane gathered in registers and stored once.
  void build_planes() {
    const std::uint8_t* grid = puzzle_.grid.data();
    const Layout& layout = puzzle_.layout;
    for (std::uint32_t y = 1; y + 1 < layout.rows; ++y)
      for (std::uint32_t w = 0; w < rows_.words; ++w) {
        std::uint64_t word[kColorPlane + 6] = {};
        for (unsigned j = 0; j < 8 && w * 64 + j * 8 < layout.cols; ++j) {
          const std::uint64_t kinds = eight_kinds(grid + layout.tiled(y, w * 64 + j * 8));
          const std::uint64_t from_floor = kinds_from(kinds, kFloor), from_door = kinds_from(kinds, kDoor);
          const unsigned shift = j * 8;
          word[kFloorPlane] |= std::uint64_t{gather_bytes(from_floor & ~from_door)} << shift;
          if (wall_plane_) word[wall_plane_] |= std::uint64_t{gather_bytes(kinds_from(kinds, kWall) & ~from_floor)} << shift;
          if (!from_door) continue;  // most cells are floor or wall
          const std::uint64_t from_button = kinds_from(kinds, kButton), trap = kinds_from(kinds, kTrap);
          const std::uint64_t door = from_door & ~from_button, button = from_button & ~trap;
          // The letters' colors, 0 for A or a: kind - kDoor, less another 26 for a button.
          const std::uint64_t letters = (door | button) >> 7;
          const std::uint64_t color = (kinds & letters * 0xFF) - letters * kDoor - (button >> 7) * (kButton - kDoor);
          word[kTrapPlane] |= std::uint64_t{gather_bytes(trap)} << shift;
          if (layers_ == 1) continue;
          word[kDoorPlane] |= std::uint64_t{gather_bytes(door)} << shift;
          word[kButtonPlane] |= std::uint64_t{gather_bytes(button)} << shift;
          for (unsigned b = 0; b < color_bits_; ++b)
            word[kColorPlane + b] |= std::uint64_t{gather_bytes((color >> b & kEveryByte) << 7)} << shift;
        }
        std::copy_n(word, plane_count_, &planes_[rows_.word(y, w) * plane_count_]);
      }
  }

  /// Makes `layer` (layers_: the floor region) the one that masks() and reach() are for.
  void enter(std::uint32_t layer) {
    layer_ = layer;
    layer_reached_ = layer == layers_ ? region_ : &reached_[layer * layer_words_];
    own_ = layer > 0 && layer < layers_;
    for (unsigned b = 0; b < 5; ++b) flip_[b] = own_ && ((layer - 1) >> b & 1) ? 0 : ~std::uint64_t{0};
  }

  /// The letters of color `color` among the cells of planes p.
  std::uint64_t of_color(const std::uint64_t* p, std::uint32_t color) const {
    std::uint64_t cells = ~std::uint64_t{0};
    for (unsigned b = 0; b < color_bits_; ++b) cells &= p[kColorPlane + b] ^ ((color >> b & 1) - std::uint64_t{1});
    return cells;
  }
  /// The letters of the current layer's color among the cells of planes p.
  std::uint64_t own_color(const std::uint64_t* p) const {
    std::uint64_t cells = ~std::uint64_t{0};
    for (unsigned b = 0; b < color_bits_; ++b) cells &= p[kColorPlane + b] ^ flip_[b];
    return cells;
  }
  /// The letters of the colors `list` among the cells of planes p.
  std::uint64_t of_colors(const std::uint64_t* p, std::uint32_t list) const {
    std::uint64_t cells = 0;
    for (; list; list &= list - 1) cells |= of_color(p, static_cast<std::uint32_t>(__builtin_ctz(list)));
    return cells;
  }
  /// The cells of term `t` among those of planes p; `own`: the letters of the layer's color,
  /// `doors` and `buttons`: the planes of letters (zero without colors).
  std::uint64_t of_term(const Term& t, const std::uint64_t* p, std::uint64_t own, std::uint64_t doors,
                        std::uint64_t buttons) const {
    return (t.floor & p[kFloorPlane]) | (t.trap & p[kTrapPlane]) | (t.wall & p[wall_plane_]) |
           (doors & (t.doors.all | (t.doors.own & own))) | (buttons & (t.buttons.all | (t.buttons.own & own)));
  }

  /// The current layer's masks for the words of a block, made from the planes when the
  /// layer first needs them. One buffer serves every layer (a block's masks are made again
  /// for another layer): less than the pages of a buffer per layer, nothing for blocks
  /// a flood never meets.
  const Masks* masks(std::size_t block) {
    Masks* const out = &masks_[rows_.first(block)];
    if (masks_layer_[block] == layer_ + 1) return out;
    masks_layer_[block] = static_cast<std::uint8_t>(layer_ + 1);
    const Recipe& recipe = recipes_[layer_];
    const bool letters = layers_ > 1;
    for (std::size_t k = 0; k < kRows; ++k) {
      const std::uint64_t* const p = &planes_[(rows_.first(block) + k) * plane_count_];
      const std::uint64_t own = own_ ? own_color(p) : 0;
      const std::uint64_t doors = letters ? p[kDoorPlane] : 0, buttons = letters ? p[kButtonPlane] : 0;
      out[k] = {of_term(recipe.open, p, own, doors, buttons), of_term(recipe.walk, p, own, doors, buttons)};
      if (recipe.lists) {  // rules of no edition of the spec
        const Term* terms[2] = {&recipe.open, &recipe.walk};
        for (int m = 0; m < 2; ++m)
          (m ? out[k].walk : out[k].open) |= (doors & of_colors(p, terms[m]->doors.list)) |
                                             (buttons & of_colors(p, terms[m]->buttons.list));
      }
    }
    for (const Special& s : special_) {
      if (rows_.block(s.bit / 64) != block) continue;
      Masks& word = out[rows_.in_block(s.bit / 64)];
      const std::uint64_t bit = std::uint64_t{1} << (s.bit % 64);
      word.open = (word.open & ~bit) | ((s.open >> layer_ & 1) ? bit : 0);
      word.walk = (word.walk & ~bit) | ((s.walk >> layer_ & 1) ? bit : 0);
    }
    return out;
  }

  /// Lists a block to spread from, once.
  void list(std::size_t block) { if (!listed_[block]) listed_[block] = 1, work_[top_++] = block; }
  /// Reaches the cells `bits` of word i that the current layer can enter and has not
  /// reached yet; lists the block to spread from if it gained walkable cells, and the
  /// active buttons among them to press.
  void reach(std::size_t i, std::uint64_t bits) {
    bits &= ~layer_reached_[i];  // first: then a block's masks are made only if it gains cells
    if (!bits) return;
    const Masks& word = masks(rows_.block(i))[rows_.in_block(i)];
    bits &= word.open;
    if (!bits) return;
    layer_reached_[i] |= bits;
    if (bits & word.walk) list(rows_.block(i));
    if (bits & ~word.walk) stop_at(i, bits & ~word.walk);
  }
  /// Records cells of word i that the layer reached and cannot walk on from: active buttons.
  void stop_at(std::size_t i, std::uint64_t buttons) {
    if (!pressed_[i]) pressed_words_.push_back(i);
    pressed_[i] |= buttons;
  }
  /// Reaches the cells `bits` of word i where the start or a press arrives, whether or not
  /// the layer could enter them (a press is not a move); stops at the active buttons among
  /// them and goes on from the rest: into the floor region if it is a step away, and by
  /// listing their block, or, once the layer has the region, by stepping to their neighbours.
  void arrive(std::size_t i, std::uint64_t bits) {
    bits &= ~layer_reached_[i];
    if (!bits) return;
    layer_reached_[i] |= bits;
    const Masks& word = masks(rows_.block(i))[rows_.in_block(i)];
    std::uint64_t leave = bits & word.walk;  // cells to go on from
    for (std::uint64_t rest = bits & ~word.walk; rest; rest &= rest - 1) {
      const unsigned x = static_cast<unsigned>(__builtin_ctzll(rest));
      if (rules_.press(layer_, kind_at(i, x)) != kNoPress) stop_at(i, std::uint64_t{1} << x);
      else leave |= std::uint64_t{1} << x;  // a cell the layer could not enter: it goes on by moves
    }
    if (region_made_ && !has_region_[layer_] && ((bits & region_[i]) | (leave & beside_region_[i]))) take_region();
    const bool beside = region_made_ && has_region_[layer_];
    if (!beside && (leave & word.walk)) list(rows_.block(i));
    around(i, beside ? leave : leave & ~word.walk, [this](std::size_t j, std::uint64_t next) { reach(j, next); });
  }
  /// Calls to(j, bits) for the cells next to `cells` of word i, word by word. No cell
  /// of `cells` lies on the map's wall border, so every one of those words exists.
  template <class To>
  void around(std::size_t i, std::uint64_t cells, To to) const {
    if (!cells) return;
    to(i, cells << 1 | cells >> 1);
    if (cells >> 63) to(rows_.after(i), 1);
    if (cells & 1) to(rows_.before(i), std::uint64_t{1} << 63);
    to(rows_.above(i), cells);
    to(rows_.below(i), cells);
  }

  /// Calls visit(i) for each word i in `words` (those whose `bits` are not zero) in the
  /// order of memory: sorted when few, by a scan of `bits` when many. Empties `words`.
  template <class Visit>
  void in_order(std::vector<std::size_t>& words, const std::uint64_t* bits, Visit visit) {
    if (words.size() * 32 < layer_words_) {
      std::sort(words.begin(), words.end());
      for (const std::size_t i : words) visit(i);
    } else {
      for (std::size_t i = 0; i < layer_words_; ++i)
        if (bits[i]) visit(i);
    }
    words.clear();
  }

  /// Floods the start's floor region (see the class comment), and the cells beside it;
  /// true if the target lies in it.
  bool make_region(std::size_t start) {
    if (flood(layers_, {start})) return true;
    while (region_end_ > 0 && !region_[region_end_ - 1]) --region_end_;
    while (region_begin_ < region_end_ && !region_[region_begin_]) ++region_begin_;
    for (std::size_t i = region_begin_; i < region_end_; ++i)
      around(i, region_[i], [this](std::size_t j, std::uint64_t cells) { beside_region_[j] |= cells; });
    const auto [begin, end] = around_region();
    for (std::size_t i = begin; i < end; ++i) beside_region_[i] &= ~region_[i];
    region_made_ = true;
    return false;
  }
  /// The words of the floor region and of the cells beside it, from a block's first word.
  std::pair<std::size_t, std::size_t> around_region() const {
    const std::size_t margin = rows_.group + kRows;
    return {region_begin_ >= margin ? rows_.first(rows_.block(region_begin_ - margin)) : 0,
            std::min(layer_words_, region_end_ + margin)};
  }

  /// Gives the current layer the whole floor region and the cells beside it that it can
  /// enter, and reaches the cells beside those it walks on.
  void take_region() {
    has_region_[layer_] = true;
    const auto [begin, end] = around_region();
    for (std::size_t i = region_begin_; i < region_end_; ++i) layer_reached_[i] |= region_[i];
    const Masks* here = nullptr;
    for (std::size_t i = begin; i < end; ++i) {  // begin is a block's first word
      if (rows_.in_block(i) == 0) here = masks(rows_.block(i));
      const Masks& word = here[rows_.in_block(i)];
      const std::uint64_t entered = beside_region_[i] & word.open & ~layer_reached_[i];
      if (!entered) continue;
      layer_reached_[i] |= entered;
      edge_[i] = entered & word.walk;
      if (entered & ~word.walk) stop_at(i, entered & ~word.walk);
    }
    for (std::size_t i = begin; i < end; ++i)  // most words: no store, so edge_'s pages stay untouched
      if (edge_[i]) around(i, std::exchange(edge_[i], 0), [this](std::size_t j, std::uint64_t cells) { reach(j, cells); });
  }

  /// Starts the current layer's flood from `seeds` (reached bits), gathered in a bit map
  /// and gone through in the order of memory, so that a small flood costs little.
  void start_from(const std::vector<std::size_t>& seeds) {
    std::vector<std::size_t> words;
    for (const std::size_t bit : seeds) {
      if (!seed_bits_[bit / 64]) words.push_back(bit / 64);
      seed_bits_[bit / 64] |= std::uint64_t{1} << (bit % 64);
    }
    in_order(words, seed_bits_, [&](std::size_t i) { arrive(i, std::exchange(seed_bits_[i], 0)); });
  }

  /// Fills a block in registers: the runs of walkable cells that the reached `cells` lie
  /// in, spread down the block's rows and back up until a sweep adds nothing (`runs`);
  /// then adds to `cells` those runs and the open cells beside, above and below them.
  static void settle(const Masks* masks, std::uint64_t (&cells)[kRows], std::uint64_t (&runs)[kRows]) {
    std::uint64_t walk[kRows], from = 0;
    for (unsigned k = 0; k < kRows; ++k) {
      walk[k] = masks[k].walk;
      runs[k] = from = fill_runs((cells[k] | from) & walk[k], walk[k]);
    }
    for (bool up = true, grew = kRows > 1; grew; up = !up) {
      grew = false, from = 0;
      for (unsigned j = 0; j < kRows; ++j) {
        const unsigned k = up ? kRows - 1 - j : j;
        const std::uint64_t more = from & walk[k] & ~runs[k];
        if (more) runs[k] = fill_runs(runs[k] | more, walk[k]), grew = true;
        from = runs[k];
      }
    }
    for (unsigned k = 0; k < kRows; ++k) {
      std::uint64_t next = runs[k] << 1 | runs[k] >> 1;
      if (k > 0) next |= runs[k - 1];
      if (k + 1 < kRows) next |= runs[k + 1];
      cells[k] |= runs[k] | (next & masks[k].open);
    }
  }
  /// The cells of `walk` in the same runs as `seeds` (seeds within walk).
  static std::uint64_t fill_runs(std::uint64_t seeds, std::uint64_t walk) {
    const std::uint64_t up = (((walk + seeds) ^ walk ^ seeds) & walk) | seeds;  // carries run upward
    std::uint64_t down = seeds, p = walk;  // Kogge-Stone fill toward bit 0
    down |= (down >> 1) & p, p &= p >> 1;
    down |= (down >> 2) & p, p &= p >> 2;
    down |= (down >> 4) & p, p &= p >> 4;
    down |= (down >> 8) & p, p &= p >> 8;
    down |= (down >> 16) & p, p &= p >> 16;
    down |= (down >> 32) & p;
    return up | down;
  }

  /// Floods `layer` (layers_: the floor region) from `seeds`; true if it reaches the target.
  /// Each block on the work stack is settled, then spreads to the blocks around it.
  bool flood(std::uint32_t layer, const std::vector<std::size_t>& seeds) {
    enter(layer);
    start_from(seeds);
    while (top_ > 0) {
      const std::size_t block = work_[--top_];
      listed_[block] = 0;
      const std::size_t first = rows_.first(block);
      const Masks* const here = masks(block);
      std::uint64_t cells[kRows], runs[kRows];
      for (unsigned k = 0; k < kRows; ++k) cells[k] = layer_reached_[first + k];
      settle(here, cells, runs);
      for (unsigned k = 0; k < kRows; ++k) {
        const std::uint64_t buttons = cells[k] & ~here[k].walk & ~layer_reached_[first + k];
        layer_reached_[first + k] = cells[k];
        if (buttons) stop_at(first + k, buttons);
      }
      if (runs[0]) reach(rows_.above(first), runs[0]);
      if (runs[kRows - 1]) reach(rows_.below(first + kRows - 1), runs[kRows - 1]);
      for (unsigned k = 0; k < kRows; ++k) {
        if (runs[k] >> 63) reach(rows_.after(first + k), 1);
        if (runs[k] & 1) reach(rows_.before(first + k), std::uint64_t{1} << 63);
      }
      if (region_made_ && !has_region_[layer]) {
        std::uint64_t meets = 0;
        for (unsigned k = 0; k < kRows; ++k) meets |= runs[k] & region_[first + k];
        if (meets) take_region();
      }
      if (layer_reached_[target_ / 64] >> (target_ % 64) & 1) return true;
    }
    return false;
  }

  /// Seeds the layers of the active buttons that the last flood reached, where the rule
  /// table says a press leads, going through memory in order (and clearing pressed_).
  void press() {
    in_order(pressed_words_, pressed_, [&](std::size_t i) {
      for (std::uint64_t bits = std::exchange(pressed_[i], 0); bits; bits &= bits - 1) {
        const unsigned x = static_cast<unsigned>(__builtin_ctzll(bits));
        seeds_[rules_.press(layer_, kind_at(i, x))].push_back(i * 64 + x);
      }
    });
  }
  /// The kind of the cell at bit x of word i: a trap's or a button's from the planes beside
  /// the flood's words, else the grid's (the grid alone: 1.07x slower on 4000x4000/25/no).
  std::uint8_t kind_at(std::size_t i, unsigned x) const {
    const std::uint64_t* const p = &planes_[i * plane_count_];
    if (p[kTrapPlane] >> x & 1) return kTrap;
    if (layers_ == 1 || !(p[kButtonPlane] >> x & 1)) return puzzle_.grid[rows_.cell(i, x)];
    unsigned color = 0;
    for (unsigned b = 0; b < color_bits_; ++b) color |= static_cast<unsigned>(p[kColorPlane + b] >> x & 1) << b;
    return static_cast<std::uint8_t>(kButton + color);
  }

  const Puzzle& puzzle_;
  const RuleTable& rules_;
  const BitRows<kRows> rows_;
  const std::uint32_t layers_;     ///< layers of the puzzle
  const unsigned color_bits_;      ///< color planes in use: enough bits for the colors 0 .. colors - 1
  const unsigned wall_plane_;      ///< the walls' plane, or 0 when no layer can enter a wall
  const unsigned plane_count_;     ///< planes in use: floor and traps, with colors doors, buttons and color_bits_
  const std::size_t layer_words_;  ///< of rows_
  // The word arrays in one zero-filled allocation (layers never flooded cost no memory),
  // which goes back to the system when the pass ends; of separate blocks malloc would
  // keep some, and the exact search would add its pages to them.
  Buffer<std::uint64_t> arena_;
  std::uint64_t* const planes_;         ///< [word * plane_count_ + plane]
  std::uint64_t* const reached_;        ///< [layer * layer_words_ + word]
  std::uint64_t* const region_;         ///< the start's floor region, on a map with colors
  std::uint64_t* const beside_region_;  ///< the cells beside the floor region, not in it
  std::uint64_t* const edge_;           ///< take_region's cells beside the region that the layer walks on
  std::uint64_t* const seed_bits_;      ///< a flood's seeds, gathered
  std::uint64_t* const pressed_;        ///< the active buttons the flood reached
  const std::size_t target_;            ///< the target's reached bit
  Buffer<Masks> masks_;                 ///< [word]: the masks of layer masks_layer_[block] - 1
  Buffer<std::uint8_t> masks_layer_;    ///< per block: 1 + the layer its masks are for, 0 none
  std::vector<std::size_t> work_;       ///< the blocks the flood has still to spread from: a stack
  std::size_t top_ = 0;                 ///< of work_
  std::vector<std::uint8_t> listed_;    ///< per block: in work_
  std::vector<std::size_t> pressed_words_;  ///< the words of pressed_ that are not zero
  std::vector<Recipe> recipes_;         ///< per layer, and the floor region's
  Special special_[2];                  ///< '@' and '?'
  bool use_region_ = false;             ///< whether every layer walks on the floor alike
  bool region_made_ = false;
  std::size_t region_begin_ = 0, region_end_ = layer_words_;  ///< the words of region_ with cells
  std::vector<bool> has_region_;        ///< per layer: took the floor region
  std::vector<std::vector<std::size_t>> seeds_;  ///< per layer: reached bits to flood from in its next round
  std::uint32_t layer_ = 0;             ///< the layer being flooded
  bool own_ = false;                    ///< whether it has a color (not '^', not the region)
  std::uint64_t flip_[5] = {};          ///< XORed into the color planes: all ones where its color's bit is 0
  std::uint64_t* layer_reached_ = nullptr;  ///< its reached bits
};

// ==== The exact search ===========================================================

constexpr std::uint32_t kNotFound = 0xFFFFFFFF;

/// The trace build (make trace) prints every investigated state to stderr, in list format.
#ifdef PUZZLE_TRACE
constexpr bool kTraceBuild = true;
#else
constexpr bool kTraceBuild = false;
#endif

/// The search container: the waiting states in an array, 4 bytes each, a queue taking
/// from the front, a stack from the back. When the back reaches the end, the states move
/// to the front, the array doubled by realloc() (which moves a large array's pages, not
/// their bytes) if they fill half of it. (std::deque, which allocates a block per 128
/// states and frees it when emptied, is 1.2x slower on the largest maps.)
class SearchContainer {
 public:
  SearchContainer() = default;
  SearchContainer(const SearchContainer&) = delete;
  SearchContainer& operator=(const SearchContainer&) = delete;
  ~SearchContainer() { std::free(slots_); }

  bool empty() const { return head_ == tail_; }
  void push_back(std::uint32_t state) {
    if (tail_ == end_) make_room();
    *tail_++ = state;
  }
  std::uint32_t pop_front() { return *head_++; }
  std::uint32_t pop_back() { return *--tail_; }
  /// The state `ahead` places behind the front, if there is one (for a prefetch: a
  /// queue's next states are known before they are taken).
  bool peek_front(std::size_t ahead, std::uint32_t& state) const {
    if (ahead >= static_cast<std::size_t>(tail_ - head_)) return false;
    state = head_[ahead];
    return true;
  }

 private:
  __attribute__((noinline)) void make_room() {  // out of line: the hot paths above stay small
    const std::size_t size = static_cast<std::size_t>(tail_ - head_), front = static_cast<std::size_t>(head_ - slots_);
    std::size_t capacity = static_cast<std::size_t>(end_ - slots_);
    if (size >= capacity / 2) {  // a state moves a few times on average
      capacity = std::max<std::size_t>(2 * capacity, 16384);
      void* const slots = std::realloc(slots_, capacity * sizeof *slots_);
      if (!slots) throw std::bad_alloc();
      slots_ = static_cast<std::uint32_t*>(slots);
    }
    if (front > 0) std::memmove(slots_, slots_ + front, size * sizeof *slots_);
    head_ = slots_, tail_ = slots_ + size, end_ = slots_ + capacity;
  }

  std::uint32_t* slots_ = nullptr;  ///< the array, to end_; the states waiting: [head_, tail_)
  std::uint32_t *head_ = nullptr, *tail_ = nullptr, *end_ = nullptr;
};

/// The search of "The Algorithm": investigate states in container order, discovering
/// the press of the active button a state stands on, or else its moves north, east,
/// south and west; stop when a state on the target is discovered. Returns that state,
/// or kNotFound. The tile shape (kRowBits, see Layout) and orientation are template
/// arguments, so that each step is a compare and an add of constants (see DESIGN.md).
template <Container kMode, unsigned kRowBits, bool kTransposed>
std::uint32_t exact_search(const Puzzle& puzzle, const RuleTable& rules, StateSpace& space) {
  // What the loop reads, in locals that the compiler keeps in registers (the
  // container's stores might alias them where they lie).
  const Layout layout = puzzle.layout;
  const std::uint32_t band = layout.band;
  auto step = [band](unsigned d) { return Step(kDirections[d], kRowBits, kTransposed, band); };
  const Step steps[4] = {step(0), step(1), step(2), step(3)};
  const std::uint8_t* const grid = puzzle.grid.data();
  const std::uint32_t target = puzzle.target;
  SearchContainer container;
  const std::uint32_t start = layout.state(0, puzzle.start);
  space.discover(start, kIsStart);
  container.push_back(start);
  while (!container.empty()) {
    const std::uint32_t current = kMode == Container::queue ? container.pop_front() : container.pop_back();
    std::uint32_t soon;  // the bits of the state investigated 16 states from now, into the cache
    if (kMode == Container::queue && container.peek_front(16, soon)) space.prefetch(soon);
    const std::uint32_t layer = layout.layer_of(current), cell = layout.cell_of(current);
    if (kTraceBuild) std::fprintf(stderr, "(%c, (%u, %u))\n", layer_color(layer), layout.row_of(cell), layout.col_of(cell));
    const std::uint8_t press = rules.press(layer, grid[cell]);
    if (press != kNoPress) {  // an active button: its press is the only action
      const std::uint32_t next = layout.state(press, cell);
      if (!space.discovered(next)) {  // (a press is not a move: its layer need not enter the cell)
        space.discover(next, kByPress);
        space.discover(current, kPressedHere);
        container.push_back(next);
      }
      continue;
    }
    const std::uint32_t goal = layout.state(layer, target);  // the search ends when a move discovers it
    for (unsigned d = 0; d < 4; ++d) {
      const std::uint32_t next = steps[d].from(current);
      if (!space.open(next)) continue;
      space.discover(next, kByMove + d);
      container.push_back(next);
      if (next == goal) return goal;
    }
  }
  return kNotFound;
}

/// exact_search for the puzzle's tile shape and orientation.
template <Container kMode>
std::uint32_t exact_search(const Puzzle& puzzle, const RuleTable& rules, StateSpace& space) {
  const Layout& layout = puzzle.layout;
  if (layout.row_bits == 0)
    return layout.transposed ? exact_search<kMode, 0, true>(puzzle, rules, space)
                             : exact_search<kMode, 0, false>(puzzle, rules, space);
  return layout.transposed ? exact_search<kMode, 3, true>(puzzle, rules, space)
                           : exact_search<kMode, 3, false>(puzzle, rules, space);
}

/// The path from the start to `end` as its actions, kByMove + d or kByPress, following how
/// each state was discovered backwards: a byte a step (a depth-first path can be tens of
/// millions of steps long).
std::vector<std::uint8_t> backtrace(const Layout& layout, const StateSpace& space, std::uint32_t end) {
  std::vector<std::uint8_t> actions;
  for (std::uint32_t state = end;;) {
    const unsigned how = space.how(state) & 7;
    if (how == kIsStart) break;
    actions.push_back(static_cast<std::uint8_t>(how));
    if (how == kByPress) {  // from the layer whose state here carries kPressedHere
      const std::uint32_t cell = layout.cell_of(state);
      std::uint32_t layer = 0;
      while (layer == layout.layer_of(state) || !(space.how(layout.state(layer, cell)) & kPressedHere)) ++layer;
      state = layout.state(layer, cell);
    } else {
      const Direction forth = kDirections[how - kByMove];
      state = layout.step(Direction{-forth.row, -forth.col}).from(state);  // a step back
    }
  }
  std::reverse(actions.begin(), actions.end());
  return actions;
}

// ==== Solving ====================================================================

/// Runs the reachability pass, in blocks of 8 rows or of one on a map of few rows: true if
/// the target can be reached, else `solution` gets the cells discovered.
bool reachable(const Puzzle& puzzle, const RuleTable& rules, Solution& solution) {
  auto settle = [&](auto reachability) {
    if (reachability.run()) return true;
    solution.discovered = reachability.discovered();
    return false;
  };
  const std::uint32_t rows = puzzle.layout.rows;  // with the border
  return (rows + 7) / 8 * 8 * 4 <= (rows - 2) * 5 ? settle(Reachability<8>(puzzle, rules))
                                                  : settle(Reachability<1>(puzzle, rules));
}

}  // namespace

/// Solves `puzzle` as the spec's algorithm does with the given container: the reachability
/// pass settles an unsolvable map (whose output does not depend on the search's order),
/// the exact search finds the path on a solvable one (on every map in the trace build).
Solution solve(const Puzzle& puzzle, Container container) {
  Solution solution;
  const RuleTable rules(puzzle.colors);
  if (!kTraceBuild && !reachable(puzzle, rules, solution)) return solution;
  StateSpace space(puzzle, rules);
  const std::uint32_t end = container == Container::queue ? exact_search<Container::queue>(puzzle, rules, space)
                                                          : exact_search<Container::stack>(puzzle, rules, space);
  if (end != kNotFound) solution.actions = backtrace(puzzle.layout, space, end);
  else if (reachable(puzzle, rules, solution))  // only the trace build gets here, on an unsolvable map
    fail("internal error: the search did not reach the target, which the reachability pass reaches");
  return solution;
}

// ==== Output =====================================================================

const std::string kCannotWrite = "cannot write the output to standard output: ";

/// Where output goes: appended to a string (tests) or written to a FILE (main); and
/// warnings: appended to a string, or "puzzle: warning: ..." on stderr.
class Sink {
 public:
  explicit Sink(std::string* text, std::string* warnings = nullptr) : text_(text), warnings_(warnings) {}
  explicit Sink(std::FILE* file) : file_(file) {}
  void write(std::string_view data) {
    if (text_) text_->append(data);
    else if (std::fwrite(data.data(), 1, data.size(), file_) != data.size()) fail(kCannotWrite + std::strerror(errno));
  }
  void warn(const std::string& what) {
    if (file_) std::fprintf(stderr, "puzzle: warning: %s\n", what.c_str());
    else if (warnings_) warnings_->append(what + "\n");
  }
 private:
  std::string* text_ = nullptr;
  std::string* warnings_ = nullptr;
  std::FILE* file_ = nullptr;
};

/// Calls visit(layer, row, col) for each state of the path in order, replaying its
/// actions from the start: a move steps to a neighbour, a press changes the layer to
/// the one its button leads to.
template <typename Visit>
void walk_path(const Puzzle& puzzle, const Solution& solution, Visit visit) {
  std::uint32_t layer = 0, row = puzzle.layout.row_of(puzzle.start), col = puzzle.layout.col_of(puzzle.start);
  visit(layer, row, col);
  for (const std::uint8_t action : solution.actions) {
    if (action == kByPress) {
      layer = layer_index(pressed_layer(puzzle.at(row, col)));
    } else {
      row += static_cast<std::uint32_t>(kDirections[action - kByMove].row);
      col += static_cast<std::uint32_t>(kDirections[action - kByMove].col);
    }
    visit(layer, row, col);
  }
}

// cppcheck-suppress unusedFunction ; used by tools/ and the tests
bool discovered_cell(const Puzzle& puzzle, const Solution& solution, std::uint32_t row, std::uint32_t col) {
  return solution.discovered.has(puzzle.layout.cell(row, col));
}

namespace {

void write_list(const Puzzle& puzzle, const Solution& solution, Sink& sink) {
  constexpr std::size_t kLine = 32;  // room for "(c, (", two numbers of ten digits, ", " and "))\n"
  std::string text(std::min<std::size_t>((solution.actions.size() + 1) * kLine, std::size_t{1} << 20), '\0');
  char* p = &text[0];
  char* const end = p + text.size();
  walk_path(puzzle, solution, [&](std::uint32_t layer, std::uint32_t row, std::uint32_t col) {
    if (end - p < static_cast<std::ptrdiff_t>(kLine)) {  // written in chunks of a megabyte
      sink.write(std::string_view(text.data(), static_cast<std::size_t>(p - text.data())));
      p = &text[0];
    }
    *p++ = '(';
    *p++ = layer_color(layer);
    p = std::copy_n(", (", 3, p);
    p = std::to_chars(p, end, row).ptr;
    p = std::copy_n(", ", 2, p);
    p = std::to_chars(p, end, col).ptr;
    p = std::copy_n("))\n", 3, p);
  });
  sink.write(std::string_view(text.data(), static_cast<std::size_t>(p - text.data())));
}

/// The map outputs are made and written a piece at a time, reusing memory in the cache
/// rather than touching pages as large as the output (a page fault costs more than a page's text).
constexpr std::size_t kPiece = std::size_t{1} << 18;

/// The map as text, a line a row (with its "\n" if `newlines`), handed in order to
/// emit(piece, size) at most kPiece bytes at a time. fill(out, stride, cell, n) writes the
/// n cells cell, cell + 1, ... of a tile's row at out, out + stride, ...: along a text
/// line, or down a text column when the map is stored transposed.
template <typename Fill, typename Emit>
void render_text(const Puzzle& puzzle, bool newlines, Fill fill, Emit emit) {
  const Layout& layout = puzzle.layout;
  const std::size_t width = puzzle.width, line = width + newlines, tile_cols = layout.tile_cols;
  std::string buffer(kPiece, '\0');
  char* const begin = &buffer[0];
  if (!layout.transposed) {
    char* p = begin;
    for (std::uint32_t row = 0; row < puzzle.height; ++row) {
      for (std::size_t col = 0; col < width;) {
        const std::size_t span = std::min(width - col, tile_cols - ((col + 1) & (tile_cols - 1)));
        if (static_cast<std::size_t>(begin + kPiece - p) <= span) {  // room for the run and a "\n"
          emit(begin, static_cast<std::size_t>(p - begin));
          p = begin;
        }
        fill(p, 1, layout.cell(row, static_cast<std::uint32_t>(col)), span);
        p += span;
        col += span;
      }
      if (newlines) *p++ = '\n';
    }
    emit(begin, static_cast<std::size_t>(p - begin));
    return;
  }
  // Transposed: a map row is shorter than 2^16 (its cells are fewer than 2^32).
  const std::uint32_t rows = static_cast<std::uint32_t>(kPiece / line);
  for (std::uint32_t first = 0; first < puzzle.height; first += rows) {
    const std::uint32_t end = first + std::min(rows, puzzle.height - first);
    for (std::uint32_t col = 0; col < width; ++col)
      for (std::uint32_t row = first; row < end;) {
        const std::uint32_t span = std::min<std::uint32_t>(end - row, static_cast<std::uint32_t>(tile_cols - ((row + 1) & (tile_cols - 1))));
        fill(begin + (row - first) * line + col, line, layout.cell(row, col), span);
        row += span;
      }
    for (std::uint32_t row = first; newlines && row < end; ++row) begin[(row - first + 1) * line - 1] = '\n';
    emit(begin, (end - first) * line);
  }
}

/// Calls mark(layer, row, col, symbol) for each mark the path draws on the layers' maps, in
/// path order: '+' where it walks (not the start, not the target), '%' where it presses a
/// button and '@' where the press arrives. A state is never where a press both leaves and
/// arrives: a press arrives on a button of its layer's color (or a trap on '^'), not active.
template <typename Mark>
void path_marks(const Puzzle& puzzle, const Solution& solution, Mark mark) {
  const std::size_t steps = solution.actions.size() + 1;
  std::size_t step = 0;
  std::uint32_t before = 0, before_row = 0, before_col = 0;
  walk_path(puzzle, solution, [&](std::uint32_t layer, std::uint32_t row, std::uint32_t col) {
    if (step > 0 && layer != before) {
      mark(before, before_row, before_col, '%');
      mark(layer, row, col, '@');
    } else if (step > 0 && step + 1 < steps) {
      mark(layer, row, col, '+');
    }
    before = layer, before_row = row, before_col = col, ++step;
  });
}

/// Every layer's map with the path drawn in; what reads as floor there is '.': the layer's
/// own buttons and doors, and on a color's map the start, which shows only on '^'.
void write_map(const Puzzle& puzzle, const Solution& solution, Sink& sink) {
  // The path's marks, numbered by their offset in the maps' text (the layers one after
  // another, headers left out): a bit each for the '+', which costs less than a list as
  // soon as a path is long, and the few presses' '%' and '@' in a sorted list.
  const std::uint64_t line = std::uint64_t{puzzle.width} + 1, size = puzzle.height * line;
  Buffer<std::uint64_t> walked(static_cast<std::size_t>((puzzle.colors + 1) * size / 64 + 1));
  std::vector<std::pair<std::uint64_t, char>> presses;
  path_marks(puzzle, solution, [&](std::uint32_t layer, std::uint32_t row, std::uint32_t col, char mark) {
    const std::uint64_t at = layer * size + row * line + col;
    if (mark == '+') walked[static_cast<std::size_t>(at / 64)] |= std::uint64_t{1} << (at % 64);
    else presses.emplace_back(at, mark);
  });
  std::sort(presses.begin(), presses.end());
  auto press = presses.cbegin();
  // The map's characters without the "\n" (which would double a thin map's), made once;
  // each layer's map is made from them a piece at a time.
  char chars[kKinds];
  for (unsigned kind = 0; kind < kKinds; ++kind) chars[kind] = kind_char(static_cast<std::uint8_t>(kind));
  const std::uint8_t* const grid = puzzle.grid.data();
  std::string text;
  text.reserve(static_cast<std::size_t>(size - puzzle.height));
  render_text(
      puzzle, false,
      [&](char* out, std::size_t stride, std::uint32_t cell, std::size_t n) {
        for (std::size_t j = 0; j < n; ++j) out[j * stride] = chars[grid[cell + j]];
      },
      [&](const char* piece, std::size_t n) { text.append(piece, n); });
  std::string piece(kPiece, '\0');
  for (std::uint32_t layer = 0; layer <= puzzle.colors; ++layer) {
    const char color = layer_color(layer);
    const char own_door = layer == 0 ? '\0' : static_cast<char>(color - 'a' + 'A');  // '\0': none
    const char start = layer == 0 ? '\0' : '@';
    const char header[] = {'/', '/', ' ', 'c', 'o', 'l', 'o', 'r', ' ', color, '\n'};
    sink.write(std::string_view(header, sizeof header));
    for (std::uint64_t first = 0; first < size; first += kPiece) {
      const std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>(kPiece, size - first));
      char* const to = &piece[0];
      std::uint64_t row = first / line, col = first % line;
      for (std::size_t i = 0; i < n;) {  // a row's characters, then its "\n"
        const std::size_t span = static_cast<std::size_t>(std::min<std::uint64_t>(puzzle.width - col, n - i));
        const char* const from = text.data() + row * puzzle.width + col;
        for (std::size_t j = 0; j < span; ++j)  // color: its buttons, or the traps on '^'
          to[i + j] = from[j] == color || from[j] == own_door || from[j] == start ? '.' : from[j];
        i += span, col += span;
        if (i < n) to[i++] = '\n', ++row, col = 0;
      }
      // The piece's '+', a word of bits at a time, and the presses' marks.
      const std::uint64_t begin = layer * size + first, end = begin + n;
      for (std::uint64_t at = begin; at < end; at += 64 - at % 64) {
        std::uint64_t bits = walked[static_cast<std::size_t>(at / 64)] >> (at % 64);
        if (end - at < 64) bits &= (std::uint64_t{1} << (end - at)) - 1;
        for (; bits != 0; bits &= bits - 1) to[at - begin + static_cast<unsigned>(__builtin_ctzll(bits))] = '+';
      }
      for (; press != presses.cend() && press->first < end; ++press) to[press->first - begin] = press->second;
      sink.write(std::string_view(to, n));
    }
  }
}

/// "No solution." and the map with every cell discovered in no layer shown as '#'.
void write_no_solution(const Puzzle& puzzle, const Solution& solution, Sink& sink) {
  sink.write(kNoSolutionHeader);
  char chars[512];  // [discovered << 8 | kind]: no branch, which would be a coin toss
  for (unsigned kind = 0; kind < kKinds; ++kind) chars[kind] = '#', chars[256 + kind] = kind_char(static_cast<std::uint8_t>(kind));
  const std::uint8_t* const grid = puzzle.grid.data();
  render_text(
      puzzle, true,
      [&](char* out, std::size_t stride, std::uint32_t cell, std::size_t n) {
        for (std::size_t j = 0; j < n;) {  // a word of `discovered` at a time
          const std::size_t at = cell + j, end = std::min(n, j + 64 - at % 64);
          std::uint64_t bits = solution.discovered.from(static_cast<std::uint32_t>(at));
          for (; j < end; ++j, bits >>= 1) out[j * stride] = chars[(bits & 1) << 8 | grid[cell + j]];
        }
      },
      [&](const char* piece, std::size_t size) { sink.write(std::string_view(piece, size)); });
}

}  // namespace

void write_output(const Puzzle& puzzle, const Solution& solution, OutputMode mode, Sink& sink) {
  if (!solution.solved()) write_no_solution(puzzle, solution, sink);
  else if (mode == OutputMode::list) write_list(puzzle, solution, sink);
  else write_map(puzzle, solution, sink);
}

// ==== A run ======================================================================

/// The whole run: validate, solve, print. Throws Error on bad input.
void run(Input& input, const Options& options, Sink& sink) {
  const Puzzle puzzle = parse_puzzle(input);
  if (puzzle.ignored_from_line != 0)
    sink.warn("line " + std::to_string(puzzle.ignored_from_line) + ": ignoring what follows the map's " +
              counted(puzzle.height, "row"));
  const Solution solution = solve(puzzle, options.container);
  write_output(puzzle, solution, options.output, sink);
}

// cppcheck-suppress unusedFunction ; used by tools/ and the tests
std::string run_to_string(std::string_view text, const Options& options) {
  std::string out;
  Sink sink(&out);
  Input input(text);
  run(input, options, sink);
  return out;
}

/// Makes sure everything written to `file` arrived (a full disk, a closed stdout).
void finish_output(std::FILE* file) {
  if (std::fflush(file) != 0 || std::ferror(file)) fail(kCannotWrite + std::strerror(errno));
}

/// main's work once the options are parsed (tools/compare --runs runs it as puzzle's
/// side): the help, or the map on stdin solved onto stdout. A bad input throws Error.
void run_stdio(const Options& options) {
  if (options.help) {
    std::printf("%sRules: %s.\n", kUsage, kEdition);
  } else {
    std::error_code error;  // stdin a terminal (Linux names it in /proc): say what a run waits for
    const std::string name = std::filesystem::read_symlink("/proc/self/fd/0", error).string();
    if (!error && (name.rfind("/dev/pts/", 0) == 0 || name.rfind("/dev/tty", 0) == 0))
      std::fputs("puzzle: reading a map from the terminal: type or paste it, then press Ctrl-D on a new line\n"
                 "(to read a file: puzzle -q < MAP)\n", stderr);
    std::setvbuf(stdin, nullptr, _IONBF, 0);  // read what the map needs, not a buffer more
    Input input(stdin);
    Sink out(stdout);
    run(input, options, out);
  }
  finish_output(stdout);
}

}  // namespace puzzle

// ==== main =======================================================================

#ifndef PUZZLE_NO_MAIN
int main(int argc, char* argv[]) {
  try {
    puzzle::run_stdio(puzzle::parse_options(argc, argv));
  } catch (const std::bad_alloc&) {
    std::fputs("puzzle: error: not enough memory for this map\n", stderr);
    return 1;
  } catch (const std::exception& e) {  // puzzle::Error, or one of no known way: still one clear line
    std::fprintf(stderr, "puzzle: error: %s\n", e.what());
    return 1;
  }
  return 0;
}
#endif  // PUZZLE_NO_MAIN
#endif  // PUZZLE_CPP_INCLUDED
