// Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
//
// tools/compare-verdict.h: a piece of tools/compare. The modes and their spellings,
// puzzle's side of a run (puzzle.cpp compiled in: its parse_options and run_to_string),
// judge(): how a run of SOLVER differs from it, as "puzzle: ..." and "yours: ...", and
// the maps it runs: by tools/mapgen, or of --from.

#ifndef PUZZLE_TOOLS_COMPARE_VERDICT_H
#define PUZZLE_TOOLS_COMPARE_VERDICT_H

#ifndef PUZZLE_NO_MAIN
#define PUZZLE_NO_MAIN
#endif
#include "../puzzle.cpp"
#include "catalogue.h"
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
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace compare {

std::string fixed(double value, int places) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", places, value);
  return text;
}

std::vector<std::string> words_of(const std::string& text) {
  std::vector<std::string> words;
  std::istringstream in(text);
  for (std::string word; in >> word;) words.push_back(word);
  return words;
}

inline std::string joined(const std::vector<std::string>& words, const std::string& separator) {
  std::string text;
  for (const std::string& w : words) text += (text.empty() ? "" : separator) + w;
  return text;
}

// ==== Modes and their spellings ===================================================

/// One of the four modes: a container and an output.
struct Mode {
  std::string name;  ///< "QL", "QM", "SL", "SM"
  char container;    ///< 'q' or 's'
  char output;       ///< 'l' or 'm'
  std::vector<std::string> spellings;  ///< the course's (tools/spellings.txt), the plain one first
};

const std::vector<Mode>& modes() {
  static const std::vector<Mode> kModes = [] {
    std::vector<Mode> list;
    for (const char* name : {"QL", "QM", "SL", "SM"})
      list.push_back({name, name[0] == 'Q' ? 'q' : 's', name[1] == 'L' ? 'l' : 'm', catalogue::spellings_of(name)});
    return list;
  }();
  return kModes;
}

// ==== The edition of the spec ======================================================

#ifdef PUZZLE_SPEC_2020
#error "compare's puzzle side is the 2023 edition's; --spec 2020 derives the other"
#endif

/// The edition of the spec puzzle's side follows (--spec, set once at the start): 2023
/// (puzzle.cpp's) or 2020, whose no-solution header says "Reachable:" for "Discovered:".
inline int& edition() {
  static int year = 2023;
  return year;
}

/// `out`, an output of the 2023 edition, as edition `year` prints it.
inline std::string in_edition(std::string out, int year) {
  const std::string_view header = puzzle::kNoSolutionHeader;  // "No solution.\nDiscovered:\n"
  if (year == 2020 && out.compare(0, header.size(), header) == 0)
    out.replace(0, header.size(), "No solution.\nReachable:\n");
  return out;
}

// ==== puzzle's side and the verdict ===============================================

/// What puzzle does with an input and a command line.
struct Expected {
  bool rejected = false;  ///< exit 1 (the message in `out`), else exit 0 with `out`
  std::string out;
};

/// puzzle's options for the command line `args` (its parse_options); throws puzzle::Error.
puzzle::Options puzzle_options(const std::vector<std::string>& args) {
  std::vector<std::string> words{"puzzle"};
  words.insert(words.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(&w[0]);
  argv.push_back(nullptr);
  return puzzle::parse_options(static_cast<int>(words.size()), argv.data());
}

/// What puzzle does with `input` and `args`, in edition `year`.
Expected reference(const std::string& input, const std::vector<std::string>& args, int year = edition()) {
  Expected e;
  try {
    e.out = in_edition(puzzle::run_to_string(input, puzzle_options(args)), year);
  } catch (const puzzle::Error& error) {
    e.rejected = true;
    e.out = error.what();
  }
  return e;
}

/// A line of output shown readably: control bytes escaped; a line over 120 characters
/// shown from 40 before `column` (0-based), 100 characters of it.
std::string shown(std::string_view line, std::size_t column = 0) {
  if (line.empty()) return "(an empty line)";
  const std::size_t from = line.size() > 120 && column > 40 ? column - 40 : 0;
  std::string text = from > 0 ? "..." : "";
  for (char c : line.substr(from, line.size() > 120 ? 100 : 120)) {
    auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x20 && byte < 0x7F) {
      text += c;
    } else {
      char esc[8];
      std::snprintf(esc, sizeof esc, "\\x%02X", byte);
      text += c == '\t' ? "\\t" : c == '\r' ? "\\r" : esc;
    }
  }
  if (from + 100 < line.size() && line.size() > 120) text += "...";
  return text;
}

enum class Kind { same, output, status, signal, timeout, not_started };

/// How SOLVER's run differs from puzzle's, if it does.
struct Verdict {
  Kind kind = Kind::same;
  int code = 0;             ///< the exit status or signal, so that shrinking keeps it
  std::string puzzle_side;  ///< after "puzzle: "
  std::string yours_side;   ///< after "yours: "
};

std::string first_line_of(const std::string& text) {
  return shown(std::string_view(text).substr(0, text.find('\n')));
}

/// The first line where two outputs differ, on each side (Kind::output), read a line at
/// a time (outputs of hundreds of MB in files too); Kind::same when they are the same
/// bytes. A 2023 no-solution header on puzzle's side is read in the edition of --spec.
Verdict first_difference(std::istream& puzzle, std::istream& yours) {
  std::string la, lb, first;
  for (std::size_t n = 1;; ++n) {
    const bool ga = static_cast<bool>(std::getline(puzzle, la)), gb = static_cast<bool>(std::getline(yours, lb));
    if (n == 1) first = la;
    if (n == 2 && edition() == 2020 && first + "\n" + la + "\n" == puzzle::kNoSolutionHeader) la = "Reachable:";
    const bool ea = ga && puzzle.eof(), eb = gb && yours.eof();  // a last line without an end of line
    if (!ga && !gb) return {};
    if (ga == gb && la == lb && ea == eb) continue;
    const auto column = static_cast<std::size_t>(std::mismatch(la.begin(), la.end(), lb.begin(), lb.end()).first - la.begin());
    auto side = [&](bool got, const std::string& line, bool no_end_of_line) {  // "line N: TEXT"
      std::string head = "line " + std::to_string(n);
      if (!got) return head + ": (end of output after " + std::to_string(n - 1) + (n == 2 ? " line)" : " lines)");
      if (line.size() > 120) head += ", column " + std::to_string(column + 1);
      return head + ": " + shown(line, column) + (no_end_of_line ? " (no end of line)" : "");
    };
    return {Kind::output, 0, side(ga, la, ea), side(gb, lb, eb)};
  }
}

/// How a run ended, in words: "exit 0", "killed by signal 11 (Segmentation fault)",
/// "no exit within 3.0 s: killed (a hang?)", "could not be started: ...".
inline std::string ending(const runner::Run& run, double timeout) {
  switch (run.end) {
    case runner::Run::End::exited: return "exit " + std::to_string(run.code);
    case runner::Run::End::signaled:
      return "killed by signal " + std::to_string(run.code) + " (" + strsignal(run.code) + ")";
    case runner::Run::End::timed_out: return "no exit within " + fixed(timeout, 1) + " s: killed (a hang?)";
    case runner::Run::End::not_started: return std::string("could not be started: ") + std::strerror(run.code);
  }
  return "?";
}

Verdict judge(const Expected& e, const runner::Run& run, double timeout) {
  using End = runner::Run::End;
  Verdict v{Kind::status, run.code, e.rejected ? "exit 1 (" + e.out + ")" : "exit 0", ending(run, timeout)};
  if (run.end != End::exited) {
    v.kind = run.end == End::signaled ? Kind::signal : run.end == End::timed_out ? Kind::timeout : Kind::not_started;
    return v;
  }
  if (run.code != (e.rejected ? 1 : 0)) {
    if (!run.err.empty()) v.yours_side += ", stderr: " + first_line_of(run.err);
    if (e.rejected && !run.out.empty()) v.yours_side += ", stdout line 1: " + first_line_of(run.out);
    return v;
  }
  if (e.rejected) {
    if (run.out.empty()) return {};
    v.kind = Kind::output;
    v.yours_side = "exit 1, but prints on stdout: line 1: " + first_line_of(run.out);
    return v;
  }
  if (run.out == e.out) return {};
  std::istringstream puzzle(e.out), yours(run.out);
  return first_difference(puzzle, yours);
}

/// A run of SOLVER, and the cap on its stdout (what --diagnose holds the bugs to).
struct Ran {
  runner::Run run;
  std::size_t cap = 0;
};

struct Solver {
  std::vector<std::string> argv;  ///< SOLVER (resolved to a path) and its own ARGs
  std::string input_path;         ///< the input of each run is written here
  double timeout = 3;             ///< seconds a run may take

  /// SOLVER and puzzle on `text` with `args`: how they differ; `ran`, when given, gets
  /// SOLVER's run.
  Verdict verdict_on(const std::string& text, const std::vector<std::string>& args, Ran* ran = nullptr) const {
    const Expected e = reference(text, args);
    core::write_file(input_path, text);
    std::vector<std::string> command = argv;
    command.insert(command.end(), args.begin(), args.end());
    const std::size_t cap = e.rejected ? 65536 : e.out.size() * 2 + 65536;  // past it, the run differs anyway
    Ran r{runner::run_jobs({runner::Job(command, input_path, timeout, cap)})[0], cap};
    const Verdict v = judge(e, r.run, timeout);
    if (ran) *ran = std::move(r);
    return v;
  }
};

/// "no solution", "list" or "map": what puzzle prints (`out`) on a valid map in `mode`.
inline std::string output_kind(const std::string& out, const Mode& mode) {
  if (out.rfind("No solution.", 0) == 0) return "no solution";
  return mode.output == 'l' ? "list" : "map";
}

/// A verdict in one line, for the list of differing runs.
std::string summary(const Verdict& v) {
  return "puzzle " + v.puzzle_side + (v.kind == Kind::output ? " | yours " : "; yours ") + v.yours_side;
}

// ==== The maps ===================================================================

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
  const std::string command = "mapgen " + joined({args.begin() + 1, args.end()}, " ");
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

/// The files of --from DIR: every *.txt but out-*.txt (puzzle's outputs, as --save names
/// them), by name; those that are not maps apart, to be skipped.
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
    // A map's first line is three whole numbers ("num_colors height width", maybe ending
    // "\r"); a file that does not start so is no map at all (an expected output, notes).
    std::string line = head_of(dir + "/" + name, 512);
    line = line.substr(0, line.find('\n'));
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const bool map = line.find_first_not_of("0123456789 \t") == std::string::npos && words_of(line).size() == 3;
    (map ? folder.maps : folder.skipped).push_back(name);
  }
  if (folder.maps.empty())
    core::usage_error("--from " + dir + ": no map in it (a *.txt file whose first line is 'num_colors height width')");
  return folder;
}

}  // namespace compare

#endif  // PUZZLE_TOOLS_COMPARE_VERDICT_H
