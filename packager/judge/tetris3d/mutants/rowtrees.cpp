// tetris3d mutant "rowtrees": TIME LIMIT (right answers, too slow).
// Known slow solution of the spec: one 1-D segment tree per row, slow on blocks wide
// along x.
// Algorithm: for each row x of the platform, a segment tree over y with permanent
// tags (max over the range, highest top assigned to all of it); a block queries and
// raises every row it covers.
// Complexity: O(N D log S) time, O(D S) memory.
// Verified: tests/cpp_mutants.rs (cargo test) checks that jurybox's judge accepts
// its output on the samples and every family at stress sizes (inputs that
// `jurybox solve tetris3d --engine rowtrees` declares too big left out); at official
// sizes `jurybox package` refuses it if it answers a suite test wrong before the
// time limit kills it.
#include <cstdio>
#include <vector>
#include <algorithm>
using namespace std;

int sz;
long long *mx, *tg;  // the current row's tree

long long query(int node, int lo, int hi, int a, int b) {
    if (b <= lo || hi <= a) return 0;
    if (a <= lo && hi <= b) return mx[node];
    int mid = (lo + hi) / 2;
    return max(tg[node], max(query(2 * node, lo, mid, a, b), query(2 * node + 1, mid, hi, a, b)));
}

void raise(int node, int lo, int hi, int a, int b, long long t) {
    if (b <= lo || hi <= a) return;
    mx[node] = max(mx[node], t);
    if (a <= lo && hi <= b) {
        tg[node] = max(tg[node], t);
        return;
    }
    int mid = (lo + hi) / 2;
    raise(2 * node, lo, mid, a, b, t);
    raise(2 * node + 1, mid, hi, a, b, t);
}

int main() {
    int D, S, n;
    if (scanf("%d %d %d", &D, &S, &n) != 3) return 1;
    sz = 1;
    while (sz < S) sz *= 2;
    vector<long long> MX((size_t)D * 2 * sz, 0), TG((size_t)D * 2 * sz, 0);
    long long best = 0;
    for (int i = 0; i < n; i++) {
        int d, s, x, y;
        long long w;
        scanf("%d %d %lld %d %d", &d, &s, &w, &x, &y);
        long long base = 0;
        for (int r = x; r < x + d; r++) {
            mx = &MX[(size_t)r * 2 * sz], tg = &TG[(size_t)r * 2 * sz];
            base = max(base, query(1, 0, sz, y, y + s));
        }
        long long t = base + w;
        for (int r = x; r < x + d; r++) {
            mx = &MX[(size_t)r * 2 * sz], tg = &TG[(size_t)r * 2 * sz];
            raise(1, 0, sz, y, y + s, t);
        }
        best = max(best, t);
    }
    printf("%lld\n", best);
    return 0;
}
