// Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
// What the GoogleTest binaries share, each written once. It compiles the solver in
// (puzzle.cpp, its main left out by PUZZLE_NO_MAIN), so a test includes this header
// and not puzzle.cpp:
//   - running a program with a given standard input and capturing what it prints, files;
//   - the spec's examples in spec-inputs/ and their expected outputs;
//   - the catalogue of bad inputs (tools/bad-inputs.txt) and the check that the binary
//     rejects each one;
//   - the solver in process: a command line parsed, a map solved in one mode;
//   - the reference, the oracle: the plain solver of tools/bugs.h with no bug switched on;
// and includes the headers that use nothing of puzzle.cpp, written from the spec
// independently of the code under test: tests/maps.h (maps as text, random maps),
// tools/bugs.h and tests/reference.h (a plain search by given rule functions). Programs
// run through /bin/sh from the repository root (tests/run-all starts there).
#ifndef PUZZLE_TESTS_UTIL_H
#define PUZZLE_TESTS_UTIL_H

#include "puzzle.cpp"
#include "tests/maps.h"
#include "tests/reference.h"
#include "tools/bugs.h"
#include "tools/catalogue.h"

#include <dirent.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <fstream>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace testutil {

// ==== Programs and files ===========================================================

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

/// True when the tests (and so, under make sanitize, the solver) are built with
/// AddressSanitizer, whose shadow memory needs terabytes of address space: there a test
/// cannot bound the solver's address space with `ulimit -v`.
#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kAddressSanitizer = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kAddressSanitizer = true;
#else
inline constexpr bool kAddressSanitizer = false;
#endif
#else
inline constexpr bool kAddressSanitizer = false;
#endif

/// "ulimit -v KB; ": a shell prefix that bounds the address space of what follows, or
/// nothing under AddressSanitizer (the behaviour is still tested there, the bound not).
inline std::string limit_address_space(int kb) {
  return kAddressSanitizer ? "" : "ulimit -v " + std::to_string(kb) + "; ";
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

// ==== The spec's examples ==========================================================

/// The names of the inputs in spec-inputs/ (X for X.txt), sorted.
inline std::vector<std::string> spec_inputs() {
  std::vector<std::string> names;
  DIR* dir = opendir("spec-inputs");
  if (!dir) return names;
  while (dirent* e = readdir(dir)) {
    std::string n = e->d_name;
    if (n.size() > 4 && n.compare(n.size() - 4, 4, ".txt") == 0 && n.rfind("out-", 0) != 0)
      names.push_back(n.substr(0, n.size() - 4));
  }
  closedir(dir);
  std::sort(names.begin(), names.end());
  return names;
}

/// The expected output of input `name` in a mode ("queue" or "stack", "list" or "map"):
/// out-X.txt when every mode prints it (no solution), else out-X-MODE-OUTPUT.txt.
inline std::string expected_output(const std::string& name, const std::string& mode, const std::string& output) {
  std::ifstream same("spec-inputs/out-" + name + ".txt");
  if (same) return read_file("spec-inputs/out-" + name + ".txt");
  return read_file("spec-inputs/out-" + name + "-" + mode + "-" + output + ".txt");
}

// ==== The catalogue of bad inputs ==================================================
// Every class of malformed map and illegal command line lives in tools/bad-inputs.txt,
// the one catalogue that tools/compare and tools/grade/grade read too (built in by
// tools/tools.mk, parsed by tools/catalogue.h). Each case says what puzzle's message
// must hold: puzzle must exit 1 with nothing on stdout and one line "puzzle: error: ..."
// on stderr, naming the problem and, where it sits on a line, "line N" and "column N".
// (That message is puzzle's own promise: the course does not read messages, so the
// tools hold another solver only to exit 1 and an empty stdout.)

using Bad = catalogue::BadInput;

/// spec-inputs/spec-simple.txt: a valid map (the catalogue's @simple, on which the bad
/// command lines are tried).
inline const std::string kSimple = catalogue::built_in().values.at("@simple");

/// Names a case in GoogleTest's messages (instead of a byte dump).
inline void PrintTo(const Bad& c, std::ostream* os) { *os << c.name; }

/// Every bad map: its header, its shape, its characters, its '@' and '?'.
inline std::vector<Bad> map_cases() {
  std::vector<Bad> cases;
  for (const Bad& c : catalogue::bad_inputs())
    if (c.group != "options") cases.push_back(c);
  return cases;
}

/// Every illegal command line, on a good map.
inline std::vector<Bad> option_cases() {
  std::vector<Bad> cases;
  for (const Bad& c : catalogue::bad_inputs())
    if (c.group == "options") cases.push_back(c);
  return cases;
}

/// Checks that the binary rejects `c`: exit 1, nothing on stdout, one line on stderr
/// "puzzle: error: ..." with the case's keyword, line and column.
inline void expect_rejected(const Bad& c) {
  Result r = run_puzzle(c.args, c.input);
  EXPECT_EQ(r.status, 1) << "stderr: " << r.err;
  EXPECT_EQ(r.out, "") << "nothing may reach stdout";
  ASSERT_EQ(r.err.rfind("puzzle: error: ", 0), 0u) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << "one line: " << r.err;
  EXPECT_NE(r.err.find(c.message), std::string::npos) << "expected '" << c.message << "' in: " << r.err;
  if (c.line) {
    EXPECT_NE(r.err.find("line " + std::to_string(c.line)), std::string::npos)
        << "expected line " << c.line << " in: " << r.err;
  }
  if (c.column) {
    EXPECT_NE(r.err.find("column " + std::to_string(c.column)), std::string::npos)
        << "expected column " << c.column << " in: " << r.err;
  }
}

/// The name GoogleTest gives a catalogue case.
inline std::string case_name(const ::testing::TestParamInfo<Bad>& info) { return info.param.name; }

// ==== The solver in process =========================================================

constexpr auto kQueue = puzzle::Container::queue;
constexpr auto kStack = puzzle::Container::stack;
constexpr auto kMap = puzzle::OutputMode::map;
constexpr auto kList = puzzle::OutputMode::list;

/// `line` split into words at blanks.
inline std::vector<std::string> split(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

/// puzzle::parse_options on a command line given as words (argv[0] is added).
inline puzzle::Options parse(std::vector<std::string> words) {
  words.insert(words.begin(), "puzzle");
  std::vector<char*> argv;
  for (auto& w : words) argv.push_back(&w[0]);
  argv.push_back(nullptr);
  return puzzle::parse_options(static_cast<int>(words.size()), argv.data());
}

/// The solver's output on `input` with the container `c` and the output mode `o`.
inline std::string solve(const std::string& input, puzzle::Container c, puzzle::OutputMode o) {
  puzzle::Options options;
  options.container = c;
  options.output = o;
  return puzzle::run_to_string(input, options);
}

/// An output expected of a mode, for expect_all.
struct Expect { puzzle::Container c; puzzle::OutputMode o; const char* out; };

/// Checks the solver's output on `input` in each mode of `expects`.
inline void expect_all(const std::string& input, std::initializer_list<Expect> expects) {
  for (const Expect& e : expects) EXPECT_EQ(solve(input, e.c, e.o), e.out) << input;
}

// ==== The reference ===================================================================

/// The tests' reference: the plain one-pass solver of tools/bugs.h with no bug switched on,
/// written from the spec with nothing of puzzle.cpp (tests/bugs_test.cpp holds it to the
/// spec's examples and catalogue), run in process.
class Reference {
 public:
  explicit Reference(const Map& m) : input_(m.text()) {}

  /// The output of `puzzle --stack|--queue --output list|map` on the map.
  std::string solve(bool stack, bool list) {
    const bugs::Outcome o = bugs::run({}, {stack ? "--stack" : "--queue", "--output", list ? "list" : "map"}, input_);
    solved_ = o.out.rfind("No solution.", 0) != 0;
    return o.out;
  }
  /// Whether the last solve reached the target.
  bool solved() const { return solved_; }

 private:
  std::string input_;
  bool solved_ = false;
};

/// puzzle.cpp's rule functions, for tests/reference.h.
inline Rules puzzle_rules() { return {puzzle::is_active_button, puzzle::pressed_layer, puzzle::is_passable}; }

}  // namespace testutil

#endif  // PUZZLE_TESTS_UTIL_H
