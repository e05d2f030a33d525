// Answer validator for puyo (docs: /work/shared/problems/puyo.md, "Output").
// Kattis / BAPCtools protocol: `validate INPUT < answer`, arguments after INPUT
// ignored; exit 42 if the answer is well formed for that input, 43 with
// "line L, column C: rule" on stderr if not. Single-file C++17, no testlib.
//
// The answer is the final screen in the input's 14-line format, then `N chains`.
// What can be checked without resolving the chain: the screen is settled, holds no
// group of four or more (the chain would go on), has no more puyos of any colour
// than the input, and N fits what vanished: 4N <= puyos removed, and none removed
// exactly when N = 0.
// ---- strict reader (the same block in every validator, so each file stands alone) ----
// testlib's strictness without testlib: the input is read whole, every byte is
// expected explicitly (single spaces, '\n' line ends, exactly one final newline,
// nothing after it), and the first broken rule is reported with its line and
// column, then the validator exits 43 (Kattis: invalid). Exit 42 means valid.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace strict {

struct Reader {
    std::string s;
    size_t pos = 0;
    long line = 1;
    size_t line_start = 0;

    Reader() {
        char buf[1 << 16];
        size_t n;
        while ((n = std::fread(buf, 1, sizeof buf, stdin)) > 0) s.append(buf, n);
    }

    long column() const { return static_cast<long>(pos - line_start) + 1; }
    int peek() const { return pos < s.size() ? static_cast<unsigned char>(s[pos]) : -1; }

    [[noreturn]] static void fail_at(long line, long column, const std::string& rule) {
        std::fprintf(stderr, "line %ld, column %ld: %s\n", line, column, rule.c_str());
        std::exit(43);
    }
    [[noreturn]] void fail(const std::string& rule) const { fail_at(line, column(), rule); }

    // Names the byte found where something else was expected.
    static std::string describe(int b) {
        if (b < 0) return "end of input";
        if (b == '\n') return "end of line";
        if (b == '\r') return "'\\r' (lines must end in '\\n' alone)";
        if (b == '\t') return "a tab";
        if (b == ' ') return "a space";
        if (b > 32 && b < 127) return std::string("'") + static_cast<char>(b) + "'";
        char hex[16];
        std::snprintf(hex, sizeof hex, "byte 0x%02x", b);
        return hex;
    }
    [[noreturn]] void expected(const std::string& what) const {
        fail("expected " + what + ", found " + describe(peek()));
    }

    void advance() {
        if (s[pos] == '\n') {
            ++line;
            line_start = pos + 1;
        }
        ++pos;
    }
    void byte(char c, const std::string& what) {
        if (peek() != static_cast<unsigned char>(c)) expected(what);
        advance();
    }
    void space() { byte(' ', "a single space"); }
    void eoln() { byte('\n', "end of line ('\\n')"); }
    void eof() {
        if (pos != s.size()) expected("end of input (nothing may follow the last line's '\\n')");
    }

    // An unsigned decimal integer in [lo, hi]: digits only (no sign), no leading
    // zero; the error points at the token's first digit.
    long long uint(const std::string& what, long long lo, long long hi) {
        long tl = line, tc = column();
        size_t start = pos;
        long long v = 0;
        bool big = false;
        while (peek() >= '0' && peek() <= '9') {
            if (v >= 100000000000000000LL) big = true; else v = v * 10 + (peek() - '0');
            advance();
        }
        size_t len = pos - start;
        if (len == 0) fail_at(tl, tc, "expected " + what + " (a non-negative integer), found " + describe(peek()));
        if (len > 1 && s[start] == '0') fail_at(tl, tc, what + " has a leading zero");
        if (big || v > hi) fail_at(tl, tc, what + " = " + s.substr(start, len > 30 ? 30 : len) + (len > 30 ? "..." : "") + " exceeds the limit " + std::to_string(hi));
        if (v < lo) fail_at(tl, tc, what + " = " + std::to_string(v) + " is below the minimum " + std::to_string(lo));
        return v;
    }
};

[[noreturn]] inline void valid() { std::exit(42); }

}  // namespace strict
// ---- end of the strict reader ----

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
