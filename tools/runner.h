// Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
//
// tools/runner.h: the one harness that runs solvers and every other program a tool here
// runs. Each run's process group is killed as soon as the program ends or its time is
// up: a solver leaves nothing running behind it (one that calls setsid escapes; its pipes
// are read for at most kGrace seconds more). POSIX and Linux only.

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
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace runner {

using Clock = std::chrono::steady_clock;

inline double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

/// How a run ended, what it printed and what it took.
struct Run {
  enum class End { exited, signaled, timed_out, not_started };
  End end = End::not_started;
  int code = 0;         ///< the exit status, the signal, or errno when not started
  std::string out;      ///< stdout (at most the cap given), unless it went to a file
  std::string err;      ///< stderr (at most the cap given), unless it went to a file
  double seconds = 0;   ///< wall time from the start to the end of the program
  double cpu = 0;       ///< user + system CPU seconds of the program (wait4)
  double user = 0;      ///< of which user CPU seconds
  long rss_kb = 0;      ///< the program's peak resident set, KB (wait4's ru_maxrss)
};

/// One run to make: a program, or a function run in a forked copy of this process.
struct Job {
  std::vector<std::string> argv;  ///< the program (a path, or a name on PATH) and its arguments
  std::function<int()> body;      ///< when set, run instead of argv in the child: its exit status
  std::string input;              ///< stdin from this file ("": inherited)
  std::string out_file;           ///< stdout to this file; "": captured in Run::out; "-": inherited
  std::string err_file;           ///< the same for stderr
  double timeout = 0;             ///< seconds before the group is killed (0: no limit)
  std::size_t cap = std::size_t{1} << 16;  ///< bytes kept of a captured stdout or stderr (the rest is read and dropped)
  std::size_t memory_cap = 0;     ///< RLIMIT_AS in bytes (0: none)

  Job() = default;
  Job(std::vector<std::string> program, std::string from, double limit, std::size_t kept)
      : argv(std::move(program)), input(std::move(from)), timeout(limit), cap(kept) {}
};

constexpr double kGrace = 0.2;  ///< seconds a finished run's pipes are read while an escaped process holds them
constexpr std::size_t kMaxParallel = 32;  ///< the most runs under way at once

namespace detail {
/// The process groups of the runs under way (0: a free slot), killed if the tool is interrupted.
inline volatile sig_atomic_t running_groups[kMaxParallel] = {};
/// A file or folder to remove if the tool is interrupted (the input file of the runs).
inline char interrupt_unlink[4096] = {};

extern "C" inline void on_interrupt(int sig) {
  for (std::size_t i = 0; i < kMaxParallel; ++i) {
    const pid_t group = static_cast<pid_t>(running_groups[i]);
    if (group <= 0) continue;
    kill(-group, SIGKILL);
    waitpid(group, nullptr, 0);  // reaped: no zombie left behind
  }
  // A folder loses its files first (with system calls alone: safe in a signal handler).
  const int dir = interrupt_unlink[0] ? open(interrupt_unlink, O_RDONLY | O_DIRECTORY) : -1;
  if (dir >= 0) {
    alignas(8) char names[4096];
    for (long n; (n = syscall(SYS_getdents64, dir, names, sizeof names)) > 0;)
      for (long at = 0; at < n;) {
        const char* entry = names + at;  // linux_dirent64: inode, offset, length, type, name
        unsigned short length;
        std::memcpy(&length, entry + 16, sizeof length);
        unlinkat(dir, entry + 19, 0);  // "." and ".." fail: left alone
        at += length;
      }
    close(dir);
    rmdir(interrupt_unlink);
  } else if (interrupt_unlink[0]) {
    unlink(interrupt_unlink);
  }
  signal(sig, SIG_DFL);
  raise(sig);
}

extern "C" inline void on_child(int) {}  // SIGCHLD: only wakes run_jobs' ppoll

inline Clock::time_point after(Clock::time_point t, double seconds) {
  return t + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
}

struct Live {
  std::size_t index = 0, slot = 0;
  pid_t pid = 0;
  pollfd fds[2] = {{-1, POLLIN, 0}, {-1, POLLIN, 0}};  ///< stdout, stderr
  Clock::time_point start, deadline = Clock::time_point::max(), grace_end = Clock::time_point::max();
  bool ended = false, timed_out = false;
  Run run;  ///< its end is not_started, with errno in its code, when exec failed
};

/// In the child: `path` opened with `flags` onto `fd`; false when it cannot be opened.
inline bool redirect(const std::string& path, int fd, int flags) {
  if (path.empty() || path == "-") return true;
  const int file = open(path.c_str(), flags | O_CLOEXEC, 0644);
  return file >= 0 && dup2(file, fd) == fd;
}

/// Starts `job` in a free slot of running_groups, the child with the signal mask
/// `original`. Throws std::runtime_error when no pipe or process can be made.
inline Live start(const Job& job, std::size_t index, const sigset_t& original) {
  Live live;
  live.index = index;
  while (running_groups[live.slot] != 0) ++live.slot;
  int out[2] = {-1, -1}, err[2] = {-1, -1}, status_pipe[2];
  const bool capture_out = job.out_file.empty(), capture_err = job.err_file.empty();
  if ((capture_out && pipe2(out, O_CLOEXEC) != 0) || (capture_err && pipe2(err, O_CLOEXEC) != 0) ||
      pipe2(status_pipe, O_CLOEXEC) != 0)
    throw std::runtime_error(std::string("cannot make a pipe: ") + std::strerror(errno));
  std::vector<char*> args;
  for (const std::string& a : job.argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  // SIGINT and SIGTERM wait until the new group is known to the interrupt handler, so
  // that Ctrl-C between the fork and that moment cannot leave the program running.
  sigset_t interrupts, before;
  sigemptyset(&interrupts);
  sigaddset(&interrupts, SIGINT);
  sigaddset(&interrupts, SIGTERM);
  sigprocmask(SIG_BLOCK, &interrupts, &before);
  std::fflush(nullptr);  // nothing buffered here is written twice by a forked body
  live.start = Clock::now();
  const pid_t pid = fork();
  if (pid < 0) {
    sigprocmask(SIG_SETMASK, &before, nullptr);
    throw std::runtime_error(std::string("cannot fork: ") + std::strerror(errno));
  }
  if (pid == 0) {
    setpgid(0, 0);
    if (job.memory_cap > 0) {
      const rlimit limit{static_cast<rlim_t>(job.memory_cap), static_cast<rlim_t>(job.memory_cap)};
      setrlimit(RLIMIT_AS, &limit);
    }
    redirect(job.input, 0, O_RDONLY);
    if (capture_out) dup2(out[1], 1);
    if (capture_err) dup2(err[1], 2);
    for (int sig : {SIGPIPE, SIGINT, SIGTERM, SIGCHLD}) signal(sig, SIG_DFL);
    sigprocmask(SIG_SETMASK, &original, nullptr);
    if (redirect(job.out_file, 1, O_WRONLY | O_CREAT | O_TRUNC) &&
        redirect(job.err_file, 2, O_WRONLY | O_CREAT | O_TRUNC)) {
      if (job.body) {
        close(status_pipe[1]);  // started: start() need not wait for the body's end
        const int code = job.body();
        std::fflush(nullptr);
        _exit(code);
      }
      execvp(args[0], args.data());
    }
    const int e = errno;
    const ssize_t ignored = write(status_pipe[1], &e, sizeof e);
    (void)ignored;
    _exit(127);
  }
  setpgid(pid, pid);  // also here: the group exists before anything is killed
  live.pid = pid;
  running_groups[live.slot] = pid;
  sigprocmask(SIG_SETMASK, &before, nullptr);
  for (int fd : {out[1], err[1], status_pipe[1]})
    if (fd >= 0) close(fd);
  live.run.end = read(status_pipe[0], &live.run.code, sizeof live.run.code) == static_cast<ssize_t>(sizeof(int))
                     ? Run::End::not_started
                     : Run::End::exited;
  close(status_pipe[0]);
  live.fds[0].fd = out[0];
  live.fds[1].fd = err[0];
  if (job.timeout > 0) live.deadline = after(live.start, job.timeout);
  return live;
}

/// Kills what is left of the run's group, reaps the program and says how it ended.
inline Run finish(Live& live) {
  kill(-live.pid, SIGKILL);
  kill(live.pid, SIGKILL);
  int status = 0;
  rusage usage{};
  while (wait4(live.pid, &status, 0, &usage) < 0 && errno == EINTR) {
  }
  running_groups[live.slot] = 0;
  for (pollfd& p : live.fds)
    if (p.fd >= 0) close(p.fd);
  Run& run = live.run;
  auto seconds = [](const timeval& t) { return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6; };
  run.user = seconds(usage.ru_utime);
  run.cpu = run.user + seconds(usage.ru_stime);
  run.rss_kb = usage.ru_maxrss;
  if (run.end == Run::End::not_started) return run;
  if (live.timed_out) run.end = Run::End::timed_out;
  else if (WIFSIGNALED(status)) {
    run.end = Run::End::signaled;
    run.code = WTERMSIG(status);
  } else {
    run.code = WEXITSTATUS(status);
  }
  return run;
}
}  // namespace detail

/// On SIGINT and SIGTERM: kill the running programs' groups and remove `input_path`
/// (a file or a folder of files; may be empty), then die of the signal. SIGPIPE is
/// ignored (a program that closes its stdin early must not kill the tool).
inline void install_interrupt_handler(const std::string& input_path) {
  std::strncpy(detail::interrupt_unlink, input_path.c_str(), sizeof detail::interrupt_unlink - 1);
  signal(SIGINT, detail::on_interrupt);
  signal(SIGTERM, detail::on_interrupt);
  signal(SIGPIPE, SIG_IGN);
}

/// Runs `jobs`, at most `parallel` at once; back come the runs in the order of `jobs`.
/// `done`, when given, is called as each run ends (its index and its run).
inline std::vector<Run> run_jobs(const std::vector<Job>& jobs, std::size_t parallel = 1,
                                 const std::function<void(std::size_t, const Run&)>& done = {}) {
  parallel = std::max<std::size_t>(1, std::min(parallel, kMaxParallel));
  std::vector<Run> runs(jobs.size());
  std::vector<detail::Live> live;
  std::size_t next = 0;
  char block[1 << 16];
  // A run's end is a SIGCHLD: blocked but while ppoll waits, so that none comes
  // unseen between the look at the runs and the wait.
  sigset_t child, original, waiting;
  sigemptyset(&child);
  sigaddset(&child, SIGCHLD);
  sigprocmask(SIG_BLOCK, &child, &original);
  waiting = original;
  sigdelset(&waiting, SIGCHLD);
  struct sigaction on_end {}, old_action {};
  on_end.sa_handler = detail::on_child;
  sigaction(SIGCHLD, &on_end, &old_action);
  while (next < jobs.size() || !live.empty()) {
    for (; live.size() < parallel && next < jobs.size(); ++next)
      live.push_back(detail::start(jobs[next], next, original));
    bool finished = false;
    for (std::size_t i = 0; i < live.size();) {
      detail::Live& l = live[i];
      const Clock::time_point now = Clock::now();
      // Ended, not reaped: a zombie, so its process group id is not reused before the kill.
      siginfo_t info{};
      if (!l.ended && waitid(P_PID, static_cast<id_t>(l.pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
          info.si_pid == l.pid) {
        l.ended = true;
        l.run.seconds = seconds_since(l.start);
        kill(-l.pid, SIGKILL);  // what it left behind in its group
        l.grace_end = detail::after(now, kGrace);
      }
      const bool pipes_open = l.fds[0].fd >= 0 || l.fds[1].fd >= 0;
      if (!l.ended && now >= l.deadline) {
        l.timed_out = true;
        l.run.seconds = seconds_since(l.start);
      }
      if (l.timed_out || (l.ended && (!pipes_open || now >= l.grace_end))) {
        runs[l.index] = detail::finish(l);
        if (done) done(l.index, runs[l.index]);
        live.erase(live.begin() + static_cast<std::ptrdiff_t>(i));
        finished = true;
      } else {
        ++i;
      }
    }
    if (finished || live.empty()) continue;
    std::vector<pollfd> fds;  // stdout and stderr of each live run (a closed one, -1, is ignored)
    Clock::time_point wake = Clock::time_point::max();
    for (const detail::Live& l : live) {
      fds.insert(fds.end(), std::begin(l.fds), std::end(l.fds));
      wake = std::min(wake, l.ended ? l.grace_end : l.deadline);
    }
    const Clock::time_point now = Clock::now();  // a wait of at most 1 s
    const auto left = std::chrono::duration_cast<std::chrono::microseconds>(std::min(wake, detail::after(now, 1)) - now);
    const long long micros = std::max<long long>(0, left.count());
    const timespec limit{static_cast<time_t>(micros / 1000000), static_cast<long>(micros % 1000000) * 1000};
    if (ppoll(fds.data(), fds.size(), &limit, &waiting) < 0 && errno != EINTR) continue;
    for (std::size_t f = 0; f < fds.size(); ++f) {
      if (!(fds[f].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      detail::Live& l = live[f / 2];
      int& fd = l.fds[f % 2].fd;
      const ssize_t n = read(fd, block, sizeof block);
      if (n > 0) {
        std::string& sink = f % 2 == 0 ? l.run.out : l.run.err;
        const std::size_t cap = jobs[l.index].cap;
        sink.append(block, std::min(cap > sink.size() ? cap - sink.size() : 0, static_cast<std::size_t>(n)));
      } else if (n == 0 || errno != EINTR) {
        close(fd);
        fd = -1;
      }
    }
  }
  sigaction(SIGCHLD, &old_action, nullptr);
  sigprocmask(SIG_SETMASK, &original, nullptr);
  return runs;
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
  const bool bare = name.find('/') == std::string::npos;
  std::vector<std::string> candidates{bare ? "./" + name : name};
  const char* path = std::getenv("PATH");
  std::istringstream dirs(bare && path ? path : "");
  for (std::string dir; std::getline(dirs, dir, ':');)
    if (!dir.empty()) candidates.push_back(dir + "/" + name);
  for (const std::string& c : candidates)
    if (executable(c)) return c;
  struct stat st;
  const std::string build = "build it first (in its folder: g++ -std=c++17 -O3 *.cpp -o puzzle, or its make) and "
                            "name the program it makes";
  const std::string ext = name.substr(std::min(name.rfind('.'), name.size()));
  if (ext == ".cpp" || ext == ".cc" || ext == ".cxx" || ext == ".c" || ext == ".h" || ext == ".hpp")
    throw std::invalid_argument("'" + name + "' is a source file, not a program: " + build);
  if (stat(candidates[0].c_str(), &st) != 0) throw std::invalid_argument("no program '" + name + "': " + std::strerror(errno));
  if (S_ISDIR(st.st_mode)) throw std::invalid_argument("'" + name + "' is a folder, not a program");
  // Not executable: a program or script that lost its mode bit, or some other file.
  std::string head(4, '\0');
  std::ifstream(candidates[0], std::ios::binary).read(&head[0], 4);
  if (head.compare(0, 2, "#!") == 0 || head == "\x7F" "ELF")
    throw std::invalid_argument("'" + name + "' is not executable: make it so (chmod +x " + name + ")");
  throw std::invalid_argument("'" + name + "' is not executable, and not a program or a script: " + build);
}

}  // namespace runner

#endif  // PUZZLE_TOOLS_RUNNER_H
