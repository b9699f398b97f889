// Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
//
// tools/check: replays a solution of a puzzle map move by move, like a game-move
// validator, and reports the first illegal move. Not part of the submission.
//
//   tools/check [OPTIONS] MAP [SOLUTION]
//
// MAP is a puzzle input file, validated by the solver's own parser (same rules, same
// messages). SOLUTION (standard input when omitted) is a list-mode output, one state
// "(C, (R, C))" a line, a map-mode output, whose marks are followed from the start to
// rebuild the path, or a "No solution." output: its first line tells which, and
// --list or --map forces a reading. Reading and replaying are tools/solution.h's,
// shared with tools/show; every rule of the game comes from puzzle.cpp
// (is_active_button, pressed_layer, is_passable): neither file holds a copy of them.
//
// Output (stdout): "Processed N moves, all valid" then "Reaches the target" or "Does
// not reach the target"; or "Move M is illegal: (c, (r, c)): REASON", move M going
// from the M-th state to the (M+1)-th; or a problem with the map output's marks.
// Exit status: 0 when every move is legal and the path ends on the target; 1 for an
// illegal or incomplete path, a wrong map output, or a no-solution output (0 with
// --no-solution-ok when it is well formed); 2 for bad usage, an unreadable file, an
// invalid map or a malformed solution (message on stderr, starting with "check: ").
// Memory: the map, the solution text, and one hash entry per state of the path.

#ifndef PUZZLE_NO_MAIN
#define PUZZLE_NO_MAIN
#endif
#include "../puzzle.cpp"
#include "solution.h"

#include <getopt.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <stdexcept>
#include <string>

namespace check {

using solution::Format;
using solution::Report;
using solution::State;
using solution::Verdict;

/// A problem in the command line: exit status 2, with a pointer to --help.
class CommandLineError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

[[noreturn]] void bad_command_line(const std::string& what) { throw CommandLineError(what); }

// ==== Options ======================================================================

struct Options {
  std::size_t max_moves = SIZE_MAX;  ///< -m: check at most this many moves
  bool quiet = false;                ///< -q: nothing on stdout, the exit status tells
  Format format = Format::detect;    ///< --list or --map: SOLUTION read as that
  bool no_solution_ok = false;       ///< a well-formed "No solution." output exits 0
  bool print_path = false;           ///< print the states found legal, list format
  bool help = false;
  std::string map_path;
  std::string solution_path;  ///< empty: standard input
};

const char kUsage[] =
    "Usage: tools/check [OPTIONS] MAP [SOLUTION]\n"
    "Replays a solution of the puzzle in MAP move by move and reports the first\n"
    "illegal move. SOLUTION (standard input when omitted) is an output of a solver:\n"
    "list mode (one state '(C, (R, C))' a line), map mode ('// color ^' and the\n"
    "layers with the path drawn in) or 'No solution.'; its first line tells which.\n"
    "\n"
    "  -m, --moves N        check at most N moves (the path's first N + 1 states)\n"
    "  -q, --quiet          print nothing on stdout; the exit status tells\n"
    "      --list           read SOLUTION as list-mode output, whatever it looks like\n"
    "      --map            read SOLUTION as map-mode output: the path is rebuilt\n"
    "                       from its + % @ marks, then replayed\n"
    "      --no-solution-ok exit 0 for a well-formed \"No solution.\" output\n"
    "      --print-path     first print the states found legal, in list format (for\n"
    "                       a map output: the path rebuilt from the marks)\n"
    "  -h, --help           print this help and exit\n"
    "\n"
    "A path is legal when its first state is (^, start) and each next state is one\n"
    "action away: pressing the active button stood on (same cell, the button's color,\n"
    "^ for a trap), or else a step north, east, south or west in the same color onto a\n"
    "cell that is not a wall nor a closed door. It must not repeat a state and must\n"
    "end the moment it reaches the target, as the spec's search does.\n"
    "\n"
    "Output: 'Processed N moves, all valid' and 'Reaches the target' (or 'Does not\n"
    "reach the target'), or 'Move M is illegal: (c, (r, c)): REASON' where move M\n"
    "goes from the M-th state to the (M+1)-th.\n"
    "Exit status: 0 all moves legal and the target reached; 1 an illegal or\n"
    "incomplete path, a wrong map output, or a \"No solution.\" output (0 with\n"
    "--no-solution-ok when it is well formed); 2 bad usage, unreadable file, invalid\n"
    "MAP (the solver's message) or malformed SOLUTION (its line number).\n"
    "Example: tools/check spec-inputs/spec-simple.txt spec-inputs/out-spec-simple-queue-list.txt\n";

/// Parses a count of moves: decimal digits only.
std::size_t parse_count(const char* text) {
  std::size_t value = 0;
  if (*text == '\0') bad_command_line("--moves needs a number of moves, not ''");
  for (const char* p = text; *p; ++p) {
    if (*p < '0' || *p > '9') bad_command_line("--moves needs a number of moves, not '" + std::string(text) + "'");
    std::size_t digit = static_cast<std::size_t>(*p - '0');
    if (value > (SIZE_MAX - digit) / 10) bad_command_line("--moves " + std::string(text) + " is too large");
    value = value * 10 + digit;
  }
  return value;
}

Options parse_options(int argc, char* argv[]) {
  enum { kListOption = 1000, kMapOption, kNoSolutionOk, kPrintPath };
  static const option kLongOptions[] = {
      {"moves", required_argument, nullptr, 'm'},
      {"quiet", no_argument, nullptr, 'q'},
      {"list", no_argument, nullptr, kListOption},
      {"map", no_argument, nullptr, kMapOption},
      {"no-solution-ok", no_argument, nullptr, kNoSolutionOk},
      {"print-path", no_argument, nullptr, kPrintPath},
      {"help", no_argument, nullptr, 'h'},
      {nullptr, 0, nullptr, 0},
  };
  Options options;
  opterr = 0;
  optind = 0;
  int choice;
  while ((choice = getopt_long(argc, argv, ":m:qh", kLongOptions, nullptr)) != -1) {
    switch (choice) {
      case 'm': options.max_moves = parse_count(optarg); break;
      case 'q': options.quiet = true; break;
      case kListOption:
      case kMapOption: {
        Format wanted = choice == kListOption ? Format::list : Format::map;
        if (options.format != Format::detect && options.format != wanted)
          bad_command_line("--list and --map are both given; choose one");
        options.format = wanted;
        break;
      }
      case kNoSolutionOk: options.no_solution_ok = true; break;
      case kPrintPath: options.print_path = true; break;
      case 'h': options.help = true; break;  // the rest of the line is still checked
      case ':': bad_command_line("option '" + std::string(argv[optind - 1]) + "' needs an argument");
      default:
        if (optopt != 0) bad_command_line(std::string("unknown option '-") + static_cast<char>(optopt) + "'");
        bad_command_line("unknown option '" + std::string(argv[optind - 1]) + "'");
    }
  }
  if (options.help) return options;
  int rest = argc - optind;
  if (rest < 1) bad_command_line("missing MAP: tools/check [OPTIONS] MAP [SOLUTION]");
  if (rest > 2) bad_command_line("too many arguments: tools/check [OPTIONS] MAP [SOLUTION]");
  options.map_path = argv[optind];
  if (rest == 2) options.solution_path = argv[optind + 1];
  return options;
}

// ==== main ===========================================================================

int run(int argc, char* argv[]) {
  Options options = parse_options(argc, argv);
  if (options.help) {
    std::fputs(kUsage, stdout);
    return 0;
  }
  const puzzle::Puzzle map = solution::read_map(options.map_path);
  const bool from_stdin = options.solution_path.empty();
  if (from_stdin && isatty(STDIN_FILENO))
    std::fprintf(stderr,
                 "check: reading the solution for %s from the terminal: paste it, then press Ctrl-D on a new "
                 "line\n",
                 options.map_path.c_str());
  const std::string name = from_stdin ? "(standard input)" : options.solution_path;
  const std::string text = solution::read_file(options.solution_path, name);
  const Report report = solution::check_output(map, text, name, options.format, options.max_moves);
  if (!options.quiet) {
    if (options.print_path)
      for (const State& s : report.path) std::printf("%s\n", solution::show(s).c_str());
    for (const std::string& line : report.lines) std::printf("%s\n", line.c_str());
  }
  if (report.verdict == Verdict::reaches_target) return 0;
  return report.verdict == Verdict::no_solution && options.no_solution_ok ? 0 : 1;
}

}  // namespace check

int main(int argc, char* argv[]) {
  try {
    return check::run(argc, argv);
  } catch (const check::CommandLineError& e) {
    std::fprintf(stderr, "check: %s\nTry 'tools/check --help'.\n", e.what());
    return 2;
  } catch (const solution::Malformed& e) {
    std::fprintf(stderr, "check: %s\n", e.what());
    return 2;
  } catch (const puzzle::Error& e) {  // e.g. the grid of a huge map cannot be allocated
    std::fprintf(stderr, "check: %s\n", e.what());
    return 2;
  } catch (const std::bad_alloc&) {
    std::fputs("check: not enough memory\n", stderr);
    return 2;
  }
}
