// netgame mutant "unchecked": WRONG ANSWER.
// Known wrong solution of the spec: printing a winning verdict with an unchecked rope: the
// verdict is right, the rope is the lowest cuttable one whether it wins or not.
// Algorithm: memoised win/lose search over bitmasks of whole cells (a cut removes the
// cell and the whole cell across the cut side); if won, print the lowest rope that
// is a side of a whole cell.
// Complexity: O(2^c * c) time, 2^c bytes of memory, c <= 20 whole cells.
// Verified: tests/cpp_mutants.rs (cargo test) compares its output byte for byte with
// `jurybox solve netgame --engine unchecked`, or requires the same verdict from the
// checker, on the samples and every family at stress and official sizes (inputs that
// engine declares too big for it left out).
#include <array>
#include <cstdio>
#include <map>
#include <tuple>
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

// the lowest rope that is a side of a whole cell (-1: none)
int lowest_cuttable() {
    for (int r = 0; r < n; r++)
        if (!borders[r].empty()) return r;
    return -1;
}

// the cells cutting rope r removes at the start, as a bitmask
unsigned cut(int r) {
    unsigned m = 0;
    for (int c : borders[r]) m |= 1u << c;
    return m;
}

vector<char> memo;  // 0 unknown, 1 lost, 2 won

bool wins(unsigned state) {
    if (memo[state]) return memo[state] == 2;
    bool won = false;
    for (int c = 0; c < (int)cells.size() && !won; c++) {
        if (!(state >> c & 1)) continue;
        for (int s = 0; s < 4 && !won; s++) {
            unsigned gone = 1u << c;
            if (across[c][s] >= 0) gone |= state & (1u << across[c][s]);
            won = !wins(state & ~gone);
        }
    }
    memo[state] = won ? 2 : 1;
    return won;
}

int main() {
    read_net();
    unsigned full = (unsigned)((1ull << cells.size()) - 1);
    memo.assign(1u << cells.size(), 0);
    int r = lowest_cuttable();
    if (wins(full) && r >= 0) printf("1\n%d\n", r + 1);  // the bug: r is never checked
    else printf("2\n");
    return 0;
}
