// netgame mutant "unmemoised": TIME LIMIT (right answers, too slow).
// Known slow solution of the spec: a search without memo on 20-cell nets.
// Algorithm: win/lose search over bitmasks of whole cells (a cut removes the cell
// and the whole cell across the cut side), recomputing every state each time it is
// reached; the move printed is the lowest rope whose cut leaves a lost position.
// Complexity: exponential (the game tree of up to 20 cells), O(c) memory.
// Verified: packager/judge/check-mutants.sh checks it is accepted by
// `jurybox judge netgame` on the samples and every family (where it ends within the
// CPU cap), and times it against `jurybox solve netgame` on the family "moved".
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

bool wins(unsigned state) {
    for (int c = 0; c < (int)cells.size(); c++) {
        if (!(state >> c & 1)) continue;
        for (int s = 0; s < 4; s++) {
            unsigned gone = 1u << c;
            if (across[c][s] >= 0) gone |= state & (1u << across[c][s]);
            if (!wins(state & ~gone)) return true;
        }
    }
    return false;
}

int main() {
    read_net();
    unsigned full = (unsigned)((1ull << cells.size()) - 1);
    if (!wins(full)) {
        printf("2\n");
        return 0;
    }
    for (int r = 0; r < n; r++) {
        unsigned gone = cut(r);
        if (gone && !wins(full & ~gone)) {
            printf("1\n%d\n", r + 1);
            return 0;
        }
    }
    printf("2\n");
    return 0;
}
