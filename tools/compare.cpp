// Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
//
// tools/compare: holds any solver to puzzle byte for byte (its contract: --help); its
// pieces are the compare-*.h headers.

#include "catalogue.h"
#include "compare-diagnose.h"
#include "compare-report.h"
#include "compare-verdict.h"
#include "core.h"
#include "runner.h"

#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace compare {

// ==== Options =====================================================================

struct Options {
  std::size_t maps = 200;            ///< --maps: generated maps
  Generated generated;               ///< --seed, --max-size
  std::string from;                  ///< --from: a folder of maps instead of generated ones
  double timeout = 3;                ///< --timeout: seconds per run of SOLVER
  double shrink_time = 30;           ///< --shrink-time: seconds for shrinking; 0: none
  std::string out_dir = "compare-out";  ///< --out: where the smallest map goes (not under build/: make clean keeps it)
  std::string save_dir;              ///< --save: every map with puzzle's four outputs
  bool all = false;                  ///< --all: list every differing run
  bool diagnose = false;             ///< --diagnose: name the known bugs that explain the differences
  std::string bugs;                  ///< --bugs: the known bugs --diagnose tries (names between commas)
  enum class Spec { s2023, s2025, s2020 } spec = Spec::s2023;  ///< --spec: the edition of puzzle's side
  std::string runs;                  ///< --runs: a file of runs to make (the harness of grade and bench)
  std::size_t mem_mb = 0;            ///< --mem: SOLVER's address space in MB (0: no cap)
  std::size_t jobs = 1;              ///< --jobs: runs at once
  std::string keep;                  ///< --keep: where each run's stdout is kept as ID.out
  std::string cache;                 ///< --cache: where puzzle's side of each run is remembered
  std::vector<std::string> solver;   ///< SOLVER and its ARGs
};

/// The command line of compare: its table of options sets `o`.
core::Command command(Options& o) {
  auto text = [](const char* name, const char* value, const char* help, std::string& target) {
    return core::Option{0, name, value, help, [&target](const char* v) { target = v; }};
  };
  return {
      "compare",
      "tools/compare [OPTIONS] SOLVER [ARG...]",
      "Runs SOLVER (any program that reads a map on stdin) and puzzle on the same maps in the\n"
      "four modes (-q/-s, -o list/map, spelled the course's ways, tools/spellings.txt): stdout\n"
      "byte for byte and the exit status. Then the bad inputs of tools/bad-inputs.txt: exit 1\n"
      "and an empty stdout expected, whatever stderr holds. SOLVER gets its ARGs, then the\n"
      "mode's options; its process group is killed after each run (setsid escapes).\n"
      "Progress goes to stderr.\n",
      {
          {0, "maps", "N",
           "generated maps [200]: tools/mapgen, every style, 0 to 26 colors,\nsolvable and not, from 1x2 up to --max-size",
           [&o](const char* v) { o.maps = static_cast<std::size_t>(core::parse_count("--maps", v, 0, 100000000)); }},
          {0, "seed", "S", "seed of the generated maps [1]: the same seed, the same maps",
           [&o](const char* v) { o.generated.seed = core::parse_count("--seed", v); }},
          {0, "max-size", "HxW", "largest generated map [10x10]; N alone is N x N",
           [&o](const char* v) {
             const std::string s = v;
             const std::size_t x = s.find('x');
             std::uint64_t h = 0, w = 0;
             try {
               h = core::parse_count("--max-size", s.substr(0, x).c_str(), 1, 100000);
               w = x == std::string::npos ? h : core::parse_count("--max-size", s.substr(x + 1).c_str(), 1, 100000);
             } catch (const core::UsageError&) {  // said below, with what is expected
             }
             if (h * w < 2)
               core::usage_error("--max-size needs HEIGHTxWIDTH or N (N x N) of at least 2 cells, e.g. 10x10 or 60, "
                                 "not '" + s + "'");
             o.generated.max_height = static_cast<std::uint32_t>(h);
             o.generated.max_width = static_cast<std::uint32_t>(w);
           }},
          text("from", "DIR", "every map in DIR instead (*.txt but out-*.txt, by name; a file\nwhose first line is not "
               "'num_colors height width' is skipped,\nwith a note)", o.from),
          {0, "timeout", "SEC",
           "a run of SOLVER longer than this is killed and reported [3];\nafter 10 such runs the rest is skipped",
           [&o](const char* v) { o.timeout = core::parse_decimal("--timeout", v, 0.001, 86400, "seconds"); }},
          {0, "shrink-time", "SEC", "time for shrinking the first difference [30]; 0: no shrinking",
           [&o](const char* v) { o.shrink_time = core::parse_decimal("--shrink-time", v, 0, 86400, "seconds"); }},
          text("out", "DIR", "where the shrunk map goes as test-N-FLAGS.txt, N the lowest\nnumber free there "
               "[compare-out]: not the top level (your own\ntest files), nor build/ (make clean removes it)",
               o.out_dir),
          text("save", "DIR", "also write every map as X.txt with puzzle's outputs\nout-X-queue-list.txt, "
               "out-X-queue-map.txt, out-X-stack-list.txt,\nout-X-stack-map.txt (as the course names its samples)",
               o.save_dir),
          core::flag(0, "all", "list every differing run (else the first 20 on maps and 20 on\nbad inputs)", o.all),
          core::flag(0, "diagnose", "then name the known bugs that explain the differences\n(tools/bugs.h, run in "
                     "this process; below)", o.diagnose),
          text("bugs", "NAME,...", "--diagnose tries these known bugs only [all]", o.bugs),
          core::choice("spec", "EDITION", {"2023", "2025", "2020"}, "[2023]: puzzle's side (2025 is 2023's);\n2020's "
                       "no-solution header says 'Reachable:' for 'Discovered:'", o.spec),
          text("runs", "JOBS", "instead of the above, make the runs of JOBS (the harness\nmake grade drives; below)",
               o.runs),
          {0, "mem", "MB", "--runs: cap SOLVER's address space at MB (RLIMIT_AS) [none]",
           [&o](const char* v) { o.mem_mb = static_cast<std::size_t>(core::parse_count("--mem", v, 1, 1 << 24)); }},
          {0, "jobs", "N", "--runs: N runs at once [1]",
           [&o](const char* v) { o.jobs = static_cast<std::size_t>(core::parse_count("--jobs", v, 1, runner::kMaxParallel)); }},
          text("keep", "DIR", "--runs: keep each run's stdout as DIR/ID.out", o.keep),
          text("cache", "DIR", "--runs: remember puzzle's side of each run in DIR (its exit\nstatus, a hash of its "
               "stdout): run again only for the\nfirst differing line", o.cache),
      },
      "The first difference on a valid map is shrunk while the two still differ the same way\n"
      "in the same mode (rows and columns dropped, cells made '.' or '#', fewer colors, '@'\n"
      "and '?' moved nearer; each candidate a valid map), written as a test file and printed\n"
      "as a map that shows it by itself (with its comment lines when they matter), then\n"
      "'smallest: PATH FLAGS', 'puzzle:' and 'yours:' (each side's first differing line). A\n"
      "bad input's difference is labelled 'listed by the spec' or 'beyond the spec's list'.\n"
      "The last line is 'compare: N of M runs differ'.\n"
      "--diagnose adds a set of known bugs that, switched on together, reproduce SOLVER's\n"
      "stdout and exit status on the differing runs they claim and on every agreeing run (up\n"
      "to 2000), each confirmed on new maps without comment lines where it shows. One block\n"
      "per bug, most runs first: 'diagnosis: NAME: DESCRIPTION', the spec's sentence it\n"
      "breaks, 'explains K of N differing runs (map, list, no solution)', its smallest map as\n"
      "a test file. Then the differing runs on maps no known bug explains, by kind of output,\n"
      "each with its smallest map; the differing bad inputs by label and by how SOLVER ended\n"
      "(accepted it, printed to stdout, crashed, hung); last 'diagnosis: B known bugs explain\n"
      "E of N differing runs' (N: runs on maps). A SOLVER of the other edition (--spec) is\n"
      "told so and diagnosed against it.\n"
      "--runs JOBS makes no maps or bad inputs of its own: each line of JOBS is a run of\n"
      "SOLVER, ID<TAB>INPUT<TAB>OPTIONS (ID of letters, digits, '.', '-', '_'; INPUT its stdin;\n"
      "OPTIONS after SOLVER's ARGs), and puzzle's on the same input and options, both under\n"
      "--timeout (puzzle's at least 60 s), --jobs at once, outputs streamed to files. One line\n"
      "a run, in the order of JOBS, fields between tabs ('-' for none): ID, how SOLVER ended\n"
      "('exit N', 'signal N', 'timeout', 'not-started'), its CPU seconds (user + system), wall\n"
      "seconds, peak RSS in KB, 'same' or 'differs' (judged as above) or 'unjudged' (puzzle's\n"
      "own run failed), puzzle's and SOLVER's side of the first difference, the first line of\n"
      "SOLVER's stderr. Exit status 0 when every run is the same, 1 when one is not.\n"
      "Example: tools/compare --diagnose --maps 500 --seed 7 ../p1/puzzle\n",
      "no run differs that the course would count (differences on bad inputs beyond the spec's list are reported, "
      "not counted)",
      "some do: a run on a map, or on a bad input the spec lists",
      "a SOLVER that is missing or not executable, a --from folder without maps, tools/mapgen missing, "
      "an unknown bug in --bugs",
      true,
  };
}

// ==== The comparison ==============================================================

/// SOLVER and its ARGs, SOLVER as a path; a usage error when it cannot run.
std::vector<std::string> resolved(std::vector<std::string> solver) {
  try {
    solver[0] = runner::resolve_program(solver[0]);
  } catch (const std::invalid_argument& e) {
    core::usage_error(std::string("SOLVER: ") + e.what());
  }
  return solver;
}

class Comparison {
 public:
  Comparison(const Options& options, const std::string& input_path)
      : options_(options), solver_{resolved(options.solver), input_path, options.timeout}, report_(options.all),
        start_(runner::Clock::now()) {
    if (options.diagnose)
      diagnosis_ = std::make_unique<Diagnosis>(
          Diagnosis::Settings{options.bugs, options.out_dir, options.timeout, options.generated});
  }

  int run() {
    Folder folder;
    const std::string mapgen = mapgen_path();
    if (!options_.from.empty()) {
      folder = map_files(options_.from);
    } else if (options_.maps > 0 && access(mapgen.c_str(), X_OK) != 0) {
      core::fail(mapgen + " is missing: run 'make tools'");
    }
    if (!options_.save_dir.empty()) core::make_dirs(options_.save_dir);
    const std::size_t maps = options_.from.empty() ? options_.maps : folder.maps.size();
    const Generated& g = options_.generated;
    const std::string source =
        options_.from.empty() ? "maps (mapgen, seed " + std::to_string(g.seed) + ", up to " +
                                    std::to_string(g.max_height) + "x" + std::to_string(g.max_width) + ")"
                              : "maps from " + options_.from;
    const std::vector<catalogue::BadInput>& bad = catalogue::bad_inputs();
    std::fprintf(stderr, "compare: %s against puzzle: %zu %s x 4 modes, then %zu bad inputs; timeout %s s a run\n",
                 joined(options_.solver, " ").c_str(), maps, source.c_str(), bad.size(),
                 fixed(options_.timeout, 1).c_str());
    if (!folder.skipped.empty())
      std::printf("note: --from %s: skipped %zu %s that %s not maps (the first line is not 'num_colors height "
                  "width'): %s\n",
                  options_.from.c_str(), folder.skipped.size(), folder.skipped.size() == 1 ? "file" : "files",
                  folder.skipped.size() == 1 ? "is" : "are", joined(folder.skipped, ", ").c_str());
    runner::Clock::time_point last_progress = runner::Clock::now();
    for (std::size_t i = 0; i < maps && !stopped(); ++i) {
      const std::string file = options_.from.empty() ? "" : folder.maps[i];
      MapInput map = options_.from.empty()
                         ? generated_map(g, i, mapgen)
                         : MapInput{file.substr(0, file.size() - 4), options_.from + "/" + file,
                                    core::read_file(options_.from + "/" + file)};
      run_map(map, i);
      if (i + 1 == maps || runner::seconds_since(last_progress) >= 2 ||
          (i + 1) % std::max<std::size_t>(1, maps / 4) == 0) {
        std::fprintf(stderr, "compare: %zu of %zu maps, %zu runs, %zu differ (%s s)\n", i + 1, maps, runs_,
                     differing_, fixed(runner::seconds_since(start_), 1).c_str());
        last_progress = runner::Clock::now();
      }
    }
    std::size_t bad_runs = 0;
    for (; bad_runs < bad.size() && !stopped(); ++bad_runs) {
      const catalogue::BadInput& b = bad[bad_runs];
      const Verdict v = run_one(b.input, b.name, b.args, nullptr, &b);
      if (v.kind != Kind::same)
        report_.add({"bad input [" + b.name + "] (" + catalogue::label(b.listed) + ")",
                     b.args.empty() ? "(no options)" : b.args, nullptr, &b, v, "a bad input", b.input.size()});
    }
    std::fprintf(stderr, "compare: %s, %zu runs in all, %zu differ (%s s)\n",
                 stopped() ? "stopped after the timeouts" : "bad inputs done", runs_, differing_,
                 fixed(runner::seconds_since(start_), 1).c_str());
    report_.finish(valid_map_runs_, bad_runs);
    if (stopped())
      std::printf("compare: %zu runs timed out: the other maps and bad inputs were skipped (each would take the\n"
                  "whole --timeout)\n", hangs_);
    if (first_map_)
      shrink_and_write(solver_, *first_map_, first_, options_.shrink_time, options_.out_dir, options_.solver[0]);
    if (diagnosis_) diagnosis_->report(solver_);
    const std::size_t beyond = report_.beyond_only();
    std::printf("compare: %zu of %zu runs differ%s\n", differing_, runs_,
                beyond > 0 ? (", all on bad inputs " + catalogue::label(false) + ": none that the course counts").c_str() : "");
    return report_.fails() ? core::kExitVerdict : core::kExitOk;
  }

 private:
  static constexpr std::size_t kMaxHangs = 10;  ///< timed-out runs before the rest is skipped

  bool stopped() const { return hangs_ >= kMaxHangs; }

  /// One run: SOLVER and puzzle on `input` with `args`; counts and returns the verdict,
  /// and keeps the run for --diagnose (Diagnosis::add_run).
  Verdict run_one(const std::string& input, const std::string& name, const std::string& args, const Mode* mode,
                  const catalogue::BadInput* bad = nullptr) {
    Ran ran;
    const Verdict v = solver_.verdict_on(input, words_of(args), diagnosis_ ? &ran : nullptr);
    ++runs_;
    if (v.kind == Kind::timeout) ++hangs_;
    if (v.kind != Kind::same) ++differing_;
    if (diagnosis_) diagnosis_->add_run(input, name, args, mode, ran, bad);
    return v;
  }

  void run_map(const MapInput& map, std::size_t index) {
    std::string label = map.name + " (invalid: ";  // a map of --from that puzzle rejects
    std::uint64_t cells = map.text.size();            // for the smallest example of a kind
    bool valid = false;
    try {
      const puzzle::Puzzle p = puzzle::parse_puzzle(map.text);
      label = map.name + " (" + std::to_string(p.height) + "x" + std::to_string(p.width) + ", " +
              std::to_string(p.colors) + (p.colors == 1 ? " color)" : " colors)");
      cells = std::uint64_t{p.height} * p.width;
      valid = true;
    } catch (const puzzle::Error& e) {
      label += std::string(e.what()) + ")";
    }
    for (const Mode& mode : modes()) {
      if (stopped()) return;
      const std::string& args = mode.spellings[index % mode.spellings.size()];
      const Verdict v = run_one(map.text, map.name, args, &mode);
      valid_map_runs_ += valid;
      if (v.kind == Kind::same) continue;
      // What puzzle prints there: "no solution", "list output", "map output" or "a bad input".
      std::string output = valid ? output_kind(reference(map.text, words_of(args)).out, mode) : "a bad input";
      if (output == "list" || output == "map") output += " output";
      Difference d{label, args, &mode, nullptr, v, output, cells};
      if (!first_map_ && valid) {  // the first on a valid map: shrunk at the end
        first_map_ = map;
        first_ = d;
      }
      report_.add(d);
    }
    if (!options_.save_dir.empty()) save(map);
  }

  /// --save: the map and puzzle's four outputs, named as the course names its samples.
  void save(const MapInput& map) {
    const std::string base = options_.save_dir + "/";
    core::write_file(base + map.name + ".txt", map.text);
    for (const Mode& mode : modes()) {
      const Expected e = reference(map.text, words_of(mode.spellings[0]));
      if (e.rejected) return;  // an invalid map of --from: no outputs
      core::write_file(base + "out-" + map.name + "-" + (mode.container == 'q' ? "queue" : "stack") + "-" +
                           (mode.output == 'l' ? "list" : "map") + ".txt",
                       e.out);
    }
  }

  const Options& options_;
  Solver solver_;
  Report report_;
  runner::Clock::time_point start_;
  std::size_t runs_ = 0, differing_ = 0, hangs_ = 0, valid_map_runs_ = 0;
  std::optional<MapInput> first_map_;  ///< the map of the first difference on a valid map
  std::unique_ptr<Diagnosis> diagnosis_;  ///< --diagnose: every run kept, the bugs run at the end
  Difference first_;                   ///< that difference, shrunk at the end
};

/// A fresh temporary file for the runs' inputs.
std::string temporary_file() {
  const char* tmpdir = std::getenv("TMPDIR");
  std::string path = std::string(tmpdir && *tmpdir ? tmpdir : "/tmp") + "/compare-input-XXXXXX";
  const int fd = mkstemp(&path[0]);
  if (fd < 0) core::fail(std::string("cannot make a temporary file: ") + std::strerror(errno));
  close(fd);
  return path;
}

// ==== --runs: the harness make grade drives =========================================

/// A hash of a file's bytes: std::hash of each block, combined as FNV-1a combines bytes
/// (a few GB/s, for outputs of hundreds of MB).
std::uint64_t hash_of_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::uint64_t hash = 14695981039346656037ull;
  std::vector<char> block(1 << 16);
  while (in.read(block.data(), static_cast<std::streamsize>(block.size())) || in.gcount() > 0)
    hash = (hash ^ std::hash<std::string_view>{}({block.data(), static_cast<std::size_t>(in.gcount())})) * 1099511628211ull;
  return hash;
}

/// One line of --runs' JOBS: a run of SOLVER on INPUT with OPTIONS; with --cache, puzzle's
/// side of it as remembered (exit status, a hash of stdout, first line of stderr) in DIR
/// under a hash of the input's bytes, the options and the edition.
struct RunLine {
  std::string id, input;
  std::vector<std::string> args;
  std::string cache_file;
  bool known = false;  ///< puzzle's side is remembered
  runner::Run puzzle;
  std::uint64_t hash = 0;
};

/// Where --cache keeps puzzle's side of `r`: DIR/ a hash of its input's bytes as they are now, options, edition.
std::string cache_file_of(const Options& o, const RunLine& r) {
  std::string key = core::read_file(r.input) + '\0' + std::to_string(edition());
  for (const std::string& arg : r.args) key += '\0' + arg;
  char name[20];
  std::snprintf(name, sizeof name, "%016llx", static_cast<unsigned long long>(std::hash<std::string>{}(key)));
  return o.cache + "/" + name;
}

std::vector<RunLine> read_run_lines(const Options& o) {
  std::vector<RunLine> lines;
  std::set<std::string> ids;
  std::istringstream in(core::read_file(o.runs, "--runs"));
  std::size_t number = 0;
  for (std::string line; std::getline(in, line);) {
    const std::string where = "--runs " + o.runs + ": line " + std::to_string(++number) + ": ";
    if (line.empty()) continue;
    const std::size_t a = line.find('\t'), b = a == std::string::npos ? a : line.find('\t', a + 1);
    if (a == std::string::npos) core::usage_error(where + "ID<TAB>INPUT<TAB>OPTIONS expected");
    RunLine r;
    r.id = line.substr(0, a);
    r.input = line.substr(a + 1, b == std::string::npos ? b : b - a - 1);
    r.args = words_of(b == std::string::npos ? "" : line.substr(b + 1));
    if (r.id.empty() || r.id.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-") !=
                            std::string::npos)
      core::usage_error(where + "the ID '" + r.id + "' is not letters, digits, '.', '-' and '_'");
    if (!ids.insert(r.id).second) core::usage_error(where + "the ID '" + r.id + "' is given twice");
    if (access(r.input.c_str(), R_OK) != 0) core::usage_error(where + "cannot read '" + r.input + "'");
    if (!o.cache.empty()) {
      r.cache_file = cache_file_of(o, r);
      std::ifstream cached(r.cache_file);
      r.puzzle.end = runner::Run::End::exited;
      r.known = static_cast<bool>(cached >> r.puzzle.code >> r.hash) && std::getline(cached.ignore(1), r.puzzle.err);
    }
    lines.push_back(r);
  }
  return lines;
}

/// A field of a --runs line: no tab, no newline, '-' for nothing.
std::string field(std::string text) {
  std::replace(text.begin(), text.end(), '\t', ' ');
  std::replace(text.begin(), text.end(), '\n', ' ');
  return text.empty() ? "-" : text;
}

/// The --runs line of one run: SOLVER's `yours` against puzzle's `mine`, stdout in files.
std::string run_line(const RunLine& r, runner::Run yours, const std::string& yours_out, const runner::Run& mine,
                     const std::string& mine_out, double timeout) {
  Verdict v;
  std::string verdict = "same";
  if (mine.end != runner::Run::End::exited || mine.code > 1) {
    verdict = "unjudged";
    v.puzzle_side = "puzzle's own run failed: " + ending(mine, std::max(60.0, timeout)) + " " + first_line_of(mine.err);
  } else if (mine.code == 0 && yours.end == runner::Run::End::exited && yours.code == 0) {
    std::ifstream puzzle(mine_out, std::ios::binary), yours_file(yours_out, std::ios::binary);
    v = first_difference(puzzle, yours_file);
  } else {
    yours.out = head_of(yours_out, 1 << 16);
    v = judge(Expected{mine.code == 1, mine.err}, yours, timeout);
  }
  if (v.kind != Kind::same) verdict = "differs";
  const char* end[] = {"exit ", "signal ", "timeout", "not-started"};
  const auto e = static_cast<std::size_t>(yours.end);
  return r.id + "\t" + end[e] + (e < 2 ? std::to_string(yours.code) : "") + "\t" + fixed(yours.cpu, 4) + "\t" +
         fixed(yours.seconds, 4) + "\t" + std::to_string(yours.rss_kb) + "\t" + verdict + "\t" +
         field(v.puzzle_side) + "\t" + field(v.yours_side) + "\t" + field(yours.err.empty() ? "" : first_line_of(yours.err)) + "\n";
}

/// --runs: SOLVER and puzzle on each line of JOBS, a line of figures and verdict each.
int run_lines(const Options& o) {
  const std::vector<std::string> solver = resolved(o.solver);
  const std::vector<RunLine> lines = read_run_lines(o);
  for (const std::string& dir : {o.keep, o.cache})
    if (!dir.empty()) core::make_dirs(dir);
  std::string scratch = temporary_file();  // a folder beside it holds the outputs not kept
  unlink(scratch.c_str());
  core::make_dirs(scratch);
  runner::install_interrupt_handler(scratch);
  auto yours_out = [&](std::size_t i) { return (o.keep.empty() ? scratch : o.keep) + "/" + lines[i].id + ".out"; };
  auto mine_out = [&](std::size_t i) { return scratch + "/" + lines[i].id + ".puzzle"; };
  auto puzzle_job = [&](std::size_t i) {  // what puzzle's main runs, in a forked child
    runner::Job m({}, lines[i].input, std::max(60.0, o.timeout), std::size_t{1} << 16);
    m.out_file = mine_out(i);
    m.body = [args = lines[i].args] {
      try {
        puzzle::run_stdio(puzzle_options(args));
      } catch (const puzzle::Error& e) {  // a bad input
        std::fputs(e.what(), stderr);
        return 1;
      } catch (const std::exception& e) {  // a failure of puzzle's own: unjudged
        std::fputs(e.what(), stderr);
        return 3;
      }
      return 0;
    };
    return m;
  };
  // First SOLVER's runs and puzzle's that are not remembered; then puzzle's remembered
  // ones whose stdout SOLVER's differs from, for the first differing line.
  std::vector<runner::Job> jobs;
  std::vector<std::size_t> line_of;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    runner::Job y(solver, lines[i].input, o.timeout, std::size_t{1} << 16);
    y.argv.insert(y.argv.end(), lines[i].args.begin(), lines[i].args.end());
    y.out_file = yours_out(i);
    y.memory_cap = o.mem_mb << 20;
    jobs.push_back(y);
    line_of.push_back(i);
    if (lines[i].known) continue;
    jobs.push_back(puzzle_job(i));
    line_of.push_back(i);
  }
  std::vector<runner::Run> ran(lines.size()), puzzle_ran(lines.size());
  std::vector<std::string> text(lines.size());
  std::size_t printed = 0, differing = 0;
  auto judged = [&](std::size_t i, const std::string& puzzle_out) {
    text[i] = run_line(lines[i], ran[i], yours_out(i), puzzle_ran[i], puzzle_out, o.timeout);
    differing += text[i].find("\tsame\t") == std::string::npos;
    ran[i] = puzzle_ran[i] = runner::Run();
    unlink(mine_out(i).c_str());
    if (o.keep.empty()) unlink(yours_out(i).c_str());
    for (; printed < lines.size() && !text[printed].empty(); ++printed) std::fputs(text[printed].c_str(), stdout);
    std::fflush(stdout);
  };
  std::vector<int> ended(lines.size(), 0);
  std::vector<std::size_t> again;
  runner::run_jobs(jobs, o.jobs, [&](std::size_t j, const runner::Run& run) {
    const std::size_t i = line_of[j];
    const RunLine& r = lines[i];
    (jobs[j].body ? puzzle_ran[i] : ran[i]) = run;
    if (++ended[i] < (r.known ? 1 : 2)) return;
    if (!r.known) {
      const runner::Run& p = puzzle_ran[i];
      // remembered only if INPUT did not change while it ran (another program rewriting it)
      if (!o.cache.empty() && p.end == runner::Run::End::exited && p.code <= 1 && cache_file_of(o, r) == r.cache_file)
        core::write_file(r.cache_file, std::to_string(p.code) + " " + std::to_string(hash_of_file(mine_out(i))) + " " +
                                           p.err.substr(0, p.err.find('\n')) + "\n");
      return judged(i, mine_out(i));
    }
    puzzle_ran[i] = r.puzzle;
    if (ran[i].end != runner::Run::End::exited || ran[i].code != 0 || r.puzzle.code != 0) return judged(i, "");
    // the same stdout: SOLVER's file stands for puzzle's; else puzzle runs again
    if (hash_of_file(yours_out(i)) == r.hash) return judged(i, yours_out(i));
    again.push_back(i);
  });
  jobs.clear();
  for (std::size_t i : again) jobs.push_back(puzzle_job(i));
  runner::run_jobs(jobs, o.jobs, [&](std::size_t j, const runner::Run& run) {
    puzzle_ran[again[j]] = run;
    judged(again[j], mine_out(again[j]));
  });
  rmdir(scratch.c_str());
  return differing > 0 ? core::kExitVerdict : core::kExitOk;
}

int run(int argc, char* argv[]) {
  Options options;
  const core::Command cmd = command(options);
  const core::Parsed parsed = core::parse(cmd, argc, argv);
  if (parsed.help) {
    std::fputs(core::help_text(cmd).c_str(), stdout);
    return core::kExitOk;
  }
  options.solver = parsed.args;
  if (options.solver.empty()) core::usage_error("name the solver to compare: tools/compare [OPTIONS] SOLVER [ARG...]");
  const bool dashes = argc > static_cast<int>(options.solver.size()) &&
                      std::strcmp(argv[argc - static_cast<int>(options.solver.size()) - 1], "--") == 0;
  // What follows SOLVER is SOLVER's ARGs: one spelled as compare's long option (--maps,
  // --maps=10, --help) is a mistake (after "--" ARGs are taken as they are).
  for (std::size_t i = 1; i < options.solver.size() && !dashes; ++i) {
    const std::string& word = options.solver[i];
    const std::string name = word.substr(0, word.find('='));
    bool ours = name == "--help" || name == "-h";
    for (const core::Option& o : cmd.options) ours = ours || (o.long_name && name == std::string("--") + o.long_name);
    if (ours)
      core::usage_error("compare's options go before SOLVER: '" + word + "' follows SOLVER '" + options.solver[0] +
                        "' (usage: " + cmd.synopsis + "; after '--' SOLVER's ARGs are taken as they are)");
  }
  if (!options.bugs.empty() && !options.diagnose) core::usage_error("--bugs names the known bugs of --diagnose: give --diagnose too");
  edition() = options.spec == Options::Spec::s2020 ? 2020 : 2023;
  if (!options.runs.empty()) return run_lines(options);
  const std::string input = temporary_file();
  runner::install_interrupt_handler(input);
  struct Remove {
    const std::string& path;
    ~Remove() { unlink(path.c_str()); }
  } remove{input};
  return Comparison(options, input).run();  // checks SOLVER first: a usage error when it cannot run
}

}  // namespace compare

int main(int argc, char* argv[]) {
  return core::run_main("compare", [&] { return compare::run(argc, argv); });
}
