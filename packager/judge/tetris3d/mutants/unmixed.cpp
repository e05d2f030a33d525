// tetris3d mutant "unmixed": WRONG ANSWER (on some inputs only).
// Known wrong solution of the spec: a 2-D segment tree (tree of trees, permanent
// tags) that keeps only "assigned here" and "subtree max" per pair of nodes and
// forgets the two mixed cases (the query covers the node in one dimension and only
// meets it in the other): there it reads "here", missing blocks that cross it.
// Complexity: O(N log D log S) time, O(D*S) memory.
// Verified: tests/cpp_mutants.rs (cargo test) compares its output byte for byte with
// `jurybox solve tetris3d --engine unmixed` on the samples and every family at
// stress and official sizes (inputs that engine declares too big for it left out).
#include <cstdio>
#include <vector>
#include <algorithm>
using namespace std;

// nodes of the tree over [0,size) that [a,b) visits, with "covered" flags
static void visit(int node, int lo, int hi, int a, int b, vector<pair<int, bool>>& out) {
    if (b <= lo || hi <= a) return;
    bool covered = a <= lo && hi <= b;
    out.push_back({node, covered});
    if (!covered) {
        int mid = (lo + hi) / 2;
        visit(2 * node, lo, mid, a, b, out);
        visit(2 * node + 1, mid, hi, a, b, out);
    }
}

int main() {
    int D, S, n;
    if (scanf("%d %d %d", &D, &S, &n) != 3) return 1;
    int sx = 1, sy = 1;
    while (sx < D) sx *= 2;
    while (sy < S) sy *= 2;
    size_t width = 2 * (size_t)sy;
    vector<long long> here(2 * sx * width, 0), sub(2 * sx * width, 0);
    long long best = 0;
    vector<pair<int, bool>> xs, ys;
    for (int i = 0; i < n; i++) {
        int d, s, x, y;
        long long w;
        scanf("%d %d %lld %d %d", &d, &s, &w, &x, &y);
        xs.clear(), ys.clear();
        visit(1, 0, sx, x, x + d, xs);
        visit(1, 0, sy, y, y + s, ys);
        long long base = 0;
        for (auto [xn, cx] : xs)
            for (auto [yn, cy] : ys) {
                size_t at = xn * width + yn;
                // the bug: "here" also in the mixed cases
                base = max(base, cx && cy ? sub[at] : here[at]);
            }
        long long t = base + w;
        for (auto [xn, cx] : xs)
            for (auto [yn, cy] : ys) {
                size_t at = xn * width + yn;
                sub[at] = max(sub[at], t);
                if (cx && cy) here[at] = max(here[at], t);
            }
        best = max(best, t);
    }
    printf("%lld\n", best);
    return 0;
}
