// Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
//
// tools/compare-inputs.h: the maps tools/compare runs: made by tools/mapgen from a seed,
// or those of a folder (--from).

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
#include <fstream>
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

/// tools/mapgen beside this program.
std::string mapgen_path() {
  char self[4096];
  const ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  const std::string path = n > 0 ? std::string(self, static_cast<std::size_t>(n)) : "tools/compare";
  return path.substr(0, path.rfind('/') + 1) + "mapgen";
}

struct Generated {
  std::uint64_t seed = 1;
  std::uint32_t max_height = 10, max_width = 10;
};

/// Map `index` of `g.seed`: its size, colors, style, solvability and densities drawn at
/// random, the map made by tools/mapgen.
MapInput generated_map(const Generated& g, std::size_t index, const std::string& mapgen) {
  // The raw output of std::mt19937_64 is fixed by the standard (a distribution's is not):
  // a seed gives the same maps on every machine.
  std::mt19937_64 engine(g.seed * 0x100000001B3ull + index);
  auto below = [&engine](std::uint64_t n) { return static_cast<std::uint32_t>(engine() % n); };
  auto share = [&below](int low, int high) {  // "0.07": a density for mapgen, low to high percent
    return fixed((low + static_cast<int>(below(static_cast<std::uint64_t>(high - low + 1)))) / 100.0, 2);
  };
  std::uint32_t h = 1 + below(g.max_height), w = 1 + below(g.max_width);
  if (std::uint64_t{h} * w < 2) (g.max_width >= 2 ? w : h) = 2;
  const std::uint32_t pick = below(10);
  std::uint32_t colors = pick < 3 ? below(3) : pick < 7 ? below(9) : below(27);
  while (colors > 0 && std::uint64_t{colors} * h * w > 400000000) --colors;
  static const char* const kStyles[] = {"open", "maze", "rooms"};
  const char* style = kStyles[index % 3];
  const std::uint32_t s = below(10);
  std::string solvable = s < 5 ? "yes" : s < 8 ? "no" : "any";
  if (std::uint64_t{h} * w == 2) solvable = "any";  // mapgen: 2 cells are always solvable
  std::vector<std::string> args = {mapgen, "--seed", std::to_string(below(1000000000)),
                                   "--height", std::to_string(h), "--width", std::to_string(w),
                                   "--colors", std::to_string(colors), "--style", style,
                                   "--solvable", solvable, "--doors", share(0, 25),
                                   "--buttons", share(2, 20), "--traps", share(0, 10)};
  if (std::string(style) == "open") args.insert(args.end(), {"--walls", share(5, 35)});
  const runner::Run run = runner::run_jobs({runner::Job(args, "/dev/null", 60, std::size_t{1} << 30)})[0];
  std::string command = "mapgen";
  for (std::size_t i = 1; i < args.size(); ++i) command += " " + args[i];
  if (run.end != runner::Run::End::exited || run.code != 0)
    core::fail(command + " failed: " + first_line_of(run.err));
  char name[32];
  std::snprintf(name, sizeof name, "map-%03zu", index + 1);
  return {name, command, run.out};
}

/// The first `cap` bytes of a file ("" when it cannot be read).
std::string head_of(const std::string& path, std::size_t cap) {
  std::ifstream in(path, std::ios::binary);
  std::string text(cap, '\0');
  in.read(&text[0], static_cast<std::streamsize>(cap));
  text.resize(static_cast<std::size_t>(in.gcount()));
  return text;
}

/// Whether `text` starts as a map does: a first line of three whole numbers between
/// blanks ("num_colors height width"; a "\r" before its end is allowed). A file that
/// does not is no map at all (an expected output, notes): --from skips it.
bool looks_like_a_map(std::string_view text) {
  std::string_view line = text.substr(0, text.find('\n'));
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  return line.find_first_not_of("0123456789 \t") == std::string_view::npos && words_of(std::string(line)).size() == 3;
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
  for (const std::string& name : files)
    (looks_like_a_map(head_of(dir + "/" + name, 512)) ? folder.maps : folder.skipped).push_back(name);
  if (folder.maps.empty())
    core::usage_error("--from " + dir + ": no map in it (a *.txt file whose first line is 'num_colors height width')");
  return folder;
}

}  // namespace compare

#endif  // PUZZLE_TOOLS_COMPARE_INPUTS_H
