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
        ASSERT_GE(cell, layout.used_begin());
        ASSERT_LT(cell, layout.used_end());
        ASSERT_EQ(layout.row_of(cell), r);
        ASSERT_EQ(layout.col_of(cell), c);
        // Border cells (row or column -1 / height / width) are distinct from map cells.
        const std::uint32_t north = layout.step(0).from(cell), east = layout.step(1).from(cell);
        const std::uint32_t south = layout.step(2).from(cell), west = layout.step(3).from(cell);
        EXPECT_EQ(north, layout.cell(r - 1, c));
        EXPECT_EQ(east, layout.cell(r, c + 1));
        EXPECT_EQ(south, layout.cell(r + 1, c));
        EXPECT_EQ(west, layout.cell(r, c - 1));
        for (std::uint32_t n : {north, east, south, west}) EXPECT_LT(n, layout.cells());
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

TEST(LayoutTest, PaddingStaysSmallForThinMaps) {
  // The cells a search touches stay within 1.3x (plus a tile) of the map's, however thin.
  for (auto [height, width] : {std::pair<std::uint32_t, std::uint32_t>{1, 100000}, {100000, 1},
                               {2, 50000}, {50000, 3}, {1000, 1000}}) {
    puzzle::Layout layout(height, width);
    const double used = double(layout.used_end() - layout.used_begin());
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
