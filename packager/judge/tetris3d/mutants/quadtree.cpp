// tetris3d mutant "quadtree": TIME LIMIT (right answers, too slow).
// Known slow solution of the spec: a region quadtree, slow on thin strips (a
// 1 x 1000 strip splits into 1000 unit squares).
// Algorithm: quadtree over [0,size)^2 with permanent tags: per node the max over its
// square and the highest top assigned to the whole square; query then raise.
// Complexity: O(d + s) squares per block (times log), O(N (D + S) log) worst time,
// O(size^2) memory.
// Verified: tests/cpp_mutants.rs (cargo test) checks that jurybox's judge accepts
// its output on the samples and every family at stress sizes (inputs that
// `jurybox solve tetris3d --engine quadtree` declares too big left out); at official
// sizes `jurybox package` refuses it if it answers a suite test wrong before the
// time limit kills it.
#include <cstdio>
#include <vector>
#include <algorithm>
using namespace std;

vector<long long> mx, tag;
int bx0, bx1, by0, by1;  // the current block: [bx0,bx1) x [by0,by1)

long long query(size_t node, int x, int y, int side) {
    if (x >= bx1 || bx0 >= x + side || y >= by1 || by0 >= y + side) return 0;
    if (bx0 <= x && x + side <= bx1 && by0 <= y && y + side <= by1) return mx[node];
    int h = side / 2;
    long long r = tag[node];
    r = max(r, query(4 * node + 1, x, y, h));
    r = max(r, query(4 * node + 2, x + h, y, h));
    r = max(r, query(4 * node + 3, x, y + h, h));
    r = max(r, query(4 * node + 4, x + h, y + h, h));
    return r;
}

void raise(size_t node, int x, int y, int side, long long t) {
    if (x >= bx1 || bx0 >= x + side || y >= by1 || by0 >= y + side) return;
    mx[node] = max(mx[node], t);
    if (bx0 <= x && x + side <= bx1 && by0 <= y && y + side <= by1) {
        tag[node] = max(tag[node], t);
        return;
    }
    int h = side / 2;
    raise(4 * node + 1, x, y, h, t);
    raise(4 * node + 2, x + h, y, h, t);
    raise(4 * node + 3, x, y + h, h, t);
    raise(4 * node + 4, x + h, y + h, h, t);
}

int main() {
    int D, S, n;
    if (scanf("%d %d %d", &D, &S, &n) != 3) return 1;
    int size = 1;
    while (size < max(D, S)) size *= 2;
    size_t nodes = (4 * (size_t)size * size - 1) / 3;
    mx.assign(nodes, 0);
    tag.assign(nodes, 0);
    long long best = 0;
    for (int i = 0; i < n; i++) {
        int d, s, x, y;
        long long w;
        scanf("%d %d %lld %d %d", &d, &s, &w, &x, &y);
        bx0 = x, bx1 = x + d, by0 = y, by1 = y + s;
        long long t = query(0, 0, 0, size) + w;
        raise(0, 0, 0, size, t);
        best = max(best, t);
    }
    printf("%lld\n", best);
    return 0;
}
