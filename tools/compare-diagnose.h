// Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
//
// tools/compare-diagnose.h: `tools/compare --diagnose`, which names the known bug that
// explains how SOLVER differs from puzzle (one of the pieces of tools/compare.cpp, in its
// one translation unit). The known bugs are the mutants of tools/mutants/mutants.txt,
// each a one-spot edit of puzzle.cpp with a description and the spec's sentence it
// breaks, built by tools/mutants/mutate.py (cached in build/mutants/, keyed by the
// mutated source, in parallel on every core).
//
// After the comparison every mutant is run on the runs where SOLVER differed from puzzle
// and on a sample of those where it agreed (the same inputs and the same spelling of the
// options). A mutant *explains* SOLVER when its stdout and its exit status (or signal, or
// hang) equal SOLVER's on every one of those runs; none is left out to make one fit. The
// report ends with the explaining mutants ("diagnosis: NAME: DESCRIPTION", the spec's
// sentence, the counts), or with "diagnosis: no known bug reproduces every difference;
// closest: NAME (K of N differing runs)". When several explain the runs, a map on which
// two of them differ is looked for (the comparison's other runs, then new maps), shrunk,
// written as a test file and run at once: those that differ from SOLVER on it go.
//
// Speed: first every mutant runs on a few differing runs of every kind (the prefix),
// which rejects most; then in order of that score the mutants run on every differing run,
// each stopped once it can no longer explain SOLVER or beat the closest so far, and only
// those that reproduce them all run on the agreeing runs. The runs go to one worker
// process per core (forked, each with its own input file), which take one task at a time.

#ifndef PUZZLE_TOOLS_COMPARE_DIAGNOSE_H
#define PUZZLE_TOOLS_COMPARE_DIAGNOSE_H

#include "compare-inputs.h"
#include "compare-report.h"
#include "compare-shrink.h"
#include "compare-verdict.h"
#include "core.h"
#include "runner.h"

#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <functional>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace compare {

// ==== How a run ended, as the diagnosis compares runs ==============================

/// How a run ended and what it printed: stdout by its size and a hash, so that a
/// thousand runs cost no memory.
struct Outcome {
  runner::Run::End end = runner::Run::End::exited;
  int code = 0;
  std::size_t size = 0;
  std::size_t hash = 0;

  /// The same exit status (or signal) and the same stdout; two hangs are the same
  /// whatever each printed before it was killed. Two runs that exit with the same error
  /// status are the same when both print nothing on stdout or both print something: an
  /// error message is the solver's own words, and compare (as the course) holds a bad
  /// input's run to its exit status and an empty stdout only.
  bool operator==(const Outcome& o) const {
    if (end != o.end) return false;
    if (end == runner::Run::End::timed_out) return true;
    if (code != o.code) return false;
    if (end == runner::Run::End::exited && code != 0) return (size == 0) == (o.size == 0);
    return size == o.size && hash == o.hash;
  }
  bool operator!=(const Outcome& o) const { return !(*this == o); }
};

inline Outcome outcome_of(const runner::Run& run) {
  return {run.end, run.code, run.out.size(), std::hash<std::string>{}(run.out)};
}

/// How run `second` differs from run `first` (Kind::same when their outcomes are equal):
/// the first differing line of stdout, or how each ended. For the report and the
/// shrinker, whose sides are "puzzle_side" (first) and "yours_side" (second).
inline Verdict versus(const runner::Run& first, const runner::Run& second, double timeout) {
  if (outcome_of(first) == outcome_of(second)) return {};
  if (first.end == second.end && first.code == second.code && first.end != runner::Run::End::timed_out)
    return output_difference(first.out, second.out);
  Verdict v;
  v.kind = second.end == runner::Run::End::timed_out  ? Kind::timeout
           : second.end == runner::Run::End::signaled ? Kind::signal
                                                      : Kind::status;
  v.code = second.code * 1000 + first.code;  // both sides' status: a shrunk map must keep both
  v.puzzle_side = ending(first, timeout);
  v.yours_side = ending(second, timeout);
  return v;
}

// ==== Input forms =====================================================================

/// How many forms input_form() knows.
constexpr std::size_t kForms = 11;

/// Map `text` in another form of input that the spec allows, for maps that tell two
/// mutants of the input reading apart: form 0 is the map as it is; 1 has no comment line;
/// 2 one; 3 a bare "//"; 4 "//" with no blank after it; 5 three comment lines; 6 a comment
/// holding '@', '?', '+' and letters beyond the map's colors; 7 and 8 a comment of 300
/// and 1100 characters; 9 a comment as long as a row; 10 no end of line after the last row.
inline std::string input_form(const std::string& text, std::size_t form) {
  std::vector<std::string> lines;
  for (std::size_t start = 0; start < text.size();) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  if (form == 0 || lines.empty()) return text;
  std::vector<std::string> rows;
  for (std::size_t i = 1; i < lines.size(); ++i)
    if (!(rows.empty() && lines[i].rfind("//", 0) == 0)) rows.push_back(lines[i]);
  std::vector<std::string> comments;
  const std::size_t width = rows.empty() ? 0 : rows[0].size();
  switch (form % kForms) {
    case 2: comments = {"// one comment line"}; break;
    case 3: comments = {"//"}; break;
    case 4: comments = {"//no blank after the slashes"}; break;
    case 5: comments = {"// one", "// two", "// three"}; break;
    case 6: comments = {"// @ and ? and + and zZ are no map's here"}; break;
    case 7: comments = {"//" + std::string(298, 'x')}; break;
    case 8: comments = {"//" + std::string(1098, 'x')}; break;
    case 9: comments = {"//" + std::string(width > 2 ? width - 2 : 0, '.')}; break;
    default: break;
  }
  if (form % kForms == 10) return text.substr(0, text.size() - (text.size() > 0 && text.back() == '\n'));
  std::string out = lines[0] + "\n";
  for (const std::string& c : comments) out += c + "\n";
  for (const std::string& r : rows) out += r + "\n";
  return out;
}

// ==== The mutants =====================================================================

/// A known bug, as tools/mutants/mutate.py builds it.
struct Mutant {
  std::string name, binary, desc, spec;
};

/// The mutants that are built and ready, and a line on each one skipped.
struct Mutants {
  std::vector<Mutant> ready;
  std::vector<std::string> skipped;  ///< "NAME (does not apply to puzzle.cpp)"
};

/// Builds the mutants (only those of `only`, names between commas, when it is not empty)
/// with tools/mutants/mutate.py beside this program, whose progress goes to stderr, and
/// reads the list it writes. A mutant that no longer applies or compiles is skipped.
inline Mutants build_mutants(const std::string& only, const std::string& manifest) {
  const std::string script = tools_dir() + "mutants/mutate.py";
  if (access(script.c_str(), R_OK) != 0) core::fail(script + " is missing: the mutants cannot be built");
  std::vector<std::string> argv = {"python3", script, "build", "--keep-going", "--manifest", manifest};
  if (!only.empty()) argv.insert(argv.end(), {"--only", only});
  std::vector<char*> args;
  for (std::string& a : argv) args.push_back(&a[0]);
  args.push_back(nullptr);
  std::fflush(stdout);
  std::fflush(stderr);
  const pid_t pid = fork();
  if (pid < 0) core::fail(std::string("cannot fork: ") + std::strerror(errno));
  if (pid == 0) {
    dup2(2, 1);  // its progress is compare's progress: stderr
    execvp(args[0], args.data());
    std::fprintf(stderr, "compare: error: cannot run python3: %s\n", std::strerror(errno));
    _exit(127);
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    core::fail("python3 " + script + " build failed (its message is above): the mutants cannot be built");
  Mutants mutants;
  std::istringstream lines(core::read_file(manifest));
  for (std::string line; std::getline(lines, line);) {
    std::vector<std::string> f;
    for (std::size_t start = 0;;) {
      const std::size_t tab = line.find('\t', start);
      f.push_back(line.substr(start, tab == std::string::npos ? std::string::npos : tab - start));
      if (tab == std::string::npos) break;
      start = tab + 1;
    }
    if (f.size() < 7) core::fail(manifest + ": a line without its 7 fields: " + line);
    if (f[1] == "ready")
      mutants.ready.push_back({f[0], f[2], f[4], f[5]});
    else
      mutants.skipped.push_back(f[0] + (f[1] == "stale" ? " (does not apply to puzzle.cpp)" : " (does not compile)"));
  }
  unlink(manifest.c_str());
  return mutants;
}

// ==== Workers: one process per core ==================================================

/// Worker processes, forked once, each running `work` on one task at a time: the parent
/// gives a task (a line of text) to an idle worker and takes back its result (a line),
/// so that the next task may depend on the results so far. (The tools hold no threads;
/// a process per core also keeps each run's process group its own.)
class Workers {
 public:
  /// `work(task, worker)` returns the result line; it runs in the child, which ends when
  /// the parent closes its side.
  using Work = std::function<std::string(const std::string& task, std::size_t worker)>;

  Workers(std::size_t count, const Work& work) {
    std::fflush(stdout);  // nothing buffered twice
    std::fflush(stderr);
    for (std::size_t k = 0; k < count; ++k) {
      int tasks[2], results[2];
      if (pipe2(tasks, O_CLOEXEC) != 0 || pipe2(results, O_CLOEXEC) != 0)
        core::fail(std::string("cannot make a pipe: ") + std::strerror(errno));
      const pid_t pid = fork();
      if (pid < 0) core::fail(std::string("cannot fork: ") + std::strerror(errno));
      if (pid == 0) {
        for (const Worker& w : workers_) {
          close(w.task_fd);
          close(w.result_fd);
        }
        close(tasks[1]);
        close(results[0]);
        serve(tasks[0], results[1], work, k);
        _exit(0);
      }
      close(tasks[0]);
      close(results[1]);
      workers_.push_back({pid, tasks[1], results[0], "", false});
    }
  }
  Workers(const Workers&) = delete;
  Workers& operator=(const Workers&) = delete;
  ~Workers() {
    for (Worker& w : workers_) {
      close(w.task_fd);
      close(w.result_fd);
      int status;
      while (waitpid(w.pid, &status, 0) < 0 && errno == EINTR) {
      }
    }
  }

  std::size_t size() const { return workers_.size(); }
  /// An idle worker, or size() when all are busy.
  std::size_t idle() const {
    for (std::size_t k = 0; k < workers_.size(); ++k)
      if (!workers_[k].busy) return k;
    return workers_.size();
  }
  std::size_t busy_count() const {
    return static_cast<std::size_t>(std::count_if(workers_.begin(), workers_.end(), [](const Worker& w) { return w.busy; }));
  }

  void give(std::size_t k, const std::string& task) {
    write_all(workers_[k].task_fd, task + "\n");
    workers_[k].busy = true;
  }

  /// The next result of a busy worker: (worker, result line).
  std::pair<std::size_t, std::string> take() {
    for (;;) {
      for (std::size_t k = 0; k < workers_.size(); ++k) {
        Worker& w = workers_[k];
        const std::size_t newline = w.buffer.find('\n');
        if (newline != std::string::npos) {
          std::string line = w.buffer.substr(0, newline);
          w.buffer.erase(0, newline + 1);
          w.busy = false;
          if (line.rfind("!", 0) == 0) core::fail("a worker of --diagnose failed: " + line.substr(1));
          return {k, line};
        }
      }
      std::vector<pollfd> fds;
      for (const Worker& w : workers_) fds.push_back({w.busy ? w.result_fd : -1, POLLIN, 0});
      if (busy_count() == 0) core::fail("--diagnose: a result was awaited from no worker");
      if (poll(fds.data(), fds.size(), -1) < 0 && errno != EINTR) core::fail(std::string("poll: ") + std::strerror(errno));
      for (std::size_t k = 0; k < workers_.size(); ++k) {
        if (fds[k].fd < 0 || !(fds[k].revents & (POLLIN | POLLHUP | POLLERR))) continue;
        char block[4096];
        const ssize_t n = read(fds[k].fd, block, sizeof block);
        if (n > 0) workers_[k].buffer.append(block, static_cast<std::size_t>(n));
        else if (n == 0) core::fail("a worker of --diagnose ended before its result");
      }
    }
  }

 private:
  struct Worker {
    pid_t pid;
    int task_fd;    ///< the parent writes tasks here
    int result_fd;  ///< and reads results here
    std::string buffer;
    bool busy;
  };

  static void write_all(int fd, const std::string& text) {
    for (std::size_t done = 0; done < text.size();) {
      const ssize_t n = write(fd, text.data() + done, text.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) core::fail(std::string("--diagnose: cannot talk to a worker: ") + std::strerror(errno));
      done += static_cast<std::size_t>(n);
    }
  }

  /// The child's loop: a task a line, its result a line ("!WHY" when it failed).
  static void serve(int in, int out, const Work& work, std::size_t k) {
    std::string buffer;
    char block[4096];
    for (;;) {
      std::size_t newline;
      while ((newline = buffer.find('\n')) == std::string::npos) {
        const ssize_t n = read(in, block, sizeof block);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return;
        buffer.append(block, static_cast<std::size_t>(n));
      }
      const std::string task = buffer.substr(0, newline);
      buffer.erase(0, newline + 1);
      std::string result;
      try {
        result = work(task, k);
      } catch (const std::exception& e) {
        result = std::string("!") + e.what();
      }
      try {
        write_all(out, result + "\n");
      } catch (const std::exception&) {
        return;
      }
    }
  }

  std::vector<Worker> workers_;
};

// ==== The diagnosis =====================================================================

class Diagnosis {
 public:
  struct Settings {
    std::string only;        ///< --mutants: the mutants to try (names between commas), or all
    double timeout = 3;      ///< --timeout: for the mutants' runs as for SOLVER's
    std::string out_dir;     ///< --out: where a map that tells two mutants apart goes
    Generated generated;     ///< the comparison's maps: new maps to tell mutants apart are like them
  };

  static constexpr std::size_t kPrefix = 12;      ///< differing runs every mutant runs first
  static constexpr std::size_t kAgreeing = 200;   ///< the sample of agreeing runs
  static constexpr std::size_t kFull = 6;         ///< mutants run on every differing run to find the closest
  static constexpr double kApartSeconds = 10;     ///< time to find a map that tells two apart
  static constexpr double kShrinkSeconds = 5;     ///< and to shrink it
  /// Address space of a mutant's run: a cap, so that one whose memory grows without end
  /// fails before it fills the machine, but one that a loop of --timeout seconds does not
  /// reach (SOLVER's runs have none: a mutant that hangs must hang as SOLVER does).
  static constexpr std::size_t kMemory = std::size_t{4} << 30;

  explicit Diagnosis(Settings settings) : settings_(std::move(settings)) {}

  /// An input the comparison ran (a map or a bad input); its index for add_run.
  std::size_t add_input(const std::string& text, bool valid_map) {
    inputs_.push_back(text);
    valid_.push_back(valid_map);
    return inputs_.size() - 1;
  }

  /// A run of the comparison: SOLVER's run (`ran`) on input `input` with `args`, and
  /// whether it differed from puzzle's. `group` is its mode ("QL") or "bad".
  void add_run(std::size_t input, const std::string& args, const std::string& label, const std::string& group,
               const Ran& ran, bool differs) {
    records_.push_back({input, args, label, group, ran.cap, outcome_of(ran.run), ran.run.seconds, differs});
  }

  /// Runs the mutants and prints the diagnosis (stdout), progress on stderr. `solver`
  /// runs SOLVER on a map that tells two mutants apart.
  void report(const Solver& solver) {
    start_ = runner::Clock::now();
    for (std::size_t i = 0; i < records_.size(); ++i) (records_[i].differs ? differing_ : agreeing_all_).push_back(i);
    if (differing_.empty()) {
      std::printf("note: --diagnose: no run differs from puzzle's: there is no bug to name\n");
      return;
    }
    std::fprintf(stderr, "compare: --diagnose: building the mutants (tools/mutants/mutate.py, cached in build/mutants/)\n");
    Mutants built = build_mutants(settings_.only, solver.input_path + ".mutants");
    mutants_ = std::move(built.ready);
    if (!built.skipped.empty()) {
      std::string names;
      for (const std::string& s : built.skipped) names += (names.empty() ? "" : ", ") + s;
      std::printf("note: --diagnose: %zu %s skipped: %s\n", built.skipped.size(),
                  built.skipped.size() == 1 ? "mutant" : "mutants", names.c_str());
    }
    if (mutants_.empty()) core::fail("--diagnose: no mutant could be built");
    choose_runs();
    std::fprintf(stderr, "compare: --diagnose: %zu mutants on the %zu differing runs and %zu of the %zu agreeing runs "
                         "(a sample), %zu at a time (%s s)\n",
                 mutants_.size(), differing_.size(), agreeing_.size(), agreeing_all_.size(), workers(),
                 fixed(seconds(), 1).c_str());
    evaluate(solver.input_path);
    std::vector<std::size_t> explaining;
    for (std::size_t m = 0; m < mutants_.size(); ++m)
      if (explains(m)) explaining.push_back(m);
    if (explaining.empty())
      std::fprintf(stderr, "compare: --diagnose: no mutant reproduces every run shown; the closest found (%s s)\n",
                   fixed(seconds(), 1).c_str());
    else
      std::fprintf(stderr, "compare: --diagnose: %zu %s every run shown (%s s)\n", explaining.size(),
                   explaining.size() == 1 ? "mutant reproduces" : "mutants reproduce", fixed(seconds(), 1).c_str());
    if (explaining.size() > 1) tell_apart(explaining, solver);
    if (explaining.empty()) {
      print_closest(solver);
    } else {
      for (std::size_t m : explaining) {
        const Eval& e = evals_[m];
        std::printf("diagnosis: %s: %s\n", mutants_[m].name.c_str(), mutants_[m].desc.c_str());
        std::printf("  spec: %s\n", quoted(mutants_[m].spec).c_str());
        std::printf("  reproduces %zu of %zu differing runs and %zu of %zu agreeing runs\n", e.matched,
                    differing_.size(), e.agreed, agreeing_.size());
        for (const std::string& line : notes_[m]) std::printf("  %s\n", line.c_str());
      }
    }
    std::fprintf(stderr, "compare: --diagnose: done (%s s)\n", fixed(seconds(), 1).c_str());
  }

 private:
  /// A run of the comparison.
  struct Record {
    std::size_t input;
    std::string args;   ///< the options as spelled ("" for none)
    std::string label;  ///< "map-003 (6x6, 17 colors) with -q -o list"
    std::string group;  ///< its mode, or "bad"
    std::size_t cap;    ///< the cap on SOLVER's stdout, the same for the mutants
    Outcome solver;     ///< SOLVER's run
    double seconds;     ///< how long it took
    bool differs;       ///< from puzzle's
  };

  /// What a mutant did on the runs it was shown.
  struct Eval {
    std::size_t prefix = 0;    ///< differing runs of the prefix it reproduces
    std::size_t matched = 0;   ///< differing runs it reproduces (all of them counted when `complete`)
    bool complete = false;     ///< run on every differing run (else stopped: it could not be the closest)
    std::size_t agreed = 0;    ///< agreeing runs it reproduces, when it reproduces every differing run
    long miss = -1;            ///< the first run shown that it does not reproduce (a record), or -1
  };

  double seconds() const { return runner::seconds_since(start_); }
  std::size_t workers() const {
    const long cores = sysconf(_SC_NPROCESSORS_ONLN);
    return static_cast<std::size_t>(std::max(1L, std::min(cores, 64L)));
  }
  bool explains(std::size_t m) const {
    const Eval& e = evals_[m];
    return e.complete && e.matched == differing_.size() && e.agreed == agreeing_.size() && !dropped_.count(m);
  }
  static std::string quoted(const std::string& spec) {
    return spec.empty() ? "(none given in tools/mutants/mutants.txt)" : "\"" + spec + "\"";
  }

  /// The prefix (differing runs of every kind, taken in turn from each mode and the bad
  /// inputs) and the sample of agreeing runs (at random, the same every time).
  void choose_runs() {
    std::vector<std::string> groups;
    std::map<std::string, std::vector<std::size_t>> by_group;
    for (std::size_t i : differing_) {
      if (!by_group.count(records_[i].group)) groups.push_back(records_[i].group);
      by_group[records_[i].group].push_back(i);
    }
    for (std::size_t round = 0; prefix_.size() < std::min(kPrefix, differing_.size()); ++round)
      for (const std::string& g : groups)
        if (round < by_group[g].size() && prefix_.size() < kPrefix) prefix_.push_back(by_group[g][round]);
    const std::set<std::size_t> in_prefix(prefix_.begin(), prefix_.end());
    for (std::size_t i : differing_)
      if (!in_prefix.count(i)) rest_.push_back(i);
    agreeing_ = agreeing_all_;
    std::mt19937_64 random(281);
    for (std::size_t i = agreeing_.size(); i > 1; --i) std::swap(agreeing_[i - 1], agreeing_[random() % i]);
    if (agreeing_.size() > kAgreeing) agreeing_.resize(kAgreeing);
    std::sort(agreeing_.begin(), agreeing_.end());
  }

  /// The time a mutant's run gets beside a run of SOLVER that took `seconds` (or timed
  /// out): --timeout when SOLVER's timed out, so that a mutant that hangs hangs as it did;
  /// else ten times SOLVER's time and a second more, at most --timeout. A mutant is
  /// puzzle.cpp with one edit, as fast as it; one still running then is looping, and
  /// tells so without costing the whole --timeout on every run.
  double timeout_beside(bool timed_out, double seconds) const {
    return timed_out ? settings_.timeout : std::min(settings_.timeout, 1 + 10 * seconds);
  }
  /// The time a mutant's run gets on a new map: a second, at most --timeout.
  double new_map_timeout() const { return std::min(settings_.timeout, 1.0); }

  /// Mutant `m` on `text` with `args`, the input written to `input_path`.
  runner::Run run_mutant(const Mutant& m, const std::string& text, const std::string& args, std::size_t cap,
                         double timeout, const std::string& input_path) const {
    core::write_file(input_path, text);
    std::vector<std::string> command{m.binary};
    for (const std::string& w : words_of(args)) command.push_back(w);
    return runner::run_program(command, input_path, timeout, cap, 4096, kMemory);
  }
  bool reproduces(std::size_t m, std::size_t r, const std::string& input_path) const {
    const Record& rec = records_[r];
    const double timeout = timeout_beside(rec.solver.end == runner::Run::End::timed_out, rec.seconds);
    return outcome_of(run_mutant(mutants_[m], inputs_[rec.input], rec.args, rec.cap, timeout, input_path)) == rec.solver;
  }

  /// In a worker. "prefix M": "M MATCHED MISS", the prefix runs M reproduces up to the
  /// first it does not (a record, or -1); "prefix-all M": the same over the whole prefix.
  /// "full M BEST MATCHED MISS" (MATCHED and MISS of the prefix): the rest of the
  /// differing runs, stopped once M can no longer reach BEST; then, if it reproduced them
  /// all, the agreeing runs up to the first it does not reproduce: "M MATCHED COMPLETE
  /// AGREED MISS".
  std::string work(const std::string& task, const std::string& input_path) const {
    std::istringstream in(task);
    std::string what;
    std::size_t m = 0;
    in >> what >> m;
    if (what == "prefix" || what == "prefix-all") {
      std::size_t matched = 0;
      long miss = -1;
      for (std::size_t r : prefix_) {
        if (reproduces(m, r, input_path)) {
          ++matched;
        } else {
          if (miss < 0) miss = static_cast<long>(r);
          if (what == "prefix") break;
        }
      }
      return std::to_string(m) + " " + std::to_string(matched) + " " + std::to_string(miss);
    }
    std::size_t best = 0, matched = 0;
    long miss = -1;
    in >> best >> matched >> miss;
    std::size_t missed = prefix_.size() - matched;
    bool complete = true;
    for (std::size_t r : rest_) {
      if (missed > differing_.size() - std::min(best, differing_.size())) {
        complete = false;  // it can neither explain SOLVER nor be the closest
        break;
      }
      if (reproduces(m, r, input_path)) {
        ++matched;
      } else {
        ++missed;
        if (miss < 0) miss = static_cast<long>(r);
      }
    }
    std::size_t agreed = 0;
    if (complete && matched == differing_.size()) {
      for (std::size_t r : agreeing_) {
        if (!reproduces(m, r, input_path)) {
          miss = static_cast<long>(r);
          break;
        }
        ++agreed;
      }
    }
    return std::to_string(m) + " " + std::to_string(matched) + " " + std::to_string(complete) + " " +
           std::to_string(agreed) + " " + std::to_string(miss);
  }

  /// Runs `task(m)` on the workers for each m of `order` (none when it returns ""), asked
  /// as a worker comes free so that it sees the results so far; `took(m, result)` as each
  /// comes back.
  static void on_workers(Workers& pool, const std::vector<std::size_t>& order,
                         const std::function<std::string(std::size_t)>& task,
                         const std::function<void(std::size_t, std::istringstream&)>& took) {
    std::size_t pending = 0;
    for (std::size_t at = 0; at < order.size() || pending > 0;) {
      for (std::size_t k; at < order.size() && (k = pool.idle()) < pool.size(); ++at) {
        const std::string t = task(order[at]);
        if (t.empty()) continue;
        pool.give(k, t);
        ++pending;
      }
      if (pending == 0) continue;
      --pending;
      std::istringstream in(pool.take().second);
      std::size_t m = 0;
      in >> m;
      took(m, in);
    }
  }

  /// 1. Every mutant on the prefix, each up to the first run it does not reproduce: most
  ///    go there. 2. Those that reproduce the whole prefix on the rest of the differing
  ///    runs, and those that reproduce them all on the sample of agreeing runs. 3. When
  ///    none explains SOLVER, the closest: every mutant on the whole prefix, and in order
  ///    of that score the kFull best on every differing run, each stopped once it cannot
  ///    beat the best so far.
  void evaluate(const std::string& input_path) {
    evals_.assign(mutants_.size(), Eval{});
    const std::size_t count = workers();
    {
      Workers pool(count, [this, &input_path](const std::string& task, std::size_t k) {
        static bool installed = false;  // once in each worker process
        const std::string path = input_path + "." + std::to_string(k);
        if (!installed) runner::install_interrupt_handler(path);  // its own input file
        installed = true;
        return work(task, path);
      });
      std::vector<std::size_t> all(mutants_.size());
      for (std::size_t m = 0; m < all.size(); ++m) all[m] = m;
      std::size_t best = 0;  // the most differing runs a mutant is known to reproduce
      auto took_prefix = [&](std::size_t m, std::istringstream& in) {
        in >> evals_[m].prefix >> evals_[m].miss;
        evals_[m].matched = evals_[m].prefix;
      };
      auto took_prefix_all = [&](std::size_t m, std::istringstream& in) {
        took_prefix(m, in);
        if (rest_.empty()) {  // the prefix was every differing run
          evals_[m].complete = true;
          best = std::max(best, evals_[m].matched);
        }
      };
      auto full = [&](std::size_t m) {
        const Eval& e = evals_[m];
        return "full " + std::to_string(m) + " " + std::to_string(best) + " " + std::to_string(e.prefix) + " " +
               std::to_string(e.miss);
      };
      auto took_full = [&](std::size_t m, std::istringstream& in) {
        Eval& e = evals_[m];
        int complete = 0;
        in >> e.matched >> complete >> e.agreed >> e.miss;
        e.complete = complete != 0;
        if (e.complete) best = std::max(best, e.matched);
      };
      auto whole = [&](std::size_t m) { return evals_[m].prefix == prefix_.size(); };
      // 1. The prefix.
      on_workers(pool, all, [](std::size_t m) { return "prefix " + std::to_string(m); }, took_prefix);
      const auto candidates = static_cast<std::size_t>(std::count_if(all.begin(), all.end(), whole));
      std::fprintf(stderr, "compare: --diagnose: %zu of %zu mutants reproduce the first %zu differing runs (%s s)\n",
                   candidates, mutants_.size(), prefix_.size(), fixed(seconds(), 1).c_str());
      // 2. Those on every differing run, and the agreeing runs.
      on_workers(pool, all, [&](std::size_t m) { return whole(m) ? full(m) : std::string(); }, took_full);
      bool explained = false;
      for (std::size_t m : all) explained = explained || explains(m);
      if (!explained) {
        // 3. The closest.
        on_workers(pool, all, [&](std::size_t m) { return whole(m) ? std::string() : "prefix-all " + std::to_string(m); },
                   took_prefix_all);
        std::vector<std::size_t> order;
        for (std::size_t m : all)
          if (!whole(m)) order.push_back(m);
        std::stable_sort(order.begin(), order.end(),
                         [&](std::size_t a, std::size_t b) { return evals_[a].prefix > evals_[b].prefix; });
        if (order.size() > kFull) order.resize(kFull);
        if (!rest_.empty())
          on_workers(pool, order, [&](std::size_t m) {
            // Its misses on the prefix already leave it short of the best: it cannot be the closest.
            return prefix_.size() - evals_[m].prefix > differing_.size() - std::min(best, differing_.size()) ? std::string()
                                                                                                          : full(m);
          }, took_full);
      }
    }
    for (std::size_t k = 0; k < count; ++k) unlink((input_path + "." + std::to_string(k)).c_str());
  }

  /// A run on which two mutants differ: found among the comparison's runs that were not
  /// shown, or on a new map.
  struct Apart {
    std::string text, args, label;
    const Mode* mode = nullptr;  ///< the mode of a map (nullptr: a bad input, not shrunk)
    std::size_t other = 0;       ///< the mutant that differs from the first
  };

  /// Looks for a run on which mutant `a` and another of `others` differ: the comparison's
  /// runs that were not shown (until `half_time`), then new maps like the comparison's in
  /// every input form, until `deadline`. Each call goes on where the last one stopped:
  /// what came before told none of the mutants apart, so none of `others` either.
  bool find_apart(std::size_t a, const std::vector<std::size_t>& others, double half_time, double deadline,
                  Apart& found) {
    const std::string& path = input_path_;
    auto differ = [&](const std::string& text, const std::string& args, std::size_t cap) {
      const Outcome first = outcome_of(run_mutant(mutants_[a], text, args, cap, new_map_timeout(), path));
      for (std::size_t b : others)
        if (outcome_of(run_mutant(mutants_[b], text, args, cap, new_map_timeout(), path)) != first) {
          found.other = b;
          return true;
        }
      return false;
    };
    const std::set<std::size_t> shown(agreeing_.begin(), agreeing_.end());
    for (; apart_record_ < agreeing_all_.size() && seconds() < half_time; ++apart_record_) {
      const std::size_t r = agreeing_all_[apart_record_];
      if (shown.count(r)) continue;
      ++apart_runs_;
      const Record& rec = records_[r];
      if (differ(inputs_[rec.input], rec.args, rec.cap)) {
        ++apart_record_;
        found.text = inputs_[rec.input];
        found.args = rec.args;
        found.label = rec.label;
        found.mode = nullptr;
        for (const Mode& mode : modes())
          if (mode.name == rec.group && valid_[rec.input]) found.mode = &mode;
        return true;
      }
    }
    Generated g = settings_.generated;
    g.seed = g.seed * 1000003 + 7;  // other maps than the comparison's
    const std::string mapgen = mapgen_path();
    for (; seconds() < deadline; ++apart_maps_) {
      const std::string text = input_form(generated_map(g, apart_maps_, mapgen).text, apart_maps_ % kForms);
      for (const Mode& mode : modes()) {
        const std::string& args = mode.spellings[0];
        const Expected e = reference(text, words_of(args));
        if (e.rejected) break;  // not a valid map in this form
        if (differ(text, args, e.out.size() * 2 + 65536)) {
          found.text = text;
          found.args = args;
          found.label = "a new map (" + size_of(text) + ")";
          found.mode = &mode;
          ++apart_maps_;
          return true;
        }
      }
    }
    return false;
  }

  /// Several mutants reproduce every run shown: find a map on which two of them differ,
  /// shrink it, write it as a test file and run SOLVER on it; those whose output differs
  /// from SOLVER's go. Until one is left, or no map tells the rest apart in time.
  void tell_apart(std::vector<std::size_t>& explaining, const Solver& solver) {
    input_path_ = solver.input_path;
    const double half_time = seconds() + kApartSeconds / 2, deadline = seconds() + kApartSeconds;
    while (explaining.size() > 1) {
      const std::size_t a = explaining[0];
      const std::vector<std::size_t> others(explaining.begin() + 1, explaining.end());
      std::fprintf(stderr, "compare: --diagnose: looking for a map on which %s and %zu other%s differ\n",
                   mutants_[a].name.c_str(), others.size(), others.size() == 1 ? "" : "s");
      Apart found;
      if (!find_apart(a, others, half_time, deadline, found)) break;
      const std::size_t b = found.other;
      std::string text = found.text, where = found.label + " with " + (found.args.empty() ? "(no options)" : found.args);
      const Expected e = reference(text, words_of(found.args));
      const std::size_t cap = e.out.size() * 2 + 65536;
      if (found.mode) {  // a map: shrunk while the two still differ the same way, then written
        auto judge = [&](const std::string& t) {
          const std::size_t c = reference(t, words_of(found.args)).out.size() * 2 + 65536;
          return versus(run_mutant(mutants_[a], t, found.args, c, new_map_timeout(), input_path_),
                        run_mutant(mutants_[b], t, found.args, c, new_map_timeout(), input_path_), new_map_timeout());
        };
        const std::vector<std::string> comments = {"compare --diagnose: " + mutants_[a].name + " and " +
                                                   mutants_[b].name + " differ on this map with " + found.args};
        // Shrunk as a map with one comment line, when the two differ on it so; else (the
        // difference is in the form of the input, its comment lines) kept as found.
        const Grid original = grid_of(puzzle::parse_puzzle(text));
        Probe probe(judge, judge(text), kShrinkSeconds, comments);
        Grid small = original;
        if (probe.still_differs(original)) {
          small = shrink(original, probe);
          text = small.text(comments);
        }
        core::make_dirs(settings_.out_dir);
        const std::string path = settings_.out_dir + "/test-" + std::to_string(free_test_number(settings_.out_dir)) +
                                 "-" + std::string{found.mode->container, found.mode->output} + ".txt";
        core::write_file(path, text);
        where = path + " (" + std::to_string(small.height()) + "x" + std::to_string(small.width()) + ", " +
                found.args + ")";
      }
      Ran yours;
      solver.verdict_on(text, words_of(found.args), &yours);
      std::vector<std::size_t> kept;
      std::vector<std::pair<std::size_t, Verdict>> gone;  // and how each differs from SOLVER there
      for (std::size_t m : explaining) {
        const double timeout = timeout_beside(yours.run.end == runner::Run::End::timed_out, yours.run.seconds);
        const Verdict v = versus(yours.run, run_mutant(mutants_[m], text, found.args, cap, timeout, input_path_), timeout);
        if (v.kind == Kind::same) {
          kept.push_back(m);
        } else {
          dropped_[m] = "not " + where + ": yours " + v.puzzle_side + "; " + mutants_[m].name + " " + v.yours_side;
          gone.emplace_back(m, v);
        }
      }
      for (std::size_t m : kept)
        for (const auto& [d, v] : gone)
          notes_[m].push_back("told apart from " + mutants_[d].name + " by " + where + ": yours and " + mutants_[m].name +
                              " " + v.puzzle_side + "; " + mutants_[d].name + " " + v.yours_side);
      std::fprintf(stderr, "compare: --diagnose: %s tells %s and %s apart: %zu left (%s s)\n", where.c_str(),
                   mutants_[a].name.c_str(), mutants_[b].name.c_str(), kept.size(), fixed(seconds(), 1).c_str());
      explaining = kept;
    }
    if (explaining.size() > 1)
      for (std::size_t i = 1; i < explaining.size(); ++i)
        notes_[explaining[i]].push_back(
            "behaves as " + mutants_[explaining[0]].name + " on every run tried: the " +
            std::to_string(differing_.size() + agreeing_.size()) + " runs shown, " + std::to_string(apart_runs_) +
            " other runs of the comparison and " + std::to_string(apart_maps_) +
            " new maps in 4 modes; no map told them apart");
  }

  /// No mutant explains SOLVER: the closest (the most differing runs reproduced, then the
  /// most agreeing runs, then the first listed), where it parts from SOLVER, and the line.
  void print_closest(const Solver& solver) {
    std::size_t best = mutants_.size();
    for (std::size_t m = 0; m < mutants_.size(); ++m) {
      const Eval& e = evals_[m];
      if (!e.complete) continue;
      if (best == mutants_.size() || e.matched > evals_[best].matched ||
          (e.matched == evals_[best].matched && e.agreed > evals_[best].agreed))
        best = m;
    }
    const std::size_t n = differing_.size();
    if (best == mutants_.size() || evals_[best].matched == 0) {
      std::printf("diagnosis: no known bug reproduces every difference; closest: none (0 of %zu differing runs)\n", n);
      return;
    }
    const Mutant& m = mutants_[best];
    const Eval& e = evals_[best];
    std::printf("closest known bug: %s: %s\n", m.name.c_str(), m.desc.c_str());
    std::printf("  spec: %s\n", quoted(m.spec).c_str());
    if (dropped_.count(best)) {
      std::printf("  reproduces all %zu differing runs and %zu agreeing runs, but %s\n", n, e.agreed,
                  dropped_[best].c_str());
    } else if (e.miss >= 0) {  // the first run it does not reproduce, run again to show how
      const Record& rec = records_[static_cast<std::size_t>(e.miss)];
      Ran yours;
      solver.verdict_on(inputs_[rec.input], words_of(rec.args), &yours);
      const double timeout = timeout_beside(yours.run.end == runner::Run::End::timed_out, yours.run.seconds);
      const runner::Run mine = run_mutant(m, inputs_[rec.input], rec.args, rec.cap, timeout, solver.input_path);
      const Verdict v = versus(yours.run, mine, timeout);
      const std::string how = v.kind == Kind::same ? "(the two agree when run again)"
                                                   : "yours " + v.puzzle_side + "; " + m.name + " " + v.yours_side;
      if (rec.differs)
        std::printf("  reproduces %zu of %zu differing runs; not %s: %s\n", e.matched, n, rec.label.c_str(), how.c_str());
      else
        std::printf("  reproduces all %zu differing runs, but not the agreeing run %s: %s\n", n, rec.label.c_str(),
                    how.c_str());
    }
    std::printf("diagnosis: no known bug reproduces every difference; closest: %s (%zu of %zu differing runs)\n",
                m.name.c_str(), e.matched, n);
  }

  Settings settings_;
  std::vector<std::string> inputs_;
  std::vector<bool> valid_;
  std::vector<Record> records_;
  std::vector<std::size_t> differing_, agreeing_all_, prefix_, rest_, agreeing_;
  std::vector<Mutant> mutants_;
  std::vector<Eval> evals_;
  std::map<std::size_t, std::vector<std::string>> notes_;  ///< more lines of an explaining mutant
  std::map<std::size_t, std::string> dropped_;  ///< explaining mutants that a map told apart: where they failed
  std::string input_path_;                      ///< the input file of the parent's own runs
  std::size_t apart_record_ = 0;  ///< find_apart: the next of the comparison's agreeing runs to try
  std::size_t apart_runs_ = 0;    ///< of them, those tried (the rest were shown)
  std::size_t apart_maps_ = 0;    ///< the new maps tried, and the number of the next
  runner::Clock::time_point start_;
};

}  // namespace compare

#endif  // PUZZLE_TOOLS_COMPARE_DIAGNOSE_H
