// Output validator (checker) for papercut (spec "Paper-cutting game",
// section "The checker"). Usage, Kattis protocol: `output_validator input answer
// feedbackdir < contestant_output`.
//
// Every interior grid line is a Nim heap of its uncut length: this checker merges
// each touched line's cuts (64-bit arithmetic, never unit segments), XORs the heaps,
// and adds an untouched line's full length once when the count of untouched lines of
// that direction is odd. `SECOND` is accepted iff the XOR is 0; `FIRST xb yb xe ye`
// iff the move lies in [0, n] x [0, m], is axis-parallel with non-zero length, is not
// along the border, cuts at least one uncut unit, and leaves an XOR of 0 (end points
// in either order). Anything else is rejected with the reason.
#include "kattis_checker.h"

#include <utility>

namespace {

using Line = std::pair<int, long long>;        // (0: vertical x = c, 1: horizontal y = c)
using Span = std::pair<long long, long long>;  // [lo, hi)

struct Sheet {
    long long n = 0, m = 0;
    // Every touched line with its cuts merged into sorted disjoint spans, sorted by
    // line (a sorted vector rather than a tree: 10^5 cuts are read on every run).
    std::vector<std::pair<Line, std::vector<Span>>> lines;

    long long length(const Line& line) const { return line.first == 0 ? m : n; }

    const std::vector<Span>* spans(const Line& line) const {
        auto it = std::lower_bound(lines.begin(), lines.end(), line,
                                   [](const std::pair<Line, std::vector<Span>>& e, const Line& l) { return e.first < l; });
        return it != lines.end() && it->first == line ? &it->second : nullptr;
    }
    long long covered(const Line& line, long long lo, long long hi) const {
        const std::vector<Span>* cut = spans(line);
        long long total = 0;
        if (cut)
            for (const Span& s : *cut) total += std::max(0LL, std::min(hi, s.second) - std::max(lo, s.first));
        return total;
    }
    long long heap(const Line& line) const { return length(line) - covered(line, 0, length(line)); }

    unsigned long long xor_of_heaps() const {
        unsigned long long x = 0;
        long long touched[2] = {0, 0};
        for (const auto& entry : lines) {
            x ^= static_cast<unsigned long long>(heap(entry.first));
            ++touched[entry.first.first];
        }
        if (((n - 1) - touched[0]) % 2 == 1) x ^= static_cast<unsigned long long>(m);
        if (((m - 1) - touched[1]) % 2 == 1) x ^= static_cast<unsigned long long>(n);
        return x;
    }
};

// Reads the jury's input (already checked by the input validator) into a sheet.
Sheet read_sheet(const char* path) {
    kattis::Tokens input(kattis::read_file(path));
    std::string token;
    Sheet sheet;
    long long k = 0;
    long long* header[3] = {&sheet.n, &sheet.m, &k};
    for (long long* v : header)
        if (!input.next(token) || !kattis::integer(token, *v) || *v < 0) kattis::judge_error("the input's first line is unreadable");
    std::vector<std::pair<Line, Span>> cuts;
    cuts.reserve(static_cast<size_t>(k));
    for (long long i = 0; i < k; ++i) {
        long long c[4];
        for (long long& v : c)
            if (!input.next(token) || !kattis::integer(token, v) || v < 0) kattis::judge_error("the input's cut " + std::to_string(i + 1) + " is unreadable");
        if (c[0] == c[2]) cuts.push_back({{0, c[0]}, {std::min(c[1], c[3]), std::max(c[1], c[3])}});
        else cuts.push_back({{1, c[1]}, {std::min(c[0], c[2]), std::max(c[0], c[2])}});
    }
    std::sort(cuts.begin(), cuts.end());
    for (const auto& cut : cuts) {
        if (sheet.lines.empty() || sheet.lines.back().first != cut.first) sheet.lines.push_back({cut.first, {}});
        std::vector<Span>& merged = sheet.lines.back().second;
        if (!merged.empty() && cut.second.first <= merged.back().second)
            merged.back().second = std::max(merged.back().second, cut.second.second);
        else
            merged.push_back(cut.second);
    }
    return sheet;
}

}  // namespace

int main(int argc, char** argv) {
    kattis::start(argc, argv);
    // The output's shape first: a malformed output needs no computation.
    std::string token;
    kattis::Tokens out(kattis::read_all(stdin));
    if (!out.next(token)) kattis::reject("expected FIRST or SECOND, found end of output");
    bool second = token == "SECOND";
    if (!second && token != "FIRST") kattis::reject("expected FIRST or SECOND, found " + kattis::shown(token));
    long long mv[4] = {0, 0, 0, 0};
    const char* names[4] = {"xb", "yb", "xe", "ye"};
    for (int i = 0; i < (second ? 0 : 4); ++i) {
        if (!out.next(token)) kattis::reject(std::string("expected ") + names[i] + ", found end of output");
        if (!kattis::integer(token, mv[i])) kattis::reject(std::string("expected ") + names[i] + " (an integer of at most 18 digits), found " + kattis::shown(token));
    }
    if (!out.at_end()) { out.next(token); kattis::reject("expected end of output, found extra token " + kattis::shown(token)); }
    Sheet sheet = read_sheet(argv[1]);
    unsigned long long x = sheet.xor_of_heaps();

    // The jury's answer is trusted for nothing but checked for consistency.
    kattis::Tokens answer(kattis::read_file(argv[2]));
    if (!answer.next(token) || (token != "FIRST" && token != "SECOND")) kattis::judge_error("the jury's answer does not start with FIRST or SECOND");
    if ((token == "FIRST") != (x != 0))
        kattis::judge_error("the jury's answer says " + token + ", but the XOR of the heaps is " + std::to_string(x));

    if (second) {
        if (x != 0) kattis::reject("SECOND, but the first player wins: the XOR of the heaps is " + std::to_string(x));
        kattis::accept("SECOND: the XOR of the heaps is 0");
    }
    std::string move = std::to_string(mv[0]) + " " + std::to_string(mv[1]) + " " + std::to_string(mv[2]) + " " + std::to_string(mv[3]);
    long long n = sheet.n, m = sheet.m;
    for (int i = 0; i < 4; ++i)
        if (mv[i] < 0 || mv[i] > (i % 2 == 0 ? n : m))
            kattis::reject("the move " + move + " leaves the sheet [0, " + std::to_string(n) + "] x [0, " + std::to_string(m) + "]");
    bool vertical = mv[0] == mv[2], horizontal = mv[1] == mv[3];
    if (vertical && horizontal) kattis::reject("the move " + move + " has zero length");
    if (!vertical && !horizontal) kattis::reject("the move " + move + " is neither vertical nor horizontal");
    if (vertical && (mv[0] == 0 || mv[0] == n)) kattis::reject("the move " + move + " lies along the border x = " + std::to_string(mv[0]));
    if (horizontal && (mv[1] == 0 || mv[1] == m)) kattis::reject("the move " + move + " lies along the border y = " + std::to_string(mv[1]));
    Line line = vertical ? Line{0, mv[0]} : Line{1, mv[1]};
    long long lo = vertical ? std::min(mv[1], mv[3]) : std::min(mv[0], mv[2]);
    long long hi = vertical ? std::max(mv[1], mv[3]) : std::max(mv[0], mv[2]);
    long long fresh = (hi - lo) - sheet.covered(line, lo, hi);
    if (fresh == 0) kattis::reject("the move " + move + " cuts nothing new: all of it is already cut");
    unsigned long long heap = static_cast<unsigned long long>(sheet.heap(line));
    unsigned long long after = x ^ heap ^ (heap - static_cast<unsigned long long>(fresh));
    if (after != 0)
        kattis::reject("the move " + move + " takes " + std::to_string(fresh) + " of the " + std::to_string(heap) + " uncut units of its line and leaves the XOR of the heaps at " + std::to_string(after) + ", not 0");
    kattis::accept("FIRST " + move + " leaves the XOR of the heaps at 0");
}
