// Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
// tools/measure: runs one command under a wall-clock limit and reports its wall time,
// CPU time and peak RSS, for `make grade` (tools/grade/grade) and `make bench`
// (bench/run). Built by `make tools`; not submitted.
//
//   tools/measure [-t SECONDS] [-m MB] -r FILE -- COMMAND [ARGS...]
//
// The command inherits stdin, stdout and stderr. FILE gets one line
//   "WALL_SECONDS USER_SECONDS SYS_SECONDS PEAK_RSS_KB STATUS CPU_SECONDS"
// from wait4(): wall time from fork() to its return (in microsecond steps: a map can take
// only a few milliseconds, and a clock around `timeout time CMD` would count two more
// exec()s), the command's user and system CPU
// time, its ru_maxrss, its exit status (128 + N when killed by signal N; 124 when
// killed after -t SECONDS; 127 when it cannot be started) and user + system time. -m MB caps the command's
// address space (RLIMIT_AS) as a safety net against a runaway allocation on a shared
// machine; the grader judges the measured RSS, not this cap. run exits with STATUS.

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

namespace {

volatile std::sig_atomic_t timed_out = 0;
volatile pid_t child = 0;

extern "C" void on_alarm(int) {
  timed_out = 1;
  if (child > 0) {
    kill(child, SIGKILL);
  }
}

int usage() {
  std::fputs("usage: tools/measure [-t SECONDS] [-m MB] -r FILE -- COMMAND [ARGS...]\n",
             stderr);
  return 2;
}

// Parses a whole decimal number in 0..max; false if it is not one.
bool parse_number(const char *text, unsigned long max, unsigned long &value) {
  char *end = nullptr;
  errno = 0;
  value = std::strtoul(text, &end, 10);
  return end != text && *end == '\0' && errno == 0 && value <= max && text[0] != '-';
}

double seconds_of(const struct timeval &tv) {
  return static_cast<double>(tv.tv_sec) + static_cast<double>(tv.tv_usec) / 1e6;
}

}  // namespace

int main(int argc, char *argv[]) {
  const char *report_name = nullptr;
  unsigned long seconds = 0;
  unsigned long megabytes = 0;
  int arg = 1;
  while (arg < argc && argv[arg][0] == '-') {
    if (std::strcmp(argv[arg], "--") == 0) {
      ++arg;
      break;
    }
    if (arg + 1 >= argc) {
      return usage();
    }
    if (std::strcmp(argv[arg], "-r") == 0) {
      report_name = argv[arg + 1];
    } else if (std::strcmp(argv[arg], "-t") == 0) {
      if (!parse_number(argv[arg + 1], 86400, seconds)) {
        return usage();
      }
    } else if (std::strcmp(argv[arg], "-m") == 0) {
      if (!parse_number(argv[arg + 1], 1UL << 30, megabytes)) {
        return usage();
      }
    } else {
      return usage();
    }
    arg += 2;
  }
  if (report_name == nullptr || arg >= argc) {
    return usage();
  }
  std::FILE *report = std::fopen(report_name, "w");
  if (report == nullptr) {
    std::fprintf(stderr, "measure: cannot write %s: %s\n", report_name, std::strerror(errno));
    return 2;
  }

  struct sigaction action;
  std::memset(&action, 0, sizeof action);
  action.sa_handler = on_alarm;
  sigemptyset(&action.sa_mask);
  sigaction(SIGALRM, &action, nullptr);

  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = fork();
  if (pid < 0) {
    std::fprintf(stderr, "measure: fork: %s\n", std::strerror(errno));
    return 2;
  }
  if (pid == 0) {
    if (megabytes > 0) {
      struct rlimit limit;
      limit.rlim_cur = static_cast<rlim_t>(megabytes) << 20;
      limit.rlim_max = limit.rlim_cur;
      setrlimit(RLIMIT_AS, &limit);
    }
    execvp(argv[arg], argv + arg);
    std::fprintf(stderr, "measure: cannot run %s: %s\n", argv[arg], std::strerror(errno));
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
    if (errno != EINTR) {
      std::fprintf(stderr, "measure: wait4: %s\n", std::strerror(errno));
      return 2;
    }
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
