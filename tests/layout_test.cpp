// Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
// Tests of the memory layout: the search stores cells in tiles (8 x 16, or 1 x 128 for
// a map of very few rows) with a wall border, and transposes maps taller than wide.
// Every cell is distinct, invertible and steps to its neighbours; the padding stays
// small however thin the map; and open maps of every shape around the tiles' edges,
// where an out-of-bounds step would hide, are solved corner to corner exactly as the
// reference solver of tests/util.h solves them (under make sanitize, with
// AddressSanitizer watching).

#include <gtest/gtest.h>

#include <set>

#include "tests/util.h"

namespace {

using namespace testutil;  // tests/util.h

TEST(LayoutTest, CellsAreDistinctInvertibleAndStepToTheirNeighbours) {
  // Square, wide, tall, thin and tiny maps: every tile shape, transposed or not.
  const std::pair<std::uint32_t, std::uint32_t> sizes[] = {
      {1, 2}, {2, 1}, {1, 300}, {300, 1}, {2, 200}, {200, 2}, {3, 90}, {5, 1000},
      {7, 7}, {8, 16}, {9, 17}, {33, 65}, {65, 33}, {100, 3}, {14, 500}, {40, 41}};
  for (auto [height, width] : sizes) {
    puzzle::Layout layout(height, width);
    std::set<std::uint32_t> seen;
    for (std::uint32_t r = 0; r < height; ++r)
      for (std::uint32_t c = 0; c < width; ++c) {
        const std::uint32_t cell = layout.cell(r, c);
        ASSERT_TRUE(seen.insert(cell).second) << height << "x" << width << " " << r << "," << c;
        ASSERT_GE(cell, layout.used_begin);
        ASSERT_LT(cell, layout.used_end);
        ASSERT_EQ(layout.row_of(cell), r);
        ASSERT_EQ(layout.col_of(cell), c);
        // Border cells (row or column -1 / height / width) are distinct from map cells.
        const auto step = [&](int d) { return layout.step(puzzle::kDirections[d]).from(cell); };
        const std::uint32_t north = step(0), east = step(1), south = step(2), west = step(3);
        EXPECT_EQ(north, layout.cell(r - 1, c));
        EXPECT_EQ(east, layout.cell(r, c + 1));
        EXPECT_EQ(south, layout.cell(r + 1, c));
        EXPECT_EQ(west, layout.cell(r, c - 1));
        for (std::uint32_t n : {north, east, south, west}) EXPECT_LT(n, layout.cells);
      }
    for (std::uint32_t r = 0; r < height; ++r) {
      EXPECT_EQ(seen.count(layout.cell(r, std::uint32_t(-1))), 0u);
      EXPECT_EQ(seen.count(layout.cell(r, width)), 0u);
    }
    for (std::uint32_t c = 0; c < width; ++c) {
      EXPECT_EQ(seen.count(layout.cell(std::uint32_t(-1), c)), 0u);
      EXPECT_EQ(seen.count(layout.cell(height, c)), 0u);
    }
  }
}

// ==== SizeTest: what can be numbered, decided from the header alone ====================

TEST(SizeTest, EveryMapTheSpecBoundsCanBeNumbered) {
  // num_colors * height * width <= 400,000,000, in every shape: thin, tall, square, and
  // sizes just past a tile's edge, where the padding is largest.
  for (std::uint32_t colors = 1; colors <= 26; ++colors) {
    const std::uint64_t cells = 400000000 / colors;
    for (std::uint64_t height : {std::uint64_t{1}, std::uint64_t{2}, std::uint64_t{3}, std::uint64_t{7},
                                 std::uint64_t{9}, std::uint64_t{17}, std::uint64_t{1000}, std::uint64_t{3922}}) {
      for (const bool tall : {false, true}) {
        const auto h = static_cast<std::uint32_t>(height), w = static_cast<std::uint32_t>(cells / height);
        EXPECT_EQ(puzzle::size_problem(colors, tall ? w : h, tall ? h : w), "") << colors << " colors, " << h << " x " << w;
      }
    }
  }
}

TEST(SizeTest, ZeroColorsAtTwoToThe31And32Cells) {
  // With 0 colors the spec sets no bound: a grid of up to 2^32 cells can be numbered,
  // one state a cell, with a shift of 32 (which overflowed a 32-bit shift).
  EXPECT_EQ(puzzle::size_problem(0, 1, 715827839), "") << "the grid is 3 x 715827968 cells, past 2^31";
  EXPECT_EQ(puzzle::Layout(1, 715827839).cell_bits, 32u);
  EXPECT_EQ(puzzle::size_problem(0, 1, 1431655000), "") << "3 x 1431655040 cells: just under 2^32";
  EXPECT_EQ(puzzle::size_problem(0, 46000, 46000), "");
  const std::pair<std::uint32_t, std::uint32_t> too_large[] = {
      {1, 1431655766},           // 3 x 1431655808 cells: just past 2^32
      {65535, 65535},            // its map fits in 2^32, its grid with the border does not
      {65536, 65536},            // 2^32 map cells
      {4294967295, 4294967295},  // 2^64 - 2^33 + 1 map cells: no 64-bit overflow either
      {1, 4294967295},
      {4294967295, 1}};
  for (auto [height, width] : too_large) {
    const std::string problem = puzzle::size_problem(0, height, width);
    EXPECT_NE(problem.find("more than the 2^32 (4294967296) cells this solver can number"), std::string::npos)
        << height << " x " << width << ": " << problem;
  }
  // States: 27 layers of a 20000 x 20000 grid (2^29 cells) are past 2^32.
  EXPECT_NE(puzzle::size_problem(26, 20000, 20000).find("more than the 2^32 (4294967296) states"), std::string::npos);
  EXPECT_EQ(puzzle::size_problem(7, 20000, 20000), "") << "8 layers of 2^29 cells: exactly 2^32 states";
}

TEST(SizeTest, StateNumbersAtAShiftOf31And32) {
  // The numbering alone, without the gigabytes of a state space behind it.
  const puzzle::Layout one_row(1, 715827839);
  const puzzle::Layout& wide = one_row;
  const std::uint32_t last = one_row.cell(1, 715827838);  // on the border row below the map
  EXPECT_GT(last, std::uint32_t{1} << 31);
  EXPECT_EQ(wide.state(0, last), last);
  EXPECT_EQ(wide.layer_of(wide.state(0, last)), 0u);
  EXPECT_EQ(wide.cell_of(wide.state(0, last)), last);
  EXPECT_EQ(wide.states(1), std::uint64_t{1} << 32);
  const puzzle::Layout half(1, 400000000);  // 1 color: two layers of 2^31 cells
  const puzzle::Layout& two = half;
  const std::uint32_t cell = half.cell(0, 399999999);
  EXPECT_EQ(two.states(2), std::uint64_t{1} << 32);
  EXPECT_EQ(two.state(1, cell), (std::uint32_t{1} << 31) | cell);
  EXPECT_EQ(two.layer_of(two.state(1, cell)), 1u);
  EXPECT_EQ(two.cell_of(two.state(1, cell)), cell);
}

TEST(LayoutTest, PaddingStaysSmallForThinMaps) {
  // The cells a search touches stay within 1.3x (plus a tile) of the map's, however thin.
  for (auto [height, width] : {std::pair<std::uint32_t, std::uint32_t>{1, 100000}, {100000, 1},
                               {2, 50000}, {50000, 3}, {1000, 1000}}) {
    puzzle::Layout layout(height, width);
    const double used = double(layout.used_end - layout.used_begin);
    EXPECT_LT(used, 1.3 * (double(height) + 2) * (double(width) + 2) + 4096) << height << "x" << width;
  }
}

// ==== ShapeSweepTest: open maps around the tiles' edges ================================

/// An open map of h x w without colors, '@' in one corner and '?' in the opposite one
/// (`reverse`: bottom right to top left); `walled`: the target's neighbours are walls.
Map open_map(std::uint32_t h, std::uint32_t w, bool reverse, bool walled) {
  Map m;
  m.height = h, m.width = w;
  m.rows.assign(h, std::string(w, '.'));
  std::uint32_t sr = reverse ? h - 1 : 0, sc = reverse ? w - 1 : 0;
  std::uint32_t tr = reverse ? 0 : h - 1, tc = reverse ? 0 : w - 1;
  m.rows[sr][sc] = '@';
  m.rows[tr][tc] = '?';
  if (walled) {
    for (int d = 0; d < 4; ++d) {
      long r = long{tr} + (d == 0 ? -1 : d == 2 ? 1 : 0), c = long{tc} + (d == 1 ? 1 : d == 3 ? -1 : 0);
      if (r >= 0 && c >= 0 && r < long{h} && c < long{w} && m.rows[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] == '.')
        m.rows[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] = '#';
    }
  }
  return m;
}

TEST(ShapeSweepTest, CornerToCornerOnEveryShapeAroundTileEdges) {
  // Both searches give the reference's path, the queue's a shortest one (height + width
  // - 1 states); walled in, the target is never discovered and everything else is.
  const std::uint32_t sizes[] = {1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129, 130, 255, 256, 257};
  int maps = 0;
  for (std::uint32_t h : sizes) {
    for (std::uint32_t w : sizes) {
      if (h * w < 2) continue;
      for (bool reverse : {false, true}) {
        SCOPED_TRACE(std::to_string(h) + " x " + std::to_string(w) + (reverse ? " reversed" : ""));
        const Map open = open_map(h, w, reverse, false);
        Reference ref(open);
        const std::string queue = solve(open.text(), kQueue, kList);
        ASSERT_EQ(queue, ref.solve(false, true));
        ASSERT_EQ(std::count(queue.begin(), queue.end(), '\n'), long{h} + long{w} - 1) << "not a shortest path";
        ASSERT_EQ(solve(open.text(), kStack, kList), ref.solve(true, true));
        // Walled in: "No solution." and the map less its target ('?' becomes '#'). On
        // 1 x 2 and 2 x 1 the start touches the target and no wall can come between.
        if (h + w == 3) continue;
        const Map walled = open_map(h, w, reverse, true);
        std::string expected_rows;
        for (const std::string& row : walled.rows) expected_rows += row + "\n";
        std::replace(expected_rows.begin(), expected_rows.end(), '?', '#');
        EXPECT_EQ(solve(walled.text(), kQueue, kList), "No solution.\nDiscovered:\n" + expected_rows);
        ++maps;
      }
    }
  }
  EXPECT_GT(maps, 900);
}

TEST(ShapeSweepTest, ThinMapsBothWays) {
  // Lengths around 4096 (the plain rows' tiles of 128 and the words of 64 bits), one to
  // three cells thick, wide and tall (transposed): the queue's path is the reference's.
  for (std::uint32_t len : {1000u, 4095u, 4096u, 4097u, 20000u}) {
    for (std::uint32_t thick : {1u, 2u, 3u}) {
      for (bool tall : {false, true}) {
        std::uint32_t h = tall ? len : thick, w = tall ? thick : len;
        SCOPED_TRACE(std::to_string(h) + " x " + std::to_string(w));
        const Map m = open_map(h, w, false, false);
        const std::string out = solve(m.text(), kQueue, kList);
        EXPECT_EQ(out, Reference(m).solve(false, true));
        EXPECT_EQ(std::count(out.begin(), out.end(), '\n'), long{h} + long{w} - 1);
      }
    }
  }
}

}  // namespace
