/**
 * Description: Tetris 3D as a contestant writes the textbook solution of the
 *  intended complexity: a segment tree over x of segment trees over y, 1-indexed
 *  over [1, n] with nodes up to 4n, each outer node a struct holding two whole
 *  inner trees ("mx": the max of everything assigned in its x range, "tag": the
 *  max assigned to exactly this x node), tags permanent (heights only grow).
 *  Static arrays of 4D x 4S ints in both, recursion on both axes, nothing
 *  tuned: the large constant of the public solutions (issue 45 item 2), about
 *  2 to 3 times the time of tree_of_trees.cpp. It bounds the limit with the
 *  other accepted solutions, so a correct solution of this class passes.
 * Time: O(N log D log S), memory 2 * (4 * 1000) * (4 * 1000) * 4 bytes, 128 MB.
 * Source: the spec "Tetris 3D", section "Reference algorithms"; the textbook 2-D
 *  segment tree with permanent tags (POI XIII "Tetris 3D" write-ups).
 * Status: accepted by `jurybox judge` on the samples and on generated inputs of
 *  every family at official sizes (tests/cpp_mutants.rs), and on every test of
 *  the suite by `jurybox package`.
 */
#include <bits/stdc++.h>
using namespace std;

const int MAXN = 1005;

int D, S;

struct InnerTree {
    int mx[MAXN * 4], tag[MAXN * 4];

    int query(int node, int l, int r, int ql, int qr) {
        if (ql <= l && r <= qr) return mx[node];
        int res = tag[node];
        int mid = (l + r) / 2;
        if (ql <= mid) res = max(res, query(node * 2, l, mid, ql, qr));
        if (qr > mid) res = max(res, query(node * 2 + 1, mid + 1, r, ql, qr));
        return res;
    }

    void update(int node, int l, int r, int ql, int qr, int h) {
        mx[node] = max(mx[node], h);
        if (ql <= l && r <= qr) {
            tag[node] = max(tag[node], h);
            return;
        }
        int mid = (l + r) / 2;
        if (ql <= mid) update(node * 2, l, mid, ql, qr, h);
        if (qr > mid) update(node * 2 + 1, mid + 1, r, ql, qr, h);
    }
};

InnerTree mx[MAXN * 4], tag[MAXN * 4];

int query(int node, int l, int r, int xl, int xr, int yl, int yr) {
    if (xl <= l && r <= xr) return mx[node].query(1, 1, S, yl, yr);
    int res = tag[node].query(1, 1, S, yl, yr);
    int mid = (l + r) / 2;
    if (xl <= mid) res = max(res, query(node * 2, l, mid, xl, xr, yl, yr));
    if (xr > mid) res = max(res, query(node * 2 + 1, mid + 1, r, xl, xr, yl, yr));
    return res;
}

void update(int node, int l, int r, int xl, int xr, int yl, int yr, int h) {
    mx[node].update(1, 1, S, yl, yr, h);
    if (xl <= l && r <= xr) {
        tag[node].update(1, 1, S, yl, yr, h);
        return;
    }
    int mid = (l + r) / 2;
    if (xl <= mid) update(node * 2, l, mid, xl, xr, yl, yr, h);
    if (xr > mid) update(node * 2 + 1, mid + 1, r, xl, xr, yl, yr, h);
}

int main() {
    int n;
    scanf("%d %d %d", &D, &S, &n);
    for (int i = 0; i < n; i++) {
        int d, s, w, x, y;
        scanf("%d %d %d %d %d", &d, &s, &w, &x, &y);
        int h = query(1, 1, D, x + 1, x + d, y + 1, y + s) + w;
        update(1, 1, D, x + 1, x + d, y + 1, y + s, h);
    }
    printf("%d\n", query(1, 1, D, 1, D, 1, S));
    return 0;
}
