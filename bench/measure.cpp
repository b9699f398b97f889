// Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
// bench/measure: runs one command under a wall-clock limit and reports its wall time,
// CPU time and peak RSS: the instrument of `make bench` (bench/run), `make grade`
// (tools/grade/grade) and `make huge` (tests/scripts/huge-maps), not a tool for students.
// Built by `make tools` (bench/bench.mk); not submitted.
//
//   bench/measure [-t SECONDS] [-m MB] -r FILE -- COMMAND [ARGS...]
//
// The command inherits stdin, stdout and stderr. FILE gets one line
//   "WALL_SECONDS USER_SECONDS SYS_SECONDS PEAK_RSS_KB STATUS CPU_SECONDS"
// from wait4(): wall time from fork() to its return (in microsecond steps: a map can take
// only a few milliseconds, and a clock around `timeout time CMD` would count two more
// exec()s), the command's user and system CPU
// time, its ru_maxrss, its exit status (128 + N when killed by signal N; 124 when
// killed after -t SECONDS; 127 when it cannot be started) and user + system time. -m MB caps the command's
// address space (RLIMIT_AS) as a safety net against a runaway allocation on a shared
// machine; the grader judges the measured RSS, not this cap. measure exits with STATUS;
// a bad command line of its own is tools/core.h's usage error, exit 2 (no report).

#include "tools/core.h"

#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

volatile std::sig_atomic_t timed_out = 0;
volatile pid_t child = 0;

extern "C" void on_alarm(int) {
  timed_out = 1;
  if (child > 0) {
    kill(child, SIGKILL);
  }
}

double seconds_of(const struct timeval &tv) {
  return static_cast<double>(tv.tv_sec) + static_cast<double>(tv.tv_usec) / 1e6;
}

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
  std::vector<char *> command_argv;
  for (const std::string &word : parsed.args) command_argv.push_back(const_cast<char *>(word.c_str()));
  command_argv.push_back(nullptr);
  std::FILE *report = std::fopen(report_name.c_str(), "w");
  if (report == nullptr) core::fail("cannot write " + report_name + ": " + std::strerror(errno));

  struct sigaction action;
  std::memset(&action, 0, sizeof action);
  action.sa_handler = on_alarm;
  sigemptyset(&action.sa_mask);
  sigaction(SIGALRM, &action, nullptr);

  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = fork();
  if (pid < 0) core::fail(std::string("fork: ") + std::strerror(errno));
  if (pid == 0) {
    if (megabytes > 0) {
      struct rlimit limit;
      limit.rlim_cur = static_cast<rlim_t>(megabytes) << 20;
      limit.rlim_max = limit.rlim_cur;
      setrlimit(RLIMIT_AS, &limit);
    }
    execvp(command_argv[0], command_argv.data());
    std::fprintf(stderr, "measure: cannot run %s: %s\n", command_argv[0], std::strerror(errno));
    _exit(127);
  }
  child = pid;
  if (seconds > 0) {
    alarm(static_cast<unsigned>(seconds));
  }
  int status = 0;
  struct rusage usage_of_child;
  std::memset(&usage_of_child, 0, sizeof usage_of_child);
  while (wait4(pid, &status, 0, &usage_of_child) < 0) {
    if (errno != EINTR) core::fail(std::string("wait4: ") + std::strerror(errno));
  }
  const auto stop = std::chrono::steady_clock::now();
  alarm(0);

  int code = 0;
  if (timed_out != 0) {
    code = 124;
  } else if (WIFEXITED(status)) {
    code = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    code = 128 + WTERMSIG(status);
  }
  const double wall = std::chrono::duration<double>(stop - start).count();
  const double user = seconds_of(usage_of_child.ru_utime);
  const double sys = seconds_of(usage_of_child.ru_stime);
  std::fprintf(report, "%.6f %.6f %.6f %ld %d %.6f\n", wall, user, sys,
               static_cast<long>(usage_of_child.ru_maxrss), code, user + sys);
  std::fclose(report);
  return code;
}

}  // namespace

int main(int argc, char *argv[]) {
  return core::run_main("bench/measure", [&] { return run(argc, argv); });
}
