// Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
// Tests of tools/show, the picture of a map and its path: the plain view marks the
// path and presses where the spec's outputs put them, its --layers panels are the
// spec's map output byte for byte, and an unsolvable map shows as its no-solution
// output does; the PNG of a small map decodes (tests/scripts/png-pixels, Python's zlib,
// not the tool's code) to the right size and the colors its legend gives at the start,
// the target, a wall and the path, with rings around the start and the target, and its
// legend names every layer the path walks, and the layer of each --layers panel is
// said and drawn in it; a path with an illegal move is drawn up to its last legal state, marked, the
// move named, exit 1; README-show.md's legend example is what the tool prints;
// --against finds the first state where two
// paths part and says when OUTPUT is puzzle's path with the other container; a terminal
// (tests/scripts/pty-run) gets colors, a crop, or a message when the map does not fit;
// bad maps, outputs and options exit 2 with one message, a window outside the map before
// any solving, and endless input (/dev/zero) is refused at once.
//
// Everything runs the binaries (tools/show, tools/check) from the repository root, as
// tests/run-all does.

#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "tests/util.h"

namespace {

using testutil::lines_of;
using testutil::read_file;
using testutil::Result;
using testutil::TempFile;

const std::string kSpec = "spec-inputs/";
const std::string kSimple = kSpec + "spec-simple.txt";
const std::string kFull = kSpec + "spec-full.txt";

/// tools/show ARGS.
Result show(const std::string& args) { return testutil::run("tools/show " + args); }

/// tools/show ARGS with stdout on a terminal of ROWS x COLS.
Result show_in_terminal(const std::string& size, const std::string& args) {
  return testutil::run("python3 tests/scripts/pty-run --size " + size + " tools/show " + args);
}

/// `text` without its ANSI color sequences (ESC [ ... m).
std::string without_colors(const std::string& text) {
  std::string plain;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\x1b') {
      i = text.find('m', i);
      if (i == std::string::npos) break;
      continue;
    }
    plain += text[i];
  }
  return plain;
}

// ==== PlainTest: the view as characters ==========================================

TEST(PlainTest, ThePathAndItsPressesAreDrawnOverTheMap) {
  // spec-simple's queue path: east, south onto a (pressed), north, east to b (pressed),
  // then west, south through B and west to the target.
  Result q = show(kSimple);
  EXPECT_EQ(q.status, 0);
  EXPECT_EQ(q.err, "");
  EXPECT_EQ(q.out, "@+++++%\n.%.#+##\n####+..\n?++++^^\n");
  Result s = show("--stack " + kSimple);
  EXPECT_EQ(s.out, "@.++++%\n+%+#+##\n####+..\n?++++^^\n");
}

TEST(PlainTest, ThePathOfAnOutputIsTheOneShown) {
  // A legal path that no container takes: the stack's first three states, then the
  // queue's path from the press of 'a' on. Drawn as the map output draws it, it is the
  // stack's '^' layer and the queue's other layers, from the spec's files.
  const std::vector<std::string> queue = lines_of(read_file(kSpec + "out-spec-simple-queue-list.txt"));
  const std::vector<std::string> stack = lines_of(read_file(kSpec + "out-spec-simple-stack-list.txt"));
  std::string list;
  for (std::size_t i = 0; i < 3; ++i) list += stack.at(i) + "\n";  // (^, (0, 0)), (^, (1, 0)), (^, (1, 1))
  for (std::size_t i = 3; i < queue.size(); ++i) list += queue.at(i) + "\n";  // from (a, (1, 1))
  ASSERT_EQ(stack.at(2), "(^, (1, 1))");
  ASSERT_EQ(queue.at(3), "(a, (1, 1))");
  TempFile mixed(list);
  const std::string queue_map = read_file(kSpec + "out-spec-simple-queue-map.txt");
  const std::string stack_map = read_file(kSpec + "out-spec-simple-stack-map.txt");
  const std::string expected = stack_map.substr(0, stack_map.find("// color a")) + queue_map.substr(queue_map.find("// color a"));
  ASSERT_NE(expected, queue_map);
  ASSERT_NE(expected, stack_map);
  Result r = show("--layers --path " + mixed.path() + " " + kSimple);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, expected);
}

TEST(PlainTest, TheLayersAreTheSpecsMapOutput) {
  // Each layer the path walks is a panel headed and drawn as the spec's map output draws
  // it: the start on '^' only, '%' where a press leaves and '@' where it arrives, a
  // layer's own buttons and doors (traps on '^') as '.'. The spec's paths use every layer.
  for (std::string map : {"spec-simple", "spec-full"}) {
    for (std::string mode : {"queue", "stack"}) {
      SCOPED_TRACE(map + " " + mode);
      const std::string expected = read_file(kSpec + "out-" + map + "-" + mode + "-map.txt");
      Result r = show("--" + mode + " --layers " + kSpec + map + ".txt");
      EXPECT_EQ(r.status, 0);
      EXPECT_EQ(r.out, expected);
      const std::string output = kSpec + "out-" + map + "-" + mode + "-list.txt";
      EXPECT_EQ(show("--layers --path " + output + " " + kSpec + map + ".txt").out, expected);
    }
  }
  // Two paths: their own marks, under a heading that is not the map output's.
  Result both = show("--layers --against " + kSpec + "out-spec-simple-stack-list.txt " + kSimple);
  EXPECT_EQ(both.out.find("// color"), std::string::npos) << both.out;
  EXPECT_EQ(lines_of(both.out).at(0), "layer ^, both paths:");
}

TEST(PlainTest, AnUnsolvableMapShowsWhatItsNoSolutionOutputShows) {
  for (std::string map : {"spec-simple-no", "spec-full-no"}) {
    SCOPED_TRACE(map);
    const std::string expected = read_file(kSpec + "out-" + map + ".txt");
    const std::string discovered = expected.substr(expected.find("Discovered:\n") + 12);
    EXPECT_EQ(show(kSpec + map + ".txt").out, discovered);
    EXPECT_EQ(show("--path " + kSpec + "out-" + map + ".txt " + kSpec + map + ".txt").out, discovered);
  }
}

TEST(PlainTest, AWindowCropsRowsAndColumnsInclusive) {
  Result r = show("--window 1,1,3,4 " + kFull);
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "+++@\n+^.+\n+^^+\n");
  // A window past the map's end stops at its edge.
  EXPECT_EQ(show("--window 9,8,20,60 " + kFull).out, "++#\n###\n");
}

TEST(PlainTest, TheSummarySaysLengthPressesLayersAndDiscoveredCells) {
  const std::vector<std::string> list = lines_of(read_file(kSpec + "out-spec-full-queue-list.txt"));
  std::size_t presses = 0;
  for (std::size_t i = 1; i < list.size(); ++i) presses += list[i].substr(3) == list[i - 1].substr(3);
  Result r = show("--summary " + kFull);
  EXPECT_EQ(lines_of(r.out).back(), "puzzle --queue: " + std::to_string(list.size()) + " states (" +
                                        std::to_string(list.size() - 1) + " moves), " + std::to_string(presses) +
                                        " presses, 4 of 4 layers used (^ a b c)");

  std::size_t discovered = 0;
  for (const std::string& line : lines_of(read_file(kSpec + "out-spec-full-no.txt")))
    if (line != "No solution." && line != "Discovered:")
      for (char c : line) discovered += c != '#';
  Result no = show("--summary " + kSpec + "spec-full-no.txt");
  EXPECT_EQ(lines_of(no.out).back(), "puzzle --queue: No solution, " + std::to_string(discovered) + " cells discovered");
}

// ==== PngTest: the picture decodes to the map's colors ===========================

/// The colors of the legend of `tools/show --png ... --legend`: meaning -> #RRGGBB.
std::map<std::string, std::string> legend_colors(const std::string& out) {
  std::map<std::string, std::string> colors;
  for (const std::string& line : lines_of(out))
    if (line.size() > 11 && line.compare(0, 3, "  #") == 0) colors[line.substr(11)] = line.substr(2, 7);
  return colors;
}

TEST(PngTest, ASmallMapDecodesToItsSizeAndColors) {
  TempFile png;
  const int k = 4;
  Result r = show("--png " + png.path() + " --scale 4 --legend " + kFull);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(lines_of(r.out).at(0).rfind("Wrote " + png.path() + ": 44 x 44 pixels (4 x 4 a cell), ", 0), 0u);
  std::map<std::string, std::string> colors = legend_colors(r.out);
  for (std::string meaning : {"floor", "wall", "start (in a black ring)", "target (in a black and white ring)",
                              "path in layer b", "door B"})
    ASSERT_EQ(colors.count(meaning), 1u) << meaning << " missing from\n" << r.out;
  colors["start"] = colors.at("start (in a black ring)");
  colors["target"] = colors.at("target (in a black and white ring)");
  EXPECT_NE(colors.at("start"), colors.at("target"));
  EXPECT_NE(colors.at("wall"), colors.at("floor"));
  EXPECT_NE(colors.at("path in layer b"), colors.at("floor"));
  EXPECT_NE(colors.at("path in layer b"), colors.at("door B"));

  // spec-full: start (1, 4), target (1, 8), walls all around, door B at (6, 7) off the
  // path, floor at (4, 8) (clear of the rings); the queue path walks layer b at (2, 1) and (8, 2).
  struct Cell { int row, col; std::string meaning; };
  const Cell cells[] = {{1, 4, "start"},           {1, 8, "target"}, {0, 0, "wall"},
                        {10, 10, "wall"},          {6, 7, "door B"}, {4, 8, "floor"},
                        {2, 1, "path in layer b"}, {8, 2, "path in layer b"}};
  std::string args;
  for (const Cell& c : cells)  // a corner pixel and the opposite one of each cell's square
    args += " " + std::to_string(c.row * k) + "," + std::to_string(c.col * k) + " " +
            std::to_string(c.row * k + k - 1) + "," + std::to_string(c.col * k + k - 1);
  Result pixels = testutil::run("python3 tests/scripts/png-pixels " + png.path() + args);
  ASSERT_EQ(pixels.status, 0) << pixels.err;
  const std::vector<std::string> got = lines_of(pixels.out);
  ASSERT_EQ(got.size(), 1 + 2 * std::size(cells));
  EXPECT_EQ(got[0], "44 44");
  for (std::size_t i = 0; i < std::size(cells); ++i) {
    SCOPED_TRACE(cells[i].meaning + " at (" + std::to_string(cells[i].row) + ", " + std::to_string(cells[i].col) + ")");
    EXPECT_EQ(got[1 + 2 * i], colors.at(cells[i].meaning));
    EXPECT_EQ(got[2 + 2 * i], colors.at(cells[i].meaning));
  }
}

TEST(PngTest, TheStartAndTheTargetAreRingedToBeFoundAtAnyScale) {
  // spec-full at --scale 4: the start (1, 4) is the square of pixels 4-7 x 16-19, the
  // target (1, 8) 4-7 x 32-35. A ring's outer radius is 1.5 cells + 2 pixels (8), its
  // thickness 3: pixels 6.5 from the cell's center, off its square, are on it: the
  // start's black all through, the target's white between two black edges.
  TempFile png;
  Result r = show("--png " + png.path() + " --scale 4 --legend " + kFull);
  ASSERT_EQ(r.status, 0) << r.err;
  const auto colors = legend_colors(r.out);
  const std::string start = colors.at("start (in a black ring)"), target = colors.at("target (in a black and white ring)");
  // The start's center is pixel (6, 18) (its 6.5, 18.5); the target's (6, 34).
  Result pixels = testutil::run("python3 tests/scripts/png-pixels " + png.path() +
                                " 6,11 6,24 12,18 6,27 6,40 12,34 6,41 13,34");
  ASSERT_EQ(pixels.status, 0) << pixels.err;
  const std::vector<std::string> got = lines_of(pixels.out);
  ASSERT_EQ(got.size(), 9u);
  EXPECT_EQ(std::vector<std::string>(got.begin() + 1, got.begin() + 4), std::vector<std::string>(3, start));
  EXPECT_EQ(std::vector<std::string>(got.begin() + 4, got.begin() + 7), std::vector<std::string>(3, target));
  EXPECT_EQ(got[7], start);  // the target's outer edge is black
  EXPECT_EQ(got[8], start);
  // On a map of 300 x 300 cells at scale 1, the rings still span several cells: a 40th
  // of the picture (7.5 pixels).
  Result big = testutil::run("tools/mapgen --seed 3 --height 300 --width 300 --colors 4 > " + png.path() + ".txt");
  ASSERT_EQ(big.status, 0);
  ASSERT_EQ(show("--png " + png.path() + " " + png.path() + ".txt").status, 0);
  const std::string map_text = read_file(png.path() + ".txt");
  std::remove((png.path() + ".txt").c_str());
  std::size_t at = map_text.find('@');
  const std::size_t first_row = map_text.find("\n", map_text.rfind("//")) + 1;
  const int row = static_cast<int>((at - first_row) / 301), col = static_cast<int>((at - first_row) % 301);
  std::string args;
  for (int d : {-6, 6}) {  // 6.5 pixels from the center, left and right (inside the picture)
    if (col + d >= 0 && col + d < 300) args += " " + std::to_string(row) + "," + std::to_string(col + d);
  }
  Result ring = testutil::run("python3 tests/scripts/png-pixels " + png.path() + args);
  ASSERT_EQ(ring.status, 0) << ring.err;
  const std::vector<std::string> ring_pixels = lines_of(ring.out);
  ASSERT_GE(ring_pixels.size(), 2u);
  for (std::size_t i = 1; i < ring_pixels.size(); ++i) EXPECT_EQ(ring_pixels[i], start) << args;
}

TEST(PngTest, TheLegendNamesEveryLayerThePathWalks) {
  // The path walks (0, 4) in layer ^ and, after pressing a at (0, 5), again in layer a:
  // the picture shows the later, but the legend names both.
  TempFile map("1 1 6\n?A.@.a\n");
  TempFile png;
  Result r = show("--png " + png.path() + " --legend " + map.path());
  ASSERT_EQ(r.status, 0) << r.err;
  const auto colors = legend_colors(r.out);
  EXPECT_EQ(colors.count("path in layer ^"), 1u) << r.out;
  EXPECT_EQ(colors.count("path in layer a"), 1u) << r.out;
  Result colored = show("--color=always --legend " + map.path());
  EXPECT_NE(without_colors(colored.out).find("+ path in layer ^"), std::string::npos) << colored.out;
}

TEST(PngTest, PressesGetADotFromScaleThree) {
  // The queue path presses b at (6, 1), coming from layer a: pixels 18-20, 3-5.
  TempFile png;
  ASSERT_EQ(show("--png " + png.path() + " --scale 3 " + kFull).status, 0);
  Result pixels = testutil::run("python3 tests/scripts/png-pixels " + png.path() + " 19,4 18,3 20,5");
  ASSERT_EQ(pixels.status, 0) << pixels.err;
  const std::vector<std::string> got = lines_of(pixels.out);
  ASSERT_EQ(got.size(), 4u);
  EXPECT_EQ(got[1], "#FFFFFF");  // the middle of the square of (6, 1)
  EXPECT_EQ(got[2], got[3]);     // its corners: the color of the layer it leads to
  EXPECT_NE(got[2], "#FFFFFF");
}

TEST(PngTest, LayerPanelsAreNamedWithTheirLayer) {
  // spec-full at scale 8: four panels of 11 x 11 cells, 8 gap rows between them, their
  // layers said from the top (^ a b c). Each panel draws its layer as the map output
  // does: the start (1, 4) black on ^ only, door B (6, 7) open (floor) on b only, the
  // button a (4, 5) pressed on ^ (the path of a), arrived at on a, a button elsewhere.
  TempFile png;
  Result r = show("--layers --png " + png.path() + " --scale 8 --legend " + kFull);
  ASSERT_EQ(r.status, 0) << r.err;
  const std::vector<std::string> lines = lines_of(r.out);
  ASSERT_GE(lines.size(), 2u);
  EXPECT_EQ(lines[0], "Wrote " + png.path() + ": 88 x 376 pixels (8 x 8 a cell), 33,817 bytes");
  EXPECT_EQ(lines[1], "Panels from the top: layers ^ a b c");
  const auto colors = legend_colors(r.out);
  const std::vector<std::vector<std::string>> panels = {
      {"start (in a black ring)", "door B", "path in layer a"},
      {"floor", "door B", "path in layer a"},
      {"path in layer b", "floor", "button a"},
      {"floor", "door B", "button a"}};
  std::string args;  // a pixel in each of the three cells' squares, panel k 96k rows down
  std::vector<std::string> expected = {"88 376"};
  for (int k = 0; k < 4; ++k) {
    args += " " + std::to_string(96 * k + 9) + ",33 " + std::to_string(96 * k + 49) + ",57 " +
            std::to_string(96 * k + 33) + ",41";
    for (const std::string& meaning : panels[static_cast<std::size_t>(k)]) expected.push_back(colors.at(meaning));
  }
  Result pixels = testutil::run("python3 tests/scripts/png-pixels " + png.path() + args);
  ASSERT_EQ(pixels.status, 0) << pixels.err;
  EXPECT_EQ(lines_of(pixels.out), expected);
}

TEST(PngTest, TheReadmePictureIsWhatTheToolDraws) {
  TempFile png;
  ASSERT_EQ(show("--png " + png.path() + " --scale 16 " + kFull).status, 0);
  EXPECT_EQ(read_file(png.path()), read_file("tools/show-spec-full.png"))
      << "tools/show-spec-full.png is out of date: tools/show --png tools/show-spec-full.png --scale 16 " << kFull;
}

// ==== IllegalTest: a path with an illegal move ===================================

TEST(IllegalTest, APathIsDrawnUpToItsLastLegalStateAndTheMoveNamed) {
  // Moves 1 and 2 are legal; move 3 walks into the closed door A at (0, 3).
  TempFile closed_door("(^, (0, 0))\n(^, (0, 1))\n(^, (0, 2))\n(^, (0, 3))\n");
  const std::string line = closed_door.path() + ": Move 3 is illegal: (^, (0, 3)): closed door A; drawn up to state 3";
  Result r = show("--path " + closed_door.path() + " " + kSimple);
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out, "@+!A..b\n.a.#B##\n####...\n?..B.^^\n" + line + ", the last legal one, marked !\n");
  // Against puzzle's path: the legal part is drawn as OUTPUT's, and the same line ends it.
  r = show("--against " + closed_door.path() + " " + kSimple);
  EXPECT_EQ(r.status, 1) << r.err;
  ASSERT_FALSE(lines_of(r.out).empty());
  EXPECT_EQ(lines_of(r.out).back(), line + ", the last legal one");
  // The legend says what '!' means here.
  r = show("--legend --path " + closed_door.path() + " " + kSimple);
  EXPECT_NE(r.out.find("! last legal state: the next move is illegal"), std::string::npos) << r.out;
}

// ==== AgainstTest: where two paths part ==========================================

TEST(AgainstTest, TheFirstDifferingStateIsFoundAndMarked) {
  const std::string stack = kSpec + "out-spec-full-stack-list.txt";
  Result r = show("--against " + stack + " " + kFull);
  EXPECT_EQ(r.status, 0);
  const std::vector<std::string> lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 13u);
  EXPECT_EQ(lines[11], "The paths part at state 2 (move 1): puzzle --queue (^, (2, 4)), " + stack +
                           " (^, (1, 3)); state 1 (^, (1, 4)) is the last they share.");
  // It is puzzle's stack path: said, with the option that compares it with that.
  EXPECT_EQ(lines[12], stack + " is the path of puzzle --stack, state for state: add --stack to compare with it.");
  EXPECT_EQ(lines[1][3], '!');  // (1, 3): the stack path's state 2
  EXPECT_EQ(lines[2][4], '!');  // (2, 4): the queue path's
  EXPECT_EQ(lines[1].substr(5, 3), "=#=");  // cells only the queue path walks
  EXPECT_EQ(lines[2][3], '~');  // only the stack path
}

TEST(AgainstTest, PathsThatPartLaterOrStopEarlyOrAgree) {
  // The queue and stack paths of spec-simple part at state 2; an output that follows
  // the queue path for 12 states and then stops parts at state 13.
  const std::vector<std::string> queue = lines_of(read_file(kSpec + "out-spec-simple-queue-list.txt"));
  std::string first12;
  for (std::size_t i = 0; i < 12; ++i) first12 += queue[i] + "\n";
  TempFile cut(first12);
  Result r = show("--against " + cut.path() + " " + kSimple);
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.err, "show: warning: " + cut.path() + ": the path does not reach the target; shown as far as it goes\n");
  EXPECT_EQ(lines_of(r.out).back(), "The paths part at state 13 (move 12): puzzle --queue " + queue[12] + ", " +
                                        cut.path() + " nothing (its path has ended); state 12 " + queue[11] +
                                        " is the last they share.");
  // The same path, read from a map output, and with --stack the stack's.
  Result same = show("--against " + kSpec + "out-spec-simple-queue-map.txt " + kSimple);
  EXPECT_EQ(lines_of(same.out).back(), "The paths are the same: 20 states.");
  Result stack = show("--stack --against " + kSpec + "out-spec-simple-stack-map.txt " + kSimple);
  EXPECT_EQ(lines_of(stack.out).back(), "The paths are the same: 20 states.");
  Result none = show("--against " + kSpec + "out-spec-simple-no.txt " + kSpec + "spec-simple-no.txt");
  EXPECT_EQ(lines_of(none.out).back(), "Both say No solution.");
}

TEST(AgainstTest, AnOutputOfTheOtherContainerIsNamed) {
  // A queue output compared with the stack path: "--queue" is named; an output that is
  // neither container's path (the queue path cut short) gets no such line.
  const std::string queue = kSpec + "out-spec-full-queue-map.txt";
  Result r = show("--stack --against " + queue + " " + kFull);
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(lines_of(r.out).back(), queue + " is the path of puzzle --queue, state for state: add --queue to compare with it.");
  const std::vector<std::string> list = lines_of(read_file(kSpec + "out-spec-full-queue-list.txt"));
  std::string cut;
  for (std::size_t i = 0; i < 10; ++i) cut += list[i] + "\n";
  TempFile part(cut);
  Result other = show("--stack --against " + part.path() + " " + kFull);
  EXPECT_EQ(lines_of(other.out).back().rfind("The paths part at state 2", 0), 0u) << other.out;
}

// ==== TerminalTest: colors, crops and sizes ======================================

TEST(TerminalTest, ATerminalGetsColorsAndALegendWithTheSameCharacters) {
  Result r = show_in_terminal("30x100", "--window 0,0,20,60 " + kFull);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\x1b[48;2;"), std::string::npos);  // 24-bit background colors
  const std::vector<std::string> colored = lines_of(without_colors(r.out));
  const std::vector<std::string> plain = lines_of(show(kFull).out);
  ASSERT_GT(colored.size(), plain.size());
  EXPECT_EQ(std::vector<std::string>(colored.begin(), colored.begin() + 11), plain);
  EXPECT_EQ(colored[11].rfind("Legend: . floor  # wall  @ start  ? target", 0), 0u) << colored[11];
  // Not a terminal: plain characters, unless --color=always.
  EXPECT_EQ(show(kFull).out.find('\x1b'), std::string::npos);
  EXPECT_NE(show("--color=always " + kFull).out.find("\x1b[48;2;"), std::string::npos);
  EXPECT_EQ(show_in_terminal("30x100", "--color=never " + kFull).out, show(kFull).out);
}

TEST(TerminalTest, AMapLargerThanTheTerminalSaysHowLargeAndHowToCrop) {
  Result r = show_in_terminal("8x40", kFull);
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err,
            "show: error: the map is 11 rows x 11 columns, larger than this terminal (8 rows x 40 columns): show a "
            "part with --window R0,C0,R1,C1 (rows and columns, inclusive; e.g. --window 0,0,5,39), or write a "
            "picture with --png FILE\n");
  Result cropped = show_in_terminal("8x40", "--window 0,0,5,39 " + kFull);
  EXPECT_EQ(cropped.status, 0);
  const std::vector<std::string> lines = lines_of(without_colors(cropped.out));
  ASSERT_GT(lines.size(), 6u);
  EXPECT_EQ(std::vector<std::string>(lines.begin(), lines.begin() + 6), lines_of(show("--window 0,0,5,10 " + kFull).out));
  EXPECT_EQ(lines[6].rfind("Legend:", 0), 0u);
  for (const std::string& line : lines) EXPECT_LE(line.size(), 40u) << line;  // the legend wraps at the width
}

// The legend of README-show.md's --against example is what the tool prints for it.
TEST(AgainstTest, TheReadmeLegendIsWhatTheToolPrints) {
  const std::string page = read_file("tools/README-show.md");
  const std::string command = "tools/show --against spec-inputs/out-spec-full-stack-list.txt --png against.png --legend "
                              "spec-inputs/spec-full.txt";
  const std::size_t at = page.find("    $ " + command + "\n");
  ASSERT_NE(at, std::string::npos) << "README-show.md has no example '$ " << command << "'";
  std::string shown;  // the example's output: its indented lines up to a blank line
  for (std::size_t from = page.find('\n', at) + 1; from < page.size() && page.compare(from, 4, "    ") == 0;) {
    const std::size_t end = page.find('\n', from);
    shown += page.substr(from + 4, end - from - 4) + "\n";
    from = end + 1;
  }
  TempFile png;
  Result r = show("--against spec-inputs/out-spec-full-stack-list.txt --png " + png.path() + " --legend " + kFull);
  ASSERT_EQ(r.status, 0) << r.err;
  std::string out = r.out;
  out.replace(out.find(png.path()), png.path().size(), "against.png");
  EXPECT_EQ(shown, out) << "tools/README-show.md's legend example is out of date";
}

// ==== ErrorTest: one message, exit 2 (tools/core.h's convention) ================

TEST(ErrorTest, BadMapsOutputsAndOptionsStopWithOneMessage) {
  TempFile bad_map("2 4 7\n@..A..b\n.a.#B##\n####..+\n?..B.^^\n");
  Result solver = testutil::run_puzzle("-q", read_file(bad_map.path()));
  ASSERT_EQ(solver.status, 1);
  TempFile malformed("(^, (0, 0))\n(^,(0, 1))\n");
  TempFile other_map(read_file(kSpec + "out-spec-simple-queue-list.txt"));
  const std::string help = "Try 'tools/show --help'.\n";
  struct Case { std::string args, err; };
  const Case cases[] = {
      {bad_map.path(), "show: error: " + bad_map.path() + ": " + solver.err.substr(std::string("puzzle: error: ").size())},
      {"no-such-map.txt", "show: error: no-such-map.txt: cannot open: No such file or directory\n"},
      {"--against " + other_map.path() + " " + kFull,
       "show: error: " + other_map.path() + ": Move 0 is illegal: (^, (0, 0)): the path must start at (^, (1, 4))\n"},
      {"--path " + malformed.path() + " " + kSimple,
       "show: error: " + malformed.path() + ": line 2, column 4: expected ' ', found '(' (each line is one state (C, (R, C)))\n"},
      {"--png /no-such-folder/x.png " + kSimple, "show: error: /no-such-folder/x.png: cannot create: No such file or directory\n"},
      {"", "show: error: missing MAP: tools/show [OPTIONS] MAP\n" + help},
      {"--bogus " + kSimple, "show: error: unknown option '--bogus'\n" + help},
      {"--help --bogus", "show: error: unknown option '--bogus'\n" + help},  // not hidden behind --help
      {"--color=sometimes " + kSimple, "show: error: --color must be auto, always or never, not 'sometimes'\n" + help},
      {"--window 1,2,3 " + kSimple,
       "show: error: --window 1,2,3: needs four numbers R0,C0,R1,C1 (first row, first column, last row, last column)\n" + help},
      {"--window 4,0,5,5 " + kSimple,
       "show: error: --window starts at row 4, column 0, outside the map (rows 0-3, columns 0-6)\n" + help},
      {"--scale 0 --png x.png " + kSimple, "show: error: --scale needs a whole number from 1 to 256, not '0'\n" + help},
      {"--scale 2 " + kSimple, "show: error: --scale sets the size of a cell in the --png image\n" + help},
      {"--path a --against b " + kSimple, "show: error: --path and --against are both given; choose one\n" + help},
      {"-q -s " + kSimple, "show: error: --queue and --stack are both given; choose one\n" + help},
      {"--png " + kFull, "show: error: missing MAP: the last word, '" + kFull +
                             "', was taken by --png, which needs a file name of its own: --png FILE MAP\n" + help},
      {"--against " + kFull, "show: error: missing MAP: the last word, '" + kFull +
                                 "', was taken by --against, which needs a file name of its own: --against OUTPUT MAP\n" + help},
      {"--png out.jpg " + kSimple,
       "show: error: --png out.jpg: the picture is a PNG image; give FILE the extension .png (or none)\n" + help},
      {"--window 0,0,1,1 --window 0,0,2,2 " + kSimple, "show: error: --window is given twice: give it once\n" + help},
      {"--png a.png --png b.png " + kSimple, "show: error: --png is given twice: give it once\n" + help},
      // The window is checked before anything is read or solved: not the OUTPUT's error.
      {"--window 9,0,9,0 --against no-such-output.txt " + kSimple,
       "show: error: --window starts at row 9, column 0, outside the map (rows 0-3, columns 0-6)\n" + help},
      {kSpec + "out-spec-simple-queue-list.txt",
       "show: error: " + kSpec + "out-spec-simple-queue-list.txt: line 1, column 1: expected num_colors as an "
       "unsigned integer, found '(' (this looks like a list-mode output, not a map: outputs go with --path or "
       "--against: tools/show [OPTIONS] MAP)\n"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.args);
    Result r = show(c.args);
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, c.err);
  }
}

TEST(ErrorTest, EndlessInputIsRefusedAtOnce) {
  // /dev/zero never ends: as MAP, its first line is refused after a megabyte; as OUTPUT,
  // after the longest line an output of this map can have.
  Result map = testutil::run("timeout 20 tools/show /dev/zero");
  EXPECT_EQ(map.status, 2);
  EXPECT_EQ(map.err, "show: error: /dev/zero: line 1: no end of line in the first megabyte: not a header "
                     "'num_colors height width'\n");
  Result output = testutil::run("timeout 20 tools/show --path /dev/zero " + kSimple);
  EXPECT_EQ(output.status, 2);
  EXPECT_EQ(output.err, "show: error: /dev/zero: line 1, column 1: expected '(', found byte \\x00 (each line is "
                        "one state (C, (R, C)))\n");
}

TEST(ErrorTest, HelpGoesToStdoutWithExitZero) {
  Result r = show("--help");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out.rfind("Usage: tools/show [OPTIONS] MAP\n", 0), 0u);
  for (const char* option : {"-q, --queue", "-s, --stack", "--path OUTPUT", "--against OUTPUT", "--window R0,C0,R1,C1",
                             "--layers", "--color WHEN", "--png FILE", "--scale K", "--legend", "--summary",
                             "-h, --help", "Exit status"})
    EXPECT_NE(r.out.find(option), std::string::npos) << option << " is not in the help:\n" << r.out;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(show("-h").out, r.out);
}

}  // namespace
