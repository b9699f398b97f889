// Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
// Tests of the pieces the tools share: tools/core.h (one table per command: parsing,
// help printed from the table, numbers, files whole or as streams of lines, the
// exit-status convention) and tools/runner.h (a program run in a process group of its
// own, killed when it ends or after its time); and, through the built tools, that
// every tool follows the convention: a usage error exits 2 with "TOOL: error: ..." and
// a pointer to --help, and every --help states the exit statuses.

#include <gtest/gtest.h>

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <string>
#include <vector>

#include "tests/util.h"
#include "tools/core.h"
#include "tools/runner.h"
#include "tools/solution.h"

namespace {

using namespace testutil;  // tests/util.h

// ==== CoreTest: one table per command ===============================================

/// What a test command's options set.
struct Seen {
  bool flag = false;
  std::string value;
  std::uint64_t count = 0;
};

core::Command test_command(Seen& seen, bool end_at_argument = false, bool help_alone = false) {
  core::Command c{
      "demo",
      "tools/demo [OPTIONS] FILE",
      "Does nothing, carefully.\n",
      {
          {0, nullptr, nullptr, "Group:", nullptr},
          {'f', "flag", nullptr, "a flag", [&seen](const char*) { seen.flag = true; }},
          {'v', "value", "TEXT", "a value\nover two lines", [&seen](const char* v) { seen.value = v; }},
          {0, "count", "N", "a count of 1 to 9", [&seen](const char* v) { seen.count = core::parse_count("--count", v, 1, 9); }},
          {'x', nullptr, "X", "short only", [&seen](const char* v) { seen.value = std::string("x:") + v; }},
      },
      "After the table.\n",
      "it did nothing",
      "it found something",
      "a FILE that cannot be read",
  };
  c.options_end_at_first_argument = end_at_argument;
  c.help_alone = help_alone;
  return c;
}

/// core::parse on a command line given as words (argv[0] is added).
core::Parsed parse_words(const core::Command& c, std::vector<std::string> words) {
  words.insert(words.begin(), "demo");
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(&w[0]);
  argv.push_back(nullptr);
  return core::parse(c, static_cast<int>(words.size()), argv.data());
}

/// The message of the UsageError that parsing `words` throws, or "" when none.
std::string usage_error_of(std::vector<std::string> words, bool help_alone = false) {
  Seen seen;
  try {
    parse_words(test_command(seen, false, help_alone), std::move(words));
  } catch (const core::UsageError& e) {
    return e.what();
  }
  return "";
}

TEST(CoreTest, ParseAppliesTheTableInAnyOrderAndReturnsTheArguments) {
  Seen seen;
  const core::Parsed p = parse_words(test_command(seen), {"a", "-f", "--value=v1", "b", "--count", "7", "-x", "y"});
  EXPECT_TRUE(seen.flag);
  EXPECT_EQ(seen.value, "x:y");
  EXPECT_EQ(seen.count, 7u);
  EXPECT_FALSE(p.help);
  EXPECT_EQ(p.args, (std::vector<std::string>{"a", "b"}));
  Seen bundled;
  const core::Parsed q = parse_words(test_command(bundled), {"-fv", "two words", "--", "-f"});
  EXPECT_TRUE(bundled.flag);
  EXPECT_EQ(bundled.value, "two words");
  EXPECT_EQ(q.args, (std::vector<std::string>{"-f"}));  // "--" ends the options
  Seen prefix;
  parse_words(test_command(prefix), {"--val", "p", "--fl"});  // unique prefixes, as getopt_long allows
  EXPECT_EQ(prefix.value, "p");
  EXPECT_TRUE(prefix.flag);
}

TEST(CoreTest, OptionsCanEndAtTheFirstArgument) {
  Seen seen;
  const core::Parsed p = parse_words(test_command(seen, true), {"-f", "SOLVER", "-v", "its own", "--flag"});
  EXPECT_TRUE(seen.flag);
  EXPECT_EQ(seen.value, "");
  EXPECT_EQ(p.args, (std::vector<std::string>{"SOLVER", "-v", "its own", "--flag"}));
}

TEST(CoreTest, EveryMistakeIsAUsageErrorNamingIt) {
  EXPECT_EQ(usage_error_of({"-y"}), "unknown option '-y'");
  EXPECT_EQ(usage_error_of({"-fy"}), "unknown option '-y'");
  EXPECT_EQ(usage_error_of({"--bogus"}), "unknown option '--bogus'");
  EXPECT_EQ(usage_error_of({"--bogus=3"}), "unknown option '--bogus=3'");
  EXPECT_EQ(usage_error_of({"--flag=yes"}), "option '--flag' takes no value");
  EXPECT_EQ(usage_error_of({"-v"}), "option '-v' needs an argument");
  EXPECT_EQ(usage_error_of({"--value"}), "option '--value' needs an argument");
  EXPECT_EQ(usage_error_of({"--count", "0"}), "--count needs a whole number from 1 to 9, not '0'");
  EXPECT_EQ(usage_error_of({"--count=x"}), "--count needs a whole number from 1 to 9, not 'x'");
  // The whole line is read before help is honoured: a mistake beside --help is one.
  EXPECT_EQ(usage_error_of({"--help", "-y"}), "unknown option '-y'");
  EXPECT_EQ(usage_error_of({"-y", "-h"}), "unknown option '-y'");
  EXPECT_EQ(usage_error_of({"-h", "-f"}), "");
  // help_alone: help with another option is an error, and the help goes to stderr.
  ::testing::internal::CaptureStderr();
  EXPECT_EQ(usage_error_of({"-h", "-f"}, true).rfind("--help is given with other options", 0), 0u);
  EXPECT_EQ(::testing::internal::GetCapturedStderr().rfind("Usage: tools/demo", 0), 0u);
  Seen seen;
  EXPECT_TRUE(parse_words(test_command(seen, false, true), {"--help"}).help);
}

TEST(CoreTest, TheHelpIsPrintedFromTheTable) {
  Seen seen;
  const std::string help = core::help_text(test_command(seen));
  EXPECT_EQ(help,
            "Usage: tools/demo [OPTIONS] FILE\n"
            "Does nothing, carefully.\n"
            "\n"
            "Group:\n"
            "  -f, --flag            a flag\n"
            "  -v, --value TEXT      a value\n"
            "                        over two lines\n"
            "      --count N         a count of 1 to 9\n"
            "  -x X                  short only\n"
            "  -h, --help            print this help and exit\n"
            "\n"
            "After the table.\n"
            "\n"
            "Exit status (the same for every tool here): 0 it did nothing; 1 it found something; 2 an\n"
            "error, with its message on stderr: bad usage (an unknown option, a bad value, a missing\n"
            "argument) or a FILE that cannot be read.\n");
  core::Command quiet = test_command(seen);
  quiet.exit_verdict = nullptr;
  EXPECT_NE(core::exit_status_help(quiet).find("It never exits 1."), std::string::npos);
}

TEST(CoreTest, AChoiceListsItsWordsAndSetsTheEnumeratorOfTheWordGiven) {
  enum class Shape { round, square, flat } shape = Shape::round;
  const core::Command c{"demo", "tools/demo [OPTIONS]", "", {core::choice("shape", "S", {"round", "square", "flat"},
                                                                           "[round]\nhow it looks", shape)},
                        "", "done"};
  parse_words(c, {"--shape", "flat"});
  EXPECT_EQ(shape, Shape::flat);
  parse_words(c, {"--shape=square"});
  EXPECT_EQ(shape, Shape::square);
  EXPECT_NE(core::help_text(c).find("      --shape S         round, square or flat [round]\n"
                                    "                        how it looks\n"),
            std::string::npos)
      << core::help_text(c);
  for (const char* bad : {"Flat", "squar", "", "round "}) {
    try {
      parse_words(c, {"--shape", bad});
      ADD_FAILURE() << "'" << bad << "' was taken";
    } catch (const core::UsageError& e) {
      EXPECT_EQ(std::string(e.what()), std::string("--shape must be round, square or flat, not '") + bad + "'");
    }
  }
  EXPECT_EQ(shape, Shape::square);
}

TEST(CoreTest, NumbersAreCheckedWithTheirRange) {
  EXPECT_EQ(core::parse_count("--n", "0"), 0u);
  EXPECT_EQ(core::parse_count("--n", "18446744073709551615"), UINT64_MAX);
  for (const char* bad : {"", "-1", "+1", " 1", "1 ", "1e3", "0x10", "18446744073709551616"}) {
    EXPECT_THROW(core::parse_count("--n", bad), core::UsageError) << bad;
  }
  EXPECT_THROW(core::parse_count("--n", "11", 0, 10), core::UsageError);
  EXPECT_DOUBLE_EQ(core::parse_decimal("--t", "0.5", 0, 1), 0.5);
  EXPECT_DOUBLE_EQ(core::parse_decimal("--t", "1e-3", 0, 1), 0.001);
  for (const char* bad : {"", "nan", "-0.1", "1.5", " 0.5", "0.5s", "inf"}) {
    EXPECT_THROW(core::parse_decimal("--t", bad, 0, 1), core::UsageError) << bad;
  }
  try {
    core::parse_decimal("--timeout", "x", 0.001, 86400, "seconds");
  } catch (const core::UsageError& e) {
    EXPECT_STREQ(e.what(), "--timeout needs seconds from 0.001 to 86400, not 'x'");
  }
}

TEST(CoreTest, FilesAreReadWrittenAndTheirFoldersMade) {
  TempFile dir_base;
  const std::string dir = dir_base.path() + ".d/a/b";
  core::make_dirs(dir);
  core::make_dirs(dir);  // already there: fine
  const std::string file = dir + "/f.txt";
  const std::string bytes("line\n\0\xff", 7);
  core::write_file(file, bytes);
  EXPECT_EQ(core::read_file(file), bytes);
  try {
    core::read_file(dir + "/none.txt");
    ADD_FAILURE() << "read a missing file";
  } catch (const core::Error& e) {
    EXPECT_EQ(std::string(e.what()), dir + "/none.txt: cannot open: No such file or directory");
  }
  EXPECT_THROW(core::read_file(dir), core::Error);  // a folder
  EXPECT_THROW(core::write_file(dir + "/no/such/f.txt", "x"), core::Error);
  std::remove(file.c_str());
  for (const std::string& d : {dir, dir_base.path() + ".d/a", dir_base.path() + ".d"}) rmdir(d.c_str());
}

TEST(ReaderTest, AReaderGivesLinesCutAtTheirLimitAndReadsNoFurther) {
  // tools/solution.h's Reader, puzzle.cpp's Input on a file: lines in one block and
  // across blocks (64 KB), one cut at its limit, the last without its "\n"; line()
  // counts the lines ended.
  const std::string across(70000, 'x');
  TempFile file("ab\n" + across + "\n" + std::string(100, 'y') + "\nlast");
  solution::Reader in(file.path());
  std::string_view line;
  ASSERT_TRUE(in.next_line(line, 10));
  EXPECT_EQ(line, "ab");
  ASSERT_TRUE(in.next_line(line, 100000));
  EXPECT_EQ(line, across);
  EXPECT_EQ(in.line(), 3u);
  ASSERT_TRUE(in.next_line(line, 10));  // cut: 11 bytes, the rest left unread
  EXPECT_EQ(line, std::string(11, 'y'));
  ASSERT_TRUE(in.ready());
  EXPECT_EQ(in.bytes().substr(0, 2), "yy");
  in.skip(89);
  in.end_line();
  ASSERT_TRUE(in.next_line(line, 10));
  EXPECT_EQ(line, "last");
  EXPECT_FALSE(in.next_line(line, 10));
  EXPECT_EQ(in.name(), file.path());
  // Endless input: the first line is cut at its limit, at once.
  solution::Reader zero("/dev/zero");
  ASSERT_TRUE(zero.next_line(line, 64));
  EXPECT_EQ(line, std::string(65, '\0'));
  try {
    solution::Reader missing(file.path() + ".none");
    ADD_FAILURE() << "opened a missing file";
  } catch (const core::Error& e) {
    EXPECT_EQ(std::string(e.what()), file.path() + ".none: cannot open: No such file or directory");
  }
  solution::Reader folder("tests");
  try {
    folder.ready();
    ADD_FAILURE() << "read a folder";
  } catch (const puzzle::Error& e) {
    EXPECT_EQ(std::string(e.what()), "tests: cannot read: Is a directory");
  }
}

TEST(CoreTest, AValueGivenTwiceIsAUsageErrorWhereTheCommandSaysSo) {
  Seen seen;
  core::Command once = test_command(seen);
  once.values_once = true;
  EXPECT_THROW(parse_words(once, {"--value", "a", "-v", "b"}), core::UsageError);
  try {
    parse_words(once, {"--count", "1", "--count", "2"});
    ADD_FAILURE() << "no error";
  } catch (const core::UsageError& e) {
    EXPECT_STREQ(e.what(), "--count is given twice: give it once");
  }
  EXPECT_NO_THROW(parse_words(once, {"-f", "-f", "--value", "a"}));  // flags may repeat
  Seen last;
  parse_words(test_command(last), {"--value", "a", "--value", "b"});  // by default the last wins
  EXPECT_EQ(last.value, "b");
}

TEST(CoreTest, RunMainTurnsErrorsIntoTheConvention) {
  auto run_main = [](const std::function<int()>& body, std::string& err) {
    ::testing::internal::CaptureStderr();
    const int status = core::run_main("demo", body);
    err = ::testing::internal::GetCapturedStderr();
    return status;
  };
  std::string err;
  EXPECT_EQ(run_main([] { return 1; }, err), 1);
  EXPECT_EQ(err, "");
  EXPECT_EQ(run_main([]() -> int { core::usage_error("no FILE"); }, err), core::kExitError);
  EXPECT_EQ(err, "demo: error: no FILE\nTry 'tools/demo --help'.\n");
  EXPECT_EQ(run_main([]() -> int { core::fail("x.txt: cannot open"); }, err), 2);
  EXPECT_EQ(err, "demo: error: x.txt: cannot open\n");
  EXPECT_EQ(run_main([]() -> int { throw std::bad_alloc(); }, err), 2);
  EXPECT_EQ(err, "demo: error: not enough memory\n");
}

// ==== ToolsTest: every tool follows the convention ===================================

TEST(ToolsTest, EveryToolExitsTwoOnAUsageErrorAndStatesTheConventionInItsHelp) {
  for (const char* tool_path : {"tools/check", "tools/compare", "tools/show", "tools/mapgen", "bench/measure", "bench/floor"}) {
    SCOPED_TRACE(tool_path);
    const std::string path = tool_path, tool = path.substr(path.find('/') + 1);
    Result bad = run(path + " --bogus");
    EXPECT_EQ(bad.status, core::kExitError);
    EXPECT_EQ(bad.out, "");
    EXPECT_EQ(bad.err, std::string(tool) + ": error: unknown option '--bogus'\nTry '" + path + " --help'.\n");
    Result help = run(path + " --help");
    EXPECT_EQ(help.status, core::kExitOk);
    EXPECT_EQ(help.out.rfind("Usage: " + path, 0), 0u) << help.out;
    EXPECT_NE(help.out.find("\nExit status (the same for every tool here): 0 "), std::string::npos) << help.out;
    EXPECT_EQ(help.err, "");
  }
  // grade, in bash, says the same (tests/grade.sh runs it).
  const std::string grade = read_file("tools/grade/grade");
  EXPECT_NE(grade.find("Exit status (the same for every tool here): 0 every check passed; 1 a check failed; 2 an"),
            std::string::npos);
}

// ==== RunnerTest: a program and everything it starts ===================================

/// A shell command as a program to run.
std::vector<std::string> sh(const std::string& command) { return {"/bin/sh", "-c", command}; }

/// One run of `command`, as tools run one: run_jobs with one job.
runner::Run run_one(const std::vector<std::string>& command, const std::string& input, double timeout, std::size_t cap) {
  return runner::run_jobs({runner::Job(command, input, timeout, cap)})[0];
}

/// How many processes have `name` as their command line's start.
int processes_named(const std::string& name) {
  return std::stoi(run("pgrep -fc '^" + name + "' || true").out);
}

TEST(RunnerTest, CapturesOutputStatusAndSignal) {
  TempFile input("piped in\n");
  runner::Run r = run_one(sh("cat; echo to-err >&2; exit 3"), input.path(), 5, 1 << 16);
  EXPECT_EQ(r.end, runner::Run::End::exited);
  EXPECT_EQ(r.code, 3);
  EXPECT_EQ(r.out, "piped in\n");
  EXPECT_EQ(r.err, "to-err\n");
  r = run_one(sh("kill -SEGV $$"), "/dev/null", 5, 100);
  EXPECT_EQ(r.end, runner::Run::End::signaled);
  EXPECT_EQ(r.code, SIGSEGV);
  r = run_one({"/no/such/program"}, "/dev/null", 5, 100);
  EXPECT_EQ(r.end, runner::Run::End::not_started);
  EXPECT_EQ(r.code, ENOENT);
  r = run_one(sh("head -c 100000 /dev/zero"), "/dev/null", 5, 1000);
  EXPECT_EQ(r.out.size(), 1000u);  // the rest read and dropped
  EXPECT_EQ(r.code, 0);
}

TEST(RunnerTest, KillsTheWholeGroupWhenTheProgramEndsOrItsTimeIsUp) {
  const std::string marker = "runner-test-" + std::to_string(getpid());
  // A background process that outlives the program, its output elsewhere.
  runner::Run r = run_one(sh("(exec -a " + marker + "-a sleep 97) > /dev/null 2>&1 & echo done"),
                                      "/dev/null", 5, 100);
  EXPECT_EQ(r.out, "done\n");
  usleep(200000);
  EXPECT_EQ(processes_named(marker + "-a"), 0);
  // One that holds the program's stdout: the run still ends when the program does.
  r = run_one(sh("(exec -a " + marker + "-b sleep 97) & echo done"), "/dev/null", 5, 100);
  EXPECT_EQ(r.end, runner::Run::End::exited);
  EXPECT_LT(r.seconds, 2);
  usleep(200000);
  EXPECT_EQ(processes_named(marker + "-b"), 0);
  // A program that runs past its time: killed with what it started.
  r = run_one(sh("(exec -a " + marker + "-c sleep 97) & sleep 98"), "/dev/null", 0.3, 100);
  EXPECT_EQ(r.end, runner::Run::End::timed_out);
  EXPECT_LT(r.seconds, 2);
  usleep(200000);
  EXPECT_EQ(processes_named(marker + "-c"), 0);
  // A process in a session of its own escapes the group (as documented): the run
  // still ends, after at most kGrace of reading its pipes.
  r = run_one(sh("setsid sh -c 'exec -a " + marker + "-d sleep 2' & echo done"), "/dev/null", 5, 100);
  EXPECT_EQ(r.end, runner::Run::End::exited);
  EXPECT_LT(r.seconds, 1.5);
}

TEST(RunnerTest, RunsJobsAtOnceAFunctionInAForkedCopyAmongThem) {
  TempFile out;
  std::vector<runner::Job> jobs(3);
  jobs[0].argv = sh("echo quick");
  jobs[1].body = [] { return usleep(800000) == 0 && std::puts("from the body") >= 0 ? 4 : 1; };
  jobs[1].out_file = out.path();
  jobs[2].argv = sh("echo next");
  std::vector<std::size_t> order;
  const std::vector<runner::Run> runs =
      runner::run_jobs(jobs, 2, [&](std::size_t i, const runner::Run&) { order.push_back(i); });
  EXPECT_EQ(runs[1].end, runner::Run::End::exited);
  EXPECT_EQ(runs[1].code, 4);
  EXPECT_GE(runs[1].seconds, 0.8);
  EXPECT_EQ(read_file(out.path()), "from the body\n");
  // The body did not hold the others back: they ran, were timed and ended beside it.
  EXPECT_EQ(runs[0].out, "quick\n");
  EXPECT_EQ(runs[2].out, "next\n");
  EXPECT_LT(runs[0].seconds, 0.5);
  EXPECT_LT(runs[2].seconds, 0.5);
  EXPECT_EQ(order, (std::vector<std::size_t>{0, 2, 1}));
}

TEST(RunnerTest, ResolvesAProgramAsAShellWouldAndSaysWhyNot) {
  EXPECT_EQ(runner::resolve_program("tools/check"), "tools/check");
  EXPECT_EQ(runner::resolve_program("sh").substr(runner::resolve_program("sh").size() - 3), "/sh");
  EXPECT_THROW(runner::resolve_program("no-such-program-here"), std::invalid_argument);
  EXPECT_THROW(runner::resolve_program("tools/"), std::invalid_argument);
  EXPECT_THROW(runner::resolve_program("tools/README-compare.md"), std::invalid_argument);
}

}  // namespace
