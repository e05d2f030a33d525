// Answer validator for puyo (spec "Puyo Puyo chains", section "Output").
// Kattis / BAPCtools protocol: `validate INPUT < answer`, arguments after INPUT
// ignored; exit 42 if the answer is well formed for that input, 43 with
// "line L, column C: rule" on stderr if not. C++17 with strict_reader.h, no testlib.
//
// The answer is the final screen in the input's 14-line format, then `N chains`.
// What can be checked without resolving the chain: the screen is settled, holds no
// group of four or more (the chain would go on), has no more puyos of any colour
// than the input, and N fits what vanished: 4N <= puyos removed, and none removed
// exactly when N = 0.
#include "strict_reader.h"

namespace {
const int WIDTH = 6;
const int HEIGHT = 13;

bool is_cell(int b) { return b == ' ' || b == 'r' || b == 'g' || b == 'b' || b == 'y' || b == 'p'; }
}  // namespace

// Reads a screen (13 rows and the floor) with `in`, strictly.
std::vector<std::string> read_screen(strict::Reader& in) {
    std::vector<std::string> rows;
    for (int r = 0; r < HEIGHT; ++r) {
        in.byte('|', "'|' (the left wall of row " + std::to_string(r + 1) + ")");
        std::string row;
        for (int c = 0; c < WIDTH; ++c) {
            int b = in.peek();
            if (!is_cell(b)) in.expected("a cell (one of rgbyp or a space)");
            row += static_cast<char>(b);
            in.advance();
        }
        in.byte('|', "'|' (the right wall)");
        in.eoln();
        rows.push_back(row);
    }
    in.byte('+', "'+' (the floor's left corner)");
    for (int c = 0; c < WIDTH; ++c) in.byte('-', "'-' (the floor is '+------+')");
    in.byte('+', "'+' (the floor's right corner)");
    in.eoln();
    return rows;
}

int group(std::vector<std::string>& rows, int r, int c, char colour) {
    if (r < 0 || r >= HEIGHT || c < 0 || c >= WIDTH || rows[r][c] != colour) return 0;
    rows[r][c] = '#';
    return 1 + group(rows, r + 1, c, colour) + group(rows, r - 1, c, colour) +
           group(rows, r, c + 1, colour) + group(rows, r, c - 1, colour);
}

int main(int argc, char** argv) {
    std::string input;
    {
        std::FILE* file = argc > 1 ? std::fopen(argv[1], "rb") : nullptr;
        if (!file) {
            std::fprintf(stderr, "cannot read the input file (argument 1)\n");
            return 1;
        }
        char buf[4096];
        size_t n;
        while ((n = std::fread(buf, 1, sizeof buf, file)) > 0) input.append(buf, n);
        std::fclose(file);
    }
    strict::Reader in;
    std::vector<std::string> rows = read_screen(in);
    long screen_end_line = in.line;
    long long before[256] = {0}, after[256] = {0}, removed = 0;
    for (char b : input)
        if (b != ' ' && is_cell(static_cast<unsigned char>(b))) ++before[static_cast<unsigned char>(b)];
    for (const std::string& row : rows)
        for (char b : row)
            if (b != ' ') ++after[static_cast<unsigned char>(b)];
    for (int b = 0; b < 256; ++b) {
        if (after[b] > before[b])
            strict::Reader::fail_at(1, 1, std::string("the final screen has more '") + static_cast<char>(b) + "' puyos than the input");
        removed += before[b] - after[b];
    }
    long long chains = in.uint("N", 0, removed / 4);
    in.byte(' ', "a single space");
    for (char b : std::string("chains")) in.byte(b, "the word 'chains'");
    in.eoln();
    in.eof();
    if ((chains == 0) != (removed == 0))
        strict::Reader::fail_at(screen_end_line, 1, std::to_string(removed) + " puyos vanished in " + std::to_string(chains) + " chains");
    for (int r = 0; r + 1 < HEIGHT; ++r)
        for (int c = 0; c < WIDTH; ++c)
            if (rows[r][c] != ' ' && rows[r + 1][c] == ' ')
                strict::Reader::fail_at(r + 1, c + 2, "the final screen is not settled: a puyo floats at row " + std::to_string(r + 1));
    std::vector<std::string> left = rows;
    for (int r = 0; r < HEIGHT; ++r)
        for (int c = 0; c < WIDTH; ++c)
            if (left[r][c] != ' ' && left[r][c] != '#' && group(left, r, c, left[r][c]) >= 4)
                strict::Reader::fail_at(r + 1, c + 2, "the final screen still has a group of four or more at row " + std::to_string(r + 1));
    strict::valid();
}
