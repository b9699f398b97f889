// Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
// tools/show: draws a map and a path through it (--help says what and how), its PNG writer its own.
// Memory: what solving takes, a byte per state of each path, a color and a character per panel cell.

#include "solution.h"  // and with it core.h and ../puzzle.cpp, its main left out

#include <strings.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <bitset>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace show {

using puzzle::Puzzle;
using solution::State;
using core::fail;
using core::usage_error;

// ==== Options ======================================================================

enum class ColorMode { automatic, always, never };  // as --color's words

/// Rows and columns of the map shown, inclusive.
struct Window {
  std::uint32_t row0 = 0, col0 = 0, row1 = 0, col1 = 0;
  std::uint32_t height() const { return row1 - row0 + 1; }
  std::uint32_t width() const { return col1 - col0 + 1; }
  bool contains(const State& s) const { return s.row >= row0 && s.row <= row1 && s.col >= col0 && s.col <= col1; }
};

struct Options {
  puzzle::Container container = puzzle::Container::queue;
  bool container_given = false;  ///< -q or -s
  std::string path_file, against_file, png_file;  ///< --path, --against, --png
  std::uint32_t scale = 0;                         ///< --scale: 0 until given; 1 if not
  ColorMode color = ColorMode::automatic;
  std::optional<Window> window;  ///< --window as given (row1 and col1 may go past the map)
  bool layers = false, legend = false, summary = false;
  std::string file_option, file;  ///< the last option given that takes a file ("--png") and its file
};

/// "R0,C0,R1,C1": four numbers, the first row and column at most the last.
Window parse_window(const std::string& text) {
  std::vector<std::uint32_t> n;
  std::istringstream parts(text);
  for (std::string part; std::getline(parts, part, ',');)
    n.push_back(static_cast<std::uint32_t>(core::parse_count("--window", part.c_str(), 0, UINT32_MAX)));
  const std::string what = "--window " + text;
  if (n.size() != 4)
    usage_error(what + ": needs four numbers R0,C0,R1,C1 (first row, first column, last row, last column)");
  const Window w{n[0], n[1], n[2], n[3]};
  if (w.row0 > w.row1) usage_error(what + ": the first row is after the last");
  if (w.col0 > w.col1) usage_error(what + ": the first column is after the last");
  return w;
}

core::Command command(Options& o) {
  auto container = [&o](puzzle::Container wanted) {
    if (o.container_given && o.container != wanted) usage_error("--queue and --stack are both given; choose one");
    o.container_given = true, o.container = wanted;
  };
  auto file = [&o](std::string& target, const char* option) {
    return [&o, &target, option](const char* value) { target = o.file = value, o.file_option = option; };
  };
  core::Command command{
      "show",
      "tools/show [OPTIONS] MAP",
      "Shows the puzzle map in MAP and a path through it: in the terminal with colors, as\n"
      "plain characters when the output is not a terminal, or as a PNG image.\n",
      {
          {0, nullptr, nullptr, "What path:", nullptr},
          {'q', "queue", nullptr, "solve MAP with a queue, as puzzle --queue does (default)",
           [container](const char*) { container(puzzle::Container::queue); }},
          {'s', "stack", nullptr, "solve MAP with a stack, as puzzle --stack does",
           [container](const char*) { container(puzzle::Container::stack); }},
          {0, "path", "OUTPUT",
           "show the path in OUTPUT instead (a list-mode, map-mode or\n\"No solution.\" output of any solver for MAP)",
           file(o.path_file, "--path")},
          {0, "against", "OUTPUT",
           "show puzzle's path and OUTPUT's in two colors, and the first\n"
           "state where they part (its number and both states)",
           file(o.against_file, "--against")},
          {0, nullptr, nullptr, "How:", nullptr},
          {0, "window", "R0,C0,R1,C1", "only rows R0..R1 and columns C0..C1 (inclusive)",
           [&o](const char* v) { o.window = parse_window(v); }},
          core::flag(0, "layers",
                     "a panel for each layer the path uses, drawn as the spec's\nmap output draws that layer "
                     "(default: one view, the path\ncolored by the layer it walks in)", o.layers),
          core::choice("color", "WHEN", {"auto", "always", "never"},
                       "(default auto: colors when stdout is a\nterminal)", o.color),
          {0, "png", "FILE",
           "write a PNG image: a square of K x K pixels per cell\n(FILE ends in .png, or has no extension)",
           file(o.png_file, "--png")},
          {0, "scale", "K", "K for --png (default 1)",
           [&o](const char* v) { o.scale = static_cast<std::uint32_t>(core::parse_count("--scale", v, 1, 256)); }},
          core::flag(0, "legend", "say what each color and character means (the terminal view\nhas it by default)",
                     o.legend),
          core::flag(0, "summary",
                     "one line per path: length, presses, layers used (for no\nsolution: the cells discovered)",
                     o.summary),
      },
      "Characters: the map's own (# wall, . floor, @ start, ? target, ^ trap, A-Z doors,\n"
      "a-z buttons), + the path, % a press (colored as the layer it leads to; a white\n"
      "dot in a PNG of --scale 3 or more); with --against: + both paths, = puzzle's\n"
      "only, ~ OUTPUT's only, ! the first state where they part; with --path, ! the last\n"
      "legal state of a path whose next move is illegal. With no solution,\n"
      "cells never discovered show as #, in gray. A PNG rings the start (black), the\n"
      "target (white) and where two paths part; a line names its --layers panels.\n"
      "Examples: tools/show --png full.png --scale 16 spec-inputs/spec-full.txt\n"
      "          tools/show --stack --against my-output.txt --window 0,0,20,60 map.txt\n",
      "shown",
      "an OUTPUT's path has an illegal move: it is drawn up to its last legal state, marked !, and a line says which "
      "move is illegal and why",
      "a MAP or OUTPUT that does not parse, an OUTPUT whose path does not start at the start, a view larger than the "
      "terminal (crop it with --window), or a file that cannot be written",
  };
  command.values_once = true;
  return command;
}

// ==== Colors =======================================================================
// One palette for the terminal (24-bit ANSI colors) and the PNG (its PLTE chunk): walls,
// floor, start, target, and for each layer L a hue: its path vivid, its doors dark, its
// buttons light (traps are the buttons of layer '^').

struct Rgb {
  std::uint8_t r, g, b;
};

enum Color : std::uint8_t {
  kFloor, kWall, kUndiscovered, kStart, kTarget, kGap, kMine, kOther, kBoth, kPart, kLayerColors
};
constexpr std::uint32_t kLayers = 27;
constexpr std::uint8_t path_color(std::uint32_t layer) { return static_cast<std::uint8_t>(kLayerColors + 3 * layer); }
constexpr std::uint8_t door_color(std::uint32_t layer) { return static_cast<std::uint8_t>(path_color(layer) + 1); }
constexpr std::uint8_t button_color(std::uint32_t layer) { return static_cast<std::uint8_t>(path_color(layer) + 2); }
constexpr std::uint32_t kPaletteSize = kLayerColors + 3 * kLayers;

const std::vector<Rgb>& palette() {
  static const std::vector<Rgb> colors = [] {
    std::vector<Rgb> c = {
        {235, 235, 235}, {70, 70, 70}, {165, 165, 165}, {0, 0, 0}, {255, 255, 255},  // kFloor .. kTarget
        {255, 255, 255}, {30, 100, 255}, {255, 140, 0}, {150, 40, 190}, {255, 0, 80}};  // kGap .. kPart
    c.resize(kPaletteSize);
    // Hue (a turn), saturation and value (0..1) as RGB. Layers follow each other around
    // the color wheel 10/27 of a turn apart, so that neighbouring letters get far-apart hues.
    auto hsv = [](double hue, double saturation, double value) {
      auto channel = [&](double n) {
        const double k = std::fmod(n + hue * 6, 6);
        const double x = value - value * saturation * std::clamp(std::min(k, 4 - k), 0.0, 1.0);
        return static_cast<std::uint8_t>(x * 255 + 0.5);
      };
      return Rgb{channel(5), channel(3), channel(1)};
    };
    for (std::uint32_t layer = 0; layer < kLayers; ++layer) {
      const double hue = static_cast<double>(layer * 10 % kLayers) / kLayers;
      c[path_color(layer)] = hsv(hue, 1.0, 0.9);
      c[door_color(layer)] = hsv(hue, 0.7, 0.55);
      c[button_color(layer)] = hsv(hue, 0.45, 1.0);
    }
    return c;
  }();
  return colors;
}

/// What a color means, for the legend; `png`: with the rings a PNG draws.
std::string meaning(std::uint8_t color, const std::string& mine, const std::string& other, bool png, bool illegal) {
  switch (color) {
    case kFloor: return "floor";
    case kWall: return "wall";
    case kUndiscovered: return "not discovered";
    case kStart: return png ? "start (in a black ring)" : "start";
    case kTarget: return png ? "target (in a black and white ring)" : "target";
    case kMine: return "path of " + mine + " only";
    case kOther: return "path of " + other + " only";
    case kBoth: return "both paths";
    case kPart:
      return std::string(illegal ? "last legal state: the next move is illegal" : "first state where the paths part") +
             (png ? " (ringed)" : "");
    default: break;
  }
  const std::uint32_t layer = (color - kLayerColors) / 3u;
  const char name = puzzle::layer_color(layer);
  switch ((color - kLayerColors) % 3) {
    case 0: return std::string("path in layer ") + name;
    case 1: return std::string("door ") + static_cast<char>(name - 'a' + 'A');
    default: return layer == 0 ? "trap" : std::string("button ") + name;
  }
}

// ==== What is shown ================================================================

/// A path drawn on the map, or a claim that there is none.
struct Track {
  std::string name;              ///< "puzzle --queue", or the output file
  solution::Path path;           ///< empty: no solution
  std::vector<bool> discovered;  ///< no solution: the cells discovered (walls never are)
  std::string illegal;  ///< the checker's line for a path whose next move is illegal ("Move 13 is illegal: ...")
};

/// What is drawn: the map, the main track (puzzle's or --path's), --against's other track.
struct Scene {
  const Puzzle* map = nullptr;
  solution::Ends ends;
  Track main;
  bool against = false;
  Track other;
  struct Parting {
    std::size_t at = SIZE_MAX;       ///< --against: index of the first differing state
    std::optional<State> states[2];  ///< the two states there (none where a path has ended)
    State shared;                    ///< the last state the paths share
  } part;
};

/// The cells of `map` that `found(row, col)` says were discovered, walls left out.
template <typename Found>
std::vector<bool> discovered_cells(const Puzzle& map, Found found) {
  std::vector<bool> cells(std::size_t{map.height} * map.width);
  for (std::uint32_t row = 0; row < map.height; ++row)
    for (std::uint32_t col = 0; col < map.width; ++col)
      cells[std::size_t{row} * map.width + col] = map.at(row, col) != '#' && found(row, col);
  return cells;
}

/// The track of a solver's `output`, read as tools/check reads it: a path with an illegal
/// move keeps its legal states and the checker's line; one that stops short, a warning.
Track read_track(const Puzzle& map, const std::string& output) {
  solution::Reader in(output);
  solution::Report report = solution::check_output(map, in, solution::Format::detect, SIZE_MAX, true);
  Track track{output, std::move(report.path), {}, ""};
  if (report.verdict == solution::Verdict::wrong) {
    if (track.path.empty()) fail(output + ": " + report.lines.back());
    track.illegal = report.lines.back();
  } else if (report.verdict == solution::Verdict::stops_short) {
    std::fprintf(stderr, "show: warning: %s: the path does not reach the target; shown as far as it goes\n",
                 output.c_str());
  } else if (report.verdict == solution::Verdict::no_solution) {
    track.path = solution::Path();
    track.discovered = discovered_cells(map, [&](std::uint32_t row, std::uint32_t col) {
      return report.discovered.get(std::uint64_t{row} * map.width + col) != 0;
    });
  }
  return track;
}

/// puzzle's own track with `container`: its path, or the cells it discovered.
Track solve_track(const Puzzle& map, puzzle::Container container) {
  Track track{container == puzzle::Container::queue ? "puzzle --queue" : "puzzle --stack", {}, {}, ""};
  const puzzle::Solution solved = puzzle::solve(map, container);
  if (!solved.solved()) {
    track.discovered = discovered_cells(
        map, [&](std::uint32_t row, std::uint32_t col) { return puzzle::discovered_cell(map, solved, row, col); });
    return track;
  }
  puzzle::walk_path(map, solved, [&](std::uint32_t layer, std::uint32_t row, std::uint32_t col) {
    track.path.add(State{puzzle::layer_color(layer), row, col});
  });
  return track;
}

/// Where `a` and `b` part (one may end first); `at` is SIZE_MAX when they are the same.
Scene::Parting first_difference(const solution::Path& a, const solution::Path& b) {
  Scene::Parting part;
  solution::Path::Cursor x(a), y(b);
  bool more_x = true, more_y = true;
  while (x.state() == y.state()) {
    part.shared = x.state();
    more_x = x.next(), more_y = y.next();
    if (!more_x && !more_y) return part;
    if (more_x != more_y) break;  // one has ended: the other's next state is where they part
  }
  if (more_x) part.states[0] = x.state();
  if (more_y) part.states[1] = y.state();
  part.at = std::max(x.index(), y.index());
  return part;
}

/// What --against says: where the paths part (at state 2 at the earliest), or that one or
/// both have none; and when OUTPUT is puzzle's path with the other container, that it is.
std::string describe_part(const Scene& s, puzzle::Container chosen) {
  const Track &a = s.main, &b = s.other;
  if (a.path.empty() && b.path.empty()) return "Both say No solution.";
  if (a.path.empty() || b.path.empty()) {
    const Track &none = a.path.empty() ? a : b, &some = a.path.empty() ? b : a;
    return none.name + " says No solution; " + some.name + " has a path of " +
           solution::plural(some.path.size(), "state") + ".";
  }
  const Scene::Parting& part = s.part;
  if (part.at == SIZE_MAX) return "The paths are the same: " + solution::plural(a.path.size(), "state") + ".";
  auto at = [&](int k) { return part.states[k] ? solution::show(*part.states[k]) : "nothing (its path has ended)"; };
  const std::string line = "The paths part at state " + std::to_string(part.at + 1) + " (move " +
                           std::to_string(part.at) + "): " + a.name + " " + at(0) + ", " + b.name + " " + at(1) +
                           "; state " + std::to_string(part.at) + " " + solution::show(part.shared) +
                           " is the last they share.";
  const bool queue = chosen == puzzle::Container::stack;  // the other container
  const Track solver = solve_track(*s.map, queue ? puzzle::Container::queue : puzzle::Container::stack);
  if (first_difference(solver.path, b.path).at != SIZE_MAX) return line;
  return line + "\n" + b.name + " is the path of " + solver.name + ", state for state: add " +
         (queue ? "--queue" : "--stack") + " to compare with it.";
}

/// Bit L: `path` walks layer L.
std::uint32_t layers_walked(const solution::Path& path) {
  std::uint32_t layers = 0;
  path.walk([&](const solution::Path::Cursor& at) { layers |= 1u << puzzle::layer_index(at.state().color); });
  return layers;
}

/// The --summary line of a track.
std::string describe_track(const Track& t, const Scene& s) {
  const auto discovered = static_cast<std::uint64_t>(std::count(t.discovered.begin(), t.discovered.end(), true));
  if (t.path.empty()) return t.name + ": No solution, " + solution::plural(discovered, "cell") + " discovered";
  std::size_t presses = 0;
  t.path.walk([&](const solution::Path::Cursor& at) { presses += at.pressed(); });
  const std::uint32_t walked = layers_walked(t.path);
  std::string layers;
  for (std::uint32_t layer = 0; layer < kLayers; ++layer)
    if (walked >> layer & 1) layers += std::string(layers.empty() ? "" : " ") + puzzle::layer_color(layer);
  return t.name + ": " + solution::plural(t.path.size(), "state") + " (" + solution::plural(t.path.size() - 1, "move") +
         "), " + std::to_string(presses) + (presses == 1 ? " press, " : " presses, ") +
         std::to_string(std::bitset<32>(walked).count()) + " of " + std::to_string(s.map->colors + 1) +
         " layers used (" + layers + ")" +
         (solution::same_cell(t.path.back(), s.ends.target) ? "" : ", does not reach the target");
}

// ==== Painting =====================================================================

/// What a PNG rings to be found at any scale: the start, the target, where paths part.
struct Ring {
  std::uint64_t row, col;  ///< in the canvas
  std::uint8_t color;
};

/// A panel painted: a color and a character per cell of the window, row by row; its rings.
struct Canvas {
  std::uint32_t height = 0, width = 0;
  std::vector<std::uint8_t> color;
  std::string glyph;
  std::vector<Ring> rings;
  std::uint32_t path_layers = 0;  ///< bit L: the path walks layer L in this panel
};

std::uint8_t char_color(char ch) {
  if (ch == '#') return kWall;
  if (ch == '@') return kStart;
  if (ch == '?') return kTarget;
  if (ch == puzzle::kNoColor) return button_color(0);
  if (puzzle::is_door(ch)) return door_color(puzzle::layer_index(static_cast<char>(ch - 'A' + 'a')));
  if (puzzle::is_button(ch)) return button_color(puzzle::layer_index(ch));
  return kFloor;
}

/// Paints a panel, the whole map (`layer` < 0) or a layer as the spec's map output draws
/// it: the map's characters, the path(s) over them, where a path goes wrong or two part.
Canvas paint(const Scene& s, const Window& w, int layer) {
  const Puzzle& map = *s.map;
  const std::size_t cells = std::size_t{w.height()} * w.width();
  Canvas c{w.height(), w.width(), std::vector<std::uint8_t>(cells), std::string(cells, ' '), {}, 0};
  const char layer_color = layer < 0 ? '\0' : puzzle::layer_color(static_cast<std::uint32_t>(layer));
  auto shows = [&](char color) { return layer < 0 || color == layer_color; };
  for (std::uint32_t row = w.row0; row <= w.row1; ++row) {
    for (std::uint32_t col = w.col0; col <= w.col1; ++col) {
      char ch = map.at(row, col);
      if (layer >= 0) ch = solution::MapOutput::unmarked(ch, layer_color);
      const std::size_t i = std::size_t(row - w.row0) * c.width + (col - w.col0);
      const bool hidden = !s.main.discovered.empty() && map.at(row, col) != '#' &&
                          !s.main.discovered[std::size_t{row} * map.width + col];
      c.color[i] = hidden ? std::uint8_t{kUndiscovered} : char_color(ch);
      c.glyph[i] = hidden ? '#' : ch;
    }
  }
  auto index = [&](const State& st) { return std::size_t(st.row - w.row0) * c.width + std::size_t(st.col - w.col0); };
  auto ring = [&](const State& st, std::uint8_t ink) { c.rings.push_back({st.row - w.row0, st.col - w.col0, ink}); };
  const State &start = s.ends.start, &target = s.ends.target;
  if (w.contains(target)) ring(target, kTarget);
  if (w.contains(start) && shows(puzzle::kNoColor)) ring(start, kStart);
  // A path is not drawn over the target, nor over the start where it shows.
  auto drawable = [&](const State& st) {
    return w.contains(st) && !solution::same_cell(st, target) &&
           !(solution::same_cell(st, start) && (layer < 0 || st.color == puzzle::kNoColor));
  };
  auto draw = [&](const State& st, char glyph, std::uint32_t walks) {  // the path, in the color of layer `walks`
    c.glyph[index(st)] = glyph;
    c.color[index(st)] = path_color(walks);
    c.path_layers |= 1u << walks;
  };
  auto mark_part = [&](const State& st) {  // '!', ringed
    if (!shows(st.color) || !w.contains(st)) return;
    c.color[index(st)] = kPart;
    if (drawable(st)) c.glyph[index(st)] = '!';
    ring(st, kPart);
  };

  if (s.against) {  // each cell as puzzle's path, OUTPUT's or both walk it
    std::vector<std::uint8_t> on(c.color.size(), 0);  // bit 1: puzzle's path, bit 2: the other
    for (const Track* t : {&s.main, &s.other})
      t->path.walk([&](const solution::Path::Cursor& at) {
        if (shows(at.state().color) && drawable(at.state())) on[index(at.state())] |= t == &s.main ? 1 : 2;
      });
    for (std::size_t i = 0; i < on.size(); ++i) {
      if (on[i] == 0) continue;
      c.color[i] = on[i] == 3 ? kBoth : on[i] == 1 ? kMine : kOther;
      c.glyph[i] = on[i] == 3 ? '+' : on[i] == 1 ? '=' : '~';
    }
    for (const std::optional<State>& st : s.part.states)
      if (st) mark_part(*st);
    return c;
  }
  // One path, colored by layer; a press '%' in the color of the layer it leads to, where
  // it leaves (the spec's mark) and where it arrives ('@' in a layer's panel).
  State before;
  s.main.path.walk([&](const solution::Path::Cursor& at) {
    const State& st = at.state();
    const std::uint32_t walks = puzzle::layer_index(st.color);
    const bool shown = shows(st.color) && drawable(st);
    if (at.pressed()) {
      if (shows(before.color) && drawable(before)) draw(before, '%', walks);
      if (shown) draw(st, layer < 0 ? '%' : '@', walks);
    } else if (at.index() > 0 && shown && c.glyph[index(st)] != '%') {
      draw(st, '+', walks);
    }
    before = st;
  });
  if (!s.main.illegal.empty()) mark_part(s.main.path.back());  // the last legal state, its next move illegal
  return c;
}

/// What a picture uses, for its legend: each color its cells show, with its first
/// character but a press's, and the path of every layer it draws (even where covered).
struct Used {
  std::string glyph = std::string(kPaletteSize, '\0');  ///< by color; '\0': not used
  bool presses = false, arrivals = false;

  void add(const Canvas& c) {
    for (std::size_t i = 0; i < c.color.size(); ++i) {
      const char ch = c.glyph[i];
      const bool arrival = ch == '@' && c.color[i] >= kLayerColors;  // '@' in a path's color
      presses = presses || ch == '%';
      arrivals = arrivals || arrival;
      char& first = glyph[c.color[i]];
      if (ch != '%' && !arrival && (first == '\0' || ch < first)) first = ch;
    }
    for (std::uint32_t layer = 0; layer < kLayers; ++layer)
      if (c.path_layers >> layer & 1) glyph[path_color(layer)] = '+';
  }
};

// ==== Terminal =====================================================================

void out(const std::string& text) {
  if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size())
    fail(std::string("cannot write to standard output: ") + std::strerror(errno));
}

/// The ANSI sequence for background `color` with a readable foreground.
std::string ansi(std::uint8_t color) {
  const Rgb& c = palette()[color];
  const bool light = 299 * c.r + 587 * c.g + 114 * c.b > 140000;
  return "\x1b[48;2;" + std::to_string(c.r) + ";" + std::to_string(c.g) + ";" + std::to_string(c.b) + "m" +
         (light ? "\x1b[38;2;0;0;0m" : "\x1b[38;2;255;255;255m");
}

/// The legend: what each color used means, wrapped at `columns`; for a PNG, with its RGB
/// value, one a line. Without colors, the path is the same '+' in every layer: said once.
void print_legend(const Used& used, const Scene& s, const Options& o, bool colored, std::uint32_t columns) {
  const bool png = !o.png_file.empty();
  std::string line = "Legend:";
  std::size_t length = line.size();  // characters on the screen in the last line
  auto add = [&](const std::string& swatch, const std::string& text) {
    if (length > 7 && length + 4 + text.size() > columns) {
      line += "\n       ";
      length = 7;
    }
    line += std::string(length > 7 ? "  " : " ") + swatch + " " + text;
    length += (length > 7 ? 4 : 3) + text.size();
  };
  bool path_said = false;
  for (std::uint8_t color = 0; color < kPaletteSize; ++color) {
    const char glyph = used.glyph[color];
    if (glyph == '\0') continue;
    const bool path = color >= kLayerColors && (color - kLayerColors) % 3 == 0;
    const std::string text = meaning(color, s.main.name, s.other.name, png, !s.main.illegal.empty());
    if (png) {
      const Rgb& c = palette()[color];
      char hex[16];
      std::snprintf(hex, sizeof hex, "\n  #%02X%02X%02X  ", c.r, c.g, c.b);
      line += hex + text;
    } else if (colored) {
      add(ansi(color) + glyph + "\x1b[0m", text);
    } else if (!path || !path_said) {
      add(std::string(1, glyph), path ? "the path" : text);
      path_said = path_said || path;
    }
  }
  if (used.presses && png && o.scale >= 3) line += "\n  #FFFFFF  a dot: a press, in the color of the layer it leads to";
  if (used.presses && !png) add("%", "a press");
  if (used.arrivals && !png) add("@", "where a press arrives");
  out(line + "\n");
}

/// Prints the panels as characters (colored on a terminal or with --color=always), and
/// the legend; a view larger than the terminal is refused with a --window that fits.
void print_view(const Options& o, const Scene& s, const Window& w, const std::vector<int>& panels) {
  winsize size{};
  if (!isatty(STDOUT_FILENO) || ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) != 0) size = winsize{};
  const std::uint32_t rows = size.ws_row, cols = size.ws_col;
  if (cols > 0 && (w.width() > cols || w.height() > rows))
    fail(std::string(o.window ? "the window is " : "the map is ") + std::to_string(w.height()) + " rows x " +
         std::to_string(w.width()) + " columns, larger than this terminal (" + std::to_string(rows) + " rows x " +
         std::to_string(cols) + " columns): show a part with --window R0,C0,R1,C1 (rows and columns, inclusive; " +
         "e.g. --window " + std::to_string(w.row0) + "," + std::to_string(w.col0) + "," +
         std::to_string(w.row0 + std::max(rows, 3u) - 3) + "," + std::to_string(w.col0 + cols - 1) +
         "), or write a picture with --png FILE");
  const bool colored = o.color == ColorMode::always || (o.color == ColorMode::automatic && isatty(STDOUT_FILENO));
  Used used;
  for (const int layer : panels) {
    // One path: each layer as the spec's map output draws it, headed as there. Two:
    // their own marks, under a heading no one takes for the map output's.
    const std::string color(1, puzzle::layer_color(static_cast<std::uint32_t>(layer)));
    if (layer >= 0) out(s.against ? "layer " + color + ", both paths:\n" : "// color " + color + "\n");
    const Canvas c = paint(s, w, layer);
    used.add(c);
    for (std::uint32_t row = 0; row < c.height; ++row) {
      std::string line;
      for (std::size_t i = std::size_t{row} * c.width; i < std::size_t{row + 1} * c.width; ++i) {
        if (colored && (i % c.width == 0 || c.color[i] != c.color[i - 1])) line += ansi(c.color[i]);
        line += c.glyph[i];
      }
      out(line + (colored ? "\x1b[0m\n" : "\n"));
    }
  }
  if (o.legend || colored) print_legend(used, s, o, colored, cols > 0 ? cols : 80);
}

// ==== PNG ==========================================================================

std::uint32_t crc32(const std::uint8_t* data, std::size_t n) {
  static const std::array<std::uint32_t, 256> table = [] {
    std::array<std::uint32_t, 256> t{};
    for (std::uint32_t k = 0; k < 256; ++k) {
      t[k] = k;
      for (int bit = 0; bit < 8; ++bit) t[k] = t[k] & 1 ? 0xEDB88320u ^ (t[k] >> 1) : t[k] >> 1;
    }
    return t;
  }();
  std::uint32_t crc = 0xFFFFFFFFu;
  for (std::size_t i = 0; i < n; ++i) crc = table[(crc ^ data[i]) & 0xFF] ^ (crc >> 8);
  return ~crc;
}

/// A PNG written as it is made, in chunks (length, type, data, CRC-32 of type and data):
/// IHDR (an 8-bit palette image), PLTE, IDAT and IEND. The image bytes (rows of a filter
/// byte 0 and a palette index a pixel) go into a zlib stream: a 2-byte header, deflate
/// "stored" blocks of at most 65535 bytes (an IDAT chunk each), their Adler-32.
class PngFile {
 public:
  PngFile(const std::string& path, std::uint32_t width, std::uint32_t height)
      : path_(path), file_(std::fopen(path.c_str(), "wb")) {
    if (!file_) fail(path + ": cannot create: " + std::strerror(errno));
    write({0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'});
    std::vector<std::uint8_t> header, colors;
    for (const std::uint32_t side : {width, height}) put32(header, side);
    header.insert(header.end(), {8, 3, 0, 0, 0});  // 8 bits, palette, deflate, filters, no interlace
    chunk("IHDR", header);
    for (const Rgb& c : palette()) colors.insert(colors.end(), {c.r, c.g, c.b});
    chunk("PLTE", colors);
  }
  ~PngFile() {
    if (file_) std::fclose(file_);
  }
  PngFile(const PngFile&) = delete;
  PngFile& operator=(const PngFile&) = delete;

  void put(const std::vector<std::uint8_t>& bytes) {
    for (const std::uint8_t byte : bytes) {
      a_ = (a_ + byte) % 65521;
      b_ = (b_ + a_) % 65521;
      block_.push_back(byte);
      if (block_.size() == 65535) write_block(false);
    }
  }

  /// Writes the last block and IEND, and closes the file; returns its size in bytes.
  std::uint64_t finish() {
    write_block(true);
    chunk("IEND", {});
    const bool closed = std::fclose(file_) == 0;
    file_ = nullptr;
    if (!closed) fail(path_ + ": cannot write: " + std::strerror(errno));
    return size_;
  }

 private:
  static void put32(std::vector<std::uint8_t>& v, std::uint32_t x) {
    v.insert(v.end(), {static_cast<std::uint8_t>(x >> 24), static_cast<std::uint8_t>(x >> 16),
                       static_cast<std::uint8_t>(x >> 8), static_cast<std::uint8_t>(x)});
  }
  void write(const std::vector<std::uint8_t>& bytes) {
    if (std::fwrite(bytes.data(), 1, bytes.size(), file_) != bytes.size())
      fail(path_ + ": cannot write: " + std::strerror(errno));
    size_ += bytes.size();
  }
  void chunk(const char* type, const std::vector<std::uint8_t>& data) {
    std::vector<std::uint8_t> bytes;
    put32(bytes, static_cast<std::uint32_t>(data.size()));
    bytes.insert(bytes.end(), type, type + 4);
    bytes.insert(bytes.end(), data.begin(), data.end());
    put32(bytes, crc32(bytes.data() + 4, bytes.size() - 4));
    write(bytes);
  }
  /// block_ as a stored block (the final flag, the length and its complement, the bytes),
  /// after the zlib header (the first) or before the Adler-32 (the last).
  void write_block(bool last) {
    std::vector<std::uint8_t> data;
    if (first_) data = {0x78, 0x01};  // zlib: deflate, 32K window, no dictionary
    first_ = false;
    const auto n = static_cast<std::uint16_t>(block_.size()), complement = static_cast<std::uint16_t>(~n);
    data.push_back(last);
    for (const std::uint16_t v : {n, complement})
      data.insert(data.end(), {static_cast<std::uint8_t>(v & 0xFF), static_cast<std::uint8_t>(v >> 8)});
    data.insert(data.end(), block_.begin(), block_.end());
    if (last) put32(data, b_ << 16 | a_);
    chunk("IDAT", data);
    block_.clear();
  }

  std::string path_;
  std::FILE* file_;
  std::vector<std::uint8_t> block_;  ///< image bytes of the stored block being filled
  bool first_ = true;                ///< no block written yet
  std::uint32_t a_ = 1, b_ = 0;      ///< Adler-32 sums
  std::uint64_t size_ = 0;           ///< bytes written (a pipe has no file position)
};

/// Draws into `line` (a filter byte, then the pixels) the part of `ring` that pixel row
/// `y` of its panel crosses: in its color, the target's white between two black edges.
void draw_ring(std::vector<std::uint8_t>& line, std::uint64_t y, const Ring& ring, std::uint32_t scale, double outer,
               double thick) {
  const double cy = (static_cast<double>(ring.row) + 0.5) * scale, cx = (static_cast<double>(ring.col) + 0.5) * scale;
  const double dy = static_cast<double>(y) + 0.5 - cy;
  if (dy > outer || -dy > outer) return;
  const double inner = outer - thick, edge = thick / 3;
  const auto from = static_cast<std::uint64_t>(std::max(0.0, cx - outer));
  const std::uint64_t to = std::min(std::uint64_t{line.size() - 1}, static_cast<std::uint64_t>(cx + outer) + 1);
  for (std::uint64_t x = from; x < to; ++x) {
    const double dx = static_cast<double>(x) + 0.5 - cx, d = std::sqrt(dx * dx + dy * dy);
    if (d < inner || d > outer) continue;
    const bool edged = ring.color == kTarget && (d < inner + edge || d > outer - edge);
    line[1 + static_cast<std::size_t>(x)] = edged ? std::uint8_t{kStart} : ring.color;
  }
}

/// Writes the panels to o.png_file, one under the other with `scale` rows of white
/// between them; from a scale of 3, a press is a white dot in its square, under the rings.
void write_png(const Options& o, const Scene& s, const Window& w, const std::vector<int>& panels) {
  const std::uint32_t scale = o.scale;
  const std::uint64_t wide = std::uint64_t{w.width()} * scale;
  const std::uint64_t tall = (std::uint64_t{w.height()} * panels.size() + (panels.size() - 1)) * scale;
  constexpr std::uint64_t kLimit = std::uint64_t{1} << 31;
  if (wide >= kLimit || tall >= kLimit || tall * (wide + 1) >= kLimit)
    fail("the image would be " + std::to_string(wide) + " x " + std::to_string(tall) +
         " pixels, over 2 GB as written here (a byte a pixel, not compressed): use a smaller --scale or a --window");
  PngFile png(o.png_file, static_cast<std::uint32_t>(wide), static_cast<std::uint32_t>(tall));
  // A ring clears its cell's square and grows with the picture (a 40th of its longer side).
  const double outer =
      std::max({1.5 * scale + 2, static_cast<double>(std::max(wide, std::uint64_t{w.height()} * scale)) / 40, 6.0});
  const double thick = std::max(3.0, outer / 5);
  const std::uint32_t dot_from = scale >= 3 ? scale / 3 : scale, dot_to = scale - dot_from;  // a press's dot
  std::vector<std::uint8_t> line(static_cast<std::size_t>(wide) + 1, 0), drawn;
  Used used;
  std::string layers;  // --layers: the panels' layers, from the top
  for (std::size_t k = 0; k < panels.size(); ++k) {
    std::fill(line.begin() + 1, line.end(), std::uint8_t{kGap});
    for (std::uint32_t y = 0; k > 0 && y < scale; ++y) png.put(line);
    if (panels[k] >= 0) layers += std::string(" ") + puzzle::layer_color(static_cast<std::uint32_t>(panels[k]));
    const Canvas c = paint(s, w, panels[k]);
    used.add(c);
    for (std::uint32_t row = 0; row < c.height; ++row) {
      const std::size_t first = std::size_t{row} * c.width;
      for (std::uint32_t col = 0; col < c.width; ++col)
        std::fill_n(line.data() + 1 + std::size_t{col} * scale, scale, c.color[first + col]);
      for (std::uint32_t r = 0; r < scale; ++r) {
        drawn = line;
        if (r >= dot_from && r < dot_to)  // presses get a dot: the middle third of their square
          for (std::uint32_t col = 0; col < c.width; ++col)
            if (c.glyph[first + col] == '%')
              std::fill_n(drawn.data() + 1 + std::size_t{col} * scale + dot_from, dot_to - dot_from,
                          std::uint8_t{kGap});
        for (const Ring& ring : c.rings) draw_ring(drawn, std::uint64_t{row} * scale + r, ring, scale, outer, thick);
        png.put(drawn);
      }
    }
  }
  std::string size = std::to_string(png.finish());  // bytes, with commas: "4,003,390"
  for (std::size_t at = size.size(); at > 3; at -= 3) size.insert(at - 3, ",");
  out("Wrote " + o.png_file + ": " + std::to_string(wide) + " x " + std::to_string(tall) + " pixels (" +
      std::to_string(scale) + " x " + std::to_string(scale) + " a cell), " + size + " bytes\n");
  if (!layers.empty()) out("Panels from the top: layers" + layers + "\n");
  if (o.legend) print_legend(used, s, o, false, 0);
}

int run(int argc, char* argv[]) {
  Options o;
  const core::Command cmd = command(o);
  const core::Parsed parsed = core::parse(cmd, argc, argv);
  if (parsed.help) {
    out(core::help_text(cmd));
    return core::kExitOk;
  }
  if (!o.path_file.empty() && !o.against_file.empty()) usage_error("--path and --against are both given; choose one");
  if (o.scale != 0 && o.png_file.empty()) usage_error("--scale sets the size of a cell in the --png image");
  o.scale = std::max(o.scale, 1u);
  if (o.container_given && !o.path_file.empty())
    usage_error("--queue and --stack choose how MAP is solved; --path shows OUTPUT's path instead");
  if (parsed.args.empty() && !o.file.empty() && o.file == argv[argc - 1])
    usage_error("missing MAP: the last word, '" + o.file + "', was taken by " + o.file_option +
                ", which needs a file name of its own: " + o.file_option +
                (o.file_option == "--png" ? " FILE" : " OUTPUT") + " MAP");
  if (parsed.args.empty()) usage_error("missing MAP: tools/show [OPTIONS] MAP");
  const std::string name = o.png_file.substr(o.png_file.rfind('/') + 1);  // npos + 1: all of it
  const std::size_t dot = name.rfind('.');
  if (dot != std::string::npos && dot > 0 && dot + 1 < name.size() && strcasecmp(name.c_str() + dot + 1, "png") != 0)
    usage_error("--png " + o.png_file + ": the picture is a PNG image; give FILE the extension .png (or none)");
  if (parsed.args.size() > 1)
    usage_error("too many arguments: tools/show [OPTIONS] MAP (options go before or after it)");
  const Puzzle map =
      solution::read_map(parsed.args[0], "outputs go with --path or --against: tools/show [OPTIONS] MAP");
  Window w{0, 0, map.height - 1, map.width - 1};  // all of it, or the --window clamped to its edges
  if (o.window) {
    if (o.window->row0 >= map.height || o.window->col0 >= map.width)  // said before anything is solved
      usage_error("--window starts at row " + std::to_string(o.window->row0) + ", column " +
                  std::to_string(o.window->col0) + ", outside the map (rows 0-" + std::to_string(w.row1) +
                  ", columns 0-" + std::to_string(w.col1) + ")");
    w = {o.window->row0, o.window->col0, std::min(o.window->row1, w.row1), std::min(o.window->col1, w.col1)};
  }
  Scene s{&map, solution::find_ends(map),
          o.path_file.empty() ? solve_track(map, o.container) : read_track(map, o.path_file),
          !o.against_file.empty(), {}, {}};
  if (s.against) {
    s.other = read_track(map, o.against_file);  // the cells puzzle discovered are the ones shown
    if (!s.main.path.empty() && !s.other.path.empty()) s.part = first_difference(s.main.path, s.other.path);
  }

  std::vector<int> panels;  // the whole map (-1), or each layer a path walks
  const std::uint32_t walked = o.layers ? layers_walked(s.main.path) | layers_walked(s.other.path) : 0;
  for (int layer = 0; layer < static_cast<int>(kLayers); ++layer)
    if (walked >> layer & 1) panels.push_back(layer);
  if (panels.empty()) panels.push_back(-1);
  if (o.png_file.empty())
    print_view(o, s, w, panels);
  else
    write_png(o, s, w, panels);

  if (s.against) out(describe_part(s, o.container) + "\n");
  if (o.summary) out(describe_track(s.main, s) + "\n");
  if (o.summary && s.against) out(describe_track(s.other, s) + "\n");
  for (const Track* t : {&s.main, &s.other})  // a path with an illegal move: which, and how far it is drawn
    if (!t->illegal.empty())
      out(t->name + ": " + t->illegal + "; drawn up to state " + std::to_string(t->path.size()) +
          (s.against ? ", the last legal one\n" : ", the last legal one, marked !\n"));
  if (std::fflush(stdout) != 0) fail(std::string("cannot write to standard output: ") + std::strerror(errno));
  return s.main.illegal.empty() && s.other.illegal.empty() ? core::kExitOk : core::kExitVerdict;
}

}  // namespace show

int main(int argc, char* argv[]) {
  return core::run_main("show", [&] { return show::run(argc, argv); });
}
