// Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
//
// tools/core.h: what every tool's command line shares. As git's parse-options, one table
// of options per command, read by parse() and printed by help_text(), so the two cannot
// drift; one policy for mistakes (run_main()) and one exit-status convention.

#ifndef PUZZLE_TOOLS_CORE_H
#define PUZZLE_TOOLS_CORE_H

#include <getopt.h>
#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <functional>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>

namespace core {

constexpr int kExitOk = 0;       ///< done; nothing wrong found
constexpr int kExitVerdict = 1;  ///< done; the verdict is negative (check, compare, grade)
constexpr int kExitError = 2;    ///< not done: bad usage, or an input that cannot be used

/// A bad command line: "TOOL: error: WHAT" and "Try 'tools/TOOL --help'.", exit 2.
struct UsageError : std::runtime_error { using std::runtime_error::runtime_error; };
/// Anything else that stops a tool: "TOOL: error: WHAT", exit 2.
struct Error : std::runtime_error { using std::runtime_error::runtime_error; };

[[noreturn]] inline void usage_error(const std::string& what) { throw UsageError(what); }
[[noreturn]] inline void fail(const std::string& what) { throw Error(what); }

/// One option of a command's table. An entry with neither name is a heading of the
/// help (its `help` printed as it is), so a long table can be shown in groups.
struct Option {
  char short_name;        ///< '\0': none
  const char* long_name;  ///< nullptr: none
  const char* value;      ///< nullptr: takes no value; else its name in the help ("N", "FILE")
  std::string help;       ///< the help text; each '\n' starts a new help line
  std::function<void(const char* value)> set;  ///< what the option does (value: nullptr if none)
};

struct Command {
  const char* name;      ///< "check": messages start "check: error: "
  const char* synopsis;  ///< "tools/check [OPTIONS] MAP [SOLUTION]"
  const char* about;     ///< the text between the synopsis and the options
  std::vector<Option> options;  ///< -h/--help is added by parse() and help_text()
  const char* after;     ///< the text after the options ("" for none)
  const char* exit_ok;   ///< what exit status 0 means for it ("every move is legal ...")
  const char* exit_verdict = nullptr;  ///< what 1 means; nullptr: it never exits 1
  const char* exit_error = "a file that cannot be read";  ///< inputs that make it exit 2
  bool options_end_at_first_argument = false;  ///< compare: what follows SOLVER is SOLVER's
  bool help_alone = false;  ///< mapgen: --help with other options is an error (no output)
  bool values_once = false;  ///< check, show: an option that takes a value may be given once
};

/// An option without a value that sets `target` to true.
inline Option flag(char short_name, const char* long_name, const std::string& help, bool& target) {
  return {short_name, long_name, nullptr, help, [&target](const char*) { target = true; }};
}

/// "a, b or c"
inline std::string words_text(const std::vector<const char*>& words) {
  std::string text;
  for (std::size_t i = 0; i < words.size(); ++i)
    text += std::string(i == 0 ? "" : i + 1 == words.size() ? " or " : ", ") + words[i];
  return text;
}

/// An option whose value is one of `words`: its help starts with them ("open, maze or
/// rooms"), and `target` gets the enumerator numbered as the word given.
template <typename Enum>
Option choice(const char* long_name, const char* value, const std::vector<const char*>& words,
              const std::string& help, Enum& target) {
  return {0, long_name, value, words_text(words) + (help.empty() || help[0] == '\n' ? "" : " ") + help,
          [long_name, words, &target](const char* given) {
            const auto is_given = [given](const char* word) { return std::strcmp(given, word) == 0; };
            const auto found = std::find_if(words.begin(), words.end(), is_given);
            if (found == words.end())
              usage_error(std::string("--") + long_name + " must be " + words_text(words) + ", not '" + given + "'");
            target = static_cast<Enum>(found - words.begin());
          }};
}

/// The exit-status paragraph every --help ends with.
inline std::string exit_status_help(const Command& command) {
  std::string text = std::string("Exit status (the same for every tool here): 0 ") + command.exit_ok + "; ";
  if (command.exit_verdict) text += std::string("1 ") + command.exit_verdict + "; ";
  text += std::string("2 an error, with its message on stderr: bad usage (an unknown option, a bad value, a "
                      "missing argument) or ") + command.exit_error + ".";
  if (!command.exit_verdict) text += " It never exits 1.";
  std::string wrapped;  // at 88 columns, at blanks
  while (text.size() > 88) {
    const std::size_t cut = text.rfind(' ', 88);
    wrapped += text.substr(0, cut) + "\n";
    text.erase(0, cut + 1);
  }
  return wrapped + text + "\n";
}

/// The help of a command, printed from its table ("  -m, --moves N" and its help lines).
inline std::string help_text(const Command& command) {
  constexpr std::size_t kColumn = 24;
  std::string text = std::string("Usage: ") + command.synopsis + "\n" + command.about;
  text += text.back() == '\n' ? "\n" : "\n\n";
  std::vector<Option> options = command.options;
  options.push_back({'h', "help", nullptr, "print this help and exit", nullptr});
  for (const Option& o : options) {
    if (!o.short_name && !o.long_name) {
      text += o.help + "\n";
      continue;
    }
    std::string left = "  ";
    left += o.short_name ? std::string("-") + o.short_name + (o.long_name ? ", " : "") : "    ";
    if (o.long_name) left += std::string("--") + o.long_name;
    if (o.value) left += std::string(" ") + o.value;
    if (left.size() + 1 >= kColumn) {  // too long for the column: help below
      text += left + "\n";
      left.clear();
    }
    for (std::size_t from = 0, newline = 0; newline != std::string::npos; from = newline + 1, left.clear()) {
      newline = o.help.find('\n', from);
      text += left + std::string(kColumn - left.size(), ' ') + o.help.substr(from, newline - from) + "\n";
    }
  }
  if (command.after && *command.after) text += std::string("\n") + command.after;
  if (!text.empty() && text.back() != '\n') text += "\n";
  return text + "\n" + exit_status_help(command);
}

/// What parse() found besides the options, which it applied through their `set`.
struct Parsed {
  bool help = false;               ///< -h or --help was given (and nothing was wrong)
  std::vector<std::string> args;   ///< the arguments that are not options, in order
};

/// Reads argv by the command's table, applying every option through its `set`. The whole
/// line is read before help is honoured, so a bad option beside --help is still an error.
inline Parsed parse(const Command& command, int argc, char* argv[]) {
  std::vector<Option> options = command.options;
  Parsed parsed;
  bool others = false;  // an option other than --help was given
  options.push_back({'h', "help", nullptr, "", [&](const char*) { parsed.help = true; }});
  std::vector<option> longs;
  std::string shorts = command.options_end_at_first_argument ? "+:" : ":";
  for (std::size_t i = 0; i < options.size(); ++i) {
    const Option& o = options[i];
    const int has_arg = o.value ? required_argument : no_argument;
    if (o.long_name) longs.push_back({o.long_name, has_arg, nullptr, static_cast<int>(1000 + i)});
    if (o.short_name) shorts += std::string(1, o.short_name) + (o.value ? ":" : "");
  }
  longs.push_back({nullptr, 0, nullptr, 0});
  std::vector<int> given(options.size(), 0);  // how often each option was given
  opterr = 0;
  optind = 0;
  int got;
  while ((got = getopt_long(argc, argv, shorts.c_str(), longs.data(), nullptr)) != -1) {
    if (got == ':' || got == '?') {  // named as the user wrote it: "--moves" or "-m"
      const std::string word = argv[optind - 1];
      const std::string name =
          optopt >= 1000 ? word.substr(0, word.find('=')) : std::string("-") + static_cast<char>(optopt);
      if (got == ':') usage_error("option '" + name + "' needs an argument");
      if (optopt >= 1000) usage_error("option '" + name + "' takes no value");
      usage_error("unknown option '" + (word.rfind("--", 0) == 0 ? word : name) + "'");
    }
    std::size_t at = got >= 1000 ? static_cast<std::size_t>(got - 1000) : 0;
    while (got < 1000 && options[at].short_name != got) ++at;  // getopt returns only the short names given it
    const Option& o = options[at];
    others = others || at + 1 != options.size();  // the last entry is --help
    if (o.value && command.values_once && ++given[at] > 1)
      usage_error(std::string(o.long_name ? "--" : "-") + (o.long_name ? o.long_name : std::string(1, o.short_name)) +
                  " is given twice: give it once");
    o.set(o.value ? optarg : nullptr);
  }
  for (int i = optind; i < argc; ++i) parsed.args.push_back(argv[i]);
  if (parsed.help && command.help_alone && others) {
    std::fputs(help_text(command).c_str(), stderr);
    usage_error("--help is given with other options: nothing else done (the help is above; alone, --help "
                "prints it on stdout)");
  }
  return parsed;
}

/// A whole number in MIN..MAX in decimal digits only (no sign, no blanks), or a usage error naming `option`.
inline std::uint64_t parse_count(const std::string& option, const char* text, std::uint64_t min = 0,
                                 std::uint64_t max = UINT64_MAX) {
  const std::string range = max == UINT64_MAX ? std::string(min == 0 ? "" : " of at least " + std::to_string(min))
                                              : " from " + std::to_string(min) + " to " + std::to_string(max);
  const std::string what = option + " needs a whole number" + range + ", not '" + text + "'";
  char* end = nullptr;
  errno = 0;
  const std::uint64_t value = std::strtoull(text, &end, 10);  // after a digit: no blank, no sign
  if (*text < '0' || *text > '9' || *end != '\0' || errno == ERANGE || value < min || value > max) usage_error(what);
  return value;
}

/// `value` in the fewest digits that read back as it ("0.5", "86400").
inline std::string decimal_text(double value) {
  char text[40];
  if (value == static_cast<double>(static_cast<long long>(value)) && value > -1e15 && value < 1e15) {
    std::snprintf(text, sizeof text, "%lld", static_cast<long long>(value));  // whole: no exponent
    return text;
  }
  for (int digits = 1; digits <= 17; ++digits) {
    std::snprintf(text, sizeof text, "%.*g", digits, value);
    if (std::strtod(text, nullptr) == value) break;
  }
  return text;
}

/// A decimal number in MIN..MAX ("0.5", "1e-3"; no blanks, not nan), or a usage error: `option` needs `what`.
inline double parse_decimal(const std::string& option, const char* text, double min, double max,
                            const std::string& what = "a number") {
  char* end = nullptr;
  const double value = std::strtod(text, &end);
  if (*text == '\0' || *text == ' ' || *text == '\t' || *end != '\0' || !(value >= min && value <= max))
    usage_error(option + " needs " + what + " from " + decimal_text(min) + " to " + decimal_text(max) + ", not '" +
                text + "'");
  return value;
}

/// The whole file at `path` ("": standard input), `name` naming it in messages. Reading
/// stops at the first short block, so one Ctrl-D ends a terminal's input.
inline std::string read_file(const std::string& path, const std::string& name = "") {
  const std::string shown = name.empty() ? (path.empty() ? "(standard input)" : path) : name;
  std::FILE* file = path.empty() ? stdin : std::fopen(path.c_str(), "rb");
  if (!file) fail(shown + ": cannot open: " + std::strerror(errno));
  std::string text;
  char block[1 << 16];
  for (std::size_t n = sizeof block; n == sizeof block;) {
    n = std::fread(block, 1, sizeof block, file);
    text.append(block, n);
  }
  const bool failed = std::ferror(file) != 0;
  const int error = errno;
  if (!path.empty()) std::fclose(file);
  if (failed) fail(shown + ": cannot read: " + std::strerror(error));
  return text;
}

inline void write_file(const std::string& path, const std::string& text) {
  std::FILE* file = std::fopen(path.c_str(), "wb");
  if (!file) fail(path + ": cannot create: " + std::strerror(errno));
  const bool written = std::fwrite(text.data(), 1, text.size(), file) == text.size();
  const int error = errno;
  if (std::fclose(file) != 0 || !written) fail(path + ": cannot write: " + std::strerror(written ? errno : error));
}

inline void make_dirs(const std::string& path) {
  for (std::size_t slash = path.find('/', 1);; slash = path.find('/', slash + 1)) {
    const std::string part = path.substr(0, slash);
    if (!part.empty() && mkdir(part.c_str(), 0777) != 0 && errno != EEXIST)
      fail("cannot make the folder " + part + ": " + std::strerror(errno));
    if (slash == std::string::npos) break;
  }
}

/// Runs a tool's body, turning what it throws into a message on stderr and exit status 2. `program`:
/// the tool's path from the repository's root ("bench/measure"), or its name in tools/ ("check").
inline int run_main(const std::string& program, const std::function<int()>& body) {
  const std::string path = program.find('/') == std::string::npos ? "tools/" + program : program;
  const std::string tool = path.substr(path.rfind('/') + 1);
  try {
    return body();
  } catch (const UsageError& e) {
    std::fprintf(stderr, "%s: error: %s\nTry '%s --help'.\n", tool.c_str(), e.what(), path.c_str());
  } catch (const std::bad_alloc&) {
    std::fprintf(stderr, "%s: error: not enough memory\n", tool.c_str());
  } catch (const std::exception& e) {  // Error, and the errors of what a tool compiles in
    std::fprintf(stderr, "%s: error: %s\n", tool.c_str(), e.what());
  }
  return kExitError;
}

}  // namespace core

#endif  // PUZZLE_TOOLS_CORE_H
