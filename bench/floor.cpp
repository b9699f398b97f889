// Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
// bench/floor: the least work any solver must do on a map; its --help says what it does.
// The ratio puzzle / floor on the same map in the same run is what `make bench`
// (bench/run) reports, since absolute times drift on a shared machine. Standard library
// and tools/core.h (its command line) only.

#include "../tools/core.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

namespace {

// The state bytes escape through this pointer, so no compiler may elide their stores.
unsigned char *volatile escape = nullptr;

// Reads the unsigned integer at text[pos], skipping spaces and tabs before it.
bool read_number(const std::vector<char> &text, std::size_t &pos, std::uint64_t &value) {
  while (pos < text.size() && (text[pos] == ' ' || text[pos] == '\t')) {
    ++pos;
  }
  if (pos >= text.size() || text[pos] < '0' || text[pos] > '9') {
    return false;
  }
  value = 0;
  while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9') {
    value = value * 10 + static_cast<std::uint64_t>(text[pos] - '0');
    if (value > 0xFFFFFFFFull) {
      return false;
    }
    ++pos;
  }
  return true;
}

// Position just after the end of the line that holds pos.
std::size_t next_line(const std::vector<char> &text, std::size_t pos) {
  const void *nl = pos < text.size() ? std::memchr(text.data() + pos, '\n', text.size() - pos)
                                     : nullptr;
  return nl == nullptr ? text.size()
                       : static_cast<std::size_t>(static_cast<const char *>(nl) - text.data()) + 1;
}

/// Does the work; returns the exit status.
int run(bool no_solution) {
  // 1. All of stdin, in blocks that double (from 1 MB) so a small map stays cheap.
  std::vector<char> input(std::size_t{1} << 20);
  std::size_t used = 0;
  for (;;) {
    const std::size_t room = input.size() - used;
    const std::size_t got = std::fread(input.data() + used, 1, room, stdin);
    used += got;
    if (got < room) {
      break;
    }
    input.resize(input.size() * 2);
  }
  input.resize(used);

  // 2. The header.
  std::size_t pos = 0;
  std::uint64_t colors = 0;
  std::uint64_t height = 0;
  std::uint64_t width = 0;
  if (!read_number(input, pos, colors) || !read_number(input, pos, height) ||
      !read_number(input, pos, width) || colors > 26 || height == 0 || width == 0) {
    core::fail("cannot read the header \"num_colors height width\"");
  }
  const std::uint64_t layers = colors + 1;
  const std::uint64_t states = layers * height * width;

  // 3. One byte per state, each written with a value that depends on its index.
  std::uint64_t checksum = used;
  {
    unsigned char *marks = new unsigned char[states];
    escape = marks;
    // memset in 4 KB pieces, each with its own value: as fast as memory allows.
    const std::uint64_t piece = 4096;
    for (std::uint64_t i = 0; i < states; i += piece) {
      const std::uint64_t len = states - i < piece ? states - i : piece;
      std::memset(marks + i, static_cast<unsigned char>(i / piece * 7 + 1),
                  static_cast<std::size_t>(len));
    }
    for (std::uint64_t i = 0; i < states; i += 4093) {
      checksum = checksum * 31 + marks[i];
    }
    checksum += marks[states - 1];
    delete[] marks;
  }

  // 4. The map-mode output: per layer "// color X\n" and the map's rows; or, without
  // a solution, "No solution.\nDiscovered:\n" and the map's rows once.
  std::size_t grid = next_line(input, pos);  // past the header line
  while (grid + 1 < input.size() && input[grid] == '/' && input[grid + 1] == '/') {
    grid = next_line(input, grid);
  }
  const std::uint64_t layer_bytes = height * (width + 1);
  static const char no_solution_header[] = "No solution.\nDiscovered:\n";
  const std::size_t header_bytes = no_solution ? sizeof no_solution_header - 1 : 11;
  const std::uint64_t out_layers = no_solution ? 1 : layers;
  const std::uint64_t out_bytes = out_layers * (layer_bytes + header_bytes);
  const std::size_t have = grid < input.size() ? input.size() - grid : 0;
  const std::size_t copy = have < layer_bytes ? have : static_cast<std::size_t>(layer_bytes);
  char *out = new char[out_bytes];
  char *at = out;
  for (std::uint64_t layer = 0; layer < out_layers; ++layer) {
    if (no_solution) {
      std::memcpy(at, no_solution_header, header_bytes);
    } else {
      std::memcpy(at, "// color ", 9);
      at[9] = layer == 0 ? '^' : static_cast<char>('a' + layer - 1);
      at[10] = '\n';
    }
    at += header_bytes;
    if (copy > 0) {
      std::memcpy(at, input.data() + grid, copy);
    }
    if (copy < layer_bytes) {
      std::memset(at + copy, '.', static_cast<std::size_t>(layer_bytes - copy));
    }
    at += layer_bytes;
  }
  const std::size_t written = std::fwrite(out, 1, static_cast<std::size_t>(out_bytes), stdout);
  for (std::uint64_t i = 0; i < out_bytes; i += 4093) {
    checksum = checksum * 31 + static_cast<unsigned char>(out[i]);
  }
  delete[] out;
  std::fflush(stdout);

  std::fprintf(stderr, "floor: %llu states, %llu output bytes, checksum %016llx\n",
               static_cast<unsigned long long>(states),
               static_cast<unsigned long long>(written),
               static_cast<unsigned long long>(checksum));
  return 0;
}

}  // namespace

int main(int argc, char *argv[]) {
  return core::run_main("bench/floor", [&] {
    bool no_solution = false;
    const core::Command command{
        "floor",
        "bench/floor [--no-solution] < MAP > OUTPUT",
        "The least work any solver must do on MAP: reads all of stdin, parses only the\n"
        "header \"num_colors height width\", writes a byte for each of the (num_colors + 1)\n"
        "* height * width states, and writes an output as large as the map-mode output\n"
        "(per layer \"// color X\" and the map's rows) with one fwrite. A checksum over\n"
        "the work goes to stderr, so that the compiler cannot drop any of it.\n",
        {{0, "no-solution", nullptr, "write the spec's \"No solution.\" output instead: its two\nlines and the map's rows once",
          [&no_solution](const char *) { no_solution = true; }}},
        "",
        "done",
        nullptr,
        "a header that cannot be read, or not enough memory",
    };
    const core::Parsed parsed = core::parse(command, argc, argv);
    if (!parsed.args.empty()) core::usage_error("unexpected argument '" + parsed.args[0] + "'");
    if (parsed.help) return std::fputs(core::help_text(command).c_str(), stdout) < 0 ? core::kExitError : core::kExitOk;
    return run(no_solution);
  });
}
