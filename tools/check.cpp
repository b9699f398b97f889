// Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
//
// tools/check: replays a solution of a puzzle map move by move and reports the first
// illegal move (--help). The reading and the replay are tools/solution.h's.

#include "solution.h"  // and with it core.h and ../puzzle.cpp, its main left out

#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>

namespace check {

int run(int argc, char* argv[]) {
  std::size_t max_moves = SIZE_MAX;  // the options, set by the table
  bool quiet = false;
  solution::Format format = solution::Format::detect;
  bool no_solution_ok = false;
  bool print_path = false;
  auto choose = [&format](solution::Format wanted) {
    if (format != solution::Format::detect && format != wanted)
      core::usage_error("--list and --map are both given; choose one");
    format = wanted;
  };
  core::Command cmd{
      "check",
      "tools/check [OPTIONS] MAP [SOLUTION]",
      "Replays a solution of the puzzle in MAP move by move and reports the first\n"
      "illegal move. SOLUTION (standard input when omitted) is an output of a solver:\n"
      "list mode (one state '(C, (R, C))' a line), map mode ('// color ^' and the\n"
      "layers with the path drawn in) or 'No solution.'; its first line tells which.\n",
      {
          {'m', "moves", "N", "check at most N moves (the path's first N + 1 states)",
           [&max_moves](const char* v) {
             max_moves = static_cast<std::size_t>(core::parse_count("--moves", v, 0, SIZE_MAX));
           }},
          core::flag('q', "quiet", "print nothing on stdout; the exit status tells", quiet),
          {0, "list", nullptr, "read SOLUTION as list-mode output, whatever it looks like",
           [choose](const char*) { choose(solution::Format::list); }},
          {0, "map", nullptr,
           "read SOLUTION as map-mode output: the path is rebuilt\nfrom its + % @ marks, then replayed",
           [choose](const char*) { choose(solution::Format::map); }},
          core::flag(0, "no-solution-ok", "exit 0 for a well-formed \"No solution.\" output", no_solution_ok),
          core::flag(0, "print-path",
                     "first print the states found legal, in list format (for\n"
                     "a map output: the path rebuilt from the marks)",
                     print_path),
      },
      "A path is legal when its first state is (^, start) and each next state is one\n"
      "action away: pressing the active button stood on (same cell, the button's color,\n"
      "^ for a trap), or else a step north, east, south or west in the same color onto a\n"
      "cell that is not a wall nor a closed door. It must not repeat a state and must\n"
      "end the moment it reaches the target, as the spec's search does.\n"
      "\n"
      "Output: 'Processed N moves, all valid' and 'Reaches the target' (or 'Does not\n"
      "reach the target'), or 'Move M is illegal: (c, (r, c)): REASON' where move M\n"
      "goes from the M-th state to the (M+1)-th.\n"
      "Example: tools/check spec-inputs/spec-simple.txt spec-inputs/out-spec-simple-queue-list.txt\n",
      "all moves legal and the target reached",
      "an illegal or incomplete path, a wrong map output, or a \"No solution.\" output (0 with --no-solution-ok "
      "when it is well formed)",
      "a file that cannot be read, an invalid MAP (the solver's message) or a malformed SOLUTION (its line number)",
  };
  cmd.values_once = true;
  const core::Parsed parsed = core::parse(cmd, argc, argv);
  if (parsed.help) {
    std::fputs(core::help_text(cmd).c_str(), stdout);
    return core::kExitOk;
  }
  if (parsed.args.empty()) core::usage_error(std::string("missing MAP: ") + cmd.synopsis);
  if (parsed.args.size() > 2) core::usage_error(std::string("too many arguments: ") + cmd.synopsis);
  const std::string& map_path = parsed.args[0];
  const puzzle::Puzzle map = solution::read_map(map_path, std::string("MAP comes first: ") + cmd.synopsis);
  const std::string solution_path = parsed.args.size() == 2 ? parsed.args[1] : "";  // "": standard input
  if (solution_path.empty() && isatty(STDIN_FILENO))
    std::fprintf(stderr,
                 "check: reading the solution for %s from the terminal: paste it, then press Ctrl-D on a new line\n",
                 map_path.c_str());
  solution::Reader in(solution_path);
  const solution::Report report = solution::check_output(map, in, format, max_moves);
  if (!quiet) {
    if (print_path)
      report.path.walk([](const solution::Path::Cursor& at) { std::puts(solution::show(at.state()).c_str()); });
    for (const std::string& line : report.lines) std::puts(line.c_str());
  }
  if (std::fflush(stdout) != 0) core::fail(std::string("cannot write to standard output: ") + std::strerror(errno));
  const bool ok = report.verdict == solution::Verdict::reaches_target ||
                  (report.verdict == solution::Verdict::no_solution && no_solution_ok);
  return ok ? core::kExitOk : core::kExitVerdict;
}

}  // namespace check

int main(int argc, char* argv[]) {
  return core::run_main("check", [&] { return check::run(argc, argv); });
}
