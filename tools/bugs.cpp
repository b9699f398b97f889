// Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
// tools/bugs: a student's solver with the known bugs of tools/bugs.h switched on (tools/bugs --usage).
// Its -h and --help are the student solver's, and puzzle's options pass through: core.h's parser does not fit.
#include "tools/bugs.h"
#include "tools/core.h"
#include "tools/runner.h"

#include <csignal>
#include <cstdlib>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

namespace {

const char kUsage[] =
    "usage: tools/bugs [--bug NAME]... PUZZLE-OPTIONS < MAP   a solver with those bugs (puzzle's options)\n"
    "       tools/bugs --list                                 the bugs: name, part, counted|equivalent, description\n"
    "       tools/bugs --expose FILE...                       which counted bugs the test-N-FLAGS.txt files expose\n"
    "--expose runs $PUZZLE_BIN (default ./puzzle) on each file with the options of its name (s/q, then m/l) and\n"
    "each counted bug in process; a bug is exposed when its output or exit status differs (or it would crash or\n"
    "hang). It prints a line per bug and ends 'exposed K of M bugs'; exit 0 only when K = M and no equivalent bug\n"
    "is exposed.\n";

/// The options of a test file's name: test-N-FLAGS.txt.
std::vector<std::string> options_of(const std::string& path) {
  const std::string name = path.substr(path.find_last_of('/') + 1);
  const std::size_t dash = name.rfind('-'), dot = name.rfind('.');
  const bool named = dash != std::string::npos && dot != std::string::npos;
  const std::string flags = named ? name.substr(dash + 1, dot - dash - 1) : "";
  std::vector<std::string> options{flags.find('s') != std::string::npos ? "--stack" : "--queue"};
  if (flags.find('l') != std::string::npos) options.insert(options.end(), {"--output", "list"});
  if (flags.find('m') != std::string::npos) options.insert(options.end(), {"--output", "map"});
  return options;
}

int expose(const std::vector<std::string>& files) {
  const char* bin = std::getenv("PUZZLE_BIN");
  const std::string puzzle = runner::resolve_program(bin && *bin ? bin : "./puzzle");
  const std::vector<bugs::Bug>& table = bugs::all();
  std::vector<std::string> exposed_by(table.size());  // " test-1-q test-3-sm": the files that expose each bug
  for (const std::string& file : files) {
    const std::vector<std::string> options = options_of(file);
    std::vector<std::string> command{puzzle};
    command.insert(command.end(), options.begin(), options.end());
    const runner::Run run = runner::run_jobs({runner::Job(command, file, 60, std::size_t{1} << 30)})[0];
    if (run.end != runner::Run::End::exited || run.code != 0)
      core::fail(puzzle + " does not exit 0 on " + file + ": not a valid test file");
    const std::string input = core::read_file(file), name = file.substr(file.find_last_of('/') + 1);
    for (std::size_t b = 0; b < table.size(); ++b) {
      const bugs::Outcome o = bugs::run(bugs::set_of({table[b].name}), options, input);
      if (o.signal != 0 || o.hangs || o.status != 0 || o.out != run.out)
        exposed_by[b] += " " + name.substr(0, name.rfind('.'));
    }
  }
  std::size_t counted = 0, exposed = 0, equivalent_exposed = 0;
  for (std::size_t b = 0; b < table.size(); ++b) {
    const bool shown = !exposed_by[b].empty();
    std::cout << table[b].name << ": ";
    if (table[b].equivalent) {
      equivalent_exposed += shown;
      std::cout << "equivalent" << (shown ? ", but EXPOSED by" + exposed_by[b] : "") << "\n";
    } else {
      ++counted;
      exposed += shown;
      std::cout << (shown ? "exposed by" + exposed_by[b] : "NOT EXPOSED") << "\n";
    }
  }
  if (equivalent_exposed) std::cout << "an equivalent bug is exposed: it is not equivalent\n";
  std::cout << "exposed " << exposed << " of " << counted << " bugs\n";
  return exposed == counted && !equivalent_exposed ? 0 : 1;
}

int run(int argc, char* argv[]) {
  std::vector<std::string> names, args;
  for (int i = 1; i < argc; ++i) {
    const std::string word = argv[i];
    if (word == "--list") {
      for (const bugs::Bug& b : bugs::all())
        std::cout << b.name << '\t' << b.part << '\t' << (b.equivalent ? "equivalent" : "counted") << '\t' << b.desc
                  << '\n';
      return 0;
    }
    if (word == "--expose") return expose(std::vector<std::string>(argv + i + 1, argv + argc));
    if (word == "--usage") {
      std::cout << kUsage;
      return 0;
    }
    if (word == "--bug" && i + 1 < argc) names.push_back(argv[++i]);
    else if (word.rfind("--bug=", 0) == 0) names.push_back(word.substr(6));
    else args.push_back(word);
  }
  for (const std::string& name : names)
    if (bugs::find(name) < 0) core::fail("no bug named '" + name + "' (tools/bugs --list; tools/bugs --usage)");
  const std::string input{std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>()};
  const bugs::Outcome outcome = bugs::run(bugs::set_of(names), args, input);
  std::cout << outcome.out << std::flush;
  std::cerr << outcome.err;
  if (outcome.hangs)  // the student's solver would run until killed: it is killed at once
    std::cerr << "tools/bugs: this solver never ends (killed by SIGXCPU, as by a CPU time limit)\n";
  if (const int killed_by = outcome.hangs ? SIGXCPU : outcome.signal) {
    std::signal(killed_by, SIG_DFL);
    std::raise(killed_by);
  }
  return outcome.status;
}

}  // namespace

int main(int argc, char* argv[]) {
  return core::run_main("bugs", [&] { return run(argc, argv); });
}
