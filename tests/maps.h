// Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
// Maps for the tests, written from the spec and using nothing of puzzle.cpp: Rng, the
// seeded random numbers every randomized test draws from; Map, a map as its text holds
// it; read_map, which reads a plainly written map strictly; random_map, random valid
// maps. (tools/mapgen keeps its own generator on purpose: its "solvable" label must not
// depend on the code under test either.)
#ifndef PUZZLE_TESTS_MAPS_H
#define PUZZLE_TESTS_MAPS_H

#include <algorithm>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

namespace testutil {

/// The lines of `text`, without their "\n".
inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
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

}  // namespace testutil

#endif  // PUZZLE_TESTS_MAPS_H
