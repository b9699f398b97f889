// Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
// bench/timeit: runs one command and records its wall time and peak RSS, for bench/run.
//
//   bench/timeit [-t SECONDS] -o FILE COMMAND [ARGS...]
//
// The command inherits stdin, stdout and stderr. FILE gets one line
// "WALL_MICROSECONDS PEAK_RSS_KB STATUS": the wall time from just before fork() to the
// return of wait4(), the ru_maxrss that wait4() reports for the command, and its exit
// status (128 + N when killed by signal N; 124 when killed after -t SECONDS, as
// timeout(1) does; 127 when it cannot be started). timeit exits with the same status.
// Unlike `/usr/bin/time -f %e` (10 ms steps) and a bash clock around `timeout time CMD`
// (two more exec()s inside the interval), the interval holds only the command itself,
// which matters for maps that take a few milliseconds.

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
  std::fputs("usage: bench/timeit [-t SECONDS] -o FILE COMMAND [ARGS...]\n", stderr);
  return 2;
}

}  // namespace

int main(int argc, char *argv[]) {
  const char *out_name = nullptr;
  unsigned seconds = 0;
  int arg = 1;
  while (arg < argc && argv[arg][0] == '-') {
    if (std::strcmp(argv[arg], "-o") == 0 && arg + 1 < argc) {
      out_name = argv[arg + 1];
      arg += 2;
    } else if (std::strcmp(argv[arg], "-t") == 0 && arg + 1 < argc) {
      char *end = nullptr;
      const unsigned long value = std::strtoul(argv[arg + 1], &end, 10);
      if (end == argv[arg + 1] || *end != '\0' || value > 86400) {
        return usage();
      }
      seconds = static_cast<unsigned>(value);
      arg += 2;
    } else if (std::strcmp(argv[arg], "--") == 0) {
      ++arg;
      break;
    } else {
      return usage();
    }
  }
  if (out_name == nullptr || arg >= argc) {
    return usage();
  }
  std::FILE *out = std::fopen(out_name, "w");
  if (out == nullptr) {
    std::fprintf(stderr, "timeit: cannot write %s: %s\n", out_name, std::strerror(errno));
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
    std::fprintf(stderr, "timeit: fork: %s\n", std::strerror(errno));
    return 2;
  }
  if (pid == 0) {
    execvp(argv[arg], argv + arg);
    std::fprintf(stderr, "timeit: cannot run %s: %s\n", argv[arg], std::strerror(errno));
    _exit(127);
  }
  child = pid;
  if (seconds > 0) {
    alarm(seconds);
  }
  int status = 0;
  struct rusage usage_of_child;
  std::memset(&usage_of_child, 0, sizeof usage_of_child);
  while (wait4(pid, &status, 0, &usage_of_child) < 0) {
    if (errno != EINTR) {
      std::fprintf(stderr, "timeit: wait4: %s\n", std::strerror(errno));
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
  const long long micros =
      std::chrono::duration_cast<std::chrono::microseconds>(stop - start).count();
  std::fprintf(out, "%lld %ld %d\n", micros, static_cast<long>(usage_of_child.ru_maxrss), code);
  std::fclose(out);
  return code;
}
