/**
 * Description: Tetris 3D with a tree of trees whose inner trees are built node by
 *  node: the slow end of correct code. The outer segment tree over x is an array of
 *  root pointers; each outer node has two dynamic segment trees over y, "all" (max of
 *  every value assigned in the node's x range) and "here" (max of the values assigned
 *  to exactly this x node), whose nodes are allocated with `new` the first time an
 *  update reaches them (an absent node means height 0). Each inner node keeps "mx"
 *  (max over its subtree) and "tag" (max assigned to exactly it); tags are permanent,
 *  valid because every update is a chmax. Pointer chasing and scattered allocations
 *  make it several times slower than the array version, at the same complexity.
 * Time: O(N log D log S); memory O(min(D S, N log D log S)) nodes.
 * Source: the spec "Tetris 3D", section "Reference algorithms", fast.
 * Status: accepted by `jurybox judge` on the samples and on generated inputs of every
 *  family at official and stress sizes (tests/cpp_mutants.rs), and on
 *  every test of the suite by `jurybox package`, which sets the limit from its time.
 */
#include <bits/stdc++.h>
using namespace std;

typedef long long H;

struct Node {
    H mx = 0, tag = 0;
    Node* left = nullptr;
    Node* right = nullptr;
};

int py;  // leaves of every inner tree (a power of two)

H innerQuery(const Node* v, int l, int r, int ql, int qr) {
    if (v == nullptr || qr <= l || r <= ql) return 0;
    if (ql <= l && r <= qr) return v->mx;
    int m = (l + r) / 2;
    H res = v->tag;
    res = max(res, innerQuery(v->left, l, m, ql, qr));
    res = max(res, innerQuery(v->right, m, r, ql, qr));
    return res;
}

void innerUpdate(Node*& v, int l, int r, int ql, int qr, H h) {
    if (qr <= l || r <= ql) return;
    if (v == nullptr) v = new Node();
    v->mx = max(v->mx, h);
    if (ql <= l && r <= qr) {
        v->tag = max(v->tag, h);
        return;
    }
    int m = (l + r) / 2;
    innerUpdate(v->left, l, m, ql, qr, h);
    innerUpdate(v->right, m, r, ql, qr, h);
}

vector<Node*> allRoot, hereRoot;  // indexed by outer node

H query(int u, int l, int r, int x1, int x2, int y1, int y2) {
    if (x2 <= l || r <= x1) return 0;
    if (x1 <= l && r <= x2) return innerQuery(allRoot[u], 0, py, y1, y2);
    H res = innerQuery(hereRoot[u], 0, py, y1, y2);
    int m = (l + r) / 2;
    res = max(res, query(2 * u, l, m, x1, x2, y1, y2));
    res = max(res, query(2 * u + 1, m, r, x1, x2, y1, y2));
    return res;
}

void update(int u, int l, int r, int x1, int x2, int y1, int y2, H h) {
    if (x2 <= l || r <= x1) return;
    innerUpdate(allRoot[u], 0, py, y1, y2, h);
    if (x1 <= l && r <= x2) {
        innerUpdate(hereRoot[u], 0, py, y1, y2, h);
        return;
    }
    int m = (l + r) / 2;
    update(2 * u, l, m, x1, x2, y1, y2, h);
    update(2 * u + 1, m, r, x1, x2, y1, y2, h);
}

int main() {
    int D, S, N;
    if (scanf("%d %d %d", &D, &S, &N) != 3) return 1;
    int px = 1;
    while (px < D) px *= 2;
    py = 1;
    while (py < S) py *= 2;
    allRoot.assign(2 * px, nullptr);
    hereRoot.assign(2 * px, nullptr);
    H best = 0;
    for (int i = 0; i < N; i++) {
        int d, s, w, x, y;
        if (scanf("%d %d %d %d %d", &d, &s, &w, &x, &y) != 5) return 1;
        H h = query(1, 0, px, x, x + d, y, y + s) + w;
        update(1, 0, px, x, x + d, y, y + s, h);
        best = max(best, h);
    }
    printf("%lld\n", best);
}
