// Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
// bench/measure: runs one command under a wall-clock limit and reports its wall time,
// CPU time and peak RSS: the instrument of `make bench` (bench/run), `make grade`
// (tools/grade/grade) and `make huge` (tests/scripts/huge-maps), not a tool for students.
// Built by `make tools` (bench/bench.mk); not submitted.
//
//   bench/measure [-t SECONDS] [-m MB] -r FILE -- COMMAND [ARGS...]
//
// The command inherits stdin, stdout and stderr and runs as tools/runner.h runs every
// program here: in a process group of its own, all of it killed when the command ends
// or after -t SECONDS. FILE gets one line
//   "WALL_SECONDS USER_SECONDS SYS_SECONDS PEAK_RSS_KB STATUS CPU_SECONDS"
// wall time from fork() to the command's end, its user and system CPU time and ru_maxrss
// (wait4), its exit status (128 + N when killed by signal N; 124 when killed after -t
// SECONDS; 127 when it cannot be started) and user + system time. -m MB caps the command's
// address space (RLIMIT_AS) as a safety net against a runaway allocation on a shared
// machine; the grader judges the measured RSS, not this cap. measure exits with STATUS;
// a bad command line of its own is tools/core.h's usage error, exit 2 (no report).

#include "tools/core.h"
#include "tools/runner.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace {

/// The command line of measure: its table of options sets the limits and the report.
core::Command command(std::string &report_name, unsigned long &seconds, unsigned long &megabytes) {
  return {
      "measure",
      "bench/measure [-t SECONDS] [-m MB] -r FILE [--] COMMAND [ARGS...]",
      "Runs COMMAND (stdin, stdout and stderr inherited) and writes one line to FILE:\n"
      "  WALL_SECONDS USER_SECONDS SYS_SECONDS PEAK_RSS_KB STATUS CPU_SECONDS\n"
      "STATUS is the command's exit status, 128 + N when killed by signal N, 124 when\n"
      "killed after -t SECONDS, 127 when it cannot be started.\n",
      {
          {'t', nullptr, "SECONDS", "kill the command after SECONDS of wall time (0: never) [0]",
           [&seconds](const char *v) { seconds = core::parse_count("-t", v, 0, 86400); }},
          {'m', nullptr, "MB", "cap the command's address space (RLIMIT_AS) at MB, a safety\nnet against a runaway "
                               "allocation (0: none) [0]",
           [&megabytes](const char *v) { megabytes = core::parse_count("-m", v, 0, 1UL << 30); }},
          {'r', nullptr, "FILE", "the report's file (required)", [&report_name](const char *v) { report_name = v; }},
      },
      "Used by make grade (tools/grade/grade) and make bench (bench/run).\n",
      "the command exited 0 (measure exits with the command's STATUS, whatever it is)",
      nullptr,
      "a report file that cannot be written; when the command line is good, the status is the command's STATUS",
      true,
  };
}

int run(int argc, char *argv[]) {
  std::string report_name;
  unsigned long seconds = 0;
  unsigned long megabytes = 0;
  const core::Command cmd = command(report_name, seconds, megabytes);
  const core::Parsed parsed = core::parse(cmd, argc, argv);
  if (parsed.help) {
    std::fputs(core::help_text(cmd).c_str(), stdout);
    return core::kExitOk;
  }
  if (report_name.empty()) core::usage_error("-r FILE is missing: where the report goes");
  if (parsed.args.empty()) core::usage_error("no COMMAND to run");
  std::FILE *report = std::fopen(report_name.c_str(), "w");
  if (report == nullptr) core::fail("cannot write " + report_name + ": " + std::strerror(errno));
  runner::Job job;  // stdin, stdout and stderr inherited
  job.argv = parsed.args;
  job.out_file = job.err_file = "-";
  job.timeout = static_cast<double>(seconds);
  job.memory_cap = static_cast<std::size_t>(megabytes) << 20;
  runner::install_interrupt_handler("");
  const runner::Run run = runner::run_jobs({job})[0];
  int code = run.code;
  if (run.end == runner::Run::End::timed_out) code = 124;
  if (run.end == runner::Run::End::signaled) code = 128 + run.code;
  if (run.end == runner::Run::End::not_started) {
    std::fprintf(stderr, "measure: cannot run %s: %s\n", job.argv[0].c_str(), std::strerror(run.code));
    code = 127;
  }
  std::fprintf(report, "%.6f %.6f %.6f %ld %d %.6f\n", run.seconds, run.user, run.cpu - run.user, run.rss_kb, code,
               run.cpu);
  std::fclose(report);
  return code;
}

}  // namespace

int main(int argc, char *argv[]) {
  return core::run_main("bench/measure", [&] { return run(argc, argv); });
}
