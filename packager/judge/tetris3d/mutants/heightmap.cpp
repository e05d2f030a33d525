// tetris3d mutant "heightmap": TIME LIMIT (right answers, too slow).
// Known slow solution of the spec: a height-map grid, slow on large blocks.
// Algorithm: a D x S height map; per block, max over the footprint's cells, add w,
// fill the footprint with the new top.
// Complexity: O(sum of d*s) time (up to N*D*S = 2*10^10 at official sizes), O(D*S)
// memory.
// Verified: tests/cpp_mutants.rs (cargo test) checks that jurybox's judge accepts
// its output on the samples and every family at stress sizes (inputs that
// `jurybox solve tetris3d --engine heightmap` declares too big left out); at
// official sizes `jurybox package` refuses it if it answers a suite test wrong
// before the time limit kills it.
#include <cstdio>
#include <vector>
#include <algorithm>
using namespace std;

int main() {
    int D, S, n;
    if (scanf("%d %d %d", &D, &S, &n) != 3) return 1;
    vector<long long> h((size_t)D * S, 0);
    long long best = 0;
    for (int i = 0; i < n; i++) {
        int d, s, x, y;
        long long w;
        scanf("%d %d %lld %d %d", &d, &s, &w, &x, &y);
        long long base = 0;
        for (int r = x; r < x + d; r++)
            for (int c = y; c < y + s; c++) base = max(base, h[(size_t)r * S + c]);
        long long t = base + w;
        for (int r = x; r < x + d; r++)
            for (int c = y; c < y + s; c++) h[(size_t)r * S + c] = t;
        best = max(best, t);
    }
    printf("%lld\n", best);
    return 0;
}
