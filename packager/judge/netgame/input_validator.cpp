// Input validator for netgame (spec "Network game", section "Input").
// Kattis protocol: the input on stdin; exit 42 if valid, 43 with "line L, column C:
// rule" on stderr if not. C++17 with strict_reader.h, no testlib. Arguments: a test
// group's constraints, `max_SIZE=VALUE` for SIZE among N, cells (strict::GroupBounds);
// with none, the problem's own limits alone.
// `cells` counts the whole cells: unit squares whose four sides are all ropes.
//
// Format: `N`, then N lines `x1 y1 x2 y2`. Official limits: 1 <= N <= 50,
// 0 <= every coordinate <= 50; each rope is a unit segment parallel to an axis
// (end points in either order); no rope is given twice. (The extended limits' cap of
// 24 cells per component cannot be reached by 50 ropes, which make at most 20 cells.)
#include "strict_reader.h"

#include <map>
#include <tuple>

int main(int argc, char** argv) {
    strict::GroupBounds group(argc, argv, {"N", "cells"});
    strict::Reader in;
    long long n = in.uint("N", 1, 50);
    group.check("N", n, 1, 1);
    in.eoln();
    // A rope's place whatever the order of its end points: (vertical, lower x, lower y).
    std::map<std::tuple<bool, long long, long long>, long> seen;
    for (long long i = 0; i < n; ++i) {
        long line = in.line;
        long long x1 = in.uint("x1", 0, 50);
        in.space();
        long long y1 = in.uint("y1", 0, 50);
        in.space();
        long long x2 = in.uint("x2", 0, 50);
        in.space();
        long long y2 = in.uint("y2", 0, 50);
        long long dx = x1 > x2 ? x1 - x2 : x2 - x1, dy = y1 > y2 ? y1 - y2 : y2 - y1;
        if (dx + dy != 1)
            strict::Reader::fail_at(line, 1, "the rope from (" + std::to_string(x1) + ", " + std::to_string(y1) + ") to (" + std::to_string(x2) + ", " + std::to_string(y2) + ") is not a unit segment parallel to an axis");
        auto key = std::make_tuple(x1 == x2, std::min(x1, x2), std::min(y1, y2));
        auto found = seen.find(key);
        if (found != seen.end())
            strict::Reader::fail_at(line, 1, "rope " + std::to_string(i + 1) + " repeats the rope on line " + std::to_string(found->second) + ": ropes must be pairwise distinct");
        seen[key] = line;
        in.eoln();
    }
    in.eof();
    // A whole cell with lower-left corner (x, y): its bottom rope, then the other three.
    long long cells = 0;
    for (const auto& rope : seen) {
        auto [vertical, x, y] = rope.first;
        cells += !vertical && seen.count({false, x, y + 1}) && seen.count({true, x, y}) && seen.count({true, x + 1, y});
    }
    // The whole net's size: said at N, the first token.
    group.check("cells", cells, 1, 1);
    strict::valid();
}
