// Input validator for papercut (spec "Paper-cutting game", section "Input").
// Kattis protocol: the input on stdin; exit 42 if valid, 43 with "line L, column C:
// rule" on stderr if not. C++17 with strict_reader.h, no testlib. Arguments: a test
// group's constraints, `max_SIZE=VALUE` for SIZE among n, m, k (strict::GroupBounds);
// with none, the problem's own limits alone.
//
// Format: `n m k`, then k lines `xb yb xe ye`. Limits: 1 <= n, m <= 10^9,
// 0 <= k <= 10^5, 0 <= xb, xe <= n, 0 <= yb, ye <= m; each cut has non-zero length,
// is vertical or horizontal and does not lie along the border. Cuts may overlap or
// coincide.
#include "strict_reader.h"

int main(int argc, char** argv) {
    strict::GroupBounds group(argc, argv, {"n", "m", "k"});
    strict::Reader in;
    long long n = in.uint("n", 1, 1000000000);
    group.check("n", n, 1, 1);
    in.space();
    long mc = in.column();
    long long m = in.uint("m", 1, 1000000000);
    group.check("m", m, 1, mc);
    in.space();
    long kc = in.column();
    long long k = in.uint("k", 0, 100000);
    group.check("k", k, 1, kc);
    in.eoln();
    for (long long i = 0; i < k; ++i) {
        long line = in.line;
        long long xb = in.uint("xb", 0, n);
        in.space();
        long long yb = in.uint("yb", 0, m);
        in.space();
        long long xe = in.uint("xe", 0, n);
        in.space();
        long long ye = in.uint("ye", 0, m);
        auto cut = [&] { return "the cut " + std::to_string(xb) + " " + std::to_string(yb) + " " + std::to_string(xe) + " " + std::to_string(ye); };
        bool vertical = xb == xe, horizontal = yb == ye;
        if (vertical && horizontal) strict::Reader::fail_at(line, 1, cut() + " has zero length");
        if (!vertical && !horizontal) strict::Reader::fail_at(line, 1, cut() + " is neither vertical nor horizontal");
        if (vertical && (xb == 0 || xb == n))
            strict::Reader::fail_at(line, 1, cut() + " lies along the border x = " + std::to_string(xb) + " (cuts must be inside the sheet)");
        if (horizontal && (yb == 0 || yb == m))
            strict::Reader::fail_at(line, 1, cut() + " lies along the border y = " + std::to_string(yb) + " (cuts must be inside the sheet)");
        in.eoln();
    }
    in.eof();
    strict::valid();
}
