// Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
// tools/bugs.h: the known bugs of students' solvers, as switches of one plain solver.
// The solver is written the way the spec tells a student to write one, in one pass (getline,
// getopt_long, one std::deque, a discovered flag and a "came from" byte per state, a backtrace),
// with nothing of puzzle.cpp; each bug is a switch where a student would make it, so that several
// at once behave as one student's solver with all of them. With every switch off it prints what
// puzzle prints. run() never crashes, hangs or exits: how the solver would end is in its Outcome.
#ifndef PUZZLE_TOOLS_BUGS_H
#define PUZZLE_TOOLS_BUGS_H

#include <getopt.h>

#include <algorithm>
#include <array>
#include <csignal>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace bugs {

struct Bug {
  std::string name;        // "nosol-target-shown"
  const char* part;        // options, parse, rules, search, backtrace, map output, list output, no-solution output, main
  const char* desc;        // one line, as the student's bug
  const char* spec;        // the spec's sentence it breaks, verbatim from puzzle-spec.md
  const char* equivalent;  // nullptr, or why no valid map of at most 10x10 can expose it
};

// The spec's sentences that several bugs break.
constexpr const char kNeighbours[] =
    "- north/up `{ <color>, <row - 1>, <col> }` - east/right `{ <color>, <row>, <col + 1> }` - south/down `{ "
    "<color>, <row + 1>, <col> }` - west/left `{ <color>, <row>, <col - 1> }`";
constexpr const char kStopAtTarget[] =
    "If any state at the target location is marked as discovered, immediately stop all investigation, exit the "
    "loop, and proceed to output generation.";
constexpr const char kComments[] = "Comments begin a line with `//` and continue to the end of the line.";
constexpr const char kPressMarks[] =
    "On the solution path, replace inactive buttons with `'%'` on the color map where they were discovered and with "
    "`'@'` on the color map that matches the button";
constexpr const char kListFormat[] =
    "Use the format `(<color>, (<row>, <col>))` with `<color>` being a lowercase letter or `'^'` to indicate the "
    "active color, `<row>` being the 0-indexed row of the location, and `<col>` being the 0-indexed column of the "
    "location.";
constexpr const char kOneStart[] = "`'@'` appears exactly once in the input map";
constexpr const char kCommentsMayAppear[] = "After the map parameters are given, zero or more comments may appear.";
constexpr const char kStartShown[] =
    "The starting location is only displayed on the `^` map, but the target is displayed on all color maps.";
constexpr const char kEachColorMap[] =
    "Print each color in a separate map one after the other, starting with `^`, then moving from alphabetically "
    "from `A` for each legally available color as allowed by *num_colors*.";
constexpr const char kFirstLastState[] =
    "The first state printed should be `'^'` with the starting location, and the last state printed should be the "
    "current color when the location of the target was first discovered by the algorithm.";
constexpr const char kButtonsInactive[] =
    "After pressing a button of a certain color, all buttons of that color become inactive and all buttons of other "
    "colors become active again.";
constexpr const char kInactiveIsFloor[] = "When a button is inactive your solution should treat it as open floor.";
constexpr const char kNumColors[] =
    "0 <= num_colors <= 26 (0 colors is valid, it just means that there are no doors)";
constexpr const char kMapLines[] = "The map is `<height>` lines long, and each line is `<width>` characters wide.";
constexpr const char kHeader[] =
    "The first line of a valid map file specifies the map parameters and will contain three integers separated by "
    "spaces:";
constexpr const char kCaretMapTraps[] =
    "On the `// color ^` map, all trapped buttons not on the solution path are replaced with `'.'`";
constexpr const char kColorMapOwn[] =
    "On the `// color a` map, all matching buttons `a` and doors `A` not on the solution path are replaced with "
    "`'.'`";
constexpr const char kColorMapHeader[] =
    "Each color map should be preceded by a comment indicating the color being output and include the following "
    "replacements:";
constexpr const char kDiscoveredMap[] =
    "This is then followed by the map as it was provided upon input, but with all undiscovered locations replaced "
    "with `'#'`.";
constexpr const char kNext[] =
    "“next” refers to the oldest state when the *search_container* is a queue and the newest state when it is a "
    "stack.";
constexpr const char kPressOneState[] =
    "Investigation from an active button will result in zero or one states being discovered.";
constexpr const char kCurrentState[] =
    "Also, when output is being generated later, it will be important to know the current state at the time of each "
    "new discovery.";
constexpr const char kListPath[] =
    "For list output, print the list of states in the solution path from the starting location to the target, "
    "inclusive.";
constexpr const char kBottomRight[] = "The bottom-right corner of the map is row `height - 1`, column `width - 1`.";
constexpr const char kTopLeft[] = "The top-left corner of the map is row 0, column 0.";
constexpr const char kButtonsBegin[] =
    "Colored buttons begin each game active and trapped buttons begin each game inactive.";
constexpr const char kDiscoverable[] =
    "you can not discover walls (#) or any doors whose color is different from the *current_state*.";
constexpr const char kDoorOfColor[] =
    "For example, if your current color is `e`, you can discover `E` doors, but not `B` doors.";
constexpr const char kPressArrives[] =
    "if the current state is (`'^'`, (1, 1)) and you press an `a` button, you arrive at state (`'a'`, (1, 1)).";
constexpr const char kMapAfterComments[] = "Following any comments, the map itself is given.";
constexpr const char kWidth[] = "`<width>` is the number of columns in the map. `<width>` ≥1.";
constexpr const char kOneTarget[] = "`'?'` appears exactly once in the input map";
constexpr const char kValidLetters[] =
    "For example, if `<num_colors>` is 4, then the valid door symbols are `'A'`, `'B'`, `'C'`, `'D'` and the valid "
    "button symbols are `'a'`, `'b'`, `'c'`, `'d'`.";
constexpr const char kNoInvalidChars[] =
    "No invalid characters appear in the map (`'+'` can’t appear in the map, but it could appear in a comment)";
constexpr const char kPathPlus[] =
    "On the solution path between the starting location and the target, empty floors and open doors should be "
    "replaced with `'+'`";
constexpr const char kFollowingMaps[] =
    "Color maps following `a` replace buttons and doors with `'.'`, similar to `a`";
constexpr const char kMapOutput[] =
    "For map output, print the map similar to the way it was given in the input (excluding the map parameters and "
    "any comments).";
constexpr const char kDiff[] = "you can use `diff` to compare the output to a file containing the expected output";
constexpr const char kUndiscovered[] = "A location is undiscovered if it was never discovered in any color.";
constexpr const char kUndiscoveredIncludes[] = "This includes empty floors, doors, buttons, and the target.";
constexpr const char kNoSolutionHeader[] = "Your solution should print the following header:";

// Every known bug, in a stable order: X(id, part, description, spec) for a counted bug,
// E(id, part, description, spec, why) for an equivalent one. Its name is its id with '-'
// for '_'.
#define PUZZLE_BUGS(X, E) \
  X(order_nsew, "search", "neighbours discovered north, south, east, west", kNeighbours) \
  X(order_eswn, "search", "neighbours discovered east, south, west, north (clockwise from east)", kNeighbours) \
  X(order_wsen, "search", "neighbours discovered west, south, east, north (the spec's order reversed)", kNeighbours) \
  X(order_nwse, "search", "neighbours discovered north, west, south, east (counterclockwise)", kNeighbours) \
  X(order_nwes, "search", "neighbours discovered in reading order: north, west, east, south", kNeighbours) \
  X(order_senw, "search", "neighbours discovered south, east, north, west (rows and columns mixed up: +row first)", \
    kNeighbours) \
  X(order_nswe, "search", "neighbours discovered north, south, west, east (up, down, left, right)", kNeighbours) \
  X(order_wens, "search", "neighbours discovered west, east, north, south (columns first: left, right, up, down)", \
    kNeighbours) \
  X(order_snew, "search", "neighbours discovered south, north, east, west (row offsets +1, -1 first)", kNeighbours) \
  X(order_reversed_in_stack, "search", "with a stack the neighbours are discovered west, south, east, north " \
    "(pushed in reverse, so that north is investigated first)", kNeighbours) \
  X(mark_on_investigate, "search", "states marked discovered when investigated, not when pushed: duplicates in the " \
    "container, the last discoverer wins the backtrace", \
    "Each state can only be discovered once and must be added to the *search_container* and then marked as " \
    "discovered.") \
  X(stop_on_investigate, "search", "the search stops when a state on the target is taken from the container, not " \
    "when it is discovered", kStopAtTarget) \
  E(stop_on_investigate_queue, "search", "stop-on-investigate with a queue only", kStopAtTarget, \
    "a queue takes states in the order they were discovered, so the first target state investigated is the first " \
    "one discovered, and its path was fixed when it was discovered") \
  X(stack_pops_front, "search", "the stack takes the oldest state (a queue: breadth first for --stack)", kNext) \
  X(queue_pops_back, "search", "the queue takes the newest state (a stack: depth first for --queue)", kNext) \
  X(target_only_in_caret, "search", "the target is recognised only in the '^' layer (the state is compared, not " \
    "the cell)", kStopAtTarget) \
  X(search_runs_to_end, "search", "the search does not stop at the target: it runs until the container is empty, " \
    "then backtraces from the target in the lowest layer that discovered it", kStopAtTarget) \
  E(stop_after_all_neighbours, "search", "the search stops at the target only after the investigation that " \
    "discovered it has discovered its other neighbours too", kStopAtTarget, \
    "what the investigation discovers after the target changes nothing: the target's path was fixed when it was " \
    "discovered, and the search ends before anything else is investigated") \
  X(press_and_move, "search", "investigating an active button discovers the press and the four neighbours as well", \
    kPressOneState) \
  X(press_else_move, "search", "on an active button whose press was discovered already, the neighbours are " \
    "discovered instead", kPressOneState) \
  X(press_rediscovers, "search", "a press is discovered again by every later presser of the button (its " \
    "predecessor overwritten: the last presser wins the backtrace)", \
    "If a state is encountered a second time (either from a different direction or because of different button " \
    "presses) it cannot be discovered again") \
  X(press_keeps_doors_open, "search", "a press opens its color's doors but closes none: once a color is pressed " \
    "anywhere, its doors stay open in every layer", \
    "Pressing any button will close all open doors in the puzzle, then if it is a colored button it will open all " \
    "doors of the same color; trapped buttons do not open any doors.") \
  X(press_once_per_color, "search", "a color's buttons work once: after the first press of a color anywhere, its " \
    "buttons are dead ends (one global 'pressed' flag per color, never reset)", kButtonsInactive) \
  X(backtrace_press_lowest_layer, "backtrace", "backtracing a press goes to the lowest other layer where the " \
    "button's cell was discovered, not to the layer that pressed it", kCurrentState) \
  X(backtrace_press_highest_layer, "backtrace", "backtracing a press goes to the highest other layer where the " \
    "button's cell was discovered", kCurrentState) \
  X(backtrace_stops_at_start_cell, "backtrace", "the backtrace stops at the first state on the start's cell (the " \
    "cell compared, not the state): a path that crosses the start's cell in a colored layer loses its beginning", \
    kListPath) \
  X(edge_last_row, "search", "off by one at the bottom edge: no move south into row height-1", kBottomRight) \
  X(edge_last_col, "search", "off by one at the right edge: no move east into column width-1", kBottomRight) \
  X(edge_first_row, "search", "off by one at the top edge: no move north into row 0", kTopLeft) \
  X(edge_first_col, "search", "off by one at the left edge: no move west into column 0", kTopLeft) \
  X(own_button_active, "rules", "buttons of the current color are active too: standing on one presses it again (a " \
    "dead end)", kButtonsInactive) \
  X(traps_active_on_caret, "rules", "traps are active in the '^' layer too (pressing one there leads to the same " \
    "state: a dead end)", kButtonsBegin) \
  X(traps_never_active, "rules", "traps are never pressed: they are floor in every layer (doors stay open over " \
    "them)", \
    "`^`: a trapped button that closes all doors of all colors") \
  X(buttons_inactive_on_caret, "rules", "colored buttons are inactive in the '^' layer (as if they began pressed, " \
    "like traps)", kButtonsBegin) \
  X(any_door_open_in_color, "rules", "in a colored layer every door is open, not only the layer's own", kDiscoverable) \
  X(own_door_closed, "rules", "pressing a button opens nothing: doors are closed in every layer", \
    "Another layer results from pressing an `a` button: all `A` doors and `a` buttons behave like open floor, while " \
    "all other doors are impassible and all other buttons are active.") \
  X(door_color_off_by_one, "rules", "layer k opens the doors of color k+1 (layer a opens B; an index off by one)", \
    kDoorOfColor) \
  X(target_wall_in_color, "rules", "the target '?' is a wall in the colored layers (only '.' and open doors are " \
    "passable there)", kStopAtTarget) \
  X(start_wall_in_color, "rules", "the start '@' is a wall in the colored layers (the input '@' is not floor there)", \
    "Discover the following four states, provided they are not off the edge of the map, not previously discovered, " \
    "and not a wall or closed door:") \
  X(door_color_off_by_one_down, "rules", "layer k opens the doors of color k-1 (layer b opens A, layer a none; an " \
    "index off by one the other way)", kDoorOfColor) \
  X(trap_impassable, "rules", "a trap is a wall in every layer (the passability test lists '.', '@', '?', buttons " \
    "and doors, and forgets '^')", kInactiveIsFloor) \
  X(press_only_from_caret, "rules", "once a color is pressed every colored button stays inactive ('buttons of " \
    "other colors become active again' missed): presses happen from '^' only, traps still work", kButtonsInactive) \
  X(trap_press_keeps_layer, "rules", "pressing a trap keeps the current color (a trap opens nothing, so the color " \
    "is not changed): a trap in a colored layer is a dead end", \
    "Use one layer for initial state and after a `^` has been pressed, where all doors (`A`..`Z`) are impassible.") \
  X(press_lands_one_layer_down, "rules", "a press of button k lands in layer k-1 (layers indexed button - 'a', " \
    "forgetting that '^' is layer 0): a leads back to '^', b to a's layer", kPressArrives) \
  X(last_color_press_lost, "rules", "num_colors layers instead of num_colors + 1: the last color has no layer of " \
    "its own, and a press of its button is lost (a dead end)", \
    "Therefore, the number of layers must be equal to `<num_colors> + 1`: one layer for each color that can be " \
    "opened, +1 for when all colors are closed.") \
  X(discovered_per_cell, "rules", "discovered is kept per cell, not per state (a 2D array): a press lands on a " \
    "cell discovered already, so no button ever changes the color", \
    "the layers will be needed to distinguish when a player is standing at (1, 1) after pushing `a` from when they " \
    "are standing at (1, 1) after pushing `b`.") \
  X(doorless_button_ignored, "rules", "a button whose color has no door in the map is treated as floor (it would " \
    "open nothing), though pressing it closes the doors and changes the color", \
    "If a button is pressed that doesn’t match any door color, all doors close and none are opened.") \
  X(output_default_list, "options", "without --output the list is printed (the default taken as list, not map)", \
    "If the `--output` flag isn’t provided to your program, then your program should act as though `--output map` " \
    "was provided.") \
  X(output_modes_swapped, "options", "the --output argument compared with strcmp as a boolean (strcmp is 0, false, " \
    "on a match): map prints the list and list the map", \
    "directs the program to print solution output in the specified format") \
  X(stack_queue_swapped, "options", "--queue selects the stack and --stack the queue (the two cases' bodies " \
    "swapped)", \
    "If `--queue`/`-q` is provided, the *search_container* behaves like a queue, and if `--stack`/`-s` is provided, " \
    "the *search_container* behaves like a stack.") \
  E(help_exit_1, "main", "--help prints the help and exits with status 1", \
    "This option prohibits arguments and causes the program to print a helpful message of your own design, and " \
    "then return 0 to exit.", \
    "a test file is run with --stack or --queue and maybe --output, never with --help") \
  E(output_bogus_accepted, "options", "an --output argument other than map or list is taken as map (no error)", \
    "The argument to `--output/-o` (if provided) is either `\"list\"` or `\"map\"`", \
    "a test file is run with --output map or --output list or none, never a bad argument") \
  E(container_twice_accepted, "options", "the same container given twice (-q -q, --stack -s) is accepted as given " \
    "once", \
    "exactly one of `stack` or `queue` must be specified, exactly once", \
    "a test file is run with one --stack or --queue, never two") \
  E(output_twice_accepted, "options", "--output given twice is accepted, the last one counts (-o map -o list lists)", \
    "Both `map` and `list` output modes specified.", \
    "a test file is run with one --output or none, never two") \
  E(errors_on_stdout, "main", "the error message of a bad input goes to stdout (cout) instead of stderr; the exit " \
    "status is still 1", \
    "In all of these cases, print an informative error message to standard error", \
    "a test file holds valid input, on which no error is printed") \
  E(comment_inside_map_skipped, "parse", "a comment line between the map's rows is skipped instead of rejected " \
    "('/' is not a map character)", kMapAfterComments, \
    "a test file holds a valid map, with its comments before the map") \
  X(colors_26_rejected, "parse", "num_colors 26 rejected (26 taken as out of range)", kNumColors) \
  X(colors_0_rejected, "parse", "num_colors 0 rejected (0 colors is valid: no doors)", kNumColors) \
  X(last_color_rejected, "parse", "the letters of color num_colors are rejected (colors checked with < num_colors " \
    "- 1)", \
    "The first N letters of the English alphabet are used to represent the colors of doors and buttons.") \
  E(colors_inclusive, "parse", "the letters of color num_colors + 1 are accepted (colors checked with <= " \
    "num_colors)", \
    "No invalid door or button appears in the map (if `<num_colors> == 3` , then `'M'` and `'z'` are invalid)", \
    "it accepts only invalid maps (a letter beyond num_colors); a test file must be valid") \
  E(colors_27_accepted, "parse", "num_colors 27 accepted (limit checked with > 27)", kNumColors, \
    "it accepts only invalid maps (num_colors 27); a test file must be valid") \
  X(trap_needs_colors, "parse", "'^' rejected in a map with 0 colors (taken for a button)", \
    "The trap symbol `'^'` is always valid, even if `<num_colors>` is 0.") \
  X(height_1_rejected, "parse", "a map of one row rejected (height checked with <= 1)", \
    "`<height>` is the number of rows in the map. `<height>` ≥1.") \
  X(width_1_rejected, "parse", "a map of one column rejected (width checked with <= 1)", kWidth) \
  X(height_width_swapped, "parse", "the header read as num_colors width height", \
    "`<height>` is the number of rows in the map.") \
  X(comments_not_skipped, "parse", "comment lines are read as map rows", kCommentsMayAppear) \
  X(one_comment_line, "parse", "only one comment line is skipped", kCommentsMayAppear) \
  E(no_target_accepted, "parse", "a map without '?' is accepted (the target is not counted)", kOneTarget, \
    "only a map without '?' is affected, and it is invalid; a test file must be valid") \
  X(last_door_rejected, "parse", "doors of the last color are rejected (upper case letters checked with < 'A' + " \
    "num_colors - 1)", kValidLetters) \
  X(last_button_rejected, "parse", "buttons of the last color are rejected (lower case letters checked with < 'a' " \
    "+ num_colors - 1)", kValidLetters) \
  X(comment_symbols_counted, "parse", "an '@' or '?' in a comment is counted as the map's (the symbols counted " \
    "over the whole input): the map is rejected for a second start or target", kOneStart) \
  X(comment_plus_rejected, "parse", "a '+' in a comment is rejected (the check that '+' is not in the map applied " \
    "to every line)", kNoInvalidChars) \
  X(width_1_crash, "parse", "comments recognised by reading a line's first two characters without a length check: " \
    "a crash on the first row of a one-column map", \
    "Each valid map will use a 2D coordinate system with at least one row and one column") \
  X(locate_skips_first_row, "parse", "the scan for '@' and '?' starts at row 1: a start or target in row 0 is " \
    "'missing' and the map rejected", kOneStart) \
  X(locate_skips_last_row, "parse", "the scan for '@' and '?' stops before the last row (row < height - 1): a " \
    "start or target there is 'missing'", kOneStart) \
  X(locate_skips_first_col, "parse", "the scan for '@' and '?' starts at column 1: a start or target in column 0 " \
    "is 'missing'", kOneStart) \
  X(locate_skips_last_col, "parse", "the scan for '@' and '?' stops before the last column (col < width - 1): a " \
    "start or target there is 'missing'", kOneStart) \
  X(comment_needs_space, "parse", "a comment is recognised by \"// \" with its blank: a bare \"//\" or \"//text\" " \
    "is read as the first map row", kComments) \
  X(empty_comment_not_skipped, "parse", "a comment needs text after its \"//\" (a length check, size() > 2): a " \
    "bare \"//\" is read as the first map row", kComments) \
  E(comment_single_slash, "parse", "a comment is recognised by its first character, a single '/'", kComments, \
    "no line of a valid map after the header starts with '/' without being a comment: a map row cannot hold '/'") \
  X(no_comment_first_row_skipped, "parse", "the line after the header is always skipped, as if it were a comment: " \
    "a map with no comment line loses its first row", kCommentsMayAppear) \
  X(three_comment_lines, "parse", "exactly three lines after the header are skipped as comments, as many as the " \
    "spec's example has", kCommentsMayAppear) \
  X(comments_counted_as_rows, "parse", "comment lines are counted among the map's height lines (a loop over height " \
    "lines that skips comments): a map with k comment lines loses its last k rows", kMapLines) \
  X(comment_words_as_rows, "parse", "comments skipped a word at a time (cin >> word, dropping words that start " \
    "with \"//\"): the other words of a comment with blanks are read as map rows", kComments) \
  X(comment_of_row_width_is_row, "parse", "comments are told from map rows by their length: a comment line exactly " \
    "width characters long is read as the first row", kComments) \
  X(comment_letters_checked, "parse", "the letters of comment lines are checked against num_colors too: a comment " \
    "holding a letter beyond the map's colors is rejected", kNoInvalidChars) \
  X(hash_line_is_comment, "parse", "a line starting with '#' is skipped as a comment too, shell style: a first map " \
    "row that starts with a wall is lost", kMapAfterComments) \
  X(long_line_split_256, "parse", "lines read into a 256-byte buffer (fgets): the rest of a comment of 255 " \
    "characters or more comes back as the next line, the first map row", kComments) \
  X(long_line_fails_1024, "parse", "lines read with cin.getline(buffer, 1024): a comment of 1024 characters or " \
    "more sets failbit and the input ends there", kComments) \
  X(last_line_needs_newline, "parse", "a line is read up to its '\\n' (a row read a character at a time until the " \
    "newline): a last row with no '\\n' after it is missing", kMapLines) \
  X(last_row_loses_last_char, "parse", "every line's last character is cut as its newline (fgets, then the last " \
    "byte dropped): a last row with no '\\n' after it loses its last cell", kMapLines) \
  X(header_colors_one_digit, "parse", "the header read a character at a time: num_colors is its first digit only " \
    "(26 read as 2)", kHeader) \
  X(header_height_one_digit, "parse", "the header read a character at a time: height is its first digit only (10 " \
    "read as 1)", kHeader) \
  X(header_width_one_digit, "parse", "the header read a character at a time: width is its first digit only (10 " \
    "read as 1)", kHeader) \
  X(locate_one_symbol_per_row, "parse", "a row is searched for '@' and, only when it has none, for '?' (an if/else " \
    "per row): a target in the start's row is 'missing'", kOneTarget) \
  X(map_no_percent, "map output", "a pressed button is drawn '+' on the layer it was pressed in, not '%'", \
    kPressMarks) \
  X(map_no_at, "map output", "the arrival in the button's layer is drawn '+', not '@'", kPressMarks) \
  X(map_percent_at_swapped, "map output", "'@' on the layer the button was pressed in, '%' on the button's layer", \
    kPressMarks) \
  X(map_start_plus, "map output", "the start is drawn '+' (the path drawn from its first state)", kStartShown) \
  X(map_target_plus, "map output", "the target is drawn '+' (the path drawn to its last state)", kStartShown) \
  X(map_target_caret_only, "map output", "the target '?' shows on the '^' map only ('.' on the colored maps)", \
    kStartShown) \
  X(map_start_every_layer, "map output", "the start '@' shows on every layer's map, not on '^' only", kStartShown) \
  X(map_traps_shown, "map output", "traps off the path show as '^' on the '^' map (not replaced with '.')", \
    kCaretMapTraps) \
  X(map_traps_hidden, "map output", "traps off the path show as '.' on every layer's map, not on '^' only", \
    kCaretMapTraps) \
  X(map_own_button_shown, "map output", "a layer's own buttons off the path show as themselves, not '.'", \
    kColorMapOwn) \
  X(map_own_door_shown, "map output", "a layer's own doors off the path show as themselves, not '.'", kColorMapOwn) \
  X(map_letters_hidden, "map output", "on a colored layer every button and door shows as '.', not only the layer's " \
    "own", kColorMapOwn) \
  X(map_unused_colors_skipped, "map output", "no map for a color whose letters do not occur in the map", \
    kEachColorMap) \
  X(map_last_layer_missing, "map output", "num_colors maps instead of num_colors + 1 (the last color's map is " \
    "missing)", kEachColorMap) \
  X(map_header_uppercase, "map output", "the layer headers name the door letter: '// color A'", kColorMapHeader) \
  X(map_trap_press_unmarked, "map output", "a trap press is drawn like a move ('+' on both layers), not '%' and '@'", \
    kPressMarks) \
  X(map_percent_on_caret, "map output", "the '%' of a press is always drawn on the '^' map, whatever layer pressed", \
    kPressMarks) \
  X(map_marks_every_layer, "map output", "the path's marks are drawn on every layer's map (one 2D map of marks for " \
    "all layers)", \
    "The `a` button press moves the solution path to the `// color a` map at the same location, which is replaced " \
    "by `@`.") \
  X(map_trap_twice, "map output", "a trap off the path prints twice, its replacement and then the cell itself (an " \
    "else missing): '.^' on the '^' map, '^^' on the colors' maps", kCaretMapTraps) \
  X(map_plus_not_on_doors, "map output", "the path's '+' is drawn over floor only: an open door on the path shows " \
    "as its layer shows it ('.'), not '+'", kPathPlus) \
  X(map_plus_not_on_start, "map output", "the path's '+' is not drawn over the start's cell on a colored layer " \
    "(the start is skipped wherever the path meets it; it shows '.')", kPathPlus) \
  X(map_plus_not_on_buttons, "map output", "the path's '+' is not drawn over the layer's own buttons that it walks " \
    "over (they show '.', as off the path)", kInactiveIsFloor) \
  X(map_plus_not_on_traps, "map output", "the path's '+' is not drawn over traps it walks over on the '^' layer " \
    "(they show '.', as off the path)", kInactiveIsFloor) \
  X(map_trap_press_no_at, "map output", "a trap press draws its '%' on the colored layer but no '@' on the '^' map " \
    "(only presses of colored buttons get an arrival mark)", kPressMarks) \
  X(map_header_no_space, "map output", "the layer headers are written '//color a' (no space after //)", \
    kColorMapHeader) \
  X(map_header_next_letter, "map output", "the layer headers name the letter 'a' + layer (layer 1 is a): '// color " \
    "b' over a's map, and so on", kColorMapHeader) \
  X(map_blank_line_between_layers, "map output", "a blank line between one layer's map and the next header", \
    kEachColorMap) \
  X(map_caret_last, "map output", "the '^' map printed after the colors' maps ('^' stored as the last layer, " \
    "num_colors, and the layers printed in index order)", kEachColorMap) \
  X(map_own_door_next_letter, "map output", "a layer's door letter computed 'A' + layer (layer 1 is a): on a's map " \
    "the B doors are hidden ('.') and the A doors shown", kFollowingMaps) \
  X(map_own_button_next_letter, "map output", "a layer's button letter computed 'a' + layer (layer 1 is a): on a's " \
    "map the b buttons are hidden ('.') and the a buttons shown", kFollowingMaps) \
  X(map_last_row_missing, "map output", "each layer's map lacks its last row (rows printed while row < height - 1)", \
    kMapOutput) \
  X(map_last_col_missing, "map output", "each row of the layers' maps lacks its last column (columns printed while " \
    "col < width - 1)", kMapOutput) \
  X(list_row_col_swapped, "list output", "list states printed (color, (col, row))", kListFormat) \
  X(list_uppercase_color, "list output", "list colors printed as the door letter: (A, (r, c))", kListFormat) \
  X(list_no_space, "list output", "list states printed without the space between row and column: (c, (r,c))", \
    kListFormat) \
  X(list_omits_press, "list output", "only moves are listed: the state after a press (same cell, new color) is " \
    "left out", kListPath) \
  X(list_omits_start, "list output", "the list starts after the start state (the backtrace stops before the start)", \
    kFirstLastState) \
  X(list_reversed, "list output", "the list runs from the target back to the start (the backtrace not reversed)", \
    kFirstLastState) \
  X(list_one_based, "list output", "list rows and columns counted from 1", kListFormat) \
  X(list_omits_target, "list output", "the list ends before the target state (the loop stops at the target without " \
    "printing it)", kFirstLastState) \
  X(list_trailing_blank_line, "list output", "an extra blank line after the last state of the list", kDiff) \
  X(list_no_final_newline, "list output", "no end of line after the last state of the list (lines joined with " \
    "'\\n' between them)", kDiff) \
  X(list_omits_start_adjacent, "list output", "when the target is next to the start (a path of two states) the " \
    "start is left out of the list", kFirstLastState) \
  X(list_missing_inner_parens, "list output", "list states printed (c, r, c): the parentheses around row and " \
    "column missing", kListFormat) \
  X(list_layer_number, "list output", "the list's color printed as the layer's number (0 for '^', 1 for a, ...)", \
    kListFormat) \
  X(list_press_prints_old_color, "list output", "each state is printed with the color of the state that discovered " \
    "it: the state after a press shows the old color", kPressArrives) \
  X(list_omits_trap_press, "list output", "the state a trap press discovers is not listed (a press back to '^' not " \
    "taken for a color change)", \
    "A player’s state is a combination of the color of the last button pressed (think of `^` as a color for the " \
    "purpose of player state), and their position in the grid.") \
  X(nosol_caret_layer_only, "no-solution output", "with no solution, only the cells discovered in the '^' layer " \
    "count as discovered", kUndiscovered) \
  X(nosol_trailing_blank_line, "no-solution output", "with no solution, an empty line follows the map", \
    kDiscoveredMap) \
  X(nosol_target_shown, "no-solution output", "with no solution, the target shows as '?' instead of '#'", \
    "If there is no solution to the puzzle, the target will always be replaced with `'#'`.") \
  X(nosol_undiscovered_dot, "no-solution output", "with no solution, undiscovered cells other than walls show as " \
    "'.' instead of '#'", kUndiscoveredIncludes) \
  X(nosol_no_discovered_line, "no-solution output", "with no solution, the 'Discovered:' line is missing", \
    kNoSolutionHeader) \
  X(nosol_closed_doors_shown, "no-solution output", "with no solution, closed doors next to discovered cells count " \
    "as discovered (marked before the passability test)", kDiscoverable) \
  X(nosol_list_no_map, "no-solution output", "with no solution in list mode, only 'No solution.' is printed (no " \
    "discovered map)", \
    "With no solution, stack or queue doesn’t matter, nor does the requested output mode.") \
  X(nosol_traps_hidden, "no-solution output", "with no solution, discovered traps print as '.' (the '^' map's " \
    "replacement applied to the discovered map)", kDiscoveredMap) \
  X(nosol_buttons_hidden, "no-solution output", "with no solution, discovered buttons print as '.' (pressed " \
    "buttons taken for floor)", kDiscoveredMap) \
  X(nosol_undiscovered_letters_shown, "no-solution output", "with no solution, only undiscovered floor becomes " \
    "'#': undiscovered doors, buttons and traps show as themselves", kUndiscoveredIncludes) \
  X(nosol_last_layer_ignored, "no-solution output", "with no solution, cells discovered only in the last color's " \
    "layer print as '#' (the layers gone through up to num_colors - 1)", kUndiscovered) \
  X(nosol_reachable_header, "no-solution output", "with no solution, the second line is 'Reachable:' (an older " \
    "edition of the spec) instead of 'Discovered:'", kNoSolutionHeader) \
  X(nosol_exit_1, "main", "the exit status is 1 when there is no solution (the output is right)", \
    "If the input is valid (even if there is no solution), your program should return 0 from `main()`, and should " \
    "NOT call `exit()` at all.") \
  E(map_press_plus_first, "map output", "the state that presses a button is drawn '+' before its '%'", kPressMarks, \
    "the '%' of the press is drawn after the '+' on the same cell of the same layer and overwrites it") \
  X(start_not_marked, "search", "the start is not marked discovered: a neighbour discovers it again and pushes it " \
    "once more; a start walled in on a map with no solution prints '#'", \
    "Add the initial state to the *search_container* and mark it as discovered.") \
  E(backtrace_target_highest_layer, "backtrace", "the backtrace starts from the target in the highest layer that " \
    "discovered it, not from the state that reached it", kStopAtTarget, \
    "alone it changes nothing: the search stops at the target's first discovery, so one layer discovered it; it " \
    "shows beside a bug that lets the search go on (stop-on-investigate, search-runs-to-end)") \
  X(last_row_read_by_chars, "parse", "the last row is read a character at a time (cin >> c) and not tested for a " \
    "comment: a one-row map's first comment line is read as its row", \
    "After the map parameters are given, zero or more comments may appear. Comments begin a line with `//` and " \
    "continue to the end of the line.") \
  X(solved_if_container_nonempty, "search", "the target is marked discovered but not pushed, and after the loop an " \
    "empty container means no solution: a target found from the last state in the container is taken for no " \
    "solution", \
    "If you discover the target, you’ve solved the puzzle, and can leave the loop.") \
  X(width_1_first_row_underflow, "parse", "the first row is read with an index one short (row[width - 2] last, " \
    "then row[-1] when the width is 1): a crash (SIGABRT) on every one-column map", kWidth)

/// The bugs by id: Id x is all()[x].
enum Id : std::size_t {
#define PUZZLE_BUG_ID(id, ...) id,
  PUZZLE_BUGS(PUZZLE_BUG_ID, PUZZLE_BUG_ID)
#undef PUZZLE_BUG_ID
};

inline const std::vector<Bug>& all() {
  static const std::vector<Bug> table = [] {
    std::vector<Bug> t;
#define PUZZLE_BUG_COUNTED(id, part, desc, spec) t.push_back({#id, part, desc, spec, nullptr});
#define PUZZLE_BUG_EQUIVALENT(id, part, desc, spec, why) t.push_back({#id, part, desc, spec, why});
    PUZZLE_BUGS(PUZZLE_BUG_COUNTED, PUZZLE_BUG_EQUIVALENT)
#undef PUZZLE_BUG_COUNTED
#undef PUZZLE_BUG_EQUIVALENT
    for (Bug& bug : t) std::replace(bug.name.begin(), bug.name.end(), '_', '-');
    return t;
  }();
  return table;
}

/// The index of the bug named `name` in all(), or -1.
inline int find(std::string_view name) {
  const auto it = std::find_if(all().begin(), all().end(), [&](const Bug& bug) { return bug.name == name; });
  return it == all().end() ? -1 : static_cast<int>(it - all().begin());
}

using Set = std::vector<bool>;  // Set[i]: bug i switched on (size all().size())

/// A Set with the bugs `names` on (unknown names are skipped: check them with find()).
inline Set set_of(const std::vector<std::string>& names) {
  Set on(all().size(), false);
  for (const std::string& name : names)
    if (find(name) >= 0) on[static_cast<std::size_t>(find(name))] = true;
  return on;
}

struct Outcome {
  std::string out;        // what the solver wrote to stdout (up to where it ended)
  int status = 0;         // exit status when it exited
  int signal = 0;         // nonzero: the solver would die of this signal (SIGSEGV, SIGABRT...)
  bool hangs = false;     // the solver would never end (runs out of time)
  std::string err;        // what it wrote to stderr (the error messages)
};

namespace detail {

// How the student's solver ends, other than by returning from main.
struct Exit { int status; };
struct Crash { int signal; };
struct Hang {};

/// A state: the layer (0 for '^', 1 + k for the k-th color) and the cell.
struct State {
  int layer, row, col;
  bool operator==(const State& o) const { return layer == o.layer && row == o.row && col == o.col; }
};

// The neighbours in the spec's order: north, east, south, west.
constexpr int kRowStep[4] = {-1, 0, 1, 0};
constexpr int kColStep[4] = {0, 1, 0, -1};

// What a state's "came from" byte holds: 0 undiscovered, the start, a move in direction
// d (kMoved + d), or a press from layer L (kPressed + L).
constexpr std::uint8_t kStart = 1, kMoved = 2, kPressed = 8;

class Student {
 public:
  Student(const Set& on, Outcome& outcome) : on_(on), o_(outcome) {}

  void main(const std::vector<std::string>& args, std::string_view input) {
    read_options(args);
    if (help_) {
      o_.out += "Usage: puzzle --stack|--queue [--output map|list] < MAP\n";
      throw Exit{bug(help_exit_1) ? 1 : 0};
    }
    read_map(input);
    if (!search()) {
      write_no_solution();
      if (bug(nosol_exit_1)) throw Exit{1};
      return;
    }
    backtrace();
    if (list_) write_list();
    else write_map();
  }

 private:
  bool bug(Id id) const { return on_[id]; }

  [[noreturn]] void fail(const std::string& message) {
    (bug(errors_on_stdout) ? o_.out : o_.err) += "puzzle: error: " + message + "\n";
    throw Exit{1};
  }

  void read_options(const std::vector<std::string>& args) {
    std::vector<std::string> words{"puzzle"};
    words.insert(words.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& word : words) argv.push_back(&word[0]);
    argv.push_back(nullptr);
    static const option kLong[] = {{"help", no_argument, nullptr, 'h'}, {"queue", no_argument, nullptr, 'q'},
                                   {"stack", no_argument, nullptr, 's'}, {"output", required_argument, nullptr, 'o'},
                                   {nullptr, 0, nullptr, 0}};
    const int argc = static_cast<int>(words.size());
    optind = 0;  // a full reset: run() parses many command lines in one process
    opterr = 0;
    int outputs = 0;
    bool queue_given = false, stack_given = false;
    int choice;
    while ((choice = getopt_long(argc, argv.data(), ":hqso:", kLong, nullptr)) != -1) {
      switch (choice) {
        case 'h':
          help_ = true;
          break;
        case 'q':
        case 's': {
          bool& given = choice == 'q' ? queue_given : stack_given;
          if (given && !bug(container_twice_accepted)) fail("--queue or --stack given twice");
          given = true;
          stack_ = (choice == 's') != bug(stack_queue_swapped);
          break;
        }
        case 'o': {
          if (++outputs > 1 && !bug(output_twice_accepted)) fail("--output given twice");
          const std::string mode = optarg;
          if (mode != "map" && mode != "list" && !bug(output_bogus_accepted))
            fail("--output must be map or list, not '" + mode + "'");
          list_ = bug(output_modes_swapped) ? mode == "map" : mode == "list";
          break;
        }
        case ':':
          fail("--output needs an argument: map or list");
        default:
          fail("unknown option '" + std::string(argv[static_cast<std::size_t>(optind - 1)]) + "'");
      }
    }
    if (optind < argc) fail("unexpected argument '" + words[static_cast<std::size_t>(optind)] + "'");
    if (help_) return;
    if (!queue_given && !stack_given) fail("choose --queue or --stack");
    if (queue_given && stack_given) fail("--queue and --stack both given");
    if (outputs == 0) list_ = bug(output_default_list);
  }

  /// The next line of the input, as getline gives it, with the line-reading bugs.
  bool next_line(std::string& line) {
    bool ended;  // the line had its '\n'
    if (has_pending_) {
      line.swap(pending_);
      ended = pending_ended_;
      has_pending_ = false;
    } else {
      if (input_failed_ || !std::getline(in_, line)) return false;
      ended = !in_.eof();
      if (!ended && bug(last_line_needs_newline)) return false;
      if (!ended && bug(last_row_loses_last_char) && !line.empty()) line.pop_back();
      if (bug(long_line_fails_1024) && line.size() >= 1024) {  // cin.getline(buffer, 1024): failbit
        input_failed_ = true;
        return false;
      }
    }
    if (bug(long_line_split_256) && line.size() >= 255 && (line.size() > 255 || ended)) {
      pending_ = line.substr(255);  // fgets(buffer, 256): the rest of the line comes next
      pending_ended_ = ended;
      has_pending_ = true;
      line.resize(255);
    }
    return true;
  }

  bool is_comment(const std::string& line) const {
    if (bug(width_1_crash) && line.size() < 2) throw Crash{SIGSEGV};  // line[1] read blindly
    if (bug(hash_line_is_comment) && !line.empty() && line[0] == '#') return true;
    if (bug(comment_of_row_width_is_row)) return line.size() != width_;
    if (bug(comment_single_slash)) return !line.empty() && line[0] == '/';
    if (bug(comment_needs_space)) return line.rfind("// ", 0) == 0;
    if (bug(empty_comment_not_skipped)) return line.size() > 2 && line.rfind("//", 0) == 0;
    return line.rfind("//", 0) == 0;
  }

  void read_header() {
    std::string line;
    if (!std::getline(in_, line)) fail("empty input: no header");
    if (!line.empty() && line.back() == '\r') line.pop_back();
    std::uint32_t values[3];
    std::size_t pos = 0;
    for (int i = 0; i < 3; ++i) {
      while (pos < line.size() && (line[pos] == ' ' || line[pos] == '\t')) ++pos;
      if (pos == line.size() || line[pos] < '0' || line[pos] > '9') fail("line 1: the header needs three numbers");
      const bool one_digit = bug(std::array<Id, 3>{header_colors_one_digit, header_height_one_digit,
                                                   header_width_one_digit}[static_cast<std::size_t>(i)]);
      std::uint64_t value = 0;
      for (const std::size_t begin = pos; pos < line.size() && line[pos] >= '0' && line[pos] <= '9'; ++pos) {
        if (!one_digit || pos == begin) value = value * 10 + static_cast<std::uint64_t>(line[pos] - '0');
        if (value > UINT32_MAX) fail("line 1: a number does not fit in 32 bits");
      }
      if (pos < line.size() && line[pos] != ' ' && line[pos] != '\t') fail("line 1: a bad character in the header");
      values[i] = static_cast<std::uint32_t>(value);
    }
    while (pos < line.size() && (line[pos] == ' ' || line[pos] == '\t')) ++pos;
    if (pos < line.size()) fail("line 1: more than three numbers in the header");
    colors_ = values[0];
    height_ = bug(height_width_swapped) ? values[2] : values[1];
    width_ = bug(height_width_swapped) ? values[1] : values[2];
    if (colors_ > (bug(colors_27_accepted) ? 27u : 26u) || (bug(colors_26_rejected) && colors_ == 26))
      fail("num_colors is " + std::to_string(colors_) + ", at most 26 allowed");
    if (bug(colors_0_rejected) && colors_ == 0) fail("num_colors is 0");
    if (height_ == 0 || (bug(height_1_rejected) && height_ == 1)) fail("the height must be at least 1");
    if (width_ == 0 || (bug(width_1_rejected) && width_ == 1)) fail("the width must be at least 1");
  }

  /// Whether `c` may appear in a map of colors_ colors.
  bool valid_char(char c) const {
    if (c == '.' || c == '#' || c == '@' || c == '?') return true;
    if (c == '^') return !(bug(trap_needs_colors) && colors_ == 0);
    const bool door = is_door(c), button = is_button(c);
    if (!door && !button) return false;
    const std::uint32_t k = static_cast<std::uint32_t>(c - (door ? 'A' : 'a'));
    if (bug(colors_inclusive)) return k <= colors_;
    if (bug(last_color_rejected) || (door && bug(last_door_rejected)) || (button && bug(last_button_rejected)))
      return k + 1 < colors_;
    return k < colors_;
  }

  /// A comment line's own checks (only buggy solvers check comments).
  void check_comment(const std::string& line) {
    for (const char c : line) {
      if (bug(comment_plus_rejected) && c == '+') fail("'+' in a comment");
      if (bug(comment_symbols_counted) && (c == '@' || c == '?')) ++(c == '@' ? starts_ : targets_);
      if (bug(comment_letters_checked) && (is_door(c) || is_button(c)) && !valid_char(c))
        fail("a letter beyond the colors in a comment");
    }
  }

  /// The last row as `cin >> c` reads it, width times: blanks and line ends skipped.
  std::string row_by_chars() {
    std::string row;
    for (char c; row.size() < width_ && in_ >> c;) row += c;
    return row;
  }

  void read_map(std::string_view input) {
    in_.str(std::string(input));
    read_header();
    std::string line;
    if (bug(comment_words_as_rows)) {  // cin >> word: words that start with "//" skipped
      std::string word;
      while (in_ >> word && word.rfind("//", 0) == 0) check_comment(word);
      if (in_) rows_.push_back(word);
      while (rows_.size() < height_ && in_ >> word) rows_.push_back(word);
    } else if (bug(last_row_read_by_chars) && height_ == 1) {  // the one row is the last: read by chars
      rows_.push_back(row_by_chars());
    } else {
      bool have = next_line(line);
      std::uint32_t comments = 0;
      if (bug(comments_not_skipped)) {
      } else if (bug(three_comment_lines)) {
        for (int i = 0; i < 3 && have; ++i) check_comment(line), have = next_line(line);
      } else {
        if (bug(no_comment_first_row_skipped) && have) check_comment(line), have = next_line(line);
        while (have && is_comment(line) && !(bug(one_comment_line) && comments == 1))
          check_comment(line), have = next_line(line), ++comments;
      }
      // The rows: height lines (less the comments, for a student who counts them in).
      std::uint64_t wanted = bug(last_row_read_by_chars) ? height_ - 1 : height_;
      if (bug(comments_counted_as_rows)) wanted = comments < height_ ? height_ - comments : 0;
      while (have && rows_.size() < wanted) {
        rows_.push_back(line);
        if (rows_.size() < wanted) have = next_line(line);
      }
      if (bug(comments_counted_as_rows) && rows_.size() == wanted)
        rows_.resize(height_, std::string(width_, '.'));  // the rows never read
      if (bug(last_row_read_by_chars) && rows_.size() == wanted) rows_.push_back(row_by_chars());
    }
    if (bug(width_1_first_row_underflow) && width_ == 1 && !rows_.empty())
      throw Crash{SIGABRT};  // row[-1] written: the heap broken, "double free or corruption"
    if (rows_.size() < height_)
      fail("the map has " + std::to_string(rows_.size()) + " rows, the header says " + std::to_string(height_));
    for (std::size_t r = 0; r < rows_.size(); ++r) {
      std::string& row = rows_[r];
      if (!row.empty() && row.back() == '\r') row.pop_back();
      while (!row.empty() && (row.back() == ' ' || row.back() == '\t')) row.pop_back();
      if (row.size() != width_) fail("map row " + std::to_string(r) + " is not " + std::to_string(width_) + " wide");
      for (std::size_t c = 0; c < row.size(); ++c)
        if (!valid_char(row[c]))
          fail("map row " + std::to_string(r) + ", column " + std::to_string(c) + ": invalid character");
    }
    // The '@' and the '?', each exactly once.
    const int height = static_cast<int>(height_), width = static_cast<int>(width_);
    const int first_row = bug(locate_skips_first_row) ? 1 : 0, last_row = height - (bug(locate_skips_last_row) ? 1 : 0);
    const int first_col = bug(locate_skips_first_col) ? 1 : 0, last_col = width - (bug(locate_skips_last_col) ? 1 : 0);
    for (int r = first_row; r < last_row; ++r) {
      const bool has_start = rows_[static_cast<std::size_t>(r)].find('@') != std::string::npos;
      for (int c = first_col; c < last_col; ++c) {
        const char here = at(r, c);
        if (here == '@') {
          ++starts_;
          start_ = {0, r, c};
        }
        if (here == '?' && !(bug(locate_one_symbol_per_row) && has_start)) {
          ++targets_;
          target_ = {0, r, c};
        }
      }
    }
    if (starts_ != 1) fail("the map needs exactly one '@'");
    if (targets_ != 1 && !(bug(no_target_accepted) && targets_ == 0)) fail("the map needs exactly one '?'");
  }

  char at(int r, int c) const { return rows_[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)]; }

  // ==== The rules ==================================================================

  static char color_of(int layer) { return layer == 0 ? '^' : static_cast<char>('a' + layer - 1); }
  static bool is_door(char c) { return c >= 'A' && c <= 'Z'; }
  static bool is_button(char c) { return c >= 'a' && c <= 'z'; }

  /// Whether standing on `c` in the layer of `color` presses it.
  bool active(char color, char c) const {
    if (c == '^') {
      if (bug(traps_never_active)) return false;
      return color != '^' || bug(traps_active_on_caret);
    }
    if (!is_button(c)) return false;
    if (bug(doorless_button_ignored) && !door_in_map(c)) return false;
    if (color == '^') return !bug(buttons_inactive_on_caret);
    if (bug(press_only_from_caret)) return false;
    return c != color || bug(own_button_active);
  }

  bool in_map(char c) const {
    for (const std::string& row : rows_)
      if (row.find(c) != std::string::npos) return true;
    return false;
  }
  bool door_in_map(char button) const { return in_map(static_cast<char>(button - 'a' + 'A')); }

  /// The layer a press of `c` from `layer` leads to, or -1 when the press is lost.
  int pressed_layer(int layer, char c) const {
    if (c == '^') return bug(trap_press_keeps_layer) ? layer : 0;
    int to = c - 'a' + 1;
    if (bug(press_lands_one_layer_down)) --to;
    if (bug(last_color_press_lost) && to == static_cast<int>(colors_)) return -1;
    return to;
  }

  /// Whether a move onto `c` is allowed in the layer of `color`.
  bool passable(char color, char c) const {
    if (c == '#') return false;
    if (c == '^') return !bug(trap_impassable);
    if (color != '^' && ((c == '?' && bug(target_wall_in_color)) || (c == '@' && bug(start_wall_in_color)))) return false;
    if (!is_door(c)) return true;
    const int door = c - 'A', open = color == '^' ? -100 : color - 'a';
    if (bug(press_keeps_doors_open) && opened_[static_cast<std::size_t>(door)]) return true;
    if (bug(own_door_closed) || color == '^') return false;
    if (bug(any_door_open_in_color)) return true;
    if (bug(door_color_off_by_one)) return door == open + 1;
    if (bug(door_color_off_by_one_down)) return door == open - 1;
    return door == open;
  }

  std::size_t index(const State& s) const {
    return (static_cast<std::size_t>(s.layer) * height_ + static_cast<std::size_t>(s.row)) * width_ +
           static_cast<std::size_t>(s.col);
  }
  /// Where a state's discovered flag is (per cell for a student with a 2-D array).
  std::size_t flag(const State& s) const { return bug(discovered_per_cell) ? index({0, s.row, s.col}) : index(s); }

  bool is_target(const State& s) const {
    return s.row == target_.row && s.col == target_.col && (s.layer == 0 || !bug(target_only_in_caret));
  }

  /// Discovers `s` (if it is new) with its "came from" byte; pushes it.
  bool discover(const State& s, std::uint8_t how, bool again = false) {
    if (discovered_[flag(s)] && !again) return false;
    if (!bug(mark_on_investigate)) discovered_[flag(s)] = 1;
    came_from_[index(s)] = how;
    box_.push_back(s);
    return true;
  }

  /// The spec's algorithm; true when the target was discovered (end_ is its state).
  bool search() {
    const std::size_t states = (std::size_t{colors_} + 1) * height_ * width_;
    discovered_.assign(states, 0);
    came_from_.assign(states, 0);
    std::vector<bool> color_used(26, false);
    box_.push_back(start_);
    came_from_[index(start_)] = kStart;
    if (!bug(mark_on_investigate) && !bug(start_not_marked)) discovered_[flag(start_)] = 1;
    // The neighbours' order: the spec's, or the one an order bug's name spells (the first on wins).
    std::string order = bug(order_reversed_in_stack) && stack_ ? "wsen" : "nesw";
    for (Id id : {order_snew, order_wens, order_nswe, order_senw, order_nwes, order_nwse, order_wsen, order_eswn,
                  order_nsew})
      if (bug(id)) order = all()[id].name.substr(6);
    const bool from_back = stack_ ? !bug(stack_pops_front) : bug(queue_pops_back);
    const bool stop_when_taken = bug(stop_on_investigate) || (bug(stop_on_investigate_queue) && !stack_);
    const bool stop_when_found = !stop_when_taken && !bug(search_runs_to_end);
    const int height = static_cast<int>(height_), width = static_cast<int>(width_);
    while (!box_.empty()) {
      const State cur = from_back ? box_.back() : box_.front();
      from_back ? box_.pop_back() : box_.pop_front();
      if (bug(mark_on_investigate)) {
        if (discovered_[flag(cur)]) continue;
        discovered_[flag(cur)] = 1;
      }
      if (stop_when_taken && is_target(cur)) {
        end_ = cur;
        return true;
      }
      const char here = at(cur.row, cur.col), color = color_of(cur.layer);
      if (active(color, here)) {
        int to = pressed_layer(cur.layer, here);
        if (bug(press_once_per_color) && is_button(here)) {
          if (color_used[static_cast<std::size_t>(here - 'a')]) to = -1;
          color_used[static_cast<std::size_t>(here - 'a')] = true;
        }
        const State next{to, cur.row, cur.col};
        const bool was_discovered = to >= 0 && discovered_[flag(next)] != 0;
        const bool pressed =
            to >= 0 && discover(next, static_cast<std::uint8_t>(kPressed + cur.layer), bug(press_rediscovers));
        if (pressed && bug(press_keeps_doors_open) && is_button(here)) opened_[static_cast<std::size_t>(here - 'a')] = true;
        if (!bug(press_and_move) && !(bug(press_else_move) && was_discovered)) continue;
      }
      bool found = false;
      for (const char way : order) {
        const int d = static_cast<int>(std::string_view("nesw").find(way));
        const int r = cur.row + kRowStep[d], c = cur.col + kColStep[d];
        if (r < (bug(edge_first_row) ? 1 : 0) || c < (bug(edge_first_col) ? 1 : 0)) continue;
        if (r >= height - (bug(edge_last_row) ? 1 : 0) || c >= width - (bug(edge_last_col) ? 1 : 0)) continue;
        const State next{cur.layer, r, c};
        if (bug(nosol_closed_doors_shown) && !bug(mark_on_investigate) && !passable(color, at(r, c)))
          discovered_[flag(next)] = 1;  // marked before the passability test
        if (!passable(color, at(r, c)) || !discover(next, static_cast<std::uint8_t>(kMoved + d))) continue;
        if (stop_when_found && is_target(next)) {
          end_ = next;
          found = true;
          if (bug(solved_if_container_nonempty)) {  // the target discovered, not pushed
            box_.erase(std::find(box_.begin(), box_.end(), next));
            if (box_.empty()) return false;  // the loop's end taken for "no state left"
          }
          if (!bug(stop_after_all_neighbours)) break;
        }
      }
      if (found) return true;
    }
    if (!bug(search_runs_to_end) || target_.row < 0) return false;
    end_ = {discovering_layer(target_, false), target_.row, target_.col};  // the lowest layer that discovered it
    return end_.layer >= 0;
  }

  /// The lowest (or highest) layer but `skip` whose state on the cell of `s` has a "came from" byte, or -1.
  int discovering_layer(const State& s, bool highest, int skip = -1) const {
    for (int k = 0; k <= static_cast<int>(colors_); ++k) {
      const int layer = highest ? static_cast<int>(colors_) - k : k;
      if (layer != skip && came_from_[index({layer, s.row, s.col})]) return layer;
    }
    return -1;
  }

  /// The path from the start to end_, into path_.
  void backtrace() {
    State cur = end_;
    if (bug(backtrace_target_highest_layer)) cur.layer = discovering_layer(cur, true);
    path_.assign(1, cur);
    const bool cell_only = bug(backtrace_stops_at_start_cell);  // the start's cell compared, not its state
    while (!(cur.row == start_.row && cur.col == start_.col && (cell_only || cur.layer == start_.layer))) {
      const std::uint8_t how = came_from_[index(cur)];
      if (how >= kMoved && how < kPressed) {
        cur.row -= kRowStep[how - kMoved];
        cur.col -= kColStep[how - kMoved];
      } else if (how >= kPressed) {
        int from = how - kPressed;
        if (bug(backtrace_press_lowest_layer) || bug(backtrace_press_highest_layer)) {
          from = discovering_layer(cur, !bug(backtrace_press_lowest_layer), cur.layer);
          if (from < 0) throw Crash{SIGSEGV};  // read out of the array
        }
        cur.layer = from;
      } else {
        break;  // the start's own byte
      }
      path_.push_back(cur);
      if (path_.size() > discovered_.size() + 1) throw Hang{};  // the backtrace goes round a loop
    }
    std::reverse(path_.begin(), path_.end());
  }

  void write_list() {
    const std::size_t n = path_.size();
    std::vector<std::string> lines;
    for (std::size_t i = 0; i < n; ++i) {
      const State& s = path_[i];
      if (i == 0 && (bug(list_omits_start) || (bug(list_omits_start_adjacent) && n == 2))) continue;
      if (i + 1 == n && bug(list_omits_target)) continue;
      if (i > 0 && s.layer != path_[i - 1].layer &&
          (bug(list_omits_press) || (s.layer == 0 && bug(list_omits_trap_press))))
        continue;
      const int layer = bug(list_press_prints_old_color) && i > 0 ? path_[i - 1].layer : s.layer;
      std::string color(1, color_of(layer));
      if (bug(list_uppercase_color) && layer != 0) color[0] = static_cast<char>(color[0] - 'a' + 'A');
      if (bug(list_layer_number)) color = std::to_string(layer);
      int row = s.row, col = s.col;
      if (bug(list_one_based)) ++row, ++col;
      if (bug(list_row_col_swapped)) std::swap(row, col);
      const std::string cell = std::to_string(row) + (bug(list_no_space) ? "," : ", ") + std::to_string(col);
      lines.push_back("(" + color + (bug(list_missing_inner_parens) ? ", " + cell + ")" : ", (" + cell + "))"));
    }
    if (bug(list_reversed)) std::reverse(lines.begin(), lines.end());  // the backtrace not reversed
    for (const std::string& line : lines) o_.out += line + '\n';
    if (bug(list_no_final_newline) && !lines.empty()) o_.out.pop_back();
    if (bug(list_trailing_blank_line)) o_.out += '\n';
  }

  void write_map() {
    const int layers = static_cast<int>(colors_) + 1;
    std::vector<std::vector<std::string>> maps(static_cast<std::size_t>(layers), rows_);
    for (int l = 0; l < layers; ++l) {
      const char own = static_cast<char>('a' + (bug(map_own_button_next_letter) ? l : l - 1));
      const char own_door = static_cast<char>('A' + (bug(map_own_door_next_letter) ? l : l - 1));
      for (std::string& row : maps[static_cast<std::size_t>(l)])
        for (char& c : row) {
          if (c == '@' && l != 0 && !bug(map_start_every_layer)) c = '.';
          else if (c == '?' && l != 0 && bug(map_target_caret_only)) c = '.';
          else if (c == '^' && ((l == 0 && !bug(map_traps_shown)) || bug(map_traps_hidden))) c = '.';
          else if (l != 0 && bug(map_letters_hidden) && (is_door(c) || is_button(c))) c = '.';
          else if (l != 0 && c == own && !bug(map_own_button_shown)) c = '.';
          else if (l != 0 && c == own_door && !bug(map_own_door_shown)) c = '.';
        }
    }
    auto put = [&](const State& s, char mark) {
      for (int l = 0; l < layers; ++l)
        if (l == s.layer || bug(map_marks_every_layer))
          maps[static_cast<std::size_t>(l)][static_cast<std::size_t>(s.row)][static_cast<std::size_t>(s.col)] = mark;
    };
    const std::size_t n = path_.size();
    if (bug(map_start_plus)) put(path_[0], '+');
    for (std::size_t i = 1; i < n; ++i) {
      const State& s = path_[i];
      const State& before = path_[i - 1];
      if (s.layer != before.layer) {
        const bool trap = s.layer == 0 && at(s.row, s.col) == '^';
        if (trap && bug(map_trap_press_unmarked)) {
          put(before, '+');
          put(s, '+');
          continue;
        }
        State pressed_in = before;
        if (bug(map_percent_on_caret)) pressed_in.layer = 0;
        if (bug(map_press_plus_first)) put(pressed_in, '+');
        char percent = bug(map_no_percent) ? '+' : '%', arrival = bug(map_no_at) ? '+' : '@';
        if (bug(map_percent_at_swapped)) std::swap(percent, arrival);
        put(pressed_in, percent);
        if (!(trap && bug(map_trap_press_no_at))) put(s, arrival);
      } else if (i + 1 < n || bug(map_target_plus)) {
        const char c = at(s.row, s.col);
        if (bug(map_plus_not_on_doors) && is_door(c)) continue;
        if (bug(map_plus_not_on_start) && c == '@') continue;
        if (bug(map_plus_not_on_buttons) && is_button(c)) continue;
        if (bug(map_plus_not_on_traps) && c == '^' && s.layer == 0) continue;
        put(s, '+');
      }
    }
    std::vector<int> order;
    if (!bug(map_caret_last)) order.push_back(0);
    const int last = bug(map_last_layer_missing) ? layers - 1 : layers;
    for (int l = 1; l < last; ++l)
      if (!bug(map_unused_colors_skipped) || door_in_map(color_of(l)) || in_map(color_of(l))) order.push_back(l);
    if (bug(map_caret_last)) order.push_back(0);
    std::string& out = o_.out;
    for (std::size_t k = 0; k < order.size(); ++k) {
      const int l = order[k];
      if (k > 0 && bug(map_blank_line_between_layers)) out += '\n';
      char name = color_of(l);
      if (l != 0 && bug(map_header_next_letter)) name = static_cast<char>('a' + l);
      if (l != 0 && bug(map_header_uppercase)) name = static_cast<char>(name - 'a' + 'A');
      out += std::string(bug(map_header_no_space) ? "//color " : "// color ") + name + '\n';
      const std::vector<std::string>& map = maps[static_cast<std::size_t>(l)];
      const std::size_t rows = map.size() - (bug(map_last_row_missing) ? 1 : 0);
      for (std::size_t r = 0; r < rows; ++r) {
        const std::size_t cols = width_ - (bug(map_last_col_missing) ? 1 : 0);
        for (std::size_t c = 0; c < cols; ++c) {
          out += map[r][c];
          if (bug(map_trap_twice) && rows_[r][c] == '^' && map[r][c] == (l == 0 ? '.' : '^')) out += '^';
        }
        out += '\n';
      }
    }
  }

  void write_no_solution() {
    std::string& out = o_.out;
    out += "No solution.\n";
    if (list_ && bug(nosol_list_no_map)) return;
    if (!bug(nosol_no_discovered_line)) out += bug(nosol_reachable_header) ? "Reachable:\n" : "Discovered:\n";
    const int layers = bug(nosol_caret_layer_only) ? 1 : bug(nosol_last_layer_ignored) ? static_cast<int>(colors_)
                                                                                       : static_cast<int>(colors_) + 1;
    for (int r = 0; r < static_cast<int>(height_); ++r) {
      for (int c = 0; c < static_cast<int>(width_); ++c) {
        bool seen = false;
        for (int l = 0; l < layers && !seen; ++l) seen = discovered_[flag({l, r, c})] != 0;
        char shown = at(r, c);
        const bool letter = is_door(shown) || is_button(shown) || shown == '^';
        if (!seen && !(shown == '?' && bug(nosol_target_shown))) {
          if (bug(nosol_undiscovered_dot)) shown = shown == '#' ? '#' : '.';
          else if (!(letter && bug(nosol_undiscovered_letters_shown))) shown = '#';
        } else if (seen && ((shown == '^' && bug(nosol_traps_hidden)) ||
                            (is_button(shown) && bug(nosol_buttons_hidden)))) {
          shown = '.';
        }
        out += shown;
      }
      out += '\n';
    }
    if (bug(nosol_trailing_blank_line)) out += '\n';
  }

  const Set& on_;
  Outcome& o_;
  bool help_ = false, stack_ = false, list_ = false;
  std::istringstream in_;
  std::string pending_;
  bool input_failed_ = false, has_pending_ = false, pending_ended_ = false;
  std::uint32_t colors_ = 0, height_ = 0, width_ = 0;
  std::vector<std::string> rows_;
  int starts_ = 0, targets_ = 0;
  State start_{0, -1, -1}, target_{0, -1, -1}, end_{0, -1, -1};
  std::vector<std::uint8_t> discovered_, came_from_;
  std::vector<bool> opened_ = std::vector<bool>(26, false);  // press-keeps-doors-open
  std::deque<State> box_;
  std::vector<State> path_;
};

}  // namespace detail

/// Runs the plain solver with the bugs of `on` switched on: args as argv[1..] (puzzle's options,
/// e.g. {"--stack","-o","list"}), input as stdin; in bounded memory, and how it would end is in Outcome.
inline Outcome run(const Set& on, const std::vector<std::string>& args, std::string_view input) {
  Outcome outcome;
  Set switches = on;
  switches.resize(all().size(), false);
  detail::Student student(switches, outcome);
  try {
    student.main(args, input);
  } catch (const detail::Exit& e) {
    outcome.status = e.status;
  } catch (const detail::Crash& c) {
    outcome.signal = c.signal;
  } catch (const detail::Hang&) {
    outcome.hangs = true;
  }
  return outcome;
}

}  // namespace bugs

#endif  // PUZZLE_TOOLS_BUGS_H
