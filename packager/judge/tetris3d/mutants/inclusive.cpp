// tetris3d mutant "inclusive": WRONG ANSWER.
// Known wrong solution of the spec: off-by-one in the covered cell range; the block
// covers cells x..x+d and y..y+s inclusive (clipped to the platform) instead of
// x..x+d-1 and y..y+s-1.
// Algorithm: a D x S height map; per block, max over the footprint, then fill.
// Complexity: O(sum of d*s) time, O(D*S) memory.
// Verified: packager/judge/check-mutants.sh compares its output byte for byte with
// `jurybox solve tetris3d --engine inclusive` on the samples and every family.
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
        long long d, s, w, x, y;
        scanf("%lld %lld %lld %lld %lld", &d, &s, &w, &x, &y);
        // the bug: x + d and y + s are included
        int x1 = (int)min<long long>(x + d, D - 1), y1 = (int)min<long long>(y + s, S - 1);
        long long base = 0;
        for (int r = (int)x; r <= x1; r++)
            for (int c = (int)y; c <= y1; c++) base = max(base, h[(size_t)r * S + c]);
        long long t = base + w;
        for (int r = (int)x; r <= x1; r++)
            for (int c = (int)y; c <= y1; c++) h[(size_t)r * S + c] = t;
        best = max(best, t);
    }
    printf("%lld\n", best);
    return 0;
}
