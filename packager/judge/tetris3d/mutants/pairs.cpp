// tetris3d mutant "pairs": TIME LIMIT (right answers, too slow if the limit is tight).
// Known slow solution of the spec: the O(N^2) pair scan over earlier blocks.
// Algorithm: for each block, the highest top among earlier blocks whose footprints
// have a common interior point (open rectangles), plus w.
// Complexity: O(N^2) time, O(N) memory: 2*10^8 pair tests at N = 20 000.
// Verified: tests/cpp_mutants.rs (cargo test) checks that jurybox's judge accepts
// its output on the samples and every family at stress sizes (inputs that
// `jurybox solve tetris3d --engine pairs` declares too big left out); at official
// sizes `jurybox package` refuses it if it answers a suite test wrong before the
// time limit kills it.
#include <cstdio>
#include <vector>
#include <algorithm>
using namespace std;

int main() {
    int D, S, n;
    if (scanf("%d %d %d", &D, &S, &n) != 3) return 1;
    vector<int> x0(n), x1(n), y0(n), y1(n);
    vector<long long> top(n);
    long long best = 0;
    for (int i = 0; i < n; i++) {
        int d, s, x, y;
        long long w;
        scanf("%d %d %lld %d %d", &d, &s, &w, &x, &y);
        x0[i] = x, x1[i] = x + d, y0[i] = y, y1[i] = y + s;
        long long base = 0;
        for (int j = 0; j < i; j++)
            if (x0[j] < x1[i] && x0[i] < x1[j] && y0[j] < y1[i] && y0[i] < y1[j])
                base = max(base, top[j]);
        top[i] = base + w;
        best = max(best, top[i]);
    }
    printf("%lld\n", best);
    return 0;
}
