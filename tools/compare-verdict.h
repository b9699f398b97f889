// Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
//
// tools/compare-verdict.h: a piece of tools/compare. The modes and their spellings,
// puzzle's side of a run (puzzle.cpp compiled in: its parse_options and run_to_string)
// and judge(): how a run of SOLVER differs from it, as "puzzle: ..." and "yours: ...".

#ifndef PUZZLE_TOOLS_COMPARE_VERDICT_H
#define PUZZLE_TOOLS_COMPARE_VERDICT_H

#ifndef PUZZLE_NO_MAIN
#define PUZZLE_NO_MAIN
#endif
#include "../puzzle.cpp"
#include "catalogue.h"
#include "core.h"
#include "runner.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
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
  if (v.kind == Kind::output) return "puzzle " + v.puzzle_side + " | yours " + v.yours_side;
  return "puzzle " + v.puzzle_side + "; yours " + v.yours_side;
}

}  // namespace compare

#endif  // PUZZLE_TOOLS_COMPARE_VERDICT_H
