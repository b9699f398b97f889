// Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
// Test helpers shared by the test binaries: run a program with a given standard input
// and capture what it prints, read and write files, temporary files. Programs run
// through /bin/sh from the repository root (tests/run-all starts there).
#ifndef PUZZLE_TESTS_UTIL_H
#define PUZZLE_TESTS_UTIL_H

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

namespace testutil {

/// What a finished program left behind.
struct Result {
  int status = -1;   ///< exit status, or 128 + signal number when killed by a signal
  std::string out;   ///< everything written to stdout
  std::string err;   ///< everything written to stderr
};

inline std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

inline void write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  if (!out) throw std::runtime_error("cannot write " + path);
}

/// A fresh empty temporary file; the caller removes it.
inline std::string temp_path() {
  char name[] = "/tmp/puzzle-test-XXXXXX";
  int fd = mkstemp(name);
  if (fd < 0) throw std::runtime_error("mkstemp failed");
  close(fd);
  return name;
}

/// A temporary file, empty or holding `text`, removed when it goes out of scope.
class TempFile {
 public:
  TempFile() : path_(temp_path()) {}
  explicit TempFile(const std::string& text) : path_(temp_path()) { write_file(path_, text); }
  ~TempFile() { std::remove(path_.c_str()); }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

/// The solver under test: $PUZZLE_BIN, or ./puzzle.
inline std::string puzzle_bin() {
  const char* bin = std::getenv("PUZZLE_BIN");
  return bin && *bin ? bin : "./puzzle";
}

/// Runs `command` (a shell command line) with `input` on its standard input.
inline Result run(const std::string& command, const std::string& input = "") {
  std::string in = temp_path(), out = temp_path(), err = temp_path();
  write_file(in, input);
  std::string line = "( " + command + " ) < " + in + " > " + out + " 2> " + err;
  int raw = std::system(line.c_str());
  Result r;
  if (raw != -1 && WIFEXITED(raw)) r.status = WEXITSTATUS(raw);
  else if (raw != -1 && WIFSIGNALED(raw)) r.status = 128 + WTERMSIG(raw);
  r.out = read_file(out);
  r.err = read_file(err);
  std::remove(in.c_str());
  std::remove(out.c_str());
  std::remove(err.c_str());
  return r;
}

/// Runs the solver with `args` (e.g. "-q -o list") on `input`.
inline Result run_puzzle(const std::string& args, const std::string& input) {
  return run(puzzle_bin() + " " + args, input);
}

}  // namespace testutil

#endif  // PUZZLE_TESTS_UTIL_H
