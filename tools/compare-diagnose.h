// Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
//
// tools/compare-diagnose.h: tools/compare's --diagnose. The known bugs (tools/bugs.h) run
// in this process on the input and options of each run: grow() adds bugs to the set,
// tell_apart() chooses between bugs that explain the same runs, prune() drops those not
// needed or seen by chance, confirm() tries each on new maps.

#ifndef PUZZLE_TOOLS_COMPARE_DIAGNOSE_H
#define PUZZLE_TOOLS_COMPARE_DIAGNOSE_H

#include "bugs.h"
#include "catalogue.h"
#include "compare-report.h"
#include "compare-verdict.h"
#include "core.h"
#include "runner.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace compare {

class Diagnosis {
 public:
  struct Settings {
    std::string only;     ///< --bugs: the known bugs to try (names between commas), or all
    std::string out_dir;  ///< --out: where the smallest maps go
    double timeout = 3;   ///< --timeout, to say how long a hang was
    Generated generated;  ///< the comparison's maps: those that tell two bugs apart are like them
  };

  static constexpr std::size_t kAgreeing = 2000;  ///< the sample of agreeing runs a set must keep
  static constexpr std::size_t kApartMaps = 400;  ///< new maps made to tell two bugs apart
  static constexpr double kApartSeconds = 4;      ///< and the time they may take
  static constexpr std::size_t kConfirmMaps = 200; ///< new maps made to confirm a bug
  static constexpr std::size_t kConfirmRuns = 6;   ///< runs of SOLVER that show it, at most
  static constexpr double kConfirmSeconds = 2;     ///< and the time they may take
  static constexpr std::size_t kScreen = 200;    ///< differing runs every bug is tried on alone first
  static constexpr int kRounds = 3;                ///< times the set is grown, each without the bugs refuted before

  /// Checks the names of --bugs: an unknown one is a usage error.
  explicit Diagnosis(Settings settings) : settings_(std::move(settings)) {
    allowed_.assign(bugs::all().size(), settings_.only.empty());
    std::istringstream names(settings_.only);
    for (std::string name; std::getline(names, name, ',');) {
      const int i = bugs::find(name);
      if (i < 0) core::usage_error("--bugs: no known bug '" + name + "' (tools/bugs --list lists them)");
      allowed_[static_cast<std::size_t>(i)] = true;
    }
  }

  /// A run of the comparison: SOLVER's run (`ran`) on `input` (named `name`) with `args`,
  /// in `mode` (nullptr: a bad input of the catalogue, `bad`). Whether it differs is
  /// judged here again, in SOLVER's edition. An input run again is kept once.
  void add_run(const std::string& input, const std::string& name, const std::string& args, const Mode* mode,
               const Ran& ran, const catalogue::BadInput* bad) {
    if (inputs_.empty() || inputs_.back() != input) inputs_.push_back(input);
    records_.push_back({inputs_.size() - 1, words_of(args), args, name, mode, bad, ran, false, ""});
  }

  /// The diagnosis, on stdout (progress on stderr).
  void report(const Solver& solver) {
    start_ = runner::Clock::now();
    solver_ = &solver;
    const std::vector<std::size_t> bad = judge_edition();
    if (differing_.empty() && bad.empty()) {
      std::printf("note: --diagnose: no run differs from puzzle's%s: there is no bug to name\n",
                  edition_ != edition() ? " in that edition" : "");
      return;
    }
    std::fprintf(stderr, "compare: --diagnose: %zu known bugs on %zu differing runs on maps and %zu bad inputs\n",
                 static_cast<std::size_t>(std::count(allowed_.begin(), allowed_.end(), true)), differing_.size(),
                 bad.size());
    // The sample of agreeing runs every set must keep reproducing (the same every time),
    // and the differing runs every bug is first tried on alone.
    std::mt19937_64 random(281);
    auto sample = [&random](std::vector<std::size_t> runs, std::size_t n) {
      for (std::size_t i = runs.size(); i > 1; --i) std::swap(runs[i - 1], runs[random() % i]);
      if (runs.size() > n) runs.resize(n);
      std::sort(runs.begin(), runs.end());
      return runs;
    };
    agreeing_ = sample(agreeing_all_, kAgreeing);
    screen_ = sample(differing_, kScreen);
    // A bug refuted on new maps stood in for another bug of SOLVER's: the set is grown
    // again without it. A bug dropped as chance may be true (tangled with bugs the family
    // lacks): it is not left out.
    for (int round = 0; round < kRounds; ++round) {
      set_.clear();
      notes_.clear();
      const std::size_t before = partly_.size();
      grow();
      prune();
      confirm();
      bool refuted = false;
      for (std::size_t i = before; i < partly_.size(); ++i)
        if (partly_[i].refuted) {
          allowed_[partly_[i].bug] = false;
          refuted = true;
        }
      if (!refuted || round + 1 == kRounds) break;
      // What the next round drops as chance again is said once.
      partly_.erase(std::remove_if(partly_.begin() + static_cast<std::ptrdiff_t>(before), partly_.end(),
                                   [](const Partly& p) { return !p.refuted; }),
                    partly_.end());
    }
    std::fprintf(stderr, "compare: --diagnose: %zu known %s named (%s s, %zu runs of the bugs)\n", set_.size(),
                 set_.size() == 1 ? "bug" : "bugs", fixed(seconds(), 1).c_str(), bug_runs_);
    print_bugs();
    print_unexplained();
    print_bad(bad);
    std::size_t explained = 0;
    for (std::size_t r : differing_) explained += !claim_[r].empty();
    if (differing_.empty())
      std::printf("diagnosis: every run on a map agrees; only the %zu bad %s above differ%s\n", bad.size(),
                  bad.size() == 1 ? "input" : "inputs", bad.size() == 1 ? "s" : "");
    else if (explained == 0)
      std::printf("diagnosis: no known bug explains any difference\n");
    else
      std::printf("diagnosis: %zu known %s explain%s %zu of %zu differing runs\n", set_.size(),
                  set_.size() == 1 ? "bug" : "bugs", set_.size() == 1 ? "s" : "", explained, differing_.size());
    std::fprintf(stderr, "compare: --diagnose: done (%s s)\n", fixed(seconds(), 1).c_str());
  }

 private:
  /// A run of the comparison, and puzzle's side of it.
  struct Record {
    std::size_t input = 0;
    std::vector<std::string> args;  ///< the options' words
    std::string spelled;            ///< as spelled ("" for none)
    std::string name;               ///< the map's, or the bad input's
    const Mode* mode = nullptr;     ///< nullptr: a bad input of the catalogue
    const catalogue::BadInput* bad = nullptr;
    Ran ran;                        ///< SOLVER's run
    bool rejected = false;          ///< puzzle rejects it: a bad input
    std::string expected;           ///< puzzle's stdout (in 2023's edition), or its message
  };

  double seconds() const { return runner::seconds_since(start_); }

  static bool alike(const bugs::Outcome& a, const bugs::Outcome& b) {
    return a.out == b.out && a.status == b.status && a.signal == b.signal && a.hangs == b.hangs;
  }

  bugs::Set set_of(const std::vector<std::size_t>& bugs_on) const {
    bugs::Set s(bugs::all().size(), false);
    for (std::size_t b : bugs_on) s[b] = true;
    return s;
  }

  bugs::Outcome run_bugs(const bugs::Set& on, std::size_t r) {
    ++bug_runs_;
    return bugs::run(on, records_[r].args, inputs_[records_[r].input]);
  }

  /// Whether `o` is SOLVER's run `s`: the same exit status (or signal, or a hang) and
  /// stdout, in SOLVER's edition. On an error exit stdout counts only as empty or not (a
  /// message is each solver's own words); a stdout cut at the cap, up to the cap.
  bool same(const Ran& s, const bugs::Outcome& o) const {
    const runner::Run& r = s.run;
    if (r.end == runner::Run::End::timed_out) return o.hangs;
    if (o.hangs) return false;
    if (r.end == runner::Run::End::signaled) return o.signal == r.code;
    if (o.signal != 0 || r.end != runner::Run::End::exited || o.status != r.code) return false;
    const std::string out = in_edition(o.out, edition_);
    if (r.code != 0) return out.empty() == r.out.empty();
    if (r.out.size() >= s.cap) return out.size() >= s.cap && out.compare(0, s.cap, r.out) == 0;
    return out == r.out;
  }

  /// Whether the bugs `on` reproduce SOLVER's run `r` (cached).
  bool reproduces(const std::vector<std::size_t>& on, std::size_t r) {
    auto key = std::make_pair(set_of(on), r);
    const auto found = cache_.find(key);
    if (found != cache_.end()) return found->second;
    const bool yes = same(records_[r].ran, run_bugs(key.first, r));
    return cache_.emplace(std::move(key), yes).first->second;
  }

  // ==== The edition ===============================================================

  /// puzzle's side of every run; SOLVER's edition, from the header it prints with no
  /// solution (told when it is not compare's); then which runs differ in it: those on
  /// maps in differing_ (the others in agreeing_all_), those on bad inputs returned.
  std::vector<std::size_t> judge_edition() {
    std::size_t reachable = 0, discovered = 0;
    const std::string h2023 = puzzle::kNoSolutionHeader, h2020 = in_edition(h2023, 2020);
    for (Record& r : records_) {
      const Expected e = reference(inputs_[r.input], r.args, 2023);
      r.rejected = e.rejected;
      r.expected = e.out;
      const runner::Run& run = r.ran.run;
      if (e.rejected || run.end != runner::Run::End::exited) continue;
      reachable += run.out.compare(0, h2020.size(), h2020) == 0;
      discovered += run.out.compare(0, h2023.size(), h2023) == 0;
    }
    edition_ = edition();
    if (reachable > 0 && discovered == 0) edition_ = 2020;
    if (discovered > 0 && reachable == 0) edition_ = 2023;
    if (edition_ != edition())
      std::printf("diagnosis: your solver follows the %d edition of the spec (with no solution, \"No solution.\" "
                  "then \"%s\"):\n  its runs are diagnosed against that edition (tools/compare --spec %d holds it to it)\n",
                  edition_, edition_ == 2020 ? "Reachable:" : "Discovered:", edition_);
    std::vector<std::size_t> bad;
    for (std::size_t i = 0; i < records_.size(); ++i) {
      const Record& r = records_[i];
      const runner::Run& run = r.ran.run;
      if (r.rejected) {
        if (!(run.end == runner::Run::End::exited && run.code == 1 && run.out.empty())) bad.push_back(i);
        continue;
      }
      bugs::Outcome puzzle_side;  // the same test as for a bug's run, in SOLVER's edition
      puzzle_side.out = r.expected;
      (same(r.ran, puzzle_side) ? agreeing_all_ : differing_).push_back(i);
    }
    return bad;
  }

  // ==== The set of bugs ===========================================================

  std::vector<std::size_t> set_and(std::size_t b) const {
    std::vector<std::size_t> on = set_;
    on.push_back(b);
    return on;
  }

  std::vector<std::size_t> set_without(std::size_t i) const {
    std::vector<std::size_t> on = set_;
    on.erase(on.begin() + static_cast<std::ptrdiff_t>(i));
    return on;
  }

  /// The bugs --bugs allows, not in the set, that beside it reproduce one of `runs`.
  std::vector<std::size_t> candidates_on(const std::vector<std::size_t>& runs) {
    std::vector<std::size_t> found;
    for (std::size_t b = 0; b < allowed_.size(); ++b) {
      if (!allowed_[b] || std::find(set_.begin(), set_.end(), b) != set_.end()) continue;
      const std::vector<std::size_t> on = set_and(b);
      if (std::any_of(runs.begin(), runs.end(), [&](std::size_t r) { return reproduces(on, r); })) found.push_back(b);
    }
    return found;
  }

  /// Whether the bugs `on` reproduce every agreeing run of the sample.
  bool keeps_agreeing(const std::vector<std::size_t>& on) {
    return std::all_of(agreeing_.begin(), agreeing_.end(), [&](std::size_t r) { return reproduces(on, r); });
  }

  std::set<std::size_t> covered_by(const std::vector<std::size_t>& on, const std::vector<std::size_t>& runs) {
    std::set<std::size_t> covered;
    for (std::size_t r : runs)
      if (reproduces(on, r)) covered.insert(r);
    return covered;
  }

  /// Adds to the set, a bug at a time, the one whose addition explains the most differing
  /// runs still unexplained, keeping every run the set explained and every agreeing run
  /// of the sample. Candidates: first the bugs that alone reproduce a run of the screen;
  /// when none is left, every bug, with the set switched on (a bug seen only beside another).
  void grow() {
    std::vector<std::size_t> candidates = candidates_on(screen_);  // the set is empty: each bug alone
    std::fprintf(stderr, "compare: --diagnose: %zu known bugs reproduce a differing run alone (%s s)\n",
                 candidates.size(), fixed(seconds(), 1).c_str());
    std::set<std::size_t> covered;
    std::size_t widened = SIZE_MAX;  // the set's size when every bug was last tried beside it
    for (;;) {
      std::vector<std::size_t> open;  // the differing runs not yet explained
      for (std::size_t r : differing_)
        if (!covered.count(r)) open.push_back(r);
      if (open.empty()) break;
      // Each candidate's new runs, the most first.
      std::vector<std::pair<std::size_t, std::size_t>> gains;  // (new runs, bug)
      for (std::size_t b : candidates) {
        if (std::find(set_.begin(), set_.end(), b) != set_.end()) continue;
        const std::size_t gain = covered_by(set_and(b), open).size();
        if (gain > 0) gains.emplace_back(gain, b);
      }
      std::stable_sort(gains.begin(), gains.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
      bool added = false;
      auto fits = [&](std::size_t b) {  // every run the set explained, then the agreeing sample
        const std::vector<std::size_t> on = set_and(b);
        return std::all_of(covered.begin(), covered.end(), [&](std::size_t r) { return reproduces(on, r); }) &&
               keeps_agreeing(on);
      };
      for (std::size_t i = 0; i < gains.size() && !added; ++i) {
        const auto [gain, b] = gains[i];
        if (!fits(b)) continue;
        const std::set<std::size_t> gained = covered_by(set_and(b), open);
        std::vector<std::size_t> ties{b};  // b and the others that explain the very same runs
        for (std::size_t j = i + 1; j < gains.size() && gains[j].first == gain; ++j)
          if (covered_by(set_and(gains[j].second), open) == gained && fits(gains[j].second))
            ties.push_back(gains[j].second);
        const std::size_t chosen = ties.size() == 1 ? b : tell_apart(ties);
        set_.push_back(chosen);
        for (std::size_t r : gained) covered.insert(r);
        std::fprintf(stderr, "compare: --diagnose: + %s: %zu more runs explained, %zu of %zu (%s s)\n",
                     bugs::all()[chosen].name.c_str(), gain, covered.size(), differing_.size(), fixed(seconds(), 1).c_str());
        added = true;
      }
      if (added) continue;
      if (widened == set_.size()) break;
      widened = set_.size();  // every bug beside the set, on the runs still open
      if (open.size() > kScreen) open.resize(kScreen);
      candidates = candidates_on(open);
      if (candidates.empty()) break;
    }
  }

  /// The bugs `left` explain the very same runs beside the set: new maps like the
  /// comparison's are made until one on which two of them differ (the set switched on
  /// with each); SOLVER runs on it, and those that do not do as it did there go. The one
  /// left is returned; those no map told apart within kApartSeconds are noted beside it.
  std::size_t tell_apart(std::vector<std::size_t> left) {
    const double deadline = seconds() + kApartSeconds;
    Generated g = settings_.generated;
    g.seed = g.seed * 1000003 + 7;  // other maps than the comparison's
    const std::string mapgen = mapgen_path();
    std::size_t tried = 0;
    for (; left.size() > 1 && seconds() < deadline && tried < kApartMaps; ++tried) {
      const std::string text = generated_map(g, apart_map_++, mapgen).text;
      for (const Mode& mode : modes()) {
        const std::vector<std::string> args = words_of(mode.spellings[0]);
        std::vector<bugs::Outcome> outs;
        for (std::size_t c : left) {
          ++bug_runs_;
          outs.push_back(bugs::run(set_of(set_and(c)), args, text));
        }
        if (std::all_of(outs.begin(), outs.end(), [&](const bugs::Outcome& o) { return alike(o, outs[0]); })) continue;
        Ran rec;
        solver_->verdict_on(text, args, &rec);
        std::vector<std::size_t> kept;
        std::vector<std::string> names;  // of those that go
        for (std::size_t k = 0; k < left.size(); ++k) {
          if (same(rec, outs[k])) kept.push_back(left[k]);
          else names.push_back(bugs::all()[left[k]].name);
        }
        if (kept.empty()) continue;  // SOLVER does as none of them: another bug shows here
        const std::string gone = joined(names, ", ");
        const std::string where = write_test(text, mode, mode.spellings[0], "your solver does as " +
                                             std::string(bugs::all()[kept[0]].name) + " here, not as " + gone);
        std::fprintf(stderr, "compare: --diagnose: %s tells %s apart: %zu left\n", where.c_str(), gone.c_str(),
                     kept.size());
        for (std::size_t c : kept) notes_[c].push_back("told apart from " + gone + " by " + where);
        left = kept;
        break;
      }
    }
    std::vector<std::string> others;
    for (std::size_t i = 1; i < left.size(); ++i) others.push_back(bugs::all()[left[i]].name);
    if (!others.empty())
      notes_[left[0]].push_back("or " + joined(others, ", ") + ": the same on every run shown and on " +
                                std::to_string(tried) + " new maps in 4 modes");
    return left[0];
  }

  /// Drops the bugs the set does not need and those seen by chance: a bug that changes
  /// the output of more differing runs the set leaves unexplained than it explains.
  void prune() {
    const std::size_t covered = covered_by(set_, differing_).size();
    for (std::size_t i = set_.size(); i-- > 0;) {
      const std::vector<std::size_t> without = set_without(i);
      if (!without.empty() && covered_by(without, differing_).size() >= covered && keeps_agreeing(without)) {
        std::fprintf(stderr, "compare: --diagnose: - %s: not needed\n", bugs::all()[set_[i]].name.c_str());
        set_ = without;
      }
    }
    attribute();
    for (std::size_t i = set_.size(); i-- > 0;) {
      const std::size_t b = set_[i];
      const std::vector<std::size_t> without = set_without(i);
      std::size_t explains = 0, chance = 0;
      for (std::size_t r : differing_) {
        if (!claim_[r].empty()) {
          explains += std::find(claim_[r].begin(), claim_[r].end(), b) != claim_[r].end();
        } else {
          chance += !alike(run_bugs(set_of(set_), r), run_bugs(set_of(without), r));
        }
      }
      if (chance > explains) {
        std::fprintf(stderr, "compare: --diagnose: - %s: it explains %zu runs, but changes %zu runs it does not "
                             "explain\n", bugs::all()[b].name.c_str(), explains, chance);
        partly_.push_back({b, "it reproduces " + std::to_string(explains) + " of these runs, but changes the output of " +
                                  std::to_string(chance) + " others it does not reproduce"});
        set_ = without;
        attribute();
      }
    }
  }

  /// Each bug of the set is tried on new maps without comment lines (a form the
  /// comparison's maps never take), in a mode where the set with it and without it
  /// differ: SOLVER doing as with it confirms it, as without it refutes it (another bug
  /// may undo it now and then). A bug refuted more often than confirmed is dropped.
  void confirm() {
    Generated g = settings_.generated;
    g.seed = g.seed * 1000003 + 11;
    const std::string mapgen = mapgen_path();
    for (std::size_t i = set_.size(); i-- > 0;) {
      const std::size_t b = set_[i];
      const std::vector<std::size_t> without = set_without(i);
      std::size_t shown = 0, confirmed = 0, refuted = 0, maps = 0;
      std::string where;  // the first map that refutes it
      const double deadline = seconds() + kConfirmSeconds;
      for (; maps < kConfirmMaps && shown < kConfirmRuns && seconds() < deadline; ++maps) {
        const Grid grid = grid_of(puzzle::parse_puzzle(generated_map(g, confirm_map_++, mapgen).text));
        const std::string text = grid.text({});  // without its comment lines
        for (const Mode& mode : modes()) {
          const std::vector<std::string> args = words_of(mode.spellings[0]);
          bug_runs_ += 2;
          const bugs::Outcome on = bugs::run(set_of(set_), args, text), off = bugs::run(set_of(without), args, text);
          if (alike(on, off)) continue;
          Ran rec;
          solver_->verdict_on(text, args, &rec);
          ++shown;
          if (same(rec, on)) {
            ++confirmed;
          } else if (same(rec, off)) {
            if (++refuted == 1)
              where = write_test(text, mode, mode.spellings[0], "your solver does not do as the known bug " +
                                                                    std::string(bugs::all()[b].name) + " here");
          }
          break;  // one run a map
        }
      }
      const std::string tally = std::to_string(confirmed) + " of " + std::to_string(shown) +
                                " new maps without comment lines that show it";
      if (refuted > confirmed) {
        std::fprintf(stderr, "compare: --diagnose: - %s: refuted on %zu, confirmed on %s\n", bugs::all()[b].name.c_str(),
                     refuted, tally.c_str());
        partly_.push_back({b,
                           "it reproduces runs of the comparison, but on " + std::to_string(refuted) + " of " +
                               std::to_string(shown) + " new maps that show it your solver does as if it had not " +
                               "this bug, as on " + where,
                           true});
        set_.erase(set_.begin() + static_cast<std::ptrdiff_t>(i));
        attribute();
        continue;
      }
      std::fprintf(stderr, "compare: --diagnose: %s confirmed on %s (%zu made, %s s)\n", bugs::all()[b].name.c_str(),
                   tally.c_str(), maps, fixed(seconds(), 1).c_str());
      if (shown == 0) {
        notes_[b].insert(notes_[b].begin(), "not confirmed: none of " + std::to_string(maps) +
                                                " new maps without comment lines shows it");
        continue;
      }
      notes_[b].insert(notes_[b].begin(), "confirmed on " + tally +
                                              (refuted == 0 ? "" : " (on " + std::to_string(refuted) +
                                                                       " your solver does as without it: " + where + ")"));
    }
  }

  /// claim_[r]: the smallest subset of the set that reproduces differing run r (the one
  /// first in the set's order among those of that size), or none. Only when the whole
  /// set reproduces r too: the bugs are switched on together in SOLVER.
  void attribute() {
    claim_.clear();
    std::vector<std::vector<std::size_t>> subsets;
    const std::size_t n = std::min<std::size_t>(set_.size(), 12);
    for (std::size_t mask = 1; mask < (std::size_t{1} << n); ++mask) {
      std::vector<std::size_t> s;
      for (std::size_t i = 0; i < n; ++i)
        if (mask & (std::size_t{1} << i)) s.push_back(set_[i]);
      subsets.push_back(s);
    }
    std::stable_sort(subsets.begin(), subsets.end(), [](const auto& a, const auto& b) { return a.size() < b.size(); });
    for (std::size_t r : differing_) {
      if (set_.empty() || !reproduces(set_, r)) continue;
      for (const std::vector<std::size_t>& s : subsets)
        if (reproduces(s, r)) {
          claim_[r] = s;
          break;
        }
      if (claim_[r].empty()) claim_[r] = set_;
    }
  }

  // ==== The report ================================================================

  /// The run of `runs` on the map of the fewest cells, then colors (the first of those).
  std::size_t smallest(const std::vector<std::size_t>& runs) const {
    auto size = [&](std::size_t r) {
      const puzzle::Puzzle p = puzzle::parse_puzzle(inputs_[records_[r].input]);  // a valid map: differing_
      return std::make_pair(std::uint64_t{p.height} * p.width, p.colors);
    };
    return *std::min_element(runs.begin(), runs.end(), [&](std::size_t a, std::size_t b) { return size(a) < size(b); });
  }

  /// Writes run `r`'s map as a test file in --out, with a comment saying why: "PATH OPTIONS".
  std::string write_test(std::size_t r, const std::string& why) const {
    const Record& rec = records_[r];
    return write_test(inputs_[rec.input], *rec.mode, rec.spelled, why);
  }
  std::string write_test(std::string text, const Mode& mode, const std::string& spelled, const std::string& why) const {
    const std::size_t newline = text.find('\n');
    if (newline != std::string::npos) text.insert(newline + 1, "// compare --diagnose: " + why + "\n");
    return write_test_file(settings_.out_dir, mode, text) + " " + (spelled.empty() ? "(no options)" : spelled);
  }

  /// One block per bug of the set, most runs first.
  void print_bugs() {
    std::vector<std::pair<std::vector<std::size_t>, std::size_t>> blocks;  // (its runs, bug)
    for (std::size_t b : set_) {
      std::vector<std::size_t> runs;
      for (std::size_t r : differing_)
        if (std::find(claim_[r].begin(), claim_[r].end(), b) != claim_[r].end()) runs.push_back(r);
      if (!runs.empty()) blocks.emplace_back(runs, b);
    }
    std::stable_sort(blocks.begin(), blocks.end(),
                     [](const auto& a, const auto& b) { return a.first.size() > b.first.size(); });
    for (const auto& [runs, b] : blocks) {
      const bugs::Bug& bug = bugs::all()[b];
      std::vector<std::size_t> alone;  // the runs it explains by itself: its smallest map shows it alone
      for (std::size_t r : runs)
        if (claim_[r].size() == 1) alone.push_back(r);
      const std::size_t r = smallest(alone.empty() ? runs : alone);
      std::map<std::string, std::size_t> kinds;
      for (std::size_t run : runs) ++kinds[output_kind(records_[run].expected, *records_[run].mode)];
      std::printf("diagnosis: %s: %s\n", bug.name.c_str(), bug.desc);
      const std::string spec = bug.spec && *bug.spec ? "\"" + std::string(bug.spec) + "\"" : "(none given)";
      std::printf("  spec: %s\n", spec.c_str());
      std::printf("  explains %zu of %zu differing runs (map %zu, list %zu, no solution %zu), smallest: %s\n",
                  runs.size(), differing_.size(), kinds["map"], kinds["list"], kinds["no solution"],
                  write_test(r, "your solver differs from puzzle here as the known bug " + bug.name + " does").c_str());
      for (const std::string& note : notes_[b]) std::printf("  %s\n", note.c_str());
    }
  }

  /// The differing runs on maps that no bug explains, by kind, with the smallest map of
  /// each and how SOLVER differs from puzzle there.
  void print_unexplained() {
    std::map<std::string, std::vector<std::size_t>> by;
    for (std::size_t r : differing_)
      if (claim_[r].empty()) by[output_kind(records_[r].expected, *records_[r].mode)].push_back(r);
    for (const char* kind : {"map", "list", "no solution"}) {
      const std::vector<std::size_t>& runs = by[kind];
      if (runs.empty()) continue;
      const std::size_t r = smallest(runs);
      const Record& rec = records_[r];
      std::printf("diagnosis: no known bug explains %zu differing runs with %s output, smallest: %s\n", runs.size(), kind,
                  write_test(r, "no known bug explains how your solver differs from puzzle here").c_str());
      const Verdict v = judge({false, in_edition(rec.expected, edition_)}, rec.ran.run, settings_.timeout);
      std::printf("  puzzle: %s\n  yours:  %s\n", v.puzzle_side.c_str(), v.yours_side.c_str());
    }
    for (const Partly& p : partly_)
      std::printf("diagnosis: not named, though it reproduces some runs: %s: %s\n", bugs::all()[p.bug].name.c_str(),
                  p.why.c_str());
  }

  /// The differing bad inputs, by the catalogue's label and how SOLVER ended, each named
  /// by its case (or its file) and, when SOLVER exited, the known bug that does the same,
  /// if one does (alone, and keeping every agreeing run on maps of the sample).
  void print_bad(const std::vector<std::size_t>& bad) {
    if (bad.empty()) return;
    std::map<std::pair<int, std::string>, std::vector<std::string>> groups;  // (label rank, ending) -> cases
    std::size_t count[3] = {};  // listed by the spec, beyond its list, maps of --from
    for (std::size_t r : bad) {
      const Record& rec = records_[r];
      const int label = rec.bad == nullptr ? 2 : rec.bad->listed ? 0 : 1;
      ++count[label];
      std::string name = rec.name + (rec.bad ? "" : " " + rec.spelled);
      // A crash or a hang is no evidence of which bug.
      for (std::size_t b = 0; b < allowed_.size() && rec.ran.run.end == runner::Run::End::exited; ++b)
        if (allowed_[b] && reproduces({b}, r) && keeps_agreeing({b})) {
          name += " (as " + std::string(bugs::all()[b].name) + ")";
          break;
        }
      const runner::Run& run = rec.ran.run;  // how SOLVER ended
      const std::string ended = run.end != runner::Run::End::exited ? went_wrong(judge({}, run, 0))
                                : run.code == 0                     ? "accepted it"
                                : run.code == 1                     ? "printed to stdout"
                                                                    : "exit " + std::to_string(run.code);
      groups[{label, ended}].push_back(name);
    }
    const std::string labels[3] = {catalogue::label(true), catalogue::label(false),
                                   "maps of --from that puzzle rejects"};
    std::string counts;
    for (int k = 0; k < 3; ++k)
      if (count[k] > 0 || k < 2) counts += (counts.empty() ? "" : ", ") + std::to_string(count[k]) + " " + labels[k];
    std::printf("diagnosis: %zu bad %s differ%s, apart from the maps: %s\n", bad.size(),
                bad.size() == 1 ? "input" : "inputs", bad.size() == 1 ? "s" : "", counts.c_str());
    for (const auto& [key, names] : groups)
      std::printf("  %s, %s (%zu): %s\n", labels[key.first].c_str(), key.second.c_str(), names.size(),
                  joined(names, ", ").c_str());
  }

  Settings settings_;
  std::vector<bool> allowed_;     ///< the bugs --bugs lets it try
  std::vector<std::string> inputs_;
  std::vector<Record> records_;
  int edition_ = 2023;            ///< SOLVER's edition
  std::vector<std::size_t> differing_, agreeing_all_, agreeing_, screen_;
  std::vector<std::size_t> set_;  ///< the bugs named, in the order they were added
  /// A bug not named: dropped as chance or refuted on new maps, and why.
  struct Partly {
    std::size_t bug;
    std::string why;
    bool refuted = false;  ///< refuted on new maps (else dropped as chance)
  };
  std::vector<Partly> partly_;
  std::map<std::size_t, std::vector<std::size_t>> claim_;  ///< a differing run: the bugs that explain it
  std::map<std::pair<bugs::Set, std::size_t>, bool> cache_;  ///< (bugs, run): reproduces
  std::map<std::size_t, std::vector<std::string>> notes_;  ///< lines under a bug's block
  const Solver* solver_ = nullptr;  ///< runs SOLVER on a map that tells two bugs apart
  std::size_t apart_map_ = 0;       ///< the next new map to tell bugs apart
  std::size_t confirm_map_ = 0;     ///< the next new map to confirm a bug
  std::size_t bug_runs_ = 0;
  runner::Clock::time_point start_;
};

}  // namespace compare

#endif  // PUZZLE_TOOLS_COMPARE_DIAGNOSE_H
