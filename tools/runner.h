// Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
//
// tools/runner.h: runs another program and captures what it did, for the tools that hold
// a solver to puzzle (tools/compare; any tool that runs many builds of a solver). One
// call, run_program(): the program's path and arguments, a file for its standard input,
// a time limit, caps on what is kept of stdout and stderr and, if asked, on the program's
// address space (for builds that may loop and grow: compare --diagnose's mutants); back
// comes how it ended (exit status, signal, killed after the time limit, or not started
// and why), what it printed, and its wall time.
//
// Each run gets a process group of its own, and the whole group is killed (SIGKILL) as
// soon as the program ends or its time is up: a solver that leaves a background process
// behind (a forgotten `&`, a helper it started) leaves nothing running once its run is
// over. A process that leaves the group on purpose (setsid, setpgid) escapes that; its
// pipes are then read for at most kGrace seconds after the program ended, so it cannot
// stall the run either. If the tool is interrupted (Ctrl-C, SIGTERM), the running group
// is killed first (install_interrupt_handler).
// POSIX and Linux only (ppoll, waitid; pidfd_open when the kernel has it).

#ifndef PUZZLE_TOOLS_RUNNER_H
#define PUZZLE_TOOLS_RUNNER_H

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

namespace runner {

using Clock = std::chrono::steady_clock;

/// Seconds since `start`.
inline double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

/// How a run ended and what it printed.
struct Run {
  enum class End { exited, signaled, timed_out, not_started };
  End end = End::not_started;
  int code = 0;         ///< the exit status, the signal, or errno when not started
  std::string out;      ///< stdout (at most the cap given)
  std::string err;      ///< stderr (at most the cap given)
  double seconds = 0;   ///< wall time from the start to the end of the program
};

/// Seconds that the pipes of a finished run are still read while a process that
/// escaped its group holds them open.
constexpr double kGrace = 0.2;

namespace detail {
/// The process group of the run under way (0: none), killed if the tool is interrupted.
inline volatile sig_atomic_t running_group = 0;
/// A file to remove if the tool is interrupted (the input file of the runs).
inline char interrupt_unlink[4096] = {};

extern "C" inline void on_interrupt(int sig) {
  if (running_group > 0) {
    kill(-static_cast<pid_t>(running_group), SIGKILL);
    waitpid(static_cast<pid_t>(running_group), nullptr, 0);  // reaped: no zombie left behind
  }
  if (interrupt_unlink[0]) unlink(interrupt_unlink);
  signal(sig, SIG_DFL);
  raise(sig);
}

/// An fd that polls readable when `pid` ends (pidfd_open), or -1 without one.
inline int exit_fd(pid_t pid) {
#ifdef SYS_pidfd_open
  const long fd = syscall(SYS_pidfd_open, pid, 0);
  return fd >= 0 ? static_cast<int>(fd) : -1;
#else
  (void)pid;
  return -1;
#endif
}

/// True when `pid` has ended; it is not reaped (it stays a zombie, so its process group
/// id cannot be reused before the group is killed).
inline bool has_ended(pid_t pid) {
  siginfo_t info;
  std::memset(&info, 0, sizeof info);
  return waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == pid;
}
}  // namespace detail

/// On SIGINT and SIGTERM: kill the running program's group and remove `input_path`
/// (may be empty), then die of the signal. SIGPIPE is ignored (a program that closes its
/// stdin early must not kill the tool).
inline void install_interrupt_handler(const std::string& input_path) {
  std::strncpy(detail::interrupt_unlink, input_path.c_str(), sizeof detail::interrupt_unlink - 1);
  signal(SIGINT, detail::on_interrupt);
  signal(SIGTERM, detail::on_interrupt);
  signal(SIGPIPE, SIG_IGN);
}

/// Runs argv[0] (a path) with argv, stdin from `input_path`, stdout and stderr captured
/// (bytes past `out_cap` and `err_cap` are read and dropped); kills its whole process
/// group when it ends or after `timeout` seconds. `memory_cap` (bytes, 0: none) limits the
/// program's address space (RLIMIT_AS), so that a program whose memory grows without end
/// (a loop that appends) fails at once instead of filling the machine for `timeout` s.
inline Run run_program(const std::vector<std::string>& argv, const std::string& input_path, double timeout,
                       std::size_t out_cap, std::size_t err_cap = std::size_t{1} << 16, std::size_t memory_cap = 0) {
  Run run;
  int out[2], err[2], status_pipe[2];
  if (pipe2(out, O_CLOEXEC) != 0 || pipe2(err, O_CLOEXEC) != 0 || pipe2(status_pipe, O_CLOEXEC) != 0)
    throw std::runtime_error(std::string("cannot make a pipe: ") + std::strerror(errno));
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  // SIGINT and SIGTERM wait until the new group is known to the interrupt handler, so
  // that Ctrl-C between the fork and that moment cannot leave the program running.
  sigset_t interrupts, before;
  sigemptyset(&interrupts);
  sigaddset(&interrupts, SIGINT);
  sigaddset(&interrupts, SIGTERM);
  sigprocmask(SIG_BLOCK, &interrupts, &before);
  const Clock::time_point start = Clock::now();
  const pid_t pid = fork();
  if (pid < 0) {
    sigprocmask(SIG_SETMASK, &before, nullptr);
    throw std::runtime_error(std::string("cannot fork: ") + std::strerror(errno));
  }
  if (pid == 0) {
    setpgid(0, 0);
    if (memory_cap > 0) {
      const rlimit limit{static_cast<rlim_t>(memory_cap), static_cast<rlim_t>(memory_cap)};
      setrlimit(RLIMIT_AS, &limit);
    }
    const int in = open(input_path.c_str(), O_RDONLY | O_CLOEXEC);
    if (in >= 0) dup2(in, 0);
    dup2(out[1], 1);
    dup2(err[1], 2);
    signal(SIGPIPE, SIG_DFL);
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    sigprocmask(SIG_SETMASK, &before, nullptr);
    execv(args[0], args.data());
    const int e = errno;
    const ssize_t ignored = write(status_pipe[1], &e, sizeof e);
    (void)ignored;
    _exit(127);
  }
  setpgid(pid, pid);  // also here: the group exists before anything is killed
  detail::running_group = pid;
  sigprocmask(SIG_SETMASK, &before, nullptr);
  close(out[1]);
  close(err[1]);
  close(status_pipe[1]);
  int exec_errno = 0;
  const bool not_started = read(status_pipe[0], &exec_errno, sizeof exec_errno) == static_cast<ssize_t>(sizeof exec_errno);
  close(status_pipe[0]);

  auto kill_group = [pid] {
    kill(-pid, SIGKILL);
    kill(pid, SIGKILL);
  };
  const Clock::time_point deadline =
      start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(timeout));
  Clock::time_point grace_end = Clock::time_point::max();
  const int ended_fd = detail::exit_fd(pid);
  bool ended = false, timed_out = false;
  pollfd fds[3] = {{out[0], POLLIN, 0}, {err[0], POLLIN, 0}, {ended_fd, POLLIN, 0}};
  std::string* sinks[2] = {&run.out, &run.err};
  const std::size_t caps[2] = {out_cap, err_cap};
  char block[1 << 16];
  // Without an exit fd (an old kernel) the end is looked for after naps that grow from
  // 0.1 ms to 10 ms.
  std::chrono::microseconds nap(100);
  for (;;) {
    if (!ended && detail::has_ended(pid)) {
      ended = true;
      run.seconds = seconds_since(start);
      kill_group();  // what it left behind in its group
      grace_end = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(kGrace));
      if (fds[2].fd >= 0) close(fds[2].fd);
      fds[2].fd = -1;
    }
    const bool pipes_open = fds[0].fd >= 0 || fds[1].fd >= 0;
    if (ended && (!pipes_open || Clock::now() >= grace_end)) break;
    if (!ended && Clock::now() >= deadline) {
      timed_out = true;
      run.seconds = seconds_since(start);
      kill_group();
      break;
    }
    auto wait = std::chrono::duration_cast<std::chrono::microseconds>((ended ? grace_end : deadline) - Clock::now());
    if (!ended && fds[2].fd < 0) {
      wait = std::min(wait, nap);
      nap = std::min(nap * 2, std::chrono::microseconds(10000));
    }
    const long long micros = std::max<long long>(0, wait.count());
    const timespec limit{static_cast<time_t>(micros / 1000000), static_cast<long>(micros % 1000000) * 1000};
    if (ppoll(fds, 3, &limit, nullptr) < 0 && errno != EINTR) break;
    for (int i = 0; i < 2; ++i) {
      if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      const ssize_t n = read(fds[i].fd, block, sizeof block);
      if (n > 0) {
        const std::size_t room = caps[i] > sinks[i]->size() ? caps[i] - sinks[i]->size() : 0;
        sinks[i]->append(block, std::min(room, static_cast<std::size_t>(n)));
      } else if (n == 0 || errno != EINTR) {
        close(fds[i].fd);
        fds[i].fd = -1;
      }
    }
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  detail::running_group = 0;
  for (pollfd& p : fds)
    if (p.fd >= 0) close(p.fd);
  if (not_started) {
    run.end = Run::End::not_started;
    run.code = exec_errno;
  } else if (timed_out) {
    run.end = Run::End::timed_out;
  } else if (WIFSIGNALED(status)) {
    run.end = Run::End::signaled;
    run.code = WTERMSIG(status);
  } else {
    run.end = Run::End::exited;
    run.code = WEXITSTATUS(status);
  }
  return run;
}

/// Whether `name` ends as a C or C++ source or header does (.cpp .cc .cxx .c .h .hpp).
inline bool is_source_file(const std::string& name) {
  for (const char* ext : {".cpp", ".cc", ".cxx", ".c", ".h", ".hpp"}) {
    const std::size_t n = std::strlen(ext);
    if (name.size() > n && name.compare(name.size() - n, n, ext) == 0) return true;
  }
  return false;
}

/// A program given by name, as a shell finds it but also in the current folder: as
/// given when it has a '/', else ./NAME when that exists, else the first match on PATH.
/// Throws std::invalid_argument, saying why and what to do, when it is not an executable
/// file (a source file: build it first; a script without its mode bit: chmod +x).
inline std::string resolve_program(const std::string& name) {
  auto executable = [](const std::string& path) {
    struct stat st;
    return stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && access(path.c_str(), X_OK) == 0;
  };
  std::vector<std::string> candidates;
  if (name.find('/') != std::string::npos) {
    candidates.push_back(name);
  } else {
    candidates.push_back("./" + name);
    const char* path = std::getenv("PATH");
    const std::string dirs = path ? path : "";
    for (std::size_t start = 0; start <= dirs.size();) {
      std::size_t end = dirs.find(':', start);
      if (end == std::string::npos) end = dirs.size();
      if (end > start) candidates.push_back(dirs.substr(start, end - start) + "/" + name);
      start = end + 1;
    }
  }
  for (const std::string& c : candidates)
    if (executable(c)) return c;
  struct stat st;
  const std::string build = "build it first (in its folder: g++ -std=c++17 -O3 *.cpp -o puzzle, or its make) and "
                            "name the program it makes";
  if (is_source_file(name)) throw std::invalid_argument("'" + name + "' is a source file, not a program: " + build);
  if (stat(candidates[0].c_str(), &st) != 0) throw std::invalid_argument("no program '" + name + "': " + std::strerror(errno));
  if (S_ISDIR(st.st_mode)) throw std::invalid_argument("'" + name + "' is a folder, not a program");
  // Not executable: a program or script that lost its mode bit, or some other file.
  char head[4] = {};
  if (FILE* file = std::fopen(candidates[0].c_str(), "rb")) {
    const std::size_t n = std::fread(head, 1, sizeof head, file);
    std::fclose(file);
    if ((n >= 2 && head[0] == '#' && head[1] == '!') || (n == 4 && std::memcmp(head, "\x7F" "ELF", 4) == 0))
      throw std::invalid_argument("'" + name + "' is not executable: make it so (chmod +x " + name + ")");
  }
  throw std::invalid_argument("'" + name + "' is not executable, and not a program or a script: " + build);
}

}  // namespace runner

#endif  // PUZZLE_TOOLS_RUNNER_H
