// Input validator for puyo (spec "Puyo Puyo chains", section "Input").
// Kattis protocol: the input on stdin; exit 42 if valid, 43 with "line L, column C:
// rule" on stderr if not. C++17 with strict_reader.h, no testlib. Arguments: a test
// group's constraints, `max_SIZE=VALUE` for SIZE among W, H, puyos (strict::GroupBounds);
// with none, the problem's own limits alone.
// `puyos` counts the coloured cells; W and H are the screen's 6 and 13.
//
// Format: 13 rows `|` + 6 cells + `|` (top row first; a cell is a space or one of
// rgbyp), then the floor `+------+`, each line ending in '\n'. The screen must be
// settled: no puyo directly above an empty cell. The spec lets solutions accept a
// missing final newline; the jury's own data has it, so this validator requires it.
#include "strict_reader.h"

namespace {
const int WIDTH = 6;
const int HEIGHT = 13;

bool is_cell(int b) { return b == ' ' || b == 'r' || b == 'g' || b == 'b' || b == 'y' || b == 'p'; }
}  // namespace

int main(int argc, char** argv) {
    strict::GroupBounds group(argc, argv, {"W", "H", "puyos"});
    strict::Reader in;
    std::vector<std::string> rows;
    for (int r = 0; r < HEIGHT; ++r) {
        if (in.peek() == '+')
            in.fail("the screen has " + std::to_string(r) + " rows; officially it has 13");
        in.byte('|', "'|' (the left wall of row " + std::to_string(r + 1) + ")");
        std::string row;
        for (int c = 0; c < WIDTH; ++c) {
            int b = in.peek();
            if (b == '|') in.fail("this row has " + std::to_string(c) + " cells; officially it has 6");
            if (!is_cell(b)) {
                if (b < 0 || b == '\n') in.expected("a cell (one of rgbyp or a space)");
                in.fail(strict::Reader::describe(b) + " is not a colour (expected one of rgbyp or a space)");
            }
            row += static_cast<char>(b);
            in.advance();
        }
        if (is_cell(in.peek())) in.fail("this row has more than 6 cells; officially it has 6");
        in.byte('|', "'|' (the right wall)");
        in.eoln();
        rows.push_back(row);
    }
    if (in.peek() == '|') in.fail("the screen has more than 13 rows; officially it has 13");
    in.byte('+', "'+' (the floor's left corner)");
    for (int c = 0; c < WIDTH; ++c) in.byte('-', "'-' (the floor is '+------+')");
    if (in.peek() == '-') in.fail("the floor is longer than the screen is wide (6)");
    in.byte('+', "'+' (the floor's right corner)");
    in.eoln();
    in.eof();
    // Settled: every puyo rests on the floor or on another puyo.
    for (int r = 0; r + 1 < HEIGHT; ++r)
        for (int c = 0; c < WIDTH; ++c)
            if (rows[r][c] != ' ' && rows[r + 1][c] == ' ')
                strict::Reader::fail_at(r + 1, c + 2, std::string("puyo '") + rows[r][c] + "' at row " + std::to_string(r + 1) + ", column " + std::to_string(c + 1) + " floats above an empty cell");
    group.check("W", WIDTH, 1, 1);
    group.check("H", HEIGHT, 1, 1);
    long long puyos = 0;
    for (const std::string& row : rows) puyos += WIDTH - std::count(row.begin(), row.end(), ' ');
    // The whole screen's size: said at its first line.
    group.check("puyos", puyos, 1, 1);
    strict::valid();
}
