// Input validator for tetris3d (spec "Tetris 3D", section "Input").
// Kattis protocol: the input on stdin; exit 42 if valid, 43 with "line L, column C:
// rule" on stderr if not. C++17 with strict_reader.h, no testlib. Arguments: a test
// group's constraints, `max_SIZE=VALUE` for SIZE among D, S, N (strict::GroupBounds);
// with none, the problem's own limits alone.
//
// Format: `D S N`, then N lines `d s w x y`. Official limits: 1 <= N <= 20000,
// 1 <= D, S <= 1000, 1 <= d, x + d <= D, 1 <= s, y + s <= S, 1 <= w <= 100000.
#include "strict_reader.h"

int main(int argc, char** argv) {
    strict::GroupBounds group(argc, argv, {"D", "S", "N"});
    strict::Reader in;
    long long D = in.uint("D", 1, 1000);
    group.check("D", D, 1, 1);
    in.space();
    long sc = in.column();
    long long S = in.uint("S", 1, 1000);
    group.check("S", S, 1, sc);
    in.space();
    long nc = in.column();
    long long N = in.uint("N", 1, 20000);
    group.check("N", N, 1, nc);
    in.eoln();
    for (long long i = 0; i < N; ++i) {
        long long d = in.uint("d", 1, D);
        in.space();
        long long s = in.uint("s", 1, S);
        in.space();
        in.uint("w", 1, 100000);
        in.space();
        long xl = in.line, xc = in.column();
        long long x = in.uint("x", 0, D);
        // The footprint [x, x + d) must stay on the platform.
        if (x + d > D)
            strict::Reader::fail_at(xl, xc, "x + d = " + std::to_string(x + d) + " exceeds D = " + std::to_string(D));
        in.space();
        long yl = in.line, yc = in.column();
        long long y = in.uint("y", 0, S);
        if (y + s > S)
            strict::Reader::fail_at(yl, yc, "y + s = " + std::to_string(y + s) + " exceeds S = " + std::to_string(S));
        in.eoln();
    }
    in.eof();
    strict::valid();
}
