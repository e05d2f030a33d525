// netgame mutant "memo-ropes": TIME LIMIT (right answers, too slow).
// Known slow solution of the spec: the source's 70-point search, a memo without
// pruning: a state is the set of uncut ropes among those that border a whole cell,
// so positions with the same whole cells but other dead ropes cut are searched apart.
// Algorithm: memoised win/lose search over bitmasks of the uncut cuttable ropes (a
// rope may be cut while it is a side of a cell whose four sides are uncut), the memo
// a hash table keyed by the mask; the move printed is the lowest rope whose cut
// leaves a lost position.
// Complexity: O(s * r * c) for the s rope states reachable, at most 2^r for r
// cuttable ropes (r <= 24: 2^24 states, the source's bound), far more than the 2^c
// cell states on 20-cell nets.
// Verified: tests/cpp_mutants.rs (cargo test) compares its output byte for byte with
// `jurybox solve netgame --engine memo-ropes` (the reference `naive`'s search) on the
// samples and every family at stress and official sizes (inputs with more than 24
// cuttable ropes left out); at official sizes `jurybox package` refuses it if it
// answers a suite test wrong before the time limit kills it.
#include <array>
#include <cstdio>
#include <map>
#include <tuple>
#include <unordered_map>
#include <vector>
#include <algorithm>
using namespace std;

int n;
vector<pair<int, int>> cells;      // lower-left corners of the whole cells, sorted
vector<array<int, 4>> across;      // per cell: the whole cell across bottom, top, left, right (-1: none)
vector<vector<int>> borders;       // per rope: the whole cells it is a side of, lowest first

// reads the net and finds its whole cells
void read_net() {
    scanf("%d", &n);
    map<tuple<int, int, int>, int> rope;  // (vertical, x, y) of the lower/left end -> index
    vector<tuple<int, int, int>> edges(n);
    for (int i = 0; i < n; i++) {
        int x1, y1, x2, y2;
        scanf("%d %d %d %d", &x1, &y1, &x2, &y2);
        edges[i] = {x1 == x2, min(x1, x2), min(y1, y2)};
        rope[edges[i]] = i;
    }
    auto side = [&](int v, int x, int y) {
        auto it = rope.find({v, x, y});
        return it == rope.end() ? -1 : it->second;
    };
    for (auto [v, x, y] : edges) {
        if (v) continue;
        for (int cy : {y, y - 1}) {
            if (cy < 0) continue;
            if (side(0, x, cy) >= 0 && side(0, x, cy + 1) >= 0 && side(1, x, cy) >= 0 && side(1, x + 1, cy) >= 0)
                cells.push_back({x, cy});
        }
    }
    sort(cells.begin(), cells.end());
    cells.erase(unique(cells.begin(), cells.end()), cells.end());
    map<pair<int, int>, int> at;
    for (int c = 0; c < (int)cells.size(); c++) at[cells[c]] = c;
    auto find = [&](int x, int y) {
        auto it = at.find({x, y});
        return it == at.end() ? -1 : it->second;
    };
    borders.assign(n, {});
    for (int c = 0; c < (int)cells.size(); c++) {
        auto [x, y] = cells[c];
        across.push_back({find(x, y - 1), find(x, y + 1), find(x - 1, y), find(x + 1, y)});
        for (int r : {side(0, x, y), side(0, x, y + 1), side(1, x, y), side(1, x + 1, y)}) borders[r].push_back(c);
    }
}

vector<int> cuttable;                 // the ropes that are sides of a whole cell, in input order
vector<unsigned long long> side_bits; // per whole cell: the bits of its four sides
unordered_map<unsigned long long, bool> memo;  // state -> won

bool wins(unsigned long long state) {
    auto it = memo.find(state);
    if (it != memo.end()) return it->second;
    bool won = false;
    for (int b = 0; b < (int)cuttable.size() && !won; b++) {
        unsigned long long rope = 1ull << b;
        if (!(state & rope)) continue;
        bool side_of_whole = false;
        for (unsigned long long s : side_bits)
            if ((s & rope) && (state & s) == s) side_of_whole = true;
        if (side_of_whole && !wins(state & ~rope)) won = true;
    }
    memo[state] = won;
    return won;
}

int main() {
    read_net();
    vector<int> bit(n, -1);
    for (int r = 0; r < n; r++)
        if (!borders[r].empty()) {
            bit[r] = (int)cuttable.size();
            cuttable.push_back(r);
        }
    side_bits.assign(cells.size(), 0);
    for (int r = 0; r < n; r++)
        for (int c : borders[r]) side_bits[c] |= 1ull << bit[r];
    unsigned long long full = cuttable.size() == 64 ? ~0ull : (1ull << cuttable.size()) - 1;
    if (!wins(full)) {
        printf("2\n");
        return 0;
    }
    for (int r : cuttable)
        if (!wins(full & ~(1ull << bit[r]))) {
            printf("1\n%d\n", r + 1);
            return 0;
        }
    printf("2\n");
    return 0;
}
