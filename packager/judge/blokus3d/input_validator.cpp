// Input validator for blokus3d (docs: /work/shared/problems/blokus3d.md, "Input").
// Kattis protocol: the input on stdin, arguments ignored; exit 42 if valid, 43 with
// "line L, column C: rule" on stderr if not. Single-file C++17, no testlib.
//
// Format: `T`, then T test cases separated by one empty line; each is `N K X Y`,
// X board lines of Y characters '.' or '#', then N action lines `id {xyz,...} (x,y)`.
// Limits: 1 <= T <= 20, 1 <= N <= 600, 1 <= K <= 50, 1 <= X, Y <= 100,
// 1 <= id <= K, 0 <= x < X, 0 <= y < Y, cube digits 0..3, each coordinate's minimum 0.
// A description that is not a piece (`{}`, repeated, disconnected, too many cubes)
// is valid input: it is an illegal action, answered NO.
//
// Strictness: the spec lets solutions accept spaces around the tokens of an action
// line; the jury's data is written in the one canonical form
// `id {c,c,...} (x,y)` (one space after the id and after '}', none elsewhere), and
// this validator requires it, as testlib's readers would.
// ---- strict reader (the same block in every validator, so each file stands alone) ----
// testlib's strictness without testlib: the input is read whole, every byte is
// expected explicitly (single spaces, '\n' line ends, exactly one final newline,
// nothing after it), and the first broken rule is reported with its line and
// column, then the validator exits 43 (Kattis: invalid). Exit 42 means valid.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>
#include <algorithm>

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

void action(strict::Reader& in, long long k, long long rows, long long cols) {
    in.uint("the player id", 1, k);
    in.space();
    long open_line = in.line, open_column = in.column();
    in.byte('{', "'{' (the description)");
    int minimum[3] = {9, 9, 9};
    if (in.peek() != '}') {
        for (;;) {
            for (int axis = 0; axis < 3; ++axis) {
                int d = in.peek();
                if (d >= '4' && d <= '9') in.fail("cube coordinate " + strict::Reader::describe(d) + " is above 3");
                if (d < '0' || d > '3')
                    in.expected(axis == 0 ? "a cube (three digits 0..3)" : "a digit 0..3 (a cube has three digits)");
                minimum[axis] = std::min(minimum[axis], d - '0');
                in.advance();
            }
            if (in.peek() >= '0' && in.peek() <= '9') in.fail("a cube has exactly three digits");
            if (in.peek() != ',') break;
            in.advance();
        }
        const char* names[3] = {"x", "y", "z"};
        for (int axis = 0; axis < 3; ++axis)
            if (minimum[axis] != 0)
                strict::Reader::fail_at(open_line, open_column, std::string("the description's ") + names[axis] + " coordinates have minimum " + std::to_string(minimum[axis]) + ", not 0");
    }
    in.byte('}', "',' or '}' after a cube");
    in.space();
    in.byte('(', "'(' (the location)");
    long xl = in.line, xc = in.column();
    long long x = in.uint("x", 0, 1000000);
    if (x >= rows) strict::Reader::fail_at(xl, xc, "x = " + std::to_string(x) + " is off the board (0 <= x < X = " + std::to_string(rows) + ")");
    in.byte(',', "',' between x and y");
    long yl = in.line, yc = in.column();
    long long y = in.uint("y", 0, 1000000);
    if (y >= cols) strict::Reader::fail_at(yl, yc, "y = " + std::to_string(y) + " is off the board (0 <= y < Y = " + std::to_string(cols) + ")");
    in.byte(')', "')' after y");
    in.eoln();
}

void game(strict::Reader& in) {
    long long n = in.uint("N", 1, 600);
    in.space();
    long long k = in.uint("K", 1, 50);
    in.space();
    long long rows = in.uint("X", 1, 100);
    in.space();
    long long cols = in.uint("Y", 1, 100);
    in.eoln();
    for (long long r = 0; r < rows; ++r) {
        for (long long c = 0; c < cols; ++c) {
            int b = in.peek();
            if (b != '.' && b != '#') in.expected("a board cell '.' or '#' (each board line has Y = " + std::to_string(cols) + ")");
            in.advance();
        }
        if (in.peek() == '.' || in.peek() == '#') in.fail("board line longer than Y = " + std::to_string(cols));
        in.eoln();
    }
    for (long long i = 0; i < n; ++i) action(in, k, rows, cols);
}

}  // namespace

int main() {
    strict::Reader in;
    long long t = in.uint("T", 1, 20);
    in.eoln();
    for (long long i = 0; i < t; ++i) {
        if (i > 0) in.byte('\n', "an empty line between test cases");
        game(in);
    }
    in.eof();
    strict::valid();
}
