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
// Time and memory: O((C+1)*R*W); five bits per state and a byte per cell at most.
// Exit status: 0 for a valid map (solved or not), 1 for any bad input or option, with
// one line `puzzle: error: ...` on stderr and nothing on stdout.
// Depends on the C++17 standard library and <getopt.h> only.

#include <getopt.h>

#include <algorithm>
#include <cassert>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <new>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
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
    if (this != &other) {
      std::free(data_);
      data_ = nullptr;
      count_ = 0;
      swap(other);
    }
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

/// How to step in one direction from any cell of a tiled grid: add `across` when the
/// step leaves the tile, that is when (cell & mask) == edge, else `inside` (modulo 2^32).
struct Step {
  std::uint32_t mask, edge, inside, across;
  std::uint32_t from(std::uint32_t cell) const { return cell + ((cell & mask) == edge ? across : inside); }
};

/// The two tile shapes of 128 cells: 8 rows of 16, or plain rows (1 x 128), and their
/// steps up, right, down and left. `band` is the number of cells in a row of tiles.
/// The search instantiates these with the shape known, so that a step is a compare
/// and an add.
template <bool kPlainRows>
struct TileShape {
  static constexpr unsigned kRowBits = kPlainRows ? 0 : 3, kColBits = 7 - kRowBits;
  static constexpr std::uint32_t kColMask = (1u << kColBits) - 1;
  static constexpr std::uint32_t kRowField = ((1u << kRowBits) - 1) << kColBits;
  static constexpr std::uint32_t kRowStep = 1u << kColBits;
  static Step up(std::uint32_t band) { return {kRowField, 0, 0u - kRowStep, 0u - band + kRowField}; }
  static Step right(std::uint32_t) { return {kColMask, kColMask, 1, 128 - kColMask}; }
  static Step down(std::uint32_t band) { return {kRowField, kRowField, kRowStep, band - kRowField}; }
  static Step left(std::uint32_t) { return {kColMask, 0, 0u - 1, 0u - 128 + kColMask}; }
  /// North, east, south and west of the map, stored transposed or not.
  static void compass(bool transposed, std::uint32_t band, Step (&steps)[4]) {
    steps[0] = transposed ? left(band) : up(band);
    steps[1] = transposed ? down(band) : right(band);
    steps[2] = transposed ? right(band) : down(band);
    steps[3] = transposed ? up(band) : left(band);
  }
};

/// Where each cell of the map lives, in the grid and in every layer of the search.
/// The map gets a one-cell wall border and is cut into tiles of 128 cells (64 bytes of
/// half-byte marks), 8 rows by 16 columns, stored tile by tile: most north and south
/// neighbours then share a cache line, which is what a search that wanders over
/// memory needs. A map of very few rows uses plain rows instead (whose border rows
/// are never touched), and a map taller than wide is stored transposed, so the border
/// costs little however thin the map is.
class Layout {
 public:
  Layout() = default;
  Layout(std::uint32_t height, std::uint32_t width) : transposed_(width < height) {
    const std::uint64_t ys = std::uint64_t{transposed_ ? width : height} + 2;  // rows with the border
    const std::uint64_t xs = std::uint64_t{transposed_ ? height : width} + 2;  // columns
    rows_ = static_cast<std::uint32_t>(ys);
    cols_ = static_cast<std::uint32_t>(std::min<std::uint64_t>(xs, UINT32_MAX));
    auto round_up = [](std::uint64_t n, std::uint64_t to) { return (n + to - 1) / to * to; };
    // Tiles unless they touch 30% more cells than plain rows, which leave the border rows alone.
    plain_rows_ = round_up(ys, 8) * round_up(xs, 16) * 10 > (ys - 2) * round_up(xs, 128) * 13;
    row_bits_ = plain_rows_ ? 0 : 3;
    col_bits_ = 7 - row_bits_;
    const std::uint64_t band_cells = round_up(xs, std::uint64_t{1} << col_bits_) << row_bits_;
    cells_ = round_up(ys, std::uint64_t{1} << row_bits_) / (std::uint64_t{1} << row_bits_) * band_cells;
    band_ = static_cast<std::uint32_t>(band_cells);
    used_begin_ = plain_rows_ ? band_ : 0;
    used_end_ = plain_rows_ ? cells_ - band_ : cells_;
    if (plain_rows_) TileShape<true>::compass(transposed_, band_, steps_);
    else TileShape<false>::compass(transposed_, band_, steps_);
  }

  /// The cell of map row `row`, column `col` (the border is row or column -1 and
  /// height or width).
  std::uint32_t cell(std::uint32_t row, std::uint32_t col) const {
    return transposed_ ? tiled(col + 1, row + 1) : tiled(row + 1, col + 1);
  }
  std::uint32_t row_of(std::uint32_t cell) const { return (transposed_ ? x_of(cell) : y_of(cell)) - 1; }
  std::uint32_t col_of(std::uint32_t cell) const { return (transposed_ ? y_of(cell) : x_of(cell)) - 1; }
  /// Direction 0 north, 1 east, 2 south, 3 west, as the map is read.
  const Step& step(int direction) const { return steps_[direction]; }
  /// Cells in the grid; the map and its border lie in [used_begin, used_end).
  std::uint64_t cells() const { return cells_; }
  std::uint64_t used_begin() const { return used_begin_; }
  std::uint64_t used_end() const { return used_end_; }
  bool plain_rows() const { return plain_rows_; }
  std::uint32_t tile_cols() const { return 1u << col_bits_; }
  std::uint32_t band() const { return band_; }

  // The stored orientation: rows y and columns x of the bordered map, transposed or not.
  bool transposed() const { return transposed_; }
  std::uint32_t rows() const { return rows_; }  ///< with the border
  std::uint32_t cols() const { return cols_; }  ///< with the border
  std::uint32_t tiled(std::uint32_t y, std::uint32_t x) const {
    const std::uint32_t row_mask = (1u << row_bits_) - 1, col_mask = (1u << col_bits_) - 1;
    return (y >> row_bits_) * band_ + (x >> col_bits_ << 7) + ((y & row_mask) << col_bits_) + (x & col_mask);
  }
  std::uint32_t y_of(std::uint32_t cell) const {
    return (cell / band_) << row_bits_ | ((cell >> col_bits_) & ((1u << row_bits_) - 1));
  }
  std::uint32_t x_of(std::uint32_t cell) const {
    return ((cell % band_) >> 7) << col_bits_ | (cell & ((1u << col_bits_) - 1));
  }

 private:
  bool transposed_ = false;  ///< the map's rows run down the tiles' columns
  bool plain_rows_ = true;   ///< tiles of 1 x 128, else 8 x 16
  std::uint32_t rows_ = 0, cols_ = 0;
  unsigned row_bits_ = 0;    ///< log2 of a tile's rows: 0 or 3
  unsigned col_bits_ = 7;
  std::uint32_t band_ = 0;   ///< cells in one row of tiles
  std::uint64_t cells_ = 0, used_begin_ = 0, used_end_ = 0;
  Step steps_[4] = {};
};

/// A valid map: its header, where everything lies, and the kind of every cell.
struct Puzzle {
  std::uint32_t colors = 0;  ///< num_colors: layers are '^' and the first `colors` letters
  std::uint32_t height = 0;
  std::uint32_t width = 0;
  Layout layout;
  std::uint32_t start = 0;   ///< cell of '@'
  std::uint32_t target = 0;  ///< cell of '?'
  Buffer<std::uint8_t> grid;  ///< layout.cells() kinds; kWall on the border and beyond

  std::uint32_t cell(std::uint32_t row, std::uint32_t col) const { return layout.cell(row, col); }
  std::uint32_t row_of(std::uint32_t cell) const { return layout.row_of(cell); }
  std::uint32_t col_of(std::uint32_t cell) const { return layout.col_of(cell); }
  /// The input character at (row, col) (tools/check reads maps through it).
  // cppcheck-suppress unusedFunction
  char at(std::uint32_t row, std::uint32_t col) const { return kind_char(grid[cell(row, col)]); }
};

namespace {

/// Walks the input line by line, keeping the 1-based line number for messages.
class LineReader {
 public:
  explicit LineReader(std::string_view text) : text_(text) {}

  /// The next line without its "\n"; false at the end of the input.
  bool next_raw(std::string_view& line) {
    if (pos_ >= text_.size()) return false;
    std::size_t end = text_.find('\n', pos_);
    if (end == std::string_view::npos) end = text_.size();
    line = text_.substr(pos_, end - pos_);
    pos_ = end + 1;
    ++number_;
    return true;
  }
  /// The next line without its "\n" or "\r\n"; false at the end of the input.
  bool next(std::string_view& line) {
    if (!next_raw(line)) return false;
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

// Bytes as words (SWAR): eight bytes at a time.
constexpr std::uint64_t kEveryByte = 0x0101010101010101;
constexpr std::uint64_t kHighBits = 0x8080808080808080;

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
constexpr bool kLittleEndian = true;  ///< a word's low byte comes first in memory
#else
constexpr bool kLittleEndian = false;
#endif

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
  if (c == '/') return "invalid character '/': a comment line inside the map? (comments go before the map)";
  return "invalid character " + show_char(c) + " in the map (allowed: @ ? . # ^ and the colors' letters)";
}

/// Reads the map rows into puzzle.grid (when `store`), checking every rule the spec
/// gives and the shape of every line. Comment lines before the map are skipped.
/// Records the '@' or '?' at `col` of the current line, failing on a second one.
void note_special(LineReader& lines, Puzzle& puzzle, std::uint32_t row, std::size_t col, char c,
                  std::size_t (&seen)[2][2]) {
  const int which = c == '@' ? 0 : 1;
  if (seen[which][0] != 0)
    fail(lines.where(col) + "a second " + show_char(c) + " (the first is at line " + std::to_string(seen[which][0]) +
         ", column " + std::to_string(seen[which][1] + 1) + "); the map needs exactly one");
  seen[which][0] = lines.number();
  seen[which][1] = col;
  (which == 0 ? puzzle.start : puzzle.target) = puzzle.cell(row, static_cast<std::uint32_t>(col));
}

void parse_rows(LineReader& lines, Puzzle& puzzle, bool store) {
  std::uint8_t kinds[256];
  build_kind_table(puzzle.colors, kinds);
  std::string_view line;
  bool have_line = lines.next(line);
  while (have_line && line.substr(0, 2) == "//") have_line = lines.next(line);

  std::size_t seen[2][2] = {};  // line and column of the '@' and the '?'
  const Layout& layout = puzzle.layout;
  std::uint8_t* const grid = puzzle.grid.data();
  for (std::uint32_t row = 0; row < puzzle.height; ++row) {
    if (row > 0) have_line = lines.next(line);
    if (!have_line)
      fail("the map has " + std::to_string(row) + " rows, the header says " +
           std::to_string(puzzle.height) + " (input ends at line " +
           std::to_string(lines.number()) + ")");
    line = trim_right(line);
    const std::size_t n = std::min<std::size_t>(line.size(), puzzle.width);
    // Translate the row into the grid, a run of a tile's width at a time where the
    // layout allows; kInvalid (all bits set) shows in the OR of the kinds.
    unsigned any = 0;
    if (!store) {
      for (std::size_t col = 0; col < n; ++col) any |= kinds[static_cast<unsigned char>(line[col])];
    } else if (layout.transposed()) {
      for (std::size_t col = 0; col < n; ++col) {
        const std::uint8_t kind = kinds[static_cast<unsigned char>(line[col])];
        grid[puzzle.cell(row, static_cast<std::uint32_t>(col))] = kind;
        any |= kind;
      }
    } else {
      const std::size_t tile_cols = layout.tile_cols();
      for (std::size_t col = 0; col < n;) {
        std::uint8_t* const out = grid + puzzle.cell(row, static_cast<std::uint32_t>(col));
        const std::size_t span = std::min(n - col, tile_cols - ((col + 1) & (tile_cols - 1)));
        if (kLittleEndian && span == 16) {  // a tile's row: made in two words, stored at once
          std::uint64_t words[2] = {0, 0};
          for (std::size_t j = 0; j < 16; ++j)
            words[j / 8] |= std::uint64_t{kinds[static_cast<unsigned char>(line[col + j])]} << (8 * (j % 8));
          std::memcpy(out, words, sizeof words);
          if ((words[0] | words[1]) & kHighBits) any |= kInvalid;
        } else {
          for (std::size_t j = 0; j < span; ++j) {
            const std::uint8_t kind = kinds[static_cast<unsigned char>(line[col + j])];
            out[j] = kind;
            any |= kind;
          }
        }
        col += span;
      }
    }
    if ((any & 0x80) || line.find('@') != std::string_view::npos || line.find('?') != std::string_view::npos) {
      // A closer look, in reading order: the first invalid byte, each '@' and '?'.
      for (std::size_t col = 0; col < n; ++col) {
        const char c = line[col];
        if (kinds[static_cast<unsigned char>(c)] == kInvalid) fail(lines.where(col) + invalid_char_message(c, puzzle.colors));
        if (c == '@' || c == '?') note_special(lines, puzzle, row, col, c, seen);
      }
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
  if (seen[0][0] == 0) fail("the map has no '@' (start); it needs exactly one");
  if (seen[1][0] == 0) fail("the map has no '?' (target); it needs exactly one");
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
  puzzle.layout = Layout(puzzle.height, puzzle.width);
  if (puzzle.layout.cells() >= (std::uint64_t{1} << 32))
    fail("the map is too large: " + std::to_string(cells) + " cells, at most about 4 billion");
  puzzle.grid = Buffer<std::uint8_t>(static_cast<std::size_t>(puzzle.layout.cells()));
  parse_rows(lines, puzzle, true);
  return puzzle;
}

// ==== Search =====================================================================
// Two passes. The reachability pass settles whether the target can be reached at
// all, flooding one layer at a time over bit rows, a whole horizontal run of cells
// per step; for an unsolvable map its result is the output, since the cells the
// spec's search discovers do not depend on its order. Only a solvable map gets the
// exact search, which follows the spec's algorithm state by state. On a map without
// colors, which is likely solvable unless a few cells around the target or the start
// are walled in, the search comes first: the queue search's path is found by
// ShortestPath, without a queue (on an unsolvable map it stops with the smaller
// side), and the stack search runs beside a flood of the target's Side that stops it
// if the target is walled off; the reachability pass runs if they fail.
//
// In the exact search a state (layer, cell) is one 32-bit index, layer << shift |
// cell, where 1 << shift is the grid's size rounded up to a power of two: the padding
// is never touched, so it costs address space, not memory.

namespace {

/// How the exact search discovered a state, half a byte per state (zero until then):
/// kByMove + d by a move in direction d, kByPress by a press in another layer,
/// kIsStart; plus kPressedHere on the one state whose press discovered its button's
/// layer, so that the backtrace finds where a press came from.
enum How : unsigned {
  kUndiscovered = 0,
  kByMove = 1,  ///< 1-4: north, east, south, west
  kByPress = 5,
  kIsStart = 6,
  kPressedHere = 8,
};

constexpr std::uint8_t kNoPress = 0xFF;
constexpr std::uint32_t kNotFound = 0xFFFFFFFF;

/// is_passable for cell kinds: not a wall, and not a door unless it is `own_door` (the
/// layer's own door kind; kWall for '^'). The bit-parallel code below spells this out
/// on eight or 64 cells at once; Rules' assertion and RulesTest hold it to is_passable.
inline unsigned own_door_kind(std::uint32_t layer) { return layer == 0 ? unsigned{kWall} : kDoor + layer - 1; }
[[maybe_unused]] inline bool open_kind(unsigned kind, unsigned own_door) {
  return kind != kWall && (kind - kDoor >= 26u || kind == own_door);
}

// Eight cell kinds at a time (SWAR): the kinds of eight consecutive grid cells as one
// word, tests on all eight bytes at once, and the eight answers as eight bits.

/// Cells grid[at .. at + 7] as one word, the first in the low byte.
inline std::uint64_t eight_kinds(const std::uint8_t* at) {
  std::uint64_t word = 0;
  if (kLittleEndian) {
    std::memcpy(&word, at, sizeof word);  // one load (the loop below is not always made one)
  } else {
    for (int j = 7; j >= 0; --j) word = word << 8 | at[j];
  }
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

/// The rules of the game as a table over layers and cell kinds, from the rule
/// functions (the assertion keeps open_kind the same as is_passable).
struct Rules {
  std::uint8_t press[27 * 64];  ///< [layer * 64 + kind]: the layer a press leads to, or kNoPress

  explicit Rules(std::uint32_t colors) {
    std::memset(press, kNoPress, sizeof press);
    for (std::uint32_t layer = 0; layer <= colors; ++layer) {
      const char color = layer_color(layer);
      for (unsigned kind = 0; kind < kKinds; ++kind) {
        const char c = kind_char(static_cast<std::uint8_t>(kind));
        if (is_active_button(color, c))
          press[layer * 64 + kind] = static_cast<std::uint8_t>(layer_index(pressed_layer(c)));
        assert(is_passable(color, c) == open_kind(kind, own_door_kind(layer)));
      }
    }
  }
};

// ---- The reachability pass ------------------------------------------------------

/// The word holding bits (y, 64 * w .. 64 * w + 63) of a bordered map's bit rows,
/// `words` to a row. Rows go in groups of eight, word by word, so that the words
/// above and below a word are next to it in memory.
inline std::size_t bit_word(std::uint32_t y, std::uint32_t w, std::uint32_t words) {
  return ((std::size_t{y} >> 3) * words + w) * 8 + (y & 7);
}
/// The `words` of a map's bit rows: 64 columns of the bordered map a word.
inline std::uint32_t row_words(const Layout& layout) { return (layout.cols() + 63) / 64; }
/// The words of a map's bit rows, its rows rounded up to groups of eight.
inline std::size_t map_words(const Layout& layout) {
  return (std::size_t{layout.rows()} + 7) / 8 * 8 * row_words(layout);
}

/// Floods the states that can be reached, 64 cells at a time, over bit rows in the
/// layout's orientation (row y, column x of the bordered map). Bit planes of the cell
/// classes (floor, doors, buttons, traps, five bits of a letter's color) give each
/// layer, in a few operations per word, the cells it can enter (`open`) and walk on
/// from (`walk`: open and not an active button). One bit per state records what is
/// reached. A flood works through blocks of 8 x 64 cells that gained walkable cells
/// (see flood). A button reached in one layer seeds its own layer, flooded in a later
/// round.
class Reachability {
 public:
  Reachability(const Puzzle& puzzle, const Rules& rules)
      : puzzle_(puzzle), rules_(rules), layout_(puzzle.layout), rows_(layout_.rows()),
        words_(row_words(layout_)), layers_(puzzle.colors + 1),
        color_bits_(puzzle.colors < 2 ? 0u : 32u - static_cast<unsigned>(__builtin_clz(puzzle.colors - 1))),
        layer_words_(map_words(layout_)), plane_count_(puzzle.colors == 0 ? unsigned{kDoorPlane} : kColorPlane + color_bits_),
        words_arena_((plane_count_ + layers_ + 5) * layer_words_), planes_(words_arena_.data()),
        reached_(planes_ + plane_count_ * layer_words_), seeded_(reached_ + layers_ * layer_words_),
        pressed_(seeded_ + layer_words_), common_(pressed_ + layer_words_), ring_(common_ + layer_words_), border_(ring_ + layer_words_),
        masks_(layer_words_), masks_layer_(layer_words_ / 8), work_(layer_words_ / 8),
        listed_(layer_words_ / 8), pending_(layers_) {
    build_planes();
    const std::uint32_t x = layout_.x_of(puzzle.target);
    target_word_ = bit_word(layout_.y_of(puzzle.target), x / 64, words_);
    target_bit_ = std::uint64_t{1} << (x % 64);
  }

  /// Floods from the start, in rounds: each layer that has seeds pending (a flood
  /// seeds other layers through the buttons it presses), until none has any; true as
  /// soon as a flood reaches the target.
  bool run() {
    const std::uint32_t x = layout_.x_of(puzzle_.start);
    pending_[0].push_back(bit_word(layout_.y_of(puzzle_.start), x / 64, words_) * 64 + x % 64);
    for (bool progress = true; progress;) {
      progress = false;
      for (std::uint32_t layer = 0; layer < layers_; ++layer) {
        if (pending_[layer].empty()) continue;
        progress = true;
        if (flood(layer)) return true;
      }
    }
    return false;
  }

  /// One bit per cell of the bordered map (words as bit_word lays them out, row_words to
  /// a row): reached in any layer.
  std::vector<std::uint64_t> reached_cells() const {
    std::vector<std::uint64_t> any(layer_words_);
    for (std::uint32_t layer = 0; layer < layers_; ++layer)
      for (std::size_t i = 0; i < layer_words_; ++i) any[i] |= reached_[layer * layer_words_ + i];
    return any;
  }

  /// Whether `layer` can enter and walk on from the cell at (y, x) (for the tests).
  // cppcheck-suppress unusedFunction
  std::pair<bool, bool> masks_at(std::uint32_t layer, std::uint32_t y, std::uint32_t x) {
    enter(layer);
    const std::size_t i = bit_word(y, x / 64, words_);
    const Masks word = masks(i / 8)[i % 8];
    return {word.open >> (x % 64) & 1, word.walk >> (x % 64) & 1};
  }

 private:
  /// The planes of a word lie together, floor and traps first; a map of no colors has
  /// only those two.
  enum Plane { kFloorPlane, kTrapPlane, kDoorPlane, kButtonPlane, kColorPlane };

  /// The planes, eight cells at a time (the tile rows are at least 16 cells long), a
  /// word of each plane gathered in registers and stored once.
  void build_planes() {
    const std::uint8_t* grid = puzzle_.grid.data();
    const std::uint32_t cols = layout_.cols();
    for (std::uint32_t y = 1; y + 1 < rows_; ++y) {
      for (std::uint32_t w = 0; w < words_; ++w) {
        std::uint64_t word[kColorPlane + 5] = {};
        for (unsigned j = 0; j < 8 && w * 64 + j * 8 < cols; ++j) {
          const std::uint64_t kinds = eight_kinds(grid + layout_.tiled(y, w * 64 + j * 8));
          const std::uint64_t from_floor = kinds_from(kinds, kFloor), from_door = kinds_from(kinds, kDoor);
          const unsigned shift = j * 8;
          word[kFloorPlane] |= std::uint64_t{gather_bytes(from_floor & ~from_door)} << shift;
          if (!from_door) continue;  // most cells are floor or wall
          const std::uint64_t from_button = kinds_from(kinds, kButton), trap = kinds_from(kinds, kTrap);
          const std::uint64_t door = from_door & ~from_button, button = from_button & ~trap;
          // The letters' colors, 0 for A or a: kind - kDoor, less another 26 for a button.
          const std::uint64_t letters = (door | button) >> 7;
          const std::uint64_t color = (kinds & letters * 0xFF) - letters * kDoor - (button >> 7) * (kButton - kDoor);
          word[kTrapPlane] |= std::uint64_t{gather_bytes(trap)} << shift;
          if (plane_count_ == kDoorPlane) continue;
          word[kDoorPlane] |= std::uint64_t{gather_bytes(door)} << shift;
          word[kButtonPlane] |= std::uint64_t{gather_bytes(button)} << shift;
          for (unsigned b = 0; b < color_bits_; ++b)
            word[kColorPlane + b] |= std::uint64_t{gather_bytes((color >> b & kEveryByte) << 7)} << shift;
        }
        std::copy_n(word, plane_count_, &planes_[bit_word(y, w, words_) * plane_count_]);
      }
    }
  }

  /// What a layer can do on the cells of a word: `open` where it can enter (floor,
  /// every button and trap, its own doors), `walk` where it can also move on (floor,
  /// its own doors and buttons, and traps on '^').
  struct Masks {
    std::uint64_t open, walk;
  };
  /// Makes `layer` the one masks() answers for.
  void enter(std::uint32_t layer) {
    layer_ = layer;
    for (unsigned b = 0; b < 5; ++b) flip_[b] = ((layer - 1) >> b & 1) ? 0 : ~std::uint64_t{0};
  }
  /// The masks of the current layer for the words of a block (eight words, see flood),
  /// made from the planes in a few operations per word when the layer first needs
  /// them. One buffer serves every layer: a block's masks are made again when another
  /// layer comes to it, which costs less than the new pages of a buffer per layer and,
  /// unlike making a whole layer's masks at once, nothing for blocks a flood never meets.
  const Masks* masks(std::size_t block) {
    Masks* const out = &masks_[8 * block];
    if (masks_layer_[block] == layer_ + 1) return out;
    masks_layer_[block] = static_cast<std::uint8_t>(layer_ + 1);
    for (std::size_t k = 0; k < 8; ++k) {
      const std::uint64_t* const p = &planes_[(8 * block + k) * plane_count_];
      if (layer_ == layers_) {  // the floor that every layer walks on (see flood)
        out[k].open = out[k].walk = p[kFloorPlane];
        continue;
      }
      if (plane_count_ == kDoorPlane) {  // no letters
        out[k].open = out[k].walk = p[kFloorPlane] | p[kTrapPlane];
        continue;
      }
      std::uint64_t own = 0;  // letters of the layer's color
      if (layer_ != 0) {
        own = p[kDoorPlane] | p[kButtonPlane];
        for (unsigned b = 0; b < color_bits_; ++b) own &= p[kColorPlane + b] ^ flip_[b];
      }
      out[k].open = p[kFloorPlane] | p[kButtonPlane] | p[kTrapPlane] | (own & p[kDoorPlane]);
      out[k].walk = p[kFloorPlane] | (own & (p[kDoorPlane] | p[kButtonPlane])) | (layer_ == 0 ? p[kTrapPlane] : 0);
    }
    return out;
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

  /// Calls visit(i) for each word i listed in `words` (those whose `marks` are not
  /// zero), in the order of memory: sorted when they are few, by a scan of `marks`
  /// when they are many. Empties `words`; `visit` clears the marks.
  template <class Visit>
  void in_order(std::vector<std::size_t>& words, const std::uint64_t* marks, Visit visit) {
    if (words.size() * 32 < layer_words_) {
      std::sort(words.begin(), words.end());
      for (const std::size_t i : words) visit(i);
    } else {
      for (std::size_t i = 0; i < layer_words_; ++i)
        if (marks[i]) visit(i);
    }
    words.clear();
  }

  /// The layer a press of the active button or trap at bit x of word i leads to: '^'
  /// for a trap, else its letter's layer, read from the planes (the assertion holds it
  /// to the rules).
  std::uint32_t pressed_layer_at(std::uint32_t layer, std::size_t i, unsigned x) const {
    const std::uint64_t* const p = &planes_[i * plane_count_];
    std::uint32_t next = 0;
    if (!(p[kTrapPlane] >> x & 1)) {
      next = 1;
      for (unsigned b = 0; b < color_bits_; ++b) next += static_cast<std::uint32_t>(p[kColorPlane + b] >> x & 1) << b;
    }
    assert(next == rules_.press[layer * 64 + puzzle_.grid[layout_.tiled(
                                     static_cast<std::uint32_t>(i / (8 * std::size_t{words_}) * 8 + i % 8),
                                     static_cast<std::uint32_t>(i / 8 % words_ * 64 + x))]]);
    static_cast<void>(layer);  // layer and rules_ are used by the assertion only
    static_cast<void>(rules_);
    return next;
  }

  /// Seeds the layers of the active buttons that the last flood of `layer` reached,
  /// collected in pressed_, going through memory in order (and clearing pressed_).
  void press(std::uint32_t layer) {
    std::uint64_t* const pressed = pressed_;
    in_order(pressed_words_, pressed, [&](std::size_t i) {
      for (std::uint64_t bits = pressed[i]; bits; bits &= bits - 1) {
        const unsigned x = static_cast<unsigned>(__builtin_ctzll(bits));
        pending_[pressed_layer_at(layer, i, x)].push_back(i * 64 + x);
      }
      pressed[i] = 0;
    });
  }

  /// Floods `layer` from its pending seeds; true if the target was reached. The work
  /// is a stack of blocks (a group's eight words of one column, eight rows of 64
  /// cells, one cache line of reached_) that gained walkable cells, each listed once. A
  /// block is filled in registers until it settles, then spreads to the blocks around
  /// it. The seeds are gathered in a bit map first, and the active buttons reached are
  /// pressed after the flood, both through the sorted list of the words they touch, so
  /// that they go through memory in order and a small flood costs little.
  ///
  /// On a map of few walls every layer floods most of it, mostly over floor, which
  /// every layer walks on alike. So on a map with colors, before the first flood,
  /// the start's floor region (common_: floor cells joined by floor) is flooded once,
  /// as a layer of its own (layers_, whose masks are the floor); a layer's flood that
  /// reaches a cell of it then takes all of it at once (take_common), and goes on
  /// from what lies around it. Floor is open and walkable in every layer, so the
  /// layer reaches the whole region from any cell of it.
  bool flood(std::uint32_t layer) {
    if (!common_made_ && layers_ > 1) {
      const std::uint32_t x = layout_.x_of(puzzle_.start);
      std::vector<std::size_t> start{bit_word(layout_.y_of(puzzle_.start), x / 64, words_) * 64 + x % 64};
      if (fill(layers_, start)) return true;  // the target lies in the region
      common_made_ = true;
      while (common_end_ > 0 && !common_[common_end_ - 1]) --common_end_;
      while (common_begin_ < common_end_ && !common_[common_begin_]) ++common_begin_;
      const auto [begin, end] = around_common();
      for (std::size_t i = begin; i < end; ++i) border_[i] = beside(common_, i) & ~common_[i];
    }
    std::vector<std::size_t> seeds;
    seeds.swap(pending_[layer]);
    if (fill(layer, seeds)) return true;
    press(layer);
    return false;
  }

  /// The flood of `layer` (layers_: the floor region) from `seeds`, as bit_word * 64 +
  /// bit; true if it reaches the target.
  bool fill(std::uint32_t layer, const std::vector<std::size_t>& seeds) {
    enter(layer);
    std::uint64_t* const reached = layer == layers_ ? common_ : &reached_[layer * layer_words_];
    bool took_common = !common_made_ || took_common_[layer];
    std::uint64_t* const pressed = pressed_;
    std::size_t* const work = work_.data();
    std::uint8_t* const listed = listed_.data();
    std::size_t top = 0;
    // Cells of word i reached that the layer cannot walk on from: active buttons.
    auto stop_at = [&](std::size_t i, std::uint64_t stops) {
      if (!pressed[i]) pressed_words_.push_back(i);
      pressed[i] |= stops;
    };
    // Reaches the cells `bits` of word i that can be entered and were not reached yet.
    auto reach = [&](std::size_t i, std::uint64_t bits) {
      bits &= ~reached[i];  // first: then a block's masks are made only if it gains cells
      if (!bits) return;
      const Masks& word = masks(i / 8)[i % 8];
      bits &= word.open;
      if (!bits) return;
      reached[i] |= bits;
      const std::uint64_t walk = word.walk;
      if ((bits & walk) && !listed[i / 8]) {
        listed[i / 8] = 1;
        work[top++] = i / 8;
      }
      if (bits & ~walk) stop_at(i, bits & ~walk);
    };
    const std::size_t group = 8 * std::size_t{words_};  // words in a group of eight rows
    // Reaches the cells `bits` of word i and steps from those the layer walks on to
    // their neighbours, without a flood of the block: for cells beside the floor
    // region once it is taken (seeds, mostly buttons; doors and buttons around it),
    // whose neighbours are mostly in it already.
    auto seed = [&](std::size_t i, std::uint64_t bits) {
      bits &= ~reached[i];  // as in reach
      if (!bits) return;
      const Masks& word = masks(i / 8)[i % 8];
      bits &= word.open;
      if (!bits) return;
      reached[i] |= bits;
      if (bits & ~word.walk) stop_at(i, bits & ~word.walk);
      bits &= word.walk;
      const std::size_t k = i % 8, w = i / 8 % words_;
      reach(i, bits << 1 | bits >> 1);
      if (bits >> 63 && w + 1 < words_) reach(i + 8, 1);
      if (bits & 1 && w > 0) reach(i - 8, std::uint64_t{1} << 63);
      if (k > 0 || i >= group) reach(k > 0 ? i - 1 : i - group + 7, bits);
      if (k < 7 || i + group < layer_words_) reach(k < 7 ? i + 1 : i + group - 7, bits);
    };
    // Takes the floor region, once per layer.
    auto take = [&] {
      took_common = took_common_[layer] = true;
      take_common(reached, reach, stop_at);
    };
    {
      std::uint64_t* const seeded = seeded_;
      std::vector<std::size_t> words;
      for (const std::size_t bit : seeds) {
        if (!seeded[bit / 64]) words.push_back(bit / 64);
        seeded[bit / 64] |= std::uint64_t{1} << (bit % 64);
      }
      in_order(words, seeded, [&](std::size_t i) {
        if (!took_common && (seeded[i] & (common_[i] | border_[i]))) take();
        if (common_made_ && took_common) seed(i, seeded[i]);
        else reach(i, seeded[i]);
        seeded[i] = 0;
      });
    }
    while (top > 0) {
      const std::size_t block = work[--top];
      listed[block] = 0;
      const std::size_t first = 8 * block;
      std::uint64_t open[8], walk[8], cells[8], runs[8];
      const Masks* const here = masks(block);
      for (unsigned k = 0; k < 8; ++k) {
        open[k] = here[k].open;
        walk[k] = here[k].walk;
        cells[k] = reached[first + k];
      }
      // Runs of walkable cells from the reached ones, spread down the block's rows and
      // back up until a sweep adds nothing; then the cells they reach that the layer
      // cannot walk on from (active buttons) beside, above and below them.
      std::uint64_t from = 0;
      for (unsigned k = 0; k < 8; ++k) runs[k] = from = fill_runs((cells[k] | from) & walk[k], walk[k]);
      for (bool up = true, grew = true; grew; up = !up) {
        grew = false, from = 0;
        for (unsigned j = 0; j < 8; ++j) {
          const unsigned k = up ? 7 - j : j;
          const std::uint64_t more = from & walk[k] & ~runs[k];
          if (more) runs[k] = fill_runs(runs[k] | more, walk[k]), grew = true;
          from = runs[k];
        }
      }
      for (unsigned k = 0; k < 8; ++k) {
        std::uint64_t next = runs[k] << 1 | runs[k] >> 1;
        if (k > 0) next |= runs[k - 1];
        if (k < 7) next |= runs[k + 1];
        cells[k] |= runs[k] | (next & open[k]);
        const std::uint64_t stops = cells[k] & ~walk[k] & ~reached[first + k];
        reached[first + k] = cells[k];
        if (stops) stop_at(first + k, stops);
      }
      // Out of the block: the row above and below, and runs that go on beside it.
      if (runs[0]) reach(first - group + 7, runs[0]);
      if (runs[7]) reach(first + group, runs[7]);
      for (unsigned k = 0; k < 8; ++k) {
        if (runs[k] >> 63) reach(first + 8 + k, 1);
        if (runs[k] & 1) reach(first - 8 + k, std::uint64_t{1} << 63);
      }
      if (!took_common) {
        std::uint64_t meets = 0;
        for (unsigned k = 0; k < 8; ++k) meets |= runs[k] & common_[first + k];
        if (meets) take();
      }
      if (reached[target_word_] & target_bit_) return true;
    }
    return false;
  }

  /// Reaches, for the current layer, the whole floor region, the cells beside it that
  /// the layer can enter (stop_at(i, bits) for those it cannot walk on from), and
  /// through reach(i, bits) the cells beside those it walks on; word by word over the
  /// region's words and their neighbours, the ring of cells beside it in ring_.
  template <class Reach, class StopAt>
  void take_common(std::uint64_t* reached, Reach reach, StopAt stop_at) {
    const auto [begin, end] = around_common();
    for (std::size_t i = common_begin_; i < common_end_; ++i) reached[i] |= common_[i];
    const Masks* here = nullptr;
    for (std::size_t i = begin; i < end; ++i) {  // begin is a block's first word
      if (i % 8 == 0) here = masks(i / 8);
      const Masks& word = here[i % 8];
      const std::uint64_t around = border_[i] & word.open & ~reached[i];
      if (!around) continue;
      reached[i] |= around;
      ring_[i] = around & word.walk;
      if (around & ~word.walk) stop_at(i, around & ~word.walk);
    }
    for (std::size_t i = begin; i < end; ++i) {
      const std::uint64_t next = beside(ring_, i) & ~reached[i];
      if (next) reach(i, next);
    }
    std::fill(ring_ + begin, ring_ + end, 0);
  }

  /// The words of the floor region and of the cells beside it, from a block's first word.
  std::pair<std::size_t, std::size_t> around_common() const {
    const std::size_t group = 8 * std::size_t{words_};
    return {common_begin_ >= group + 8 ? (common_begin_ - group - 8) / 8 * 8 : 0,
            std::min(layer_words_, common_end_ + group + 8)};
  }

  /// The cells of word i next to a cell of `bits` (a layer's words).
  std::uint64_t beside(const std::uint64_t* bits, std::size_t i) const {
    const std::size_t group = 8 * std::size_t{words_}, k = i % 8, w = i / 8 % words_;
    const std::uint64_t c = bits[i];
    std::uint64_t around = c << 1 | c >> 1;
    if (w > 0) around |= bits[i - 8] >> 63;
    if (w + 1 < words_) around |= bits[i + 8] << 63;
    if (k > 0) around |= bits[i - 1];
    else if (i >= group) around |= bits[i - group + 7];
    if (k < 7) around |= bits[i + 1];
    else if (i + group < layer_words_) around |= bits[i + group - 7];
    return around;
  }

  const Puzzle& puzzle_;
  const Rules& rules_;
  const Layout& layout_;
  const std::uint32_t rows_, words_, layers_;
  const unsigned color_bits_;      ///< color planes in use: enough bits for the colors 0 .. colors - 1
  const std::size_t layer_words_;  ///< words of one layer's bit rows, rows rounded up to eight
  const unsigned plane_count_;     ///< planes in use: floor and traps, and with colors doors, buttons and color_bits_
  // The word arrays in one allocation, zero-filled by calloc (the layers never flooded
  // cost no memory). One large block goes back to the system when the pass ends; as
  // separate blocks, malloc would keep some for later (its threshold for that grows
  // with the blocks freed before, the input's among them), and the exact search,
  // which needs other sizes, would add its pages to them.
  Buffer<std::uint64_t> words_arena_;
  std::uint64_t* const planes_;    ///< [bit_word(y, w) * plane_count_ + plane]
  std::uint64_t* const reached_;   ///< [layer * layer_words_ + bit_word(y, w)]
  std::uint64_t* const seeded_;    ///< the flood's seeds, gathered (one layer's words)
  std::uint64_t* const pressed_;   ///< the active buttons the flood reached
  std::uint64_t* const common_;    ///< the start's floor region (see flood), on a map with colors
  std::uint64_t* const ring_;      ///< take_common's cells beside the region that a layer walks on
  std::uint64_t* const border_;    ///< the cells beside the floor region, not in it (made with it)
  bool common_made_ = false;
  std::size_t common_begin_ = 0, common_end_ = layer_words_;  ///< the words of common_ with cells
  std::vector<bool> took_common_ = std::vector<bool>(layers_);  ///< per layer: has the floor region
  std::uint32_t layer_ = 0;        ///< the layer masks() is for
  std::uint64_t flip_[5] = {};     ///< XORed into the color planes: all ones where the layer's color bit is 0
  Buffer<Masks> masks_;            ///< [bit_word(y, w)]: the masks of layer masks_layer_[block] - 1
  Buffer<std::uint8_t> masks_layer_;  ///< per block of eight words: 1 + the layer its masks are for, 0 none
  std::vector<std::size_t> work_;     ///< the blocks a flood has still to spread from
  std::vector<std::uint8_t> listed_;  ///< per block: in work_
  std::vector<std::size_t> pressed_words_;  ///< the words of pressed_ that are not zero
  std::vector<std::vector<std::size_t>> pending_;  ///< per layer: cells to flood from in its next round, as bit_word * 64 + bit
  std::size_t target_word_ = 0;  ///< the target's word and bit
  std::uint64_t target_bit_ = 0;
};

// ---- The exact search ---------------------------------------------------------------

/// What the exact search knows of every state. `closed`, one bit per state, is set
/// where a state cannot be discovered (a wall, a closed door, the outside of the map)
/// or has been: checking a neighbour is one bit test. `how`, half a byte per state,
/// says how a state was discovered; it starts as zero and only discovered states
/// touch it, so the pages of states never discovered cost no memory. `special`, one
/// bit per cell, marks the cells the search looks at more closely: buttons and traps,
/// the only cells whose kind it needs, and the target's neighbours, the only cells
/// whose moves can discover the target.
class Marks {
 public:
  Marks(const Puzzle& puzzle, unsigned shift)
      : closed_(static_cast<std::size_t>(((std::uint64_t{puzzle.colors} + 1) << shift) / 64 + 1)),
        how_(static_cast<std::size_t>(((std::uint64_t{puzzle.colors} + 1) << shift) / 4 + 1)),
        special_(static_cast<std::size_t>(puzzle.layout.cells() / 64 + 1)) {
    // Walls and doors are closed in every layer but a door's own; outside the map too.
    const std::uint8_t* const grid = puzzle.grid.data();
    const std::size_t words = static_cast<std::size_t>(puzzle.layout.cells() / 64);
    std::vector<std::uint64_t> base(words, ~std::uint64_t{0});
    for (std::size_t w = puzzle.layout.used_begin() / 64; w < puzzle.layout.used_end() / 64; ++w) {
      std::uint64_t blocked = 0, pressable = 0;
      for (unsigned j = 0; j < 8; ++j) {
        const std::uint64_t kinds = eight_kinds(grid + w * 64 + j * 8);
        const std::uint64_t door = kinds_from(kinds, kDoor) & ~kinds_from(kinds, kButton);
        const std::uint64_t wall = ~kinds_from(kinds, kFloor) & kHighBits;
        blocked |= std::uint64_t{gather_bytes(wall | door)} << (j * 8);
        pressable |= std::uint64_t{gather_bytes(kinds_from(kinds, kButton))} << (j * 8);
      }
      base[w] = blocked;
      special_[w] = pressable;
    }
    for (int d = 0; d < 4; ++d) {
      const std::uint32_t near = puzzle.layout.step(d).from(puzzle.target);
      special_[near / 64] |= std::uint64_t{1} << (near % 64);
    }
    const std::uint8_t* const end = grid + puzzle.layout.used_end();
    for (std::uint32_t layer = 0; layer <= puzzle.colors; ++layer) {
      std::uint64_t* const bits = closed_.data() + (std::size_t{layer} << shift) / 64;
      std::copy(base.begin(), base.end(), bits);
      if (layer == 0) continue;
      const std::uint8_t door = static_cast<std::uint8_t>(own_door_kind(layer));
      for (const std::uint8_t* at = grid;
           (at = static_cast<const std::uint8_t*>(std::memchr(at, door, static_cast<std::size_t>(end - at))));
           ++at) {
        const std::size_t cell = static_cast<std::size_t>(at - grid);
        bits[cell / 64] &= ~(std::uint64_t{1} << (cell % 64));
      }
    }
  }
  std::uint64_t* closed() { return closed_.data(); }
  /// Whether `state` is closed: on an open cell, discovered.
  bool closed(std::uint32_t state) const { return closed_[state >> 6] >> (state & 63) & 1; }
  std::uint16_t* how() { return how_.data(); }
  const std::uint64_t* special() const { return special_.data(); }
  unsigned how(std::uint32_t state) const { return how_[state >> 2] >> ((state & 3) * 4) & 15; }

 private:
  Buffer<std::uint64_t> closed_;
  Buffer<std::uint16_t> how_;
  Buffer<std::uint64_t> special_;
};

/// The search container: a double-ended queue of state indices in blocks of 16384,
/// so it takes 4 bytes per waiting state and never copies them. A queue takes from
/// the front, a stack from the back; emptied blocks go back (one is kept for reuse).
/// The hot paths work on pointers and leave block changes to out-of-line functions.
class StateDeque {
 public:
  StateDeque() = default;
  StateDeque(const StateDeque&) = delete;
  StateDeque& operator=(const StateDeque&) = delete;
  ~StateDeque() {
    for (const Block& block : blocks_) free_block(block.begin);
    free_block(spare_);
  }

  bool empty() const { return head_ == tail_; }
  /// The most states that waited at once, to a block (for the tests).
  // cppcheck-suppress unusedFunction
  std::uint64_t peak() const { return peak_blocks_ * kBlock; }

  void push_back(std::uint32_t state) {
    if (tail_ == tail_end_) add_back_block();
    *tail_++ = state;
  }
  /// Room for `n` (at most kBlock) more states at the back, for push_if.
  void reserve(std::size_t n) {
    if (static_cast<std::size_t>(tail_end_ - tail_) < n) add_back_block();
  }
  /// Adds `state` at the back if `keep` is 1 (0: nothing), without a branch; needs room.
  void push_if(std::uint32_t state, unsigned keep) {
    *tail_ = state;
    tail_ += keep;
  }
  std::uint32_t pop_front() {
    const std::uint32_t state = *head_++;
    if (head_ == head_end_ && head_ != tail_) drop_front_block();
    return state;
  }
  std::uint32_t pop_back() {
    if (tail_ == tail_begin_) drop_back_block();  // the back block is empty
    return *--tail_;
  }
  /// The back state, if it is in the back block; else any value (a block has a slot
  /// before its first state). Needs a back block (after reserve).
  std::uint32_t back_or_any() const { return tail_[-1]; }
  /// Takes the back state away without reading it, if it is in the back block.
  bool drop_back() {
    if (tail_ == tail_begin_) return false;
    --tail_;
    return true;
  }
  /// The state `ahead` places behind the front, if it is in the front block.
  bool peek_front(std::size_t ahead, std::uint32_t& state) const {
    if (ahead >= static_cast<std::size_t>((one_block_ ? tail_ : head_end_) - head_)) return false;
    state = head_[ahead];
    return true;
  }

 private:
  static constexpr std::size_t kBlock = 16384;
  struct Block {
    std::uint32_t* begin;
    // cppcheck-suppress unusedStructMember ; used through blocks_.back() and .front()
    std::uint32_t* end;  ///< one past its last state, once the back has moved on
  };

  __attribute__((noinline)) void add_back_block() {
    if (head_ == tail_) {  // empty: start over in one block
      for (const Block& block : blocks_) give_block(block.begin);
      blocks_.clear();
    } else {
      blocks_.back().end = tail_;
      if (blocks_.size() == 1) head_end_ = tail_;
    }
    std::uint32_t* block = spare_ ? spare_ : new std::uint32_t[kBlock + 1] + 1;
    spare_ = nullptr;
    blocks_.push_back({block, block + kBlock});
    peak_blocks_ = std::max<std::uint64_t>(peak_blocks_, blocks_.size());
    tail_begin_ = tail_ = block;
    tail_end_ = block + kBlock;
    one_block_ = blocks_.size() == 1;
    if (one_block_) {
      head_ = block;
      head_end_ = tail_end_;
    }
  }
  __attribute__((noinline)) void drop_front_block() {
    give_block(blocks_.front().begin);
    blocks_.pop_front();
    head_ = blocks_.front().begin;
    one_block_ = blocks_.size() == 1;
    head_end_ = one_block_ ? tail_end_ : blocks_.front().end;
  }
  __attribute__((noinline)) void drop_back_block() {
    give_block(blocks_.back().begin);
    blocks_.pop_back();
    tail_begin_ = blocks_.back().begin;
    tail_ = blocks_.back().end;
    tail_end_ = tail_begin_ + kBlock;
    one_block_ = blocks_.size() == 1;
    if (one_block_) head_end_ = tail_end_;
  }
  void give_block(std::uint32_t* block) {
    if (spare_) free_block(block);
    else spare_ = block;
  }
  static void free_block(std::uint32_t* block) {
    if (block) delete[] (block - 1);
  }

  std::uint32_t* head_ = nullptr;      ///< the front state
  std::uint32_t* head_end_ = nullptr;  ///< the end of the front block's states (its room, if it is the back block)
  std::uint32_t* tail_ = nullptr;      ///< one past the back state
  std::uint32_t* tail_begin_ = nullptr;
  std::uint32_t* tail_end_ = nullptr;  ///< the bounds of the back block's room
  bool one_block_ = true;              ///< the front block is the back block
  std::deque<Block> blocks_;
  std::uint32_t* spare_ = nullptr;
  std::uint64_t peak_blocks_ = 0;
};

#ifdef PUZZLE_TRACE
/// The trace build prints every investigated state to stderr, in list format.
void trace(const Puzzle& p, std::uint32_t layer, std::uint32_t cell) {
  std::fprintf(stderr, "(%c, (%u, %u))\n", layer_color(layer), p.row_of(cell), p.col_of(cell));
}
#else
inline void trace(const Puzzle&, std::uint32_t, std::uint32_t) {}
#endif

/// The side of a map without colors that one cell lies on (the cells it reaches; walls
/// stop it), flooded a little at a time until it meets a cell that answers a question
/// (the other end of the map, a cell the search has discovered) or turns out closed
/// off without one: then the map is unsolvable. One bit per cell (pages touched only
/// where it floods), and a stack of the cells still to flood from.
class Side {
 public:
  Side(const Puzzle& puzzle, std::uint32_t cell)
      : puzzle_(puzzle), seen_(static_cast<std::size_t>(puzzle.layout.cells() / 64 + 1)) {
    see(cell);
  }
  /// Floods from up to `cells` more cells; true once the side is flooded and none of
  /// its cells (but the first) made meets(cell) true.
  template <class Meets>
  bool closed_off(std::size_t cells, Meets meets) {
    for (; cells > 0 && !met_ && !pending_.empty(); --cells) {
      const std::uint32_t cell = pending_.back();
      pending_.pop_back();
      for (int d = 0; d < 4; ++d) {
        const std::uint32_t next = puzzle_.layout.step(d).from(cell);
        if (puzzle_.grid[next] == kWall || seen_[next / 64] >> (next % 64) & 1) continue;
        met_ = met_ || meets(next);
        see(next);
      }
    }
    return !met_ && pending_.empty();
  }

 private:
  void see(std::uint32_t cell) {
    seen_[cell / 64] |= std::uint64_t{1} << (cell % 64);
    pending_.push_back(cell);
  }
  const Puzzle& puzzle_;
  Buffer<std::uint64_t> seen_;
  std::vector<std::uint32_t> pending_;
  bool met_ = false;
};

/// Whether the side of `cell` is flooded from fewer than `limit` of its cells without
/// meeting `other`: then the map is unsolvable, found before anything is built (a
/// target or start walled in).
bool walled_in(const Puzzle& puzzle, std::uint32_t cell, std::uint32_t other, std::size_t limit) {
  return Side(puzzle, cell).closed_off(limit, [other](std::uint32_t next) { return next == other; });
}

/// exact_search's `pause`, when it has none.
struct NoPause {
  bool operator()() const { return false; }
};

constexpr std::uint32_t kPauseEvery = 1u << 14;

/// The search of "The Algorithm": investigate states in container order, discovering
/// the press of an active button or else moves north, east, south, west. Returns the
/// state on the target that was discovered, or kNotFound; also if `pause()`, called
/// after every kPauseEvery states, returns true. The tile shape and the orientation
/// are template arguments, so that each step is a compare and an add; and everything
/// the loop uses is in locals, which the compiler keeps in registers.
template <Container kMode, bool kPlainRows, bool kTransposed, typename Pause>
std::uint32_t exact_search(const Puzzle& puzzle, const Rules& rules, Marks& space, unsigned shift, Pause& pause) {
  constexpr std::size_t kAhead = 16;  // prefetch distance, in queued states
  std::uint64_t* const closed = space.closed();
  std::uint16_t* const how = space.how();
  const std::uint64_t* const special = space.special();
  const std::uint8_t* const grid = puzzle.grid.data();
  const std::uint8_t* const press_table = rules.press;
  const std::uint32_t cell_mask = static_cast<std::uint32_t>((std::uint64_t{1} << shift) - 1);
  const std::uint32_t target = puzzle.target;
  Step steps[4];
  TileShape<kPlainRows>::compass(kTransposed, puzzle.layout.band(), steps);
  const Step north = steps[0], east = steps[1], south = steps[2], west = steps[3];
  auto is_closed = [&](std::uint32_t state) { return closed[state >> 6] >> (state & 63) & 1; };
  // Closes `state` and adds `value` to how it was discovered (zero leaves that alone).
  auto discover = [&](std::uint32_t state, unsigned value) {
    closed[state >> 6] |= std::uint64_t{1} << (state & 63);
    how[state >> 2] = static_cast<std::uint16_t>(how[state >> 2] | value << ((state & 3) * 4));
  };

  StateDeque container;
  discover(puzzle.start, kIsStart);
  container.push_back(puzzle.start);
  // Discovers `next` if it is not closed, reached by a move in direction d, without a
  // branch: whether a neighbour is open is a coin toss on many maps, and a mispredicted
  // branch costs more than the stores (closing a closed state again, adding zero to
  // its half byte). A stack search's next state is the last one pushed, or if none
  // the one that was on top: `picked` follows it in a register, so that the next
  // state's loads need not wait for the container's (open maps: 1.1x to 1.25x faster;
  // rooms maps, whose moves a branch predicts, up to 1.1x slower).
  std::uint32_t picked = 0;
  bool have_picked = false;  // stack: picked is the next state, already off the container
  std::uint32_t countdown = kPauseEvery;
  auto move = [&](std::uint32_t next, unsigned d) {
    const unsigned open = !is_closed(next);
    discover(next, (kByMove + d) * open);
    container.push_if(next, open);
    picked = open ? next : picked;
  };
  while (have_picked || !container.empty()) {
    const std::uint32_t current = have_picked                  ? picked
                                  : kMode == Container::queue ? container.pop_front()
                                                              : container.pop_back();
    have_picked = false;
    if (--countdown == 0) {
      countdown = kPauseEvery;
      if (pause()) return kNotFound;
    }
    if (kMode == Container::queue) {
      std::uint32_t soon;
      if (container.peek_front(kAhead, soon)) {
        __builtin_prefetch(&closed[soon >> 6], 1);
        __builtin_prefetch(&how[soon >> 2], 1);
      }
    }
    const std::uint32_t cell = current & cell_mask;
    trace(puzzle, current >> shift, cell);
    bool special_cell = false;
    if (special[cell >> 6] >> (cell & 63) & 1) {
      const std::uint8_t press = press_table[(current >> shift) * 64 + grid[cell]];
      if (press != kNoPress) {
        const std::uint32_t next = std::uint32_t{press} << shift | cell;
        if (!is_closed(next)) {
          discover(next, kByPress);
          discover(current, kPressedHere);
          container.push_back(next);
        }
        continue;
      }
      special_cell = true;
    }
    container.reserve(4);
    if (kMode == Container::stack) picked = container.back_or_any();
    move(north.from(current), 0);
    move(east.from(current), 1);
    move(south.from(current), 2);
    move(west.from(current), 3);
    // The search ends when the target is discovered, here only from a special cell.
    // The moves after the one that discovered it discovered more, which changes
    // nothing: the backtrace follows only states discovered before the target.
    const std::uint32_t goal = (current & ~cell_mask) | target;
    if (special_cell && space.how(goal) != 0) return goal;
    if (kMode == Container::stack) have_picked = container.drop_back();
  }
  return kNotFound;
}

/// exact_search for the puzzle's tile shape and orientation.
template <Container kMode, typename Pause = NoPause>
std::uint32_t exact_search(const Puzzle& puzzle, const Rules& rules, Marks& marks, unsigned shift, Pause&& pause = {}) {
  const Layout& layout = puzzle.layout;
  if (layout.plain_rows())
    return layout.transposed() ? exact_search<kMode, true, true>(puzzle, rules, marks, shift, pause)
                               : exact_search<kMode, true, false>(puzzle, rules, marks, shift, pause);
  return layout.transposed() ? exact_search<kMode, false, true>(puzzle, rules, marks, shift, pause)
                             : exact_search<kMode, false, false>(puzzle, rules, marks, shift, pause);
}

/// The path from the start to `end` as its actions, kByMove + d or kByPress, following
/// the marks backwards. An action takes a byte where a state would take four: a
/// depth-first path can be tens of millions of states long.
std::vector<std::uint8_t> backtrace(const Puzzle& puzzle, const Marks& marks, unsigned shift, std::uint32_t end) {
  const std::uint32_t cell_mask = static_cast<std::uint32_t>((std::uint64_t{1} << shift) - 1);
  std::vector<std::uint8_t> actions;
  std::uint32_t state = end;
  for (;;) {
    const unsigned how = marks.how(state) & 7;
    if (how == kIsStart) break;
    actions.push_back(static_cast<std::uint8_t>(how));
    if (how == kByPress) {  // from the layer whose state here carries kPressedHere
      const std::uint32_t cell = state & cell_mask;
      std::uint32_t layer = 0;
      while (layer == state >> shift || !(marks.how(layer << shift | cell) & kPressedHere)) {
        ++layer;
        assert(layer <= puzzle.colors);
      }
      state = layer << shift | cell;
    } else {
      assert(how >= kByMove && how < kByMove + 4);
      state = puzzle.layout.step(static_cast<int>(how - kByMove + 2) % 4).from(state);  // step back
    }
  }
  std::reverse(actions.begin(), actions.end());
  return actions;
}

// ---- The queue search on a map without colors ------------------------------------

/// The path the queue search finds on a map with no colors, found without a queue.
/// With no colors the search is a breadth-first search of the cells: it investigates
/// them by distance from the start, and cells at one distance in the order of their
/// paths' moves, the first move first (north, east, south, west), since each cell is
/// discovered by the first of its neighbours one step closer to the start. So the path
/// it finds is, of the shortest paths to the target, the one whose moves come first in
/// that order: from the start, each move goes to the first neighbour that is one step
/// closer to the target. This pass measures those distances, flooding from the target
/// one distance at a time over tiles of 8 x 8 cells, a word each (in the layout's
/// orientation), where a step in a direction is a shift; a distance touches only the
/// tiles next to the cells of the one before. A cell keeps its distance modulo 3 (plus
/// one; zero: not reached), which tells a neighbour one step closer from one as far or
/// further. The flood stops at the start's distance (see flood() for an unsolvable
/// map). Memory: five words per tile, five eighths of a byte per cell.
class ShortestPath {
 public:
  explicit ShortestPath(const Puzzle& puzzle)
      : layout_(puzzle.layout), cols_((layout_.cols() + 7) / 8),
        tiles_(((std::size_t{layout_.rows()} + 7) / 8 + 2) * cols_) {
    // Without colors there is one layer, '^', where a trap is no active button and
    // only walls are closed; the tiles below spell that out.
    assert(puzzle.colors == 0);
    for ([[maybe_unused]] const char c : {'.', '@', '?', '^'}) assert(is_passable(kNoColor, c) && !is_active_button(kNoColor, c));
    assert(!is_passable(kNoColor, '#'));
    // A tile's walls gathered in a register from its eight rows of eight cells, which
    // lie together in the grid (see Layout; cell (y, x) is at tiled(y, 0) + tiled(0, x)).
    // The rows of tiles above and below the map's stay zero: nothing ever reaches them.
    const std::uint8_t* const grid = puzzle.grid.data();
    for (std::uint32_t y0 = 0; y0 < layout_.rows(); y0 += 8) {
      const std::uint32_t rows = std::min(8u, layout_.rows() - y0);
      const std::uint8_t* row[8];
      for (std::uint32_t r = 0; r < rows; ++r) row[r] = grid + layout_.tiled(y0 + r, 0);
      Tile* const out = &tiles_[tile(y0, 0)];
      for (std::uint32_t tx = 0; tx < cols_; ++tx) {
        const std::uint32_t at = layout_.tiled(0, tx * 8);
        std::uint64_t closed = rows == 8 ? 0 : ~std::uint64_t{0} << (8 * rows);  // below the last row
        for (std::uint32_t r = 0; r < rows; ++r)
          closed |= std::uint64_t{gather_bytes(~kinds_from(eight_kinds(row[r] + at), kFloor) & kHighBits)} << (8 * r);
        out[tx].closed = closed;
      }
    }
  }

  /// The queue search's path from `start` to `target` as its actions (kByMove + d), or
  /// none if the target cannot be reached.
  std::vector<std::uint8_t> actions(std::uint32_t start, std::uint32_t target) {
    std::uint32_t distance = 0;
    if (!flood(target, start, distance)) return {};
    // A step in map direction d in the stored orientation (see Layout::cell).
    const bool t = layout_.transposed();
    const int dy[4] = {t ? 0 : -1, t ? 1 : 0, t ? 0 : 1, t ? -1 : 0};
    const int dx[4] = {t ? -1 : 0, t ? 0 : 1, t ? 1 : 0, t ? 0 : -1};
    std::vector<std::uint8_t> path;
    path.reserve(distance);
    std::uint32_t y = layout_.y_of(start), x = layout_.x_of(start);
    for (; distance > 0; --distance) {
      const unsigned closer = (distance - 1) % 3 + 1;
      int d = 0;
      while (d < 3 && mark(y + static_cast<std::uint32_t>(dy[d]), x + static_cast<std::uint32_t>(dx[d])) != closer) ++d;
      assert(mark(y + static_cast<std::uint32_t>(dy[d]), x + static_cast<std::uint32_t>(dx[d])) == closer);
      path.push_back(static_cast<std::uint8_t>(kByMove + static_cast<unsigned>(d)));
      y += static_cast<std::uint32_t>(dy[d]);
      x += static_cast<std::uint32_t>(dx[d]);
    }
    return path;
  }

 private:
  struct Tile {
    std::uint64_t next;       ///< cells a round of a flood reaches, closed or not
    std::uint64_t closed;     ///< walls, and cells whose distance is known
    std::uint64_t low, high;  ///< the two bits of distance % 3 + 1
    std::uint64_t seen;       ///< cells the flood from the start reached
  };
  struct Front {
    std::size_t tile;
    std::uint64_t cells;
  };
  /// A flood's cells of the last round.
  struct Flood {
    Flood(std::size_t tile, std::uint64_t cells) : front{{tile, cells}} {}
    std::vector<Front> front, next;
    std::size_t fronts = 1;
  };

  /// The tile of stored row y, column x; a row of tiles above and below the map's
  /// lets a step leave any tile of it.
  std::size_t tile(std::uint32_t y, std::uint32_t x) const { return (std::size_t{y >> 3} + 1) * cols_ + (x >> 3); }
  static std::uint64_t bit(std::uint32_t y, std::uint32_t x) { return std::uint64_t{1} << ((y & 7) * 8 + (x & 7)); }
  unsigned mark(std::uint32_t y, std::uint32_t x) const {
    const Tile& at = tiles_[tile(y, x)];
    return ((at.low & bit(y, x)) != 0) + 2 * ((at.high & bit(y, x)) != 0);
  }

  /// One round of a flood: gathers what the front's cells reach in their tiles' `next`
  /// (listing each tile once), then makes the new front of what take(tile, cells)
  /// keeps of each tile's (take marks them, and `next` is cleared after it). The map's
  /// border is walls, so no cell of a front lies on a tile's outer edge of the map,
  /// and a step off the map's tiles shifts in nothing.
  template <class Take>
  void advance(Flood& flood, Take take) {
    constexpr std::uint64_t kWestCol = kEveryByte, kEastCol = kEveryByte << 7;
    Tile* const tiles = tiles_.data();
    const std::size_t down = cols_;
    if (listed_.size() < flood.fronts * 5) listed_.resize(flood.fronts * 5);
    std::size_t* const out = listed_.data();
    std::size_t n = 0;
    // Adds `cells` to tile t's next without a branch, listing t when they are its first.
    auto reach = [&](std::size_t t, std::uint64_t cells) {
      const std::uint64_t before = tiles[t].next;
      out[n] = t;
      n += (before == 0) & (cells != 0);
      tiles[t].next = before | cells;
    };
    for (std::size_t i = 0; i < flood.fronts; ++i) {
      const std::size_t t = flood.front[i].tile;
      const std::uint64_t c = flood.front[i].cells;
      reach(t, (c << 1 & ~kWestCol) | (c >> 1 & ~kEastCol) | c << 8 | c >> 8);
      reach(t + 1, (c & kEastCol) >> 7);
      reach(t - 1, (c & kWestCol) << 7);
      reach(t + down, c >> 56);
      reach(t - down, c << 56);
    }
    if (flood.next.size() < n) flood.next.resize(n);
    std::size_t fronts = 0;
    for (std::size_t i = 0; i < n; ++i) {
      Tile& at = tiles[out[i]];
      const std::uint64_t cells = take(at, at.next);
      at.next = 0;
      flood.next[fronts] = {out[i], cells};
      fronts += cells != 0;
    }
    std::swap(flood.front, flood.next);
    flood.fronts = fronts;
  }

  /// Floods the distances from cell `from` (the target) until cell `to` (the start)
  /// has one (true, `distance` set), or finds that it never will. A second flood, from
  /// `to`, goes along until the two meet, a round whenever it has done at most an
  /// eighth of the first one's work (tiles of its fronts): on an unsolvable map whose
  /// start is walled in, it ends before the first has gone far (the first stops within
  /// nine times the second's whole flood), and on a solvable map it adds an eighth at most.
  bool flood(std::uint32_t from, std::uint32_t to, std::uint32_t& distance) {
    Tile* const tiles = tiles_.data();
    const std::uint32_t fy = layout_.y_of(from), fx = layout_.x_of(from), ty = layout_.y_of(to), tx = layout_.x_of(to);
    Flood target(tile(fy, fx), bit(fy, fx)), start(tile(ty, tx), bit(ty, tx));
    tiles[tile(fy, fx)].closed |= bit(fy, fx);
    tiles[tile(fy, fx)].low |= bit(fy, fx);  // distance 0: mark 1
    tiles[tile(ty, tx)].seen |= bit(ty, tx);
    const Tile& goal = tiles[tile(ty, tx)];
    const std::uint64_t goal_bit = bit(ty, tx);
    bool met = false;
    std::size_t work = 0, start_work = 0;  // tiles of the floods' fronts so far
    for (distance = 1; target.fronts > 0; ++distance) {
      work += target.fronts;
      const unsigned code = distance % 3 + 1;  // the mark of this distance
      const std::uint64_t low = code & 1 ? ~std::uint64_t{0} : 0, high = code & 2 ? ~std::uint64_t{0} : 0;
      advance(target, [&](Tile& at, std::uint64_t reached) {
        const std::uint64_t cells = reached & ~at.closed;
        at.closed |= cells;
        at.low |= cells & low;
        at.high |= cells & high;
        return cells;
      });
      if (goal.closed & goal_bit) return true;
      if (met || start_work * 8 > work) continue;
      // The flood from the start walks on what the other has measured (closed, with a
      // mark) and what it has not (not closed), not on walls.
      start_work += start.fronts;
      advance(start, [&](Tile& at, std::uint64_t reached) {
        const std::uint64_t measured = at.low | at.high;
        const std::uint64_t cells = reached & ~at.seen & (~at.closed | measured);
        at.seen |= cells;
        met = met || (cells & measured) != 0;
        return cells;
      });
      if (start.fronts == 0 && !met) return false;
    }
    return false;
  }

  const Layout& layout_;
  std::uint32_t cols_;  ///< tiles in a row of tiles
  Buffer<Tile> tiles_;
  std::vector<std::size_t> listed_;  ///< the tiles a round reaches
};

}  // namespace

/// The outcome of a search: the path from the start to the target as its actions (none
/// if there is no path), or for an unsolvable map which cells were discovered.
struct Solution {
  std::vector<std::uint8_t> actions;      ///< kByMove + d (a move in direction d) or kByPress
  std::vector<std::uint64_t> discovered;  ///< when there are no actions: a bit per cell (see bit_word)
  std::uint32_t words_per_row = 0;        ///< of `discovered`

  bool solved() const { return !actions.empty(); }
};

namespace {

#ifdef PUZZLE_TRACE
constexpr bool kTraceBuild = true;
#else
constexpr bool kTraceBuild = false;
#endif

/// Whether the target cannot be reached; if so, records which cells were discovered.
bool unsolvable(const Puzzle& puzzle, const Rules& rules, Solution& solution) {
  Reachability reach(puzzle, rules);
  if (reach.run()) return false;
  solution.discovered = reach.reached_cells();
  solution.words_per_row = row_words(puzzle.layout);
  return true;
}

}  // namespace

/// Solves `puzzle` as the spec's algorithm does with the given container. The trace
/// build runs the exact search on every map (no shortcut, solvable or not), to show
/// every state it investigates.
Solution solve(const Puzzle& puzzle, Container container) {
  const Rules rules(puzzle.colors);
  Solution solution;
  // Without colors, unless a few cells around the target or the start are walled in
  // (seen at once), the map is likely solvable: the search comes first, and the
  // reachability pass only if it fails. The queue search is ShortestPath's; the stack
  // search is the exact search.
  const bool colorless_search = !kTraceBuild && puzzle.colors == 0 &&
                                !walled_in(puzzle, puzzle.target, puzzle.start, 64) &&
                                !walled_in(puzzle, puzzle.start, puzzle.target, 64);
  if (colorless_search && container == Container::queue) {
    solution.actions = ShortestPath(puzzle).actions(puzzle.start, puzzle.target);
    if (solution.solved()) return solution;
  }
  const bool stack_first = colorless_search && container == Container::stack;
  if (!kTraceBuild && !stack_first && unsolvable(puzzle, rules, solution)) return solution;
  unsigned shift = 1;
  while ((std::uint64_t{1} << shift) < puzzle.layout.cells()) ++shift;
  if ((std::uint64_t{puzzle.colors + 1} << shift) > (std::uint64_t{1} << 32))
    fail("the map is too large to search: " + std::to_string(puzzle.colors + 1) + " layers of " +
         std::to_string(puzzle.height) + " x " + std::to_string(puzzle.width) +
         " cells need more than 2^32 states");
  Marks marks(puzzle, shift);
  std::uint32_t end = kNotFound;
  if (container == Container::queue) {
    end = exact_search<Container::queue>(puzzle, rules, marks, shift);
  } else if (!stack_first) {
    end = exact_search<Container::stack>(puzzle, rules, marks, shift);
  } else {  // the target's side, a cell per eight states, stops it once closed off from what it discovers
    Side side(puzzle, puzzle.target);
    auto discovered = [&](std::uint32_t cell) { return marks.closed(cell); };
    end = exact_search<Container::stack>(puzzle, rules, marks, shift,
                                         [&] { return side.closed_off(kPauseEvery / 8, discovered); });
  }
  if (end == kNotFound) {  // in the trace build, or a colorless stack search
    if (!unsolvable(puzzle, rules, solution))  // never, unless the passes disagree
      fail("internal error: the search did not reach the target, which the reachability pass reaches");
    return solution;
  }
  solution.actions = backtrace(puzzle, marks, shift, end);
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
      fail("cannot write the output to standard output");
    }
  }

 private:
  std::string* text_ = nullptr;
  std::FILE* file_ = nullptr;
};

/// Calls visit(layer, row, col) for each state of the path in order, replaying its
/// actions from the start: a move steps to a neighbour, a press changes the layer to
/// the one its button leads to. (layer: 0 for '^', 1 + k for the k-th letter.)
template <typename Visit>
void walk_path(const Puzzle& puzzle, const Solution& solution, Visit visit) {
  static const int kRowStep[4] = {-1, 0, 1, 0}, kColStep[4] = {0, 1, 0, -1};
  std::uint32_t layer = 0, cell = puzzle.start;
  std::uint32_t row = puzzle.row_of(cell), col = puzzle.col_of(cell);
  visit(layer, row, col);
  for (const std::uint8_t action : solution.actions) {
    if (action == kByPress) {
      layer = layer_index(pressed_layer(kind_char(puzzle.grid[cell])));
    } else {
      const int d = action - kByMove;
      row += static_cast<std::uint32_t>(kRowStep[d]);
      col += static_cast<std::uint32_t>(kColStep[d]);
      cell = puzzle.layout.step(d).from(cell);
    }
    visit(layer, row, col);
  }
}

/// Whether the cell at (row, col) was discovered in any layer, for an unsolved map.
inline bool discovered_cell(const Puzzle& puzzle, const Solution& solution, std::uint32_t row, std::uint32_t col) {
  const std::uint32_t cell = puzzle.cell(row, col), x = puzzle.layout.x_of(cell);
  return solution.discovered[bit_word(puzzle.layout.y_of(cell), x / 64, solution.words_per_row)] >> (x % 64) & 1;
}

namespace {

/// Numbers in list output, each followed by `suffix` (at most 5 characters). The
/// texts of 0 .. count - 1 (up to kMax) are made once, in slots of 16 bytes whose
/// last byte is the text's length, so that a list line copies its row and column in
/// two moves of a fixed size; larger numbers are written as they come.
class NumberTexts {
 public:
  static constexpr std::uint32_t kMax = 1u << 16;
  NumberTexts(std::uint32_t count, std::string_view suffix)
      : suffix_(suffix), size_(std::min(count, kMax)), text_(std::size_t{size_} * 16) {
    for (std::uint32_t n = 0; n < size_; ++n) {
      char* const slot = &text_[std::size_t{n} * 16];
      slot[15] = static_cast<char>(write(slot, n) - slot);
    }
  }
  /// Writes n and the suffix at `out`, which has room for 16 characters; returns their end.
  char* put(char* out, std::uint32_t n) const {
    if (n >= size_) return write(out, n);
    std::memcpy(out, &text_[std::size_t{n} * 16], 16);
    return out + text_[std::size_t{n} * 16 + 15];
  }

 private:
  char* write(char* out, std::uint32_t n) const {
    return std::copy(suffix_.begin(), suffix_.end(), std::to_chars(out, out + 10, n).ptr);
  }
  std::string_view suffix_;
  std::uint32_t size_;
  std::vector<char> text_;
};

void write_list(const Puzzle& puzzle, const Solution& solution, Sink& sink) {
  constexpr std::size_t kLine = 40;  // room for "(c, (" in 8 and two numbers in 16 each
  std::string text(std::min<std::size_t>((solution.actions.size() + 1) * kLine, std::size_t{1} << 20), '\0');
  char* p = &text[0];
  char* const end = p + text.size();
  const NumberTexts rows(puzzle.height, ", "), cols(puzzle.width, "))\n");
  char start[8] = {'(', '^', ',', ' ', '('};
  walk_path(puzzle, solution, [&](std::uint32_t layer, std::uint32_t row, std::uint32_t col) {
    if (end - p < static_cast<std::ptrdiff_t>(kLine)) {  // written in chunks of a megabyte
      sink.write(std::string_view(text.data(), static_cast<std::size_t>(p - text.data())));
      p = &text[0];
    }
    start[1] = layer_color(layer);
    std::memcpy(p, start, 8);
    p = cols.put(rows.put(p + 5, row), col);
  });
  sink.write(std::string_view(text.data(), static_cast<std::size_t>(p - text.data())));
}

/// Rows of text in a piece of output, as a power of two: 1 << piece_shift rows, at most
/// 256 KB unless a row is longer. The map outputs are made and written a piece at a
/// time, so that they reuse memory that is in the cache instead of touching pages as
/// large as the output (a page fault costs more than writing its page's text).
unsigned piece_shift(const Puzzle& puzzle) {
  unsigned shift = 0;
  while (shift < 31 && (std::size_t{2} << shift) * (std::size_t{puzzle.width} + 1) <= (std::size_t{1} << 18)) ++shift;
  return shift;
}

/// Calls piece(first_row, end_row) for the map's rows, a piece at a time.
template <typename Piece>
void each_piece(const Puzzle& puzzle, Piece piece) {
  const std::uint32_t rows = 1u << piece_shift(puzzle);
  for (std::uint32_t first = 0; first < puzzle.height; first += rows) piece(first, first + std::min(rows, puzzle.height - first));
}

/// The map's rows as text, one line per row, a piece (each_piece) at a time.
/// fill(out, cell, row, col, n) writes the characters of n cells of `row` from `col`
/// on, whose cells are cell, cell + 1, ... (a run within a tile; one cell at a time for
/// a transposed layout); then emit(first_row, piece) gets each piece (and may change it).
template <typename Fill, typename Emit>
void render_rows(const Puzzle& puzzle, Fill fill, Emit emit) {
  const std::size_t width = puzzle.width;
  const std::size_t tile_cols = puzzle.layout.transposed() ? 1 : puzzle.layout.tile_cols();
  std::string piece;
  each_piece(puzzle, [&](std::uint32_t first, std::uint32_t end) {
    piece.resize(std::size_t{end - first} * (width + 1));
    char* p = &piece[0];
    for (std::uint32_t row = first; row < end; ++row) {
      for (std::size_t col = 0; col < width;) {
        const std::size_t span = std::min(width - col, tile_cols - ((col + 1) & (tile_cols - 1)));
        fill(p, puzzle.cell(row, static_cast<std::uint32_t>(col)), row, col, span);
        p += span;
        col += span;
      }
      *p++ = '\n';
    }
    emit(first, piece);
  });
}

/// The input character of every cell kind at of[256 + kind], and '#' at of[kind]: a
/// cell not discovered reads as a wall on the no-solution map. bytes[b]: 0xFF in the
/// bytes j of a word whose bit j of b is set, for eight cells at a time.
struct KindChars {
  char of[512];
  std::uint64_t bytes[256];
  /// The characters of the eight cells of a grid from `at`, as a word to store
  /// (little-endian machines). On a map without colors (`plain`) most runs of eight
  /// cells are floor and walls only, and take no lookup (with colors, a branch on it
  /// is a coin toss: 1.1x-1.4x slower).
  std::uint64_t eight(const std::uint8_t* at, bool plain) const {
    static_assert(kWall == 0 && kFloor == 1, "floor and walls are kinds 0 and 1");
    if (plain) {
      std::uint64_t kinds;
      std::memcpy(&kinds, at, sizeof kinds);
      if (!(kinds & ~kEveryByte)) return kEveryByte * '#' + kinds * ('.' - '#');
    }
    std::uint64_t text = 0;
    for (unsigned k = 0; k < 8; ++k) text |= std::uint64_t{static_cast<unsigned char>(of[256 + at[k]])} << (8 * k);
    return text;
  }
  KindChars() {
    std::memset(of, '#', sizeof of);
    for (unsigned kind = 0; kind < kKinds; ++kind) of[256 + kind] = kind_char(static_cast<std::uint8_t>(kind));
    for (unsigned b = 0; b < 256; ++b) {
      bytes[b] = 0;
      for (unsigned j = 0; j < 8; ++j) bytes[b] |= std::uint64_t{(b >> j & 1) * 0xFFu} << (8 * j);
    }
  }
};

/// The characters that read as floor on the map of `layer`, where nothing of the path
/// covers them: on '^' the traps; on a color's map its own buttons and doors, and the
/// start, which shows only on '^'.
void floor_chars(std::uint32_t layer, char (&chars)[3]) {
  if (layer == 0) {
    chars[0] = chars[1] = chars[2] = kNoColor;
  } else {
    chars[0] = layer_color(layer);
    chars[1] = static_cast<char>(chars[0] - 'a' + 'A');
    chars[2] = '@';
  }
}

/// Calls mark(layer, row, col, symbol) for each mark the path draws on the layers'
/// maps, in path order: '+' where it walks (not the start, not the target), '%' where
/// it presses a button and '@' where the press arrives in the button's layer (a '%'
/// overwrites the '+' of its cell). A state is on a path once, and has a '%' or an
/// '@' only if it is where a press leaves or arrives: never both, since a press
/// arrives on a button of its own layer's color (or a trap on '^'), which is not active.
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
    before = layer;
    before_row = row;
    before_col = col;
    ++step;
  });
}

void write_map(const Puzzle& puzzle, const Solution& solution, Sink& sink) {
  // The marks: a bit per state, in the order of the maps' text (layer, row, column),
  // for each '+'; and the presses' '%' and '@', few, sorted in that order. A bit per
  // state costs less than a list as soon as a path is long (a depth-first path can
  // cover most of a layer), and its pages that no mark touches cost nothing.
  const std::uint64_t layer_cells = std::uint64_t{puzzle.height} * puzzle.width;
  Buffer<std::uint64_t> walked(static_cast<std::size_t>(((puzzle.colors + 1) * layer_cells + 63) / 64));
  std::vector<std::pair<std::uint64_t, char>> presses;
  path_marks(puzzle, solution, [&](std::uint32_t layer, std::uint32_t row, std::uint32_t col, char mark) {
    const std::uint64_t state = layer * layer_cells + std::uint64_t{row} * puzzle.width + col;
    if (mark == '+') walked[static_cast<std::size_t>(state / 64)] |= std::uint64_t{1} << (state % 64);
    else presses.emplace_back(state, mark);
  });
  std::sort(presses.begin(), presses.end());
  auto next_press = presses.cbegin();

  // A layer's map is the input's characters with the layer's floor characters made
  // '.', and the path's marks. With one layer, the input's characters are made a piece
  // at a time; with more, once, and each layer's pieces are copied from them.
  const std::size_t line = std::size_t{puzzle.width} + 1;
  const KindChars chars;
  const std::uint8_t* const grid = puzzle.grid.data();
  auto fill_input = [&](char* out, std::uint32_t cell, std::uint32_t, std::size_t, std::size_t n) {
    std::size_t j = 0;
    for (; kLittleEndian && j + 8 <= n; j += 8) {
      const std::uint64_t text = chars.eight(grid + cell + j, puzzle.colors == 0);
      std::memcpy(out + j, &text, sizeof text);
    }
    for (; j < n; ++j) out[j] = chars.of[256 + grid[cell + j]];
  };
  std::string input;
  if (puzzle.colors > 0) {
    input.reserve(std::size_t{puzzle.height} * line);
    render_rows(puzzle, fill_input, [&](std::uint32_t, const std::string& piece) { input += piece; });
  }
  std::string piece;
  for (std::uint32_t layer = 0; layer <= puzzle.colors; ++layer) {
    char floor[3];
    floor_chars(layer, floor);
    const char header[] = {'/', '/', ' ', 'c', 'o', 'l', 'o', 'r', ' ', layer_color(layer), '\n'};
    sink.write(std::string_view(header, sizeof header));
    auto emit = [&](std::uint32_t first_row, std::string& text) {
      const char* const from = puzzle.colors > 0 ? input.data() + first_row * line : text.data();
      char* const to = &text[0];
      const std::size_t size = text.size();
      for (std::size_t i = 0; i < size; ++i) {
        const char c = from[i];
        to[i] = c == floor[0] || c == floor[1] || c == floor[2] ? '.' : c;
      }
      // The '+' of each row, a word of bits at a time; then the presses' marks.
      const std::uint64_t first = layer * layer_cells + std::uint64_t{first_row} * puzzle.width;
      const std::uint64_t end = first + size / line * puzzle.width;
      for (std::uint64_t row = first, at = 0; row < end; row += puzzle.width, at += line) {
        for (std::uint64_t state = row; state < row + puzzle.width;) {
          const std::uint64_t n = std::min<std::uint64_t>(64 - state % 64, row + puzzle.width - state);
          std::uint64_t bits = walked[static_cast<std::size_t>(state / 64)] >> (state % 64);
          if (n < 64) bits &= (std::uint64_t{1} << n) - 1;
          for (; bits != 0; bits &= bits - 1)
            to[at + (state - row) + static_cast<unsigned>(__builtin_ctzll(bits))] = '+';
          state += n;
        }
      }
      for (; next_press != presses.cend() && next_press->first < end; ++next_press) {
        const std::uint64_t at = next_press->first - first;
        to[at / puzzle.width * line + at % puzzle.width] = next_press->second;
      }
      sink.write(text);
    };
    if (puzzle.colors == 0) {
      render_rows(puzzle, fill_input, emit);
    } else {
      each_piece(puzzle, [&](std::uint32_t first_row, std::uint32_t end_row) {
        piece.resize((end_row - first_row) * line);
        emit(first_row, piece);
      });
    }
  }
}

#ifdef PUZZLE_SPEC_2020
const char kNoSolutionHeader[] = "No solution.\nReachable:\n";
#else
const char kNoSolutionHeader[] = "No solution.\nDiscovered:\n";
#endif

void write_no_solution(const Puzzle& puzzle, const Solution& solution, Sink& sink) {
  const KindChars chars;
  const std::uint8_t* const grid = puzzle.grid.data();
  const bool transposed = puzzle.layout.transposed();
  const std::uint32_t words = solution.words_per_row;
  const std::uint64_t* const discovered = solution.discovered.data();
  sink.write(kNoSolutionHeader);
  // Made once for maps without colors, once for the others (see KindChars::eight).
  auto render = [&](auto plain) {
    render_rows(
        puzzle,
        [&](char* out, std::uint32_t cell, std::uint32_t row, std::size_t col, std::size_t n) {
          const std::uint32_t y = transposed ? static_cast<std::uint32_t>(col) + 1 : row + 1;
          const std::uint32_t x = transposed ? row + 1 : static_cast<std::uint32_t>(col) + 1;
          for (std::size_t j = 0; j < n;) {  // a word of `discovered` at a time
            const std::uint32_t at = x + static_cast<std::uint32_t>(j);
            std::uint64_t bits = discovered[bit_word(y, at / 64, words)] >> (at % 64);
            const std::size_t end = std::min<std::size_t>(n, j + 64 - at % 64);
            for (; kLittleEndian && j + 8 <= end; j += 8, bits >>= 8) {  // eight cells: their characters, '#' where not discovered
              const std::uint64_t seen = chars.bytes[bits & 0xFF];
              const std::uint64_t text = (chars.eight(grid + cell + j, plain) & seen) | (kEveryByte * '#' & ~seen);
              std::memcpy(out + j, &text, sizeof text);
            }
            for (; j < end; ++j, bits >>= 1) out[j] = chars.of[(bits & 1) << 8 | grid[cell + j]];
          }
        },
        [&](std::uint32_t, const std::string& piece) { sink.write(piece); });
  };
  if (puzzle.colors == 0) render(std::true_type{});
  else render(std::false_type{});
}

}  // namespace

/// Writes the output the spec asks for.
void write_output(const Puzzle& puzzle, const Solution& solution, OutputMode mode, Sink& sink) {
  if (!solution.solved()) write_no_solution(puzzle, solution, sink);
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
// cppcheck-suppress unusedFunction
std::string run_to_string(std::string_view input, const Options& options) {
  std::string out;
  Sink sink(&out);
  run(input, options, sink);
  return out;
}

/// All of `file` from where it stands, read in large blocks. The header line is read
/// and checked first, so that a bad header is reported at once, even on an input that
/// never ends (`yes | puzzle -q`).
std::string read_all(std::FILE* file) {
  constexpr std::size_t kLongestHeader = std::size_t{1} << 20;
  std::string text;
  const long here = std::ftell(file);
  if (here >= 0 && std::fseek(file, 0, SEEK_END) == 0) {  // a regular file: its size is known
    const long end = std::ftell(file);
    if (end > here && static_cast<unsigned long>(end - here) < text.max_size()) {
      try {
        text.reserve(static_cast<std::size_t>(end - here));
      } catch (const std::exception&) {  // not a size to trust (a directory, say): read and see
      }
    }
    std::fseek(file, here, SEEK_SET);
  }
  for (int c; text.size() < kLongestHeader && (c = std::getc(file)) != EOF;) {
    text.push_back(static_cast<char>(c));
    if (c == '\n') break;
  }
  if (text.size() >= kLongestHeader && text.back() != '\n')
    fail("line 1: no end of line in the first megabyte: not a header 'num_colors height width'");
  if (!text.empty() && text.back() == '\n') {
    Puzzle header;
    LineReader lines(text);
    parse_header(lines, header);
  }
  char block[1 << 16];
  std::size_t n;
  while ((n = std::fread(block, 1, sizeof block, file)) > 0) text.append(block, n);
  if (std::ferror(file)) fail("cannot read standard input");
  return text;
}

/// Makes sure everything written to `file` arrived (a full disk, a closed stdout).
void finish_output(std::FILE* file) {
  if (std::fflush(file) != 0 || std::ferror(file)) fail("cannot write the output to standard output");
}

}  // namespace puzzle

// ==== main =======================================================================

#ifndef PUZZLE_NO_MAIN
int main(int argc, char* argv[]) {
  try {
    puzzle::Options options = puzzle::parse_options(argc, argv);
    if (options.help) {
      std::fputs(puzzle::kUsage, stdout);
      puzzle::finish_output(stdout);
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
    puzzle::finish_output(stdout);
  } catch (const puzzle::Error& e) {
    std::fprintf(stderr, "puzzle: error: %s\n", e.what());
    return 1;
  } catch (const std::bad_alloc&) {
    std::fputs("puzzle: error: not enough memory for this map\n", stderr);
    return 1;
  } catch (const std::exception& e) {  // no known way here; still one clear line, exit 1
    std::fprintf(stderr, "puzzle: error: %s\n", e.what());
    return 1;
  }
  return 0;
}
#endif
