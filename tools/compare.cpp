// Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
//
// tools/compare: holds any solver to puzzle byte for byte (tools/README-compare.md).
//
//   tools/compare [OPTIONS] SOLVER [ARG...]
//
// Runs SOLVER (with its ARGs, then the options of a mode) and puzzle on the same maps in
// the four modes (queue or stack, list or map output), each mode spelled in varied ways
// as the course's grader does, and compares stdout byte for byte and the exit status.
// The maps come from tools/mapgen (every style, 0 to 26 colors, solvable or not, 1x2 up
// to --max-size) or from a folder (--from); a catalogue of invalid maps and command
// lines follows, where only the exit status (1) and an empty stdout are compared.
// puzzle's side is computed in this process by the solver's own code (puzzle.cpp is
// compiled in with PUZZLE_NO_MAIN): parse_options and run_to_string, as ./puzzle runs.
// The first difference on a valid map is shrunk (rows and columns dropped, cells made
// floor or wall, fewer colors, '@' and '?' moved nearer) while the two still differ the
// same way in the same mode, every candidate validated by puzzle::parse_puzzle, and the
// smallest map is written as a ready test file test-N-FLAGS.txt.
// stdout: the differing runs, the smallest map, "smallest: PATH FLAGS", the first
// differing line of each side ("puzzle:" and "yours:"), last "compare: N of M runs
// differ". stderr: progress. Exit status: 0 none differ, 1 some differ, 2 bad usage.

#ifndef PUZZLE_NO_MAIN
#define PUZZLE_NO_MAIN
#endif
#include "../puzzle.cpp"

#include <dirent.h>
#include <fcntl.h>
#include <getopt.h>
#include <poll.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <map>
#include <optional>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace compare {

/// Bad usage: main prints "compare: error: <what>" and exits 2.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

[[noreturn]] void usage_error(const std::string& what) { throw UsageError(what); }

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

std::string fixed(double value, int places) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", places, value);
  return text;
}

// ==== Modes and their spellings ===================================================

/// One of the four modes: a container and an output.
struct Mode {
  char container;  ///< 'q' or 's'
  char output;     ///< 'l' or 'm'
  std::vector<std::string> spellings;  ///< the ways the course's grader writes it
};

const std::vector<Mode>& modes() {
  static const std::vector<Mode> kModes = {
      {'q', 'l', {"--queue --output list", "-qo list", "-q -o list", "--output list -q",
                  "-o list --queue", "--queue --output=list"}},
      {'q', 'm', {"--queue -o map", "-o map -q", "-qo map", "-q --output map", "-q", "--queue",
                  "--output=map --queue"}},
      {'s', 'l', {"-so list", "--stack --output list", "--output list --stack", "-s -o list",
                  "-o list -s", "--stack -o list"}},
      {'s', 'm', {"--stack -o map", "-so map", "-s --output map", "-s", "--stack", "-o map -s"}},
  };
  return kModes;
}

/// "QL", "SM", ...: a mode's short name in messages.
std::string mode_name(const Mode& mode) {
  return {static_cast<char>(mode.container == 'q' ? 'Q' : 'S'), static_cast<char>(mode.output == 'l' ? 'L' : 'M')};
}

std::vector<std::string> words_of(const std::string& text) {
  std::vector<std::string> words;
  std::istringstream in(text);
  for (std::string word; in >> word;) words.push_back(word);
  return words;
}

// ==== Options =====================================================================

struct Options {
  std::size_t maps = 200;            ///< --maps: generated maps
  std::uint64_t seed = 1;            ///< --seed: of the generated maps
  std::uint32_t max_height = 10;     ///< --max-size HxW
  std::uint32_t max_width = 10;
  std::string from;                  ///< --from: a folder of maps instead of generated ones
  double timeout = 3;                ///< --timeout: seconds per run of SOLVER
  double shrink_time = 30;           ///< --shrink-time: seconds for shrinking; 0: none
  std::string out_dir = "build/compare";  ///< --out: where the smallest map goes
  std::string save_dir;              ///< --save: every map with puzzle's four outputs
  bool help = false;
  std::vector<std::string> solver;   ///< SOLVER and its ARGs
};

const char kUsage[] =
    "Usage: tools/compare [OPTIONS] SOLVER [ARG...]\n"
    "Runs SOLVER (any program that reads a map on stdin, like puzzle) and puzzle on the\n"
    "same maps in all four modes (-q/-s, -o list/map, each spelled in varied ways as the\n"
    "course's grader does) and compares stdout byte for byte and the exit status. Then a\n"
    "catalogue of invalid maps and command lines: exit status 1 and an empty stdout\n"
    "expected. SOLVER gets its ARGs first, then the mode's options.\n"
    "\n"
    "  --maps N          generated maps [200]: tools/mapgen, every style, 0 to 26 colors,\n"
    "                    solvable and not, from 1x2 up to --max-size\n"
    "  --seed S          seed of the generated maps [1]: the same seed, the same maps\n"
    "  --max-size HxW    largest generated map [10x10]\n"
    "  --from DIR        every map in DIR instead (*.txt but out-*.txt, by name)\n"
    "  --timeout SEC     a run of SOLVER longer than this is killed and reported [3];\n"
    "                    after 10 such runs the rest is skipped\n"
    "  --shrink-time SEC time for shrinking the first difference [30]; 0: no shrinking\n"
    "  --out DIR         where the shrunk map is written as test-N-FLAGS.txt, N the\n"
    "                    lowest number free there [build/compare]: not the top level,\n"
    "                    where your own test files are\n"
    "  --save DIR        also write every map as X.txt with puzzle's outputs\n"
    "                    out-X-queue-list.txt, out-X-queue-map.txt, out-X-stack-list.txt,\n"
    "                    out-X-stack-map.txt (as the course names its samples)\n"
    "  -h, --help        this text\n"
    "\n"
    "The first difference on a valid map is shrunk while the two still differ the same\n"
    "way in the same mode (rows and columns dropped, cells made '.' or '#', fewer\n"
    "colors, '@' and '?' moved nearer; every candidate a valid map) and written as a test\n"
    "file, then: 'smallest: PATH FLAGS' and the first differing line of each side,\n"
    "'puzzle:' and 'yours:'. Progress goes to stderr; the last line is\n"
    "'compare: N of M runs differ'.\n"
    "Exit status: 0 no run differs, 1 some differ, 2 bad usage (SOLVER missing or not\n"
    "executable, a bad option).\n"
    "Example: tools/compare --maps 500 --seed 7 ../p1/puzzle\n";

/// A whole number from `text`, or a usage error naming `option`.
std::uint64_t parse_count(const char* option, const char* text) {
  char* end = nullptr;
  errno = 0;
  unsigned long long value = std::strtoull(text, &end, 10);
  if (*text == '\0' || *text == '-' || *end != '\0' || errno != 0)
    usage_error(std::string(option) + " needs a whole number, not '" + text + "'");
  return value;
}

double parse_seconds(const char* option, const char* text) {
  char* end = nullptr;
  double value = std::strtod(text, &end);
  if (*text == '\0' || *end != '\0' || !(value >= 0) || value > 86400)
    usage_error(std::string(option) + " needs seconds (0 to 86400), not '" + text + "'");
  return value;
}

Options parse_options(int argc, char* argv[]) {
  enum { kMaps = 1000, kSeed, kMaxSize, kFrom, kTimeout, kShrinkTime, kOut, kSave };
  static const option kLongOptions[] = {
      {"maps", required_argument, nullptr, kMaps},
      {"seed", required_argument, nullptr, kSeed},
      {"max-size", required_argument, nullptr, kMaxSize},
      {"from", required_argument, nullptr, kFrom},
      {"timeout", required_argument, nullptr, kTimeout},
      {"shrink-time", required_argument, nullptr, kShrinkTime},
      {"out", required_argument, nullptr, kOut},
      {"save", required_argument, nullptr, kSave},
      {"help", no_argument, nullptr, 'h'},
      {nullptr, 0, nullptr, 0},
  };
  Options options;
  opterr = 0;
  optind = 0;
  int choice;
  // '+': the options end at SOLVER; what follows are SOLVER's own arguments.
  while ((choice = getopt_long(argc, argv, "+:h", kLongOptions, nullptr)) != -1) {
    switch (choice) {
      case 'h': options.help = true; break;
      case kMaps: options.maps = parse_count("--maps", optarg); break;
      case kSeed: options.seed = parse_count("--seed", optarg); break;
      case kMaxSize: {
        unsigned h = 0, w = 0;
        char extra = 0;
        if (std::sscanf(optarg, "%ux%u%c", &h, &w, &extra) != 2 || h < 1 || w < 1 || h > 100000 ||
            w > 100000 || std::uint64_t{h} * w < 2)
          usage_error(std::string("--max-size needs HEIGHTxWIDTH of at least 2 cells (e.g. 10x10), not '") +
                      optarg + "'");
        options.max_height = h;
        options.max_width = w;
        break;
      }
      case kFrom: options.from = optarg; break;
      case kTimeout:
        options.timeout = parse_seconds("--timeout", optarg);
        if (options.timeout <= 0) usage_error("--timeout must be more than 0 seconds");
        break;
      case kShrinkTime: options.shrink_time = parse_seconds("--shrink-time", optarg); break;
      case kOut: options.out_dir = optarg; break;
      case kSave: options.save_dir = optarg; break;
      case ':': usage_error(std::string(argv[optind - 1]) + " needs a value");
      default: usage_error(std::string("unknown option '") + argv[optind - 1] + "'");
    }
  }
  if (options.help) return options;
  for (int i = optind; i < argc; ++i) options.solver.push_back(argv[i]);
  if (options.solver.empty()) usage_error("name the solver to compare: tools/compare [OPTIONS] SOLVER [ARG...]");
  return options;
}

/// SOLVER as a path to execute: as given when it has a '/', else ./SOLVER when that
/// exists, else the first match on PATH. A usage error when it is not an executable file.
std::string resolve_solver(const std::string& name) {
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
    std::string dirs = path ? path : "";
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
  if (stat(candidates[0].c_str(), &st) != 0) usage_error("no solver '" + name + "': " + std::strerror(errno));
  if (S_ISDIR(st.st_mode)) usage_error("'" + name + "' is a folder, not a solver");
  usage_error("'" + name + "' is not executable (chmod +x " + name + "?)");
}

// ==== Running a program ===========================================================

/// The process group of the program running now, killed if compare is interrupted.
volatile sig_atomic_t g_running = 0;
/// The file that carries each input to the programs' stdin (removed at exit).
std::string g_input_path;

void on_interrupt(int sig) {
  if (g_running > 0) kill(-static_cast<pid_t>(g_running), SIGKILL);
  if (!g_input_path.empty()) unlink(g_input_path.c_str());
  signal(sig, SIG_DFL);
  raise(sig);
}

/// How a run ended and what it printed.
struct Run {
  enum class End { exited, signaled, timed_out, not_started };
  End end = End::not_started;
  int code = 0;          ///< the exit status, the signal, or errno when not started
  std::string out;       ///< stdout (at most the cap)
  std::string err;       ///< stderr (at most 64 KB)
};

/// Runs argv[0] (a path) with stdin from `input_path`, stdout and stderr captured; kills
/// its process group after `timeout` seconds. Bytes of stdout past `out_cap` are read
/// and dropped (the run then differs anyway).
Run run_program(const std::vector<std::string>& argv, const std::string& input_path, double timeout,
                std::size_t out_cap) {
  Run run;
  int out[2], err[2], status_pipe[2];
  if (pipe(out) != 0 || pipe(err) != 0 || pipe2(status_pipe, O_CLOEXEC) != 0)
    throw std::runtime_error(std::string("cannot make a pipe: ") + std::strerror(errno));
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  const Clock::time_point start = Clock::now();
  pid_t pid = fork();
  if (pid < 0) throw std::runtime_error(std::string("cannot fork: ") + std::strerror(errno));
  if (pid == 0) {
    setpgid(0, 0);
    int in = open(input_path.c_str(), O_RDONLY);
    if (in >= 0) dup2(in, 0);
    dup2(out[1], 1);
    dup2(err[1], 2);
    for (int fd : {in, out[0], out[1], err[0], err[1], status_pipe[0]})
      if (fd > 2) close(fd);
    signal(SIGPIPE, SIG_DFL);
    execv(args[0], args.data());
    int e = errno;
    ssize_t ignored = write(status_pipe[1], &e, sizeof e);
    (void)ignored;
    _exit(127);
  }
  setpgid(pid, pid);
  g_running = pid;
  close(out[1]);
  close(err[1]);
  close(status_pipe[1]);
  int exec_errno = 0;
  bool not_started = read(status_pipe[0], &exec_errno, sizeof exec_errno) == static_cast<ssize_t>(sizeof exec_errno);
  close(status_pipe[0]);

  const auto deadline = start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(timeout));
  bool timed_out = false;
  pollfd fds[2] = {{out[0], POLLIN, 0}, {err[0], POLLIN, 0}};
  std::string* sinks[2] = {&run.out, &run.err};
  const std::size_t caps[2] = {out_cap, std::size_t{1} << 16};
  char block[1 << 16];
  int open_fds = 2;
  while (open_fds > 0) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) {
      timed_out = true;
      break;
    }
    int ready = poll(fds, 2, static_cast<int>(std::min<long long>(left, 1000)));
    if (ready < 0 && errno != EINTR) break;
    for (int i = 0; i < 2; ++i) {
      if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      ssize_t n = read(fds[i].fd, block, sizeof block);
      if (n > 0) {
        std::size_t room = caps[i] > sinks[i]->size() ? caps[i] - sinks[i]->size() : 0;
        sinks[i]->append(block, std::min(room, static_cast<std::size_t>(n)));
      } else if (n == 0 || errno != EINTR) {
        close(fds[i].fd);
        fds[i].fd = -1;
        --open_fds;
      }
    }
  }
  int status = 0;
  for (std::chrono::microseconds nap(200);; nap = std::min(nap * 2, std::chrono::microseconds(20000))) {
    if (!timed_out && waitpid(pid, &status, WNOHANG) == pid) break;
    if (timed_out || Clock::now() >= deadline) {
      timed_out = true;
      kill(-pid, SIGKILL);
      kill(pid, SIGKILL);
      waitpid(pid, &status, 0);
      break;
    }
    usleep(static_cast<useconds_t>(nap.count()));
  }
  g_running = 0;
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

void write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  out.close();
  if (!out) throw std::runtime_error("cannot write " + path);
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void make_dirs(const std::string& path) {
  for (std::size_t slash = path.find('/', 1);; slash = path.find('/', slash + 1)) {
    std::string part = path.substr(0, slash);
    if (!part.empty() && mkdir(part.c_str(), 0777) != 0 && errno != EEXIST)
      throw std::runtime_error("cannot make the folder " + part + ": " + std::strerror(errno));
    if (slash == std::string::npos) break;
  }
}

// ==== puzzle's side and the verdict ===============================================

/// What puzzle does with an input and a command line.
struct Expected {
  bool rejected = false;  ///< exit 1 (the message in `out`), else exit 0 with `out`
  std::string out;
};

Expected reference(const std::string& input, const std::vector<std::string>& args) {
  std::vector<std::string> words{"puzzle"};
  words.insert(words.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(&w[0]);
  argv.push_back(nullptr);
  Expected e;
  try {
    puzzle::Options options = puzzle::parse_options(static_cast<int>(words.size()), argv.data());
    e.out = puzzle::run_to_string(input, options);
  } catch (const puzzle::Error& error) {
    e.rejected = true;
    e.out = error.what();
  }
  return e;
}

/// A line of output shown readably: control bytes escaped; a line over 120 characters
/// shown from 40 before `column` (0-based), 100 characters of it.
std::string shown(std::string_view line, std::size_t column = 0) {
  if (line.empty()) return "(an empty line)";
  const std::size_t from = line.size() > 120 && column > 40 ? column - 40 : 0;
  std::string text = from > 0 ? "..." : "";
  for (char c : line.substr(from, line.size() > 120 ? 100 : 120)) {
    auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x20 && byte < 0x7F) {
      text += c;
    } else {
      char esc[8];
      std::snprintf(esc, sizeof esc, "\\x%02X", byte);
      text += c == '\t' ? "\\t" : c == '\r' ? "\\r" : esc;
    }
  }
  if (from + 100 < line.size() && line.size() > 120) text += "...";
  return text;
}

/// "line L: TEXT" for the line of `text` that starts at byte `begin` (L 1-based), shown
/// around `column`; the end of the output when no line starts there.
std::string line_at(std::string_view text, std::size_t begin, std::size_t number, std::size_t column) {
  std::string head = "line " + std::to_string(number);
  if (begin >= text.size())
    return head + ": (end of output after " + std::to_string(number - 1) + (number == 2 ? " line)" : " lines)");
  const std::size_t end = text.find('\n', begin);
  const std::string_view line = text.substr(begin, end == std::string_view::npos ? text.size() - begin : end - begin);
  if (line.size() > 120) head += ", column " + std::to_string(column + 1);
  return head + ": " + shown(line, column) + (end == std::string_view::npos ? " (no end of line)" : "");
}

enum class Kind { same, output, status, signal, timeout, not_started };

/// How SOLVER's run differs from puzzle's, if it does.
struct Verdict {
  Kind kind = Kind::same;
  int code = 0;             ///< the exit status or signal, so that shrinking keeps it
  std::string puzzle_side;  ///< after "puzzle: "
  std::string yours_side;   ///< after "yours: "
};

std::string first_line_of(const std::string& text) {
  return shown(std::string_view(text).substr(0, text.find('\n')));
}

Verdict judge(const Expected& e, const Run& run, double timeout) {
  Verdict v;
  const std::string puzzle_end = e.rejected ? "exit 1 (" + e.out + ")" : "exit 0";
  auto differ = [&](Kind kind, const std::string& yours) {
    v.kind = kind;
    v.puzzle_side = puzzle_end;
    v.yours_side = yours;
    return v;
  };
  switch (run.end) {
    case Run::End::not_started:
      v.code = run.code;
      return differ(Kind::not_started, std::string("could not be started: ") + std::strerror(run.code));
    case Run::End::timed_out:
      return differ(Kind::timeout, "no exit within " + fixed(timeout, 1) + " s: killed (a hang?)");
    case Run::End::signaled:
      v.code = run.code;
      return differ(Kind::signal, "killed by signal " + std::to_string(run.code) + " (" + strsignal(run.code) + ")");
    case Run::End::exited: break;
  }
  const int want = e.rejected ? 1 : 0;
  if (run.code != want) {
    v.code = run.code;
    std::string yours = "exit " + std::to_string(run.code);
    if (!run.err.empty()) yours += ", stderr: " + first_line_of(run.err);
    if (e.rejected && !run.out.empty()) yours += ", stdout line 1: " + first_line_of(run.out);
    return differ(Kind::status, yours);
  }
  if (e.rejected) {
    if (run.out.empty()) return v;
    return differ(Kind::output, "exit 1, but prints on stdout: line 1: " + first_line_of(run.out));
  }
  if (run.out == e.out) return v;
  // Up to the first differing byte both are the same, so the line holding it starts at
  // the same byte on both sides.
  const auto mismatch = std::mismatch(e.out.begin(), e.out.end(), run.out.begin(), run.out.end());
  const auto at = static_cast<std::size_t>(mismatch.first - e.out.begin());
  const std::size_t newline = at == 0 ? std::string::npos : e.out.rfind('\n', at - 1);
  const std::size_t begin = newline == std::string::npos ? 0 : newline + 1;
  const std::size_t number = static_cast<std::size_t>(std::count(e.out.begin(), mismatch.first, '\n')) + 1;
  v.kind = Kind::output;
  v.puzzle_side = line_at(e.out, begin, number, at - begin);
  v.yours_side = line_at(run.out, begin, number, at - begin);
  return v;
}

// ==== The inputs: generated maps, a folder, the bad-input catalogue ===============

/// A map to run in the four modes.
struct MapInput {
  std::string name;    ///< map-007, or the file's name without .txt
  std::string origin;  ///< how to make it again: the mapgen command, or the file
  std::string text;
};

/// The generated maps' choices: std::mt19937_64's output is fixed by the standard, so a
/// seed gives the same maps on every machine (the raw output is used, not a
/// distribution, whose results the standard leaves to each library).
struct Random {
  std::mt19937_64 engine;
  std::uint32_t below(std::uint64_t n) { return static_cast<std::uint32_t>(engine() % n); }
  std::string share(int low_percent, int high_percent) {  // "0.07": a density for mapgen
    int p = low_percent + static_cast<int>(below(static_cast<std::uint64_t>(high_percent - low_percent + 1)));
    return fixed(p / 100.0, 2);
  }
};

/// tools/mapgen beside this program.
std::string mapgen_path() {
  char self[4096];
  ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  std::string dir = n > 0 ? std::string(self, static_cast<std::size_t>(n)) : "tools/compare";
  dir = dir.substr(0, dir.rfind('/') + 1);
  return dir + "mapgen";
}

/// Map `index` of `seed`: its size, colors, style, solvability and densities drawn at
/// random, the map made by tools/mapgen.
MapInput generated_map(const Options& options, std::size_t index, const std::string& mapgen) {
  Random random{std::mt19937_64(options.seed * 0x100000001B3ull + index)};
  std::uint32_t h = 1 + random.below(options.max_height), w = 1 + random.below(options.max_width);
  if (std::uint64_t{h} * w < 2) (options.max_width >= 2 ? w : h) = 2;
  const std::uint32_t pick = random.below(10);
  std::uint32_t colors = pick < 3 ? random.below(3) : pick < 7 ? random.below(9) : random.below(27);
  while (colors > 0 && std::uint64_t{colors} * h * w > 400000000) --colors;
  static const char* const kStyles[] = {"open", "maze", "rooms"};
  const char* style = kStyles[index % 3];
  const std::uint32_t s = random.below(10);
  std::string solvable = s < 5 ? "yes" : s < 8 ? "no" : "any";
  if (std::uint64_t{h} * w == 2) solvable = "any";  // mapgen: 2 cells are always solvable
  std::vector<std::string> args = {mapgen, "--seed", std::to_string(random.below(1000000000)),
                                   "--height", std::to_string(h), "--width", std::to_string(w),
                                   "--colors", std::to_string(colors), "--style", style,
                                   "--solvable", solvable, "--doors", random.share(0, 25),
                                   "--buttons", random.share(2, 20), "--traps", random.share(0, 10)};
  if (std::string(style) == "open") args.insert(args.end(), {"--walls", random.share(5, 35)});
  Run run = run_program(args, "/dev/null", 60, std::size_t{1} << 30);
  std::string command = "mapgen";
  for (std::size_t i = 1; i < args.size(); ++i) command += " " + args[i];
  if (run.end != Run::End::exited || run.code != 0)
    throw std::runtime_error(command + " failed: " + first_line_of(run.err));
  char name[32];
  std::snprintf(name, sizeof name, "map-%03zu", index + 1);
  return {name, command, run.out};
}

/// Every *.txt in `dir` but out-*.txt (puzzle's outputs, as --save names them), by name.
std::vector<std::string> map_files(const std::string& dir) {
  DIR* d = opendir(dir.c_str());
  if (!d) usage_error("--from " + dir + ": " + std::strerror(errno));
  std::vector<std::string> files;
  while (const dirent* entry = readdir(d)) {
    std::string name = entry->d_name;
    if (name.size() > 4 && name.compare(name.size() - 4, 4, ".txt") == 0 && name.rfind("out-", 0) != 0)
      files.push_back(name);
  }
  closedir(d);
  std::sort(files.begin(), files.end());
  if (files.empty()) usage_error("--from " + dir + ": no map (*.txt) in it");
  return files;
}

const char kSimple[] = "2 4 7\n// spec-simple\n@..A..b\n.a.#B##\n####...\n?..B.^^\n";

/// An input puzzle rejects: a command line or a map. `in_spec`: an error the spec lists
/// (a solver must catch it); otherwise malformed input that puzzle rejects but the spec
/// does not require a solver to check.
struct BadInput {
  const char* name;
  const char* args;
  const char* input;  ///< nullptr: the spec's simple example, a valid map
  bool in_spec;
};

const std::vector<BadInput>& bad_inputs() {
  static const std::vector<BadInput> kBad = {
      {"--stack and --queue", "--stack --queue", nullptr, true},
      {"-q and -s", "-q -s", nullptr, true},
      {"-sq", "-sq", nullptr, true},
      {"neither -s nor -q: -o map", "-o map", nullptr, true},
      {"no options", "", nullptr, true},
      {"-q twice", "-q --queue", nullptr, true},
      {"-s twice", "-s -s -o list", nullptr, true},
      {"-o map and -o list", "-q -o map -o list", nullptr, true},
      {"-o tree", "-q -o tree", nullptr, true},
      {"--output MAP", "--stack --output MAP", nullptr, true},
      {"unknown -x", "-q -x", nullptr, true},
      {"unknown --eecs281", "--queue --eecs281", nullptr, true},
      {"unknown in a bundle -qx", "-qx", nullptr, true},
      {"colors 27", "-q", "27 1 2\n@?\n", true},
      {"height 0", "-q", "0 0 2\n", true},
      {"width 0", "-s -o list", "0 1 0\n\n", true},
      {"'+' in the map", "-q", "0 1 3\n@+?\n", true},
      {"'!' on row 2", "-s -o list", "1 2 3\n@a.\n.!?\n", true},
      {"a space in the map", "-q", "0 1 3\n@ ?\n", true},
      {"door 'C' with 2 colors", "-q", "2 1 3\n@C?\n", true},
      {"button 'z' with 3 colors", "-q -o list", "3 1 3\n@z?\n", true},
      {"button 'a' with 0 colors", "-s", "0 1 3\n@a?\n", true},
      {"door 'A' with 0 colors", "-q", "0 1 3\n@A?\n", true},
      {"door 'Z' with 25 colors", "-s -o map", "25 1 3\n@Z?\n", true},
      {"no '@'", "-q", "0 1 2\n.?\n", true},
      {"two '@'", "-q", "0 1 3\n@@?\n", true},
      {"no '?'", "-s", "0 1 2\n@.\n", true},
      {"two '?'", "-q -o list", "0 2 2\n@?\n?.\n", true},
      {"two '?', far apart", "-s -o list", "1 3 3\n?a.\n.@.\n..?\n", true},
      {"a comment inside the map", "-q", "0 2 2\n@?\n// late\n..\n", true},
      {"-o without a value", "-q -o", nullptr, false},
      {"header only", "-s", "2 4 7\n", false},
      {"empty input", "-q", "", false},
      {"header not numbers: 2 four 7", "-q", "2 four 7\n@?\n", false},
      {"header of two numbers", "-q", "2 4\n@?\n", false},
      {"a missing row", "-q", "0 3 2\n@?\n..\n", false},
      {"a short row", "-q", "0 2 3\n@.?\n..\n", false},
      {"a long row", "-q", "0 2 3\n@.?\n....\n", false},
      {"a blank line inside the map", "-q", "0 2 2\n@?\n\n..\n", false},
  };
  return kBad;
}

// ==== Shrinking ===================================================================

/// A map as rows of characters, rebuilt as text for each candidate.
struct Grid {
  std::uint32_t colors = 0;
  std::vector<std::string> rows;

  std::uint32_t height() const { return static_cast<std::uint32_t>(rows.size()); }
  std::uint32_t width() const { return rows.empty() ? 0 : static_cast<std::uint32_t>(rows[0].size()); }
  std::string text(const std::vector<std::string>& comments) const {
    std::string t = std::to_string(colors) + " " + std::to_string(height()) + " " + std::to_string(width()) + "\n";
    for (const std::string& c : comments) t += "// " + c + "\n";
    for (const std::string& r : rows) t += r + "\n";
    return t;
  }
  bool find(char c, std::size_t& row, std::size_t& col) const {
    for (row = 0; row < rows.size(); ++row)
      if ((col = rows[row].find(c)) != std::string::npos) return true;
    return false;
  }
};

Grid grid_of(const puzzle::Puzzle& p) {
  Grid g;
  g.colors = p.colors;
  for (std::uint32_t r = 0; r < p.height; ++r) {
    std::string row(p.width, '.');
    for (std::uint32_t c = 0; c < p.width; ++c) row[c] = p.at(r, c);
    g.rows.push_back(row);
  }
  return g;
}

/// Runs candidates: does SOLVER still differ from puzzle the same way in this mode?
class Probe {
 public:
  Probe(const std::vector<std::string>& solver, const std::vector<std::string>& args, const Verdict& target,
        const Options& options, std::vector<std::string> comments)
      : solver_(solver), args_(args), target_(target), options_(options), comments_(std::move(comments)),
        start_(Clock::now()) {}

  /// True when `g` is a valid map on which the two differ as `target` did.
  bool still_differs(const Grid& g) {
    if (out_of_time()) return false;
    const std::string text = g.text(comments_);
    try {
      puzzle::parse_puzzle(text);  // one copy of the rules: a candidate is valid as puzzle says
    } catch (const puzzle::Error&) {
      return false;
    }
    ++tries_;
    last_ = verdict_of(text);
    return last_.kind == target_.kind && (target_.kind == Kind::output || last_.code == target_.code);
  }
  Verdict verdict_of(const std::string& text) { return verdict_of(text, args_); }
  Verdict verdict_of(const std::string& text, const std::vector<std::string>& args) {
    Expected e = reference(text, args);
    write_file(g_input_path, text);
    std::vector<std::string> argv = solver_;
    argv.insert(argv.end(), args.begin(), args.end());
    return judge(e, run_program(argv, g_input_path, options_.timeout, e.out.size() * 2 + 65536), options_.timeout);
  }
  bool out_of_time() const { return seconds_since(start_) > options_.shrink_time; }
  std::size_t tries() const { return tries_; }
  double seconds() const { return seconds_since(start_); }
  const std::vector<std::string>& comments() const { return comments_; }

 private:
  std::vector<std::string> solver_, args_;
  Verdict target_, last_;
  const Options& options_;
  std::vector<std::string> comments_;
  Clock::time_point start_;
  std::size_t tries_ = 0;
};

/// Tries `candidate(first, count)` over chunks of `count()` items, halving the chunk
/// from half the items down to one (as delta debugging does); a candidate that still
/// differs replaces `g`. True when anything was replaced.
bool reduce_in_chunks(Grid& g, Probe& probe, const std::function<std::size_t()>& count,
                      const std::function<bool(Grid&, std::size_t, std::size_t)>& candidate) {
  bool changed = false;
  for (std::size_t chunk = std::max<std::size_t>(1, count() / 2);; chunk /= 2) {
    for (std::size_t first = 0; first < count() && !probe.out_of_time();) {
      Grid c = g;
      if (candidate(c, first, std::min(chunk, count() - first)) && probe.still_differs(c)) {
        g = std::move(c);
        changed = true;
      } else {
        first += chunk;
      }
    }
    if (chunk <= 1) return changed;
  }
}

/// Drops rows (axis 0) or columns (axis 1) that hold neither '@' nor '?'.
bool drop_lines(Grid& g, Probe& probe, int axis) {
  auto count = [&] { return static_cast<std::size_t>(axis == 0 ? g.height() : g.width()); };
  return reduce_in_chunks(g, probe, count, [axis](Grid& c, std::size_t first, std::size_t n) {
    if (axis == 0) {
      for (std::size_t r = first; r < first + n; ++r)
        if (c.rows[r].find_first_of("@?") != std::string::npos) return false;
      c.rows.erase(c.rows.begin() + static_cast<std::ptrdiff_t>(first),
                   c.rows.begin() + static_cast<std::ptrdiff_t>(first + n));
      return !c.rows.empty();
    }
    for (std::string& row : c.rows) {
      if (row.substr(first, n).find_first_of("@?") != std::string::npos) return false;
      row.erase(first, n);
    }
    return c.width() > 0;
  });
}

/// One step simpler, cell by cell: a door, button or trap becomes floor, floor a wall.
bool simplify_cells(Grid& g, Probe& probe) {
  std::vector<std::pair<std::size_t, std::size_t>> cells;
  for (std::size_t r = 0; r < g.rows.size(); ++r)
    for (std::size_t c = 0; c < g.rows[r].size(); ++c)
      if (std::string_view("@?#").find(g.rows[r][c]) == std::string_view::npos) cells.emplace_back(r, c);
  return reduce_in_chunks(g, probe, [&] { return cells.size(); }, [&cells](Grid& c, std::size_t first, std::size_t n) {
    bool any = false;
    for (std::size_t i = first; i < first + n; ++i) {
      char& cell = c.rows[cells[i].first][cells[i].second];
      if (cell == '#' || cell == '@' || cell == '?') continue;
      cell = cell == '.' ? '#' : '.';
      any = true;
    }
    return any;
  });
}

/// Moves '@' and '?' one cell at a time towards each other (swapping with the cell
/// there) while the two still differ.
bool move_nearer(Grid& g, Probe& probe) {
  bool changed = false;
  for (bool moved = true; moved && !probe.out_of_time();) {
    moved = false;
    for (char who : {'@', '?'}) {
      std::size_t r, c, tr, tc;
      g.find(who, r, c);
      g.find(who == '@' ? '?' : '@', tr, tc);
      const std::pair<long, long> steps[] = {{tr > r ? 1 : tr < r ? -1 : 0, 0}, {0, tc > c ? 1 : tc < c ? -1 : 0}};
      for (auto [dr, dc] : steps) {
        if (dr == 0 && dc == 0) continue;
        const std::size_t nr = static_cast<std::size_t>(static_cast<long>(r) + dr);
        const std::size_t nc = static_cast<std::size_t>(static_cast<long>(c) + dc);
        if (nr == tr && nc == tc) continue;
        Grid cand = g;
        std::swap(cand.rows[r][c], cand.rows[nr][nc]);
        if (probe.still_differs(cand)) {
          g = std::move(cand);
          moved = changed = true;
          break;
        }
      }
    }
  }
  return changed;
}

/// Fewer colors: the highest color used takes the lowest unused one's letters, and
/// num_colors drops to the highest color used.
bool fewer_colors(Grid& g, Probe& probe) {
  bool changed = false;
  for (bool again = true; again && !probe.out_of_time();) {
    again = false;
    bool used[26] = {};
    for (const std::string& row : g.rows)
      for (char ch : row)
        if (std::isalpha(static_cast<unsigned char>(ch))) used[std::tolower(static_cast<unsigned char>(ch)) - 'a'] = true;
    std::uint32_t highest = 0;
    for (std::uint32_t k = 0; k < 26; ++k)
      if (used[k]) highest = k + 1;
    std::vector<Grid> candidates;
    if (highest < g.colors) {
      candidates.push_back(g);
      candidates.back().colors = highest;
    }
    for (std::uint32_t k = 0; k + 1 < highest; ++k) {
      if (used[k]) continue;
      Grid c = g;  // color highest-1 becomes color k
      for (std::string& row : c.rows)
        for (char& ch : row) {
          if (ch == static_cast<char>('a' + highest - 1)) ch = static_cast<char>('a' + k);
          if (ch == static_cast<char>('A' + highest - 1)) ch = static_cast<char>('A' + k);
        }
      c.colors = std::min(c.colors, highest - 1);
      candidates.push_back(c);
      break;
    }
    for (Grid& c : candidates) {
      if (probe.still_differs(c)) {
        g = std::move(c);
        again = changed = true;
        break;
      }
    }
  }
  return changed;
}

/// Shrinks `g` until no step keeps the difference (or the time is up).
Grid shrink(Grid g, Probe& probe) {
  for (bool changed = true; changed && !probe.out_of_time();) {
    changed = drop_lines(g, probe, 0);
    changed |= drop_lines(g, probe, 1);
    changed |= move_nearer(g, probe);
    changed |= fewer_colors(g, probe);
    changed |= simplify_cells(g, probe);
  }
  return g;
}

// ==== The comparison ==============================================================

/// A run that differed, for the report.
struct Difference {
  std::string input;  ///< the map's name (and size) or the bad input's
  std::string args;   ///< the options as spelled
  const Mode* mode = nullptr;  ///< nullptr for a bad input
  Verdict verdict;
};

std::string summary(const Verdict& v) {
  if (v.kind == Kind::output) return "puzzle " + v.puzzle_side + " | yours " + v.yours_side;
  return "puzzle " + v.puzzle_side + "; yours " + v.yours_side;
}

/// "7x9, 3 colors", or "invalid: WHY" for a map puzzle rejects.
std::string size_of(const std::string& text) {
  try {
    puzzle::Puzzle p = puzzle::parse_puzzle(text);
    return std::to_string(p.height) + "x" + std::to_string(p.width) + ", " + std::to_string(p.colors) +
           (p.colors == 1 ? " color" : " colors");
  } catch (const puzzle::Error& e) {
    return std::string("invalid: ") + e.what();
  }
}

/// The lowest N with no test-N-*.txt in `dir`.
std::size_t free_test_number(const std::string& dir) {
  std::vector<bool> taken(1, true);
  if (DIR* d = opendir(dir.c_str())) {
    while (const dirent* entry = readdir(d)) {
      unsigned n = 0;
      if (std::sscanf(entry->d_name, "test-%u-", &n) == 1) {
        if (taken.size() <= n) taken.resize(n + 1, false);
        taken[n] = true;
      }
    }
    closedir(d);
  }
  std::size_t n = 1;
  while (n < taken.size() && taken[n]) ++n;
  return n;
}

class Comparison {
 public:
  explicit Comparison(const Options& options) : options_(options), start_(Clock::now()) {
    solver_ = options.solver;
    solver_[0] = resolve_solver(solver_[0]);
  }

  int run() {
    std::vector<std::string> files;
    const std::string mapgen = mapgen_path();
    if (!options_.from.empty()) {
      files = map_files(options_.from);
    } else if (options_.maps > 0 && access(mapgen.c_str(), X_OK) != 0) {
      throw std::runtime_error(mapgen + " is missing: run 'make tools'");
    }
    if (!options_.save_dir.empty()) make_dirs(options_.save_dir);
    const std::size_t maps = options_.from.empty() ? options_.maps : files.size();
    std::string solver;
    for (const std::string& word : options_.solver) solver += (solver.empty() ? "" : " ") + word;
    const std::string source = options_.from.empty()
                                   ? "maps (mapgen, seed " + std::to_string(options_.seed) + ", up to " +
                                         std::to_string(options_.max_height) + "x" + std::to_string(options_.max_width) + ")"
                                   : "maps from " + options_.from;
    std::fprintf(stderr, "compare: %s against puzzle: %zu %s x 4 modes, then %zu bad inputs; timeout %s s a run\n",
                 solver.c_str(), maps, source.c_str(), bad_inputs().size(), fixed(options_.timeout, 1).c_str());
    Clock::time_point last_progress = Clock::now();
    for (std::size_t i = 0; i < maps && !stopped(); ++i) {
      MapInput map = options_.from.empty()
                         ? generated_map(options_, i, mapgen)
                         : MapInput{files[i].substr(0, files[i].size() - 4), options_.from + "/" + files[i],
                                    read_file(options_.from + "/" + files[i])};
      run_map(map, i);
      if (i + 1 == maps || seconds_since(last_progress) >= 2 || (i + 1) % std::max<std::size_t>(1, maps / 4) == 0) {
        std::fprintf(stderr, "compare: %zu of %zu maps, %zu runs, %zu differ (%s s)\n", i + 1, maps, runs_,
                     differing_, fixed(seconds_since(start_), 1).c_str());
        last_progress = Clock::now();
      }
    }
    for (const BadInput& bad : bad_inputs()) {
      if (stopped()) break;
      run_bad(bad);
    }
    std::fprintf(stderr, "compare: %s, %zu runs in all, %zu differ (%s s)\n",
                 stopped() ? "stopped after the timeouts" : "bad inputs done", runs_, differing_,
                 fixed(seconds_since(start_), 1).c_str());
    report();
    std::printf("compare: %zu of %zu runs differ\n", differing_, runs_);
    return differing_ == 0 ? 0 : 1;
  }

 private:
  static constexpr std::size_t kShown = 20;     ///< differing runs listed one a line
  static constexpr std::size_t kMaxHangs = 10;  ///< timed-out runs before the rest is skipped

  bool stopped() const { return hangs_ >= kMaxHangs; }

  /// One run: SOLVER and puzzle on `input` with `args`; counts and returns the verdict.
  Verdict run_one(const std::string& input, const std::string& args_text) {
    std::vector<std::string> args = words_of(args_text);
    Expected e = reference(input, args);
    std::vector<std::string> argv = solver_;
    argv.insert(argv.end(), args.begin(), args.end());
    Run run = run_program(argv, g_input_path, options_.timeout, e.rejected ? 65536 : e.out.size() * 2 + 65536);
    Verdict v = judge(e, run, options_.timeout);
    ++runs_;
    if (v.kind == Kind::timeout) ++hangs_;
    if (v.kind != Kind::same) ++differing_;
    return v;
  }

  /// Lists a differing run (the first kShown of them).
  void note(const Difference& d) {
    if (d.mode) ++by_mode_[mode_name(*d.mode)];
    if (differing_ <= kShown) {
      std::printf("differs: %s with %s: %s\n", d.input.c_str(), d.args.c_str(), summary(d.verdict).c_str());
      std::fflush(stdout);
    }
  }

  void run_map(const MapInput& map, std::size_t index) {
    write_file(g_input_path, map.text);
    const std::string size = size_of(map.text);
    const std::string label = map.name + " (" + size + ")";
    for (const Mode& mode : modes()) {
      if (stopped()) return;
      const std::string& args = mode.spellings[index % mode.spellings.size()];
      Verdict v = run_one(map.text, args);
      if (v.kind == Kind::same) continue;
      Difference d{label, args, &mode, v};
      if (!first_map_ && size.rfind("invalid", 0) != 0) {  // the first on a valid map: shrunk at the end
        first_map_ = map;
        first_ = d;
      }
      note(d);
    }
    if (!options_.save_dir.empty()) save(map);
  }

  void run_bad(const BadInput& bad) {
    const std::string input = bad.input ? bad.input : kSimple;
    write_file(g_input_path, input);
    Verdict v = run_one(input, bad.args);
    if (v.kind == Kind::same) return;
    std::string label = std::string("bad input [") + bad.name + "]";
    if (!bad.in_spec) label += " (beyond the spec's list of errors)";
    note({label, *bad.args ? bad.args : "(no options)", nullptr, v});
  }

  /// --save: the map and puzzle's four outputs, named as the course names its samples.
  void save(const MapInput& map) {
    const std::string base = options_.save_dir + "/";
    write_file(base + map.name + ".txt", map.text);
    for (const Mode& mode : modes()) {
      Expected e = reference(map.text, words_of(mode.spellings[0]));
      if (e.rejected) return;  // an invalid map of --from: no outputs
      write_file(base + "out-" + map.name + "-" + (mode.container == 'q' ? "queue" : "stack") + "-" +
                     (mode.output == 'l' ? "list" : "map") + ".txt",
                 e.out);
    }
  }

  void report() {
    if (differing_ > kShown) std::printf("... and %zu more differing runs\n", differing_ - kShown);
    if (!by_mode_.empty()) {
      std::string line = "differing runs by mode:";
      for (const Mode& mode : modes()) line += " " + mode_name(mode) + " " + std::to_string(by_mode_[mode_name(mode)]);
      std::printf("%s\n", line.c_str());
    }
    if (stopped())
      std::printf("compare: %zu runs timed out: the other maps and bad inputs were skipped (each would take the\n"
                  "whole --timeout)\n", hangs_);
    if (first_map_) shrink_first(*first_map_, first_);
  }

  /// Shrinks the first difference on a valid map, writes it as a test file and
  /// prints "smallest: PATH FLAGS" and each side's first differing line.
  void shrink_first(const MapInput& map, const Difference& d) {
    const Grid original = grid_of(puzzle::parse_puzzle(map.text));
    const std::string from = "compare: shrunk from " + map.name + " (" + map.origin + ")";
    Probe probe(solver_, words_of(d.args), d.verdict, options_, {from});
    std::fprintf(stderr, "compare: shrinking %s in %s (%s) for up to %s s\n", d.input.c_str(), d.args.c_str(),
                 mode_name(*d.mode).c_str(), fixed(options_.shrink_time, 0).c_str());
    Grid small = original;
    if (options_.shrink_time > 0 && probe.still_differs(original)) small = shrink(original, probe);
    const std::string took = std::to_string(probe.tries()) + " tries, " + fixed(probe.seconds(), 1) + " s";
    std::fprintf(stderr, "compare: shrunk %ux%u to %ux%u (%s)\n", original.height(), original.width(), small.height(),
                 small.width(), took.c_str());

    // The test file: the comment says what differed; checked once more as written.
    std::vector<std::string> comments = probe.comments();
    Verdict v = probe.verdict_of(small.text(comments));
    const std::string what = std::string(v.kind == Kind::same ? "no longer differs" : "differs") + " from puzzle with " +
                             d.args + ": " + summary(v.kind == Kind::same ? d.verdict : v);
    comments.push_back(options_.solver[0] + " " + what);
    Verdict written = probe.verdict_of(small.text(comments));
    if (written.kind != v.kind) comments.pop_back();  // the longer comment changed things: keep what was checked
    else v = written;
    make_dirs(options_.out_dir);
    const std::string flags{d.mode->container, d.mode->output};
    const std::string path = options_.out_dir + "/test-" + std::to_string(free_test_number(options_.out_dir)) + "-" + flags + ".txt";
    write_file(path, small.text(comments));

    std::printf("shrunk %s to %ux%u, %u %s (%s):\n", d.input.c_str(), small.height(), small.width(), small.colors,
                small.colors == 1 ? "color" : "colors", took.c_str());
    for (const std::string& row : small.rows) std::printf("    %s\n", row.c_str());
    if (small.height() > 10 || small.width() > 10)
      std::printf("note: larger than 10x10: not a valid test file for the course (try --max-size 10x10)\n");
    std::printf("smallest: %s %s\n", path.c_str(), d.args.c_str());
    if (v.kind == Kind::same) {
      std::printf("note: the two no longer differ on it (a difference that comes and goes?)\n");
      v = d.verdict;
    }
    std::printf("puzzle: %s\n", v.puzzle_side.c_str());
    std::printf("yours:  %s\n", v.yours_side.c_str());
    // A difference that only this spelling of the options shows is in the option parsing.
    const std::string plain = std::string("-") + d.mode->container + " -o " + (d.mode->output == 'l' ? "list" : "map");
    if (plain != d.args && probe.verdict_of(small.text(comments), words_of(plain)).kind == Kind::same)
      std::printf("note: with '%s' the two agree on it: your solver reads the options '%s' wrong\n", plain.c_str(),
                  d.args.c_str());
  }

  const Options& options_;
  std::vector<std::string> solver_;  ///< SOLVER (resolved) and its ARGs
  Clock::time_point start_;
  std::size_t runs_ = 0, differing_ = 0, hangs_ = 0;
  std::optional<MapInput> first_map_;  ///< the map of the first difference on a map
  Difference first_;                   ///< that difference, shrunk at the end
  std::map<std::string, std::size_t> by_mode_;
};

}  // namespace compare

int main(int argc, char* argv[]) {
  using namespace compare;
  try {
    Options options = compare::parse_options(argc, argv);
    if (options.help) {
      std::fputs(kUsage, stdout);
      return 0;
    }
    Comparison comparison(options);  // checks SOLVER: a usage error when it cannot run
    const char* tmpdir = std::getenv("TMPDIR");
    std::string pattern = std::string(tmpdir && *tmpdir ? tmpdir : "/tmp") + "/compare-input-XXXXXX";
    std::vector<char> path(pattern.begin(), pattern.end());
    path.push_back('\0');
    int fd = mkstemp(path.data());
    if (fd < 0) throw std::runtime_error(std::string("cannot make a temporary file: ") + std::strerror(errno));
    close(fd);
    g_input_path = path.data();
    signal(SIGINT, on_interrupt);
    signal(SIGTERM, on_interrupt);
    signal(SIGPIPE, SIG_IGN);
    int status;
    try {
      status = comparison.run();
    } catch (...) {
      unlink(g_input_path.c_str());
      throw;
    }
    unlink(g_input_path.c_str());
    return status;
  } catch (const UsageError& e) {
    std::fprintf(stderr, "compare: error: %s (tools/compare --help)\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "compare: error: %s\n", e.what());
    return 2;
  }
}
