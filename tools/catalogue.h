// Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
// tools/catalogue.h: the C++ reader of tools/bad-inputs.txt and tools/spellings.txt (their formats are at
// the top of each), built in by tools/tools.mk. A malformed line throws std::runtime_error naming the
// file and the line. Nothing of puzzle.cpp: the tests' catalogue is independent of the code under test.

#ifndef PUZZLE_TOOLS_CATALOGUE_H
#define PUZZLE_TOOLS_CATALOGUE_H

#include "catalogue-data.h"  // kBadInputsText, kSpellingsText (build/tools/, made by make)

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <cstdio>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace catalogue {

/// One bad input: a command line and a standard input that puzzle rejects.
struct BadInput {
  std::string name;     ///< unique, letters and digits
  bool listed = true;   ///< true: the spec lists the error (a solver must exit 1); false: beyond
  std::string group;    ///< options, header, shape, characters, start-target
  std::string args;     ///< the command line, words between single blanks
  std::string input;    ///< the bytes of standard input
  std::string message;  ///< what puzzle's message must hold
  int line = 0;         ///< the line puzzle's message must name, or 0
  int column = 0;       ///< the column puzzle's message must name, or 0
};

/// One spelling of a mode.
struct Spelling {
  std::string mode;  ///< "QL", "QM", "SL" or "SM"
  std::string args;  ///< "--queue --output=list"
};

constexpr const char kLettersDigits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/// `text` with its blanks at both ends dropped.
inline std::string_view trimmed(std::string_view text) {
  const std::size_t first = text.find_first_not_of(' ');
  if (first == std::string_view::npos) return {};
  return text.substr(first, text.find_last_not_of(' ') - first + 1);
}

/// The bytes that `text` stands for: \n \r \t \\ and \xHH are escapes, nothing else.
/// `where` names the place for the message of a bad escape.
inline std::string unescape(std::string_view text, const std::string& where) {
  std::string bytes;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\\') {
      bytes += text[i];
      continue;
    }
    const char next = i + 1 < text.size() ? text[i + 1] : '\0';
    const std::size_t simple = std::string_view("nrt\\").find(next);
    auto hex = [&](std::size_t k) { return k < text.size() && std::isxdigit(static_cast<unsigned char>(text[k])); };
    if (simple != std::string_view::npos) {
      bytes += "\n\r\t\\"[simple];
      ++i;
    } else if (next == 'x' && hex(i + 2) && hex(i + 3)) {
      bytes += static_cast<char>(std::stoi(std::string(text.substr(i + 2, 2)), nullptr, 16));
      i += 3;
    } else {
      throw std::runtime_error(where + ": a bad escape '\\" + std::string(1, next) +
                               "' (only \\n \\r \\t \\\\ and \\xHH, two hex digits)");
    }
  }
  return bytes;
}

/// Whether an INPUT field names a value (@NAME, NAME of letters, digits and '-') rather
/// than holding the bytes (a map may start with '@' too).
inline bool is_name(const std::string& field) {
  return field.size() > 1 && field[0] == '@' &&
         field.find_first_not_of(kLettersDigits + std::string("-"), 1) == std::string::npos;
}

/// The lines of the list `file` that hold data: comments and blank lines left out; [GROUP]
/// lines and @NAME = VALUE definitions kept. Each comes with its place, "FILE:LINE".
inline std::vector<std::pair<std::string, std::string_view>> data_lines(std::string_view text, const char* file) {
  std::vector<std::pair<std::string, std::string_view>> lines;
  int number = 1;
  for (std::size_t begin = 0, end = 0; begin < text.size(); begin = end + 1, ++number) {
    end = std::min(text.find('\n', begin), text.size());
    const std::string_view line = text.substr(begin, end - begin);
    if (!trimmed(line).empty() && line[0] != '#') lines.emplace_back(file + (":" + std::to_string(number)), line);
  }
  return lines;
}

/// The fields of a data line split at '|', each trimmed; `count` of them or an error.
inline std::vector<std::string> fields_of(std::string_view line, std::size_t count, const std::string& where) {
  std::vector<std::string> fields;
  for (std::size_t bar; (bar = line.find('|')) != std::string_view::npos; line = line.substr(bar + 1))
    fields.emplace_back(trimmed(line.substr(0, bar)));
  fields.emplace_back(trimmed(line));
  if (fields.size() != count)
    throw std::runtime_error(where + ": " + std::to_string(fields.size()) + " fields, " + std::to_string(count) +
                             " expected (a '|' inside a field is \\x7C)");
  return fields;
}

/// The catalogue: its cases and its named values (@simple, @spec, @beyond, ...).
struct BadInputs {
  std::vector<BadInput> cases;
  std::map<std::string, std::string> values;
};

/// Parses the text of tools/bad-inputs.txt.
inline BadInputs parse_bad_inputs(std::string_view text) {
  BadInputs parsed;
  std::string group;
  for (const auto& [where, line] : data_lines(text, "tools/bad-inputs.txt")) {
    if (line[0] == '[') {
      if (line.back() != ']') throw std::runtime_error(where + ": a group is [NAME]");
      group = std::string(line.substr(1, line.size() - 2));
      continue;
    }
    if (line[0] == '@') {
      const std::size_t equals = line.find(" = ");
      if (equals == std::string_view::npos) throw std::runtime_error(where + ": a definition is @NAME = VALUE");
      parsed.values[std::string(trimmed(line.substr(0, equals)))] = unescape(trimmed(line.substr(equals + 3)), where);
      continue;
    }
    const std::vector<std::string> f = fields_of(line, 6, where);
    BadInput c;
    c.name = f[0];
    if (c.name.empty() || c.name.find_first_not_of(kLettersDigits) != std::string::npos)
      throw std::runtime_error(where + ": a name of letters and digits, not '" + c.name + "'");
    if (f[1] != "spec" && f[1] != "beyond")
      throw std::runtime_error(where + ": LISTED is spec or beyond, not '" + f[1] + "'");
    if (group.empty()) throw std::runtime_error(where + ": a case before any [GROUP]");
    c.listed = f[1] == "spec";
    c.group = group;
    c.args = f[2];
    if (is_name(f[3])) {
      const auto value = parsed.values.find(f[3]);
      if (value == parsed.values.end()) throw std::runtime_error(where + ": " + f[3] + " is not defined above");
      c.input = value->second;
    } else {
      c.input = unescape(f[3], where);
    }
    c.message = unescape(f[4], where);
    int end = 0;  // how many characters of AT sscanf read
    const int numbers = f[5] == "-" ? 0 : std::sscanf(f[5].c_str(), "%d%n:%d%n", &c.line, &end, &c.column, &end);
    if (f[5] != "-" &&
        (numbers < 1 || end != static_cast<int>(f[5].size()) || c.line < 1 || (numbers == 2 && c.column < 1)))
      throw std::runtime_error(where + ": AT is L, L:C or -, not '" + f[5] + "'");
    parsed.cases.push_back(std::move(c));
  }
  for (const char* label : {"@spec", "@beyond"})
    if (!parsed.values.count(label))
      throw std::runtime_error(std::string("tools/bad-inputs.txt: no ") + label + " = LABEL");
  return parsed;
}

/// The catalogue built in (parsed once).
inline const BadInputs& built_in() {
  static const BadInputs parsed = parse_bad_inputs(kBadInputsText);
  return parsed;
}

/// Every bad input of tools/bad-inputs.txt, in its order (parsed once).
inline const std::vector<BadInput>& bad_inputs() { return built_in().cases; }

/// How each difference on a bad input is labelled, by every tool: "listed by the spec"
/// or "beyond the spec's list" (the catalogue's @spec and @beyond).
inline const std::string& label(bool listed) { return built_in().values.at(listed ? "@spec" : "@beyond"); }

/// Every spelling of tools/spellings.txt, in its order (parsed once).
inline const std::vector<Spelling>& spellings() {
  static const std::vector<Spelling> all = [] {
    std::vector<Spelling> list;
    for (const auto& [where, line] : data_lines(kSpellingsText, "tools/spellings.txt")) {
      const std::vector<std::string> f = fields_of(line, 2, where);
      if (f[0] != "QL" && f[0] != "QM" && f[0] != "SL" && f[0] != "SM")
        throw std::runtime_error(where + ": MODE is QL, QM, SL or SM, not '" + f[0] + "'");
      list.push_back({f[0], f[1]});
    }
    return list;
  }();
  return all;
}

/// The spellings of one mode ("QL"), the plain one first.
inline std::vector<std::string> spellings_of(const std::string& mode) {
  std::vector<std::string> list;
  for (const Spelling& s : spellings())
    if (s.mode == mode) list.push_back(s.args);
  return list;
}

}  // namespace catalogue

#endif  // PUZZLE_TOOLS_CATALOGUE_H
