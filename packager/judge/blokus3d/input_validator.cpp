// Input validator for blokus3d (spec "Blokus 3D", section "Input").
// Kattis protocol: the input on stdin; exit 42 if valid, 43 with "line L, column C:
// rule" on stderr if not. C++17 with strict_reader.h, no testlib. Arguments: a test
// group's constraints, `max_SIZE=VALUE` for SIZE among T, N, K, X, Y (strict::GroupBounds);
// with none, the problem's own limits alone. N, K, X and Y bound every test case.
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
#include "strict_reader.h"

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

// One test case's header size, read and held to the group's bound.
long long size(strict::Reader& in, const strict::GroupBounds& group, const char* name, long long hi) {
    long line = in.line, column = in.column();
    long long value = in.uint(name, 1, hi);
    group.check(name, value, line, column);
    return value;
}

void game(strict::Reader& in, const strict::GroupBounds& group) {
    long long n = size(in, group, "N", 600);
    in.space();
    long long k = size(in, group, "K", 50);
    in.space();
    long long rows = size(in, group, "X", 100);
    in.space();
    long long cols = size(in, group, "Y", 100);
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

int main(int argc, char** argv) {
    strict::GroupBounds group(argc, argv, {"T", "N", "K", "X", "Y"});
    strict::Reader in;
    long long t = size(in, group, "T", 20);
    in.eoln();
    for (long long i = 0; i < t; ++i) {
        if (i > 0) in.byte('\n', "an empty line between test cases");
        game(in, group);
    }
    in.eof();
    strict::valid();
}
