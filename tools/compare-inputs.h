// Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
//
// tools/compare-inputs.h: what tools/compare runs SOLVER on (one of the pieces of
// tools/compare.cpp, in its one translation unit): generated maps (tools/mapgen, every
// style, 0 to 26 colors, solvable or not, their sizes and densities drawn from a seed) or
// the maps of a folder (--from; files that are not maps are skipped). The bad inputs come
// from the one catalogue, tools/bad-inputs.txt (tools/catalogue.h).

#ifndef PUZZLE_TOOLS_COMPARE_INPUTS_H
#define PUZZLE_TOOLS_COMPARE_INPUTS_H

#include "compare-verdict.h"
#include "core.h"
#include "runner.h"

#include <dirent.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace compare {

/// A map to run in the four modes.
struct MapInput {
  std::string name;    ///< map-007, or the file's name without .txt
  std::string origin;  ///< how to make it again: the mapgen command, or the file
  std::string text;
};

/// The generated maps' choices: std::mt19937_64's output is fixed by the standard, so a
/// seed gives the same maps on every machine (the raw output is used, not a
/// distribution, whose results the standard leaves to each library).
struct Random {
  std::mt19937_64 engine;
  std::uint32_t below(std::uint64_t n) { return static_cast<std::uint32_t>(engine() % n); }
  std::string share(int low_percent, int high_percent) {  // "0.07": a density for mapgen
    int p = low_percent + static_cast<int>(below(static_cast<std::uint64_t>(high_percent - low_percent + 1)));
    return fixed(p / 100.0, 2);
  }
};

/// The folder of this program, with its '/': tools/.
std::string tools_dir() {
  char self[4096];
  ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  std::string dir = n > 0 ? std::string(self, static_cast<std::size_t>(n)) : "tools/compare";
  return dir.substr(0, dir.rfind('/') + 1);
}

/// tools/mapgen beside this program.
std::string mapgen_path() { return tools_dir() + "mapgen"; }

/// The generated maps: how many, of which seed, up to which size.
struct Generated {
  std::uint64_t seed = 1;
  std::uint32_t max_height = 10, max_width = 10;
};

/// Map `index` of `g.seed`: its size, colors, style, solvability and densities drawn at
/// random, the map made by tools/mapgen.
MapInput generated_map(const Generated& g, std::size_t index, const std::string& mapgen) {
  Random random{std::mt19937_64(g.seed * 0x100000001B3ull + index)};
  std::uint32_t h = 1 + random.below(g.max_height), w = 1 + random.below(g.max_width);
  if (std::uint64_t{h} * w < 2) (g.max_width >= 2 ? w : h) = 2;
  const std::uint32_t pick = random.below(10);
  std::uint32_t colors = pick < 3 ? random.below(3) : pick < 7 ? random.below(9) : random.below(27);
  while (colors > 0 && std::uint64_t{colors} * h * w > 400000000) --colors;
  static const char* const kStyles[] = {"open", "maze", "rooms"};
  const char* style = kStyles[index % 3];
  const std::uint32_t s = random.below(10);
  std::string solvable = s < 5 ? "yes" : s < 8 ? "no" : "any";
  if (std::uint64_t{h} * w == 2) solvable = "any";  // mapgen: 2 cells are always solvable
  std::vector<std::string> args = {mapgen, "--seed", std::to_string(random.below(1000000000)),
                                   "--height", std::to_string(h), "--width", std::to_string(w),
                                   "--colors", std::to_string(colors), "--style", style,
                                   "--solvable", solvable, "--doors", random.share(0, 25),
                                   "--buttons", random.share(2, 20), "--traps", random.share(0, 10)};
  if (std::string(style) == "open") args.insert(args.end(), {"--walls", random.share(5, 35)});
  const runner::Run run = runner::run_program(args, "/dev/null", 60, std::size_t{1} << 30);
  std::string command = "mapgen";
  for (std::size_t i = 1; i < args.size(); ++i) command += " " + args[i];
  if (run.end != runner::Run::End::exited || run.code != 0)
    core::fail(command + " failed: " + first_line_of(run.err));
  char name[32];
  std::snprintf(name, sizeof name, "map-%03zu", index + 1);
  return {name, command, run.out};
}

/// Whether `text` starts as a map does: a first line of three whole numbers between
/// blanks ("num_colors height width"; a "\r" before its end is allowed). A file that
/// does not is no map at all (an expected output, notes): --from skips it.
bool looks_like_a_map(std::string_view text) {
  std::string_view line = text.substr(0, text.find('\n'));
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  int numbers = 0;
  for (std::size_t i = 0; i < line.size();) {
    if (line[i] == ' ' || line[i] == '\t') {
      ++i;
      continue;
    }
    if (line[i] < '0' || line[i] > '9') return false;
    while (i < line.size() && line[i] >= '0' && line[i] <= '9') ++i;
    ++numbers;
  }
  return numbers == 3;
}

/// The files of --from DIR: every *.txt but out-*.txt (puzzle's outputs, as --save names
/// them), by name; those that are not maps (looks_like_a_map) apart, to be skipped.
struct Folder {
  std::vector<std::string> maps;     ///< the files to run, names without the folder
  std::vector<std::string> skipped;  ///< the files that are not maps
};

Folder map_files(const std::string& dir) {
  DIR* d = opendir(dir.c_str());
  if (!d) core::usage_error("--from " + dir + ": " + std::strerror(errno));
  std::vector<std::string> files;
  while (const dirent* entry = readdir(d)) {
    std::string name = entry->d_name;
    if (name.size() > 4 && name.compare(name.size() - 4, 4, ".txt") == 0 && name.rfind("out-", 0) != 0)
      files.push_back(name);
  }
  closedir(d);
  std::sort(files.begin(), files.end());
  Folder folder;
  for (const std::string& name : files) {
    char head[512];
    std::FILE* file = std::fopen((dir + "/" + name).c_str(), "rb");
    const std::size_t n = file ? std::fread(head, 1, sizeof head, file) : 0;
    if (file) std::fclose(file);
    (file && looks_like_a_map(std::string_view(head, n)) ? folder.maps : folder.skipped).push_back(name);
  }
  if (folder.maps.empty())
    core::usage_error("--from " + dir + ": no map in it (a *.txt file whose first line is 'num_colors height width')");
  return folder;
}

/// "7x9, 3 colors", or "invalid: WHY" for a map puzzle rejects.
std::string size_of(const std::string& text) {
  try {
    puzzle::Puzzle p = puzzle::parse_puzzle(text);
    return std::to_string(p.height) + "x" + std::to_string(p.width) + ", " + std::to_string(p.colors) +
           (p.colors == 1 ? " color" : " colors");
  } catch (const puzzle::Error& e) {
    return std::string("invalid: ") + e.what();
  }
}

}  // namespace compare

#endif  // PUZZLE_TOOLS_COMPARE_INPUTS_H
