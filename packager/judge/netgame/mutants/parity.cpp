// netgame mutant "parity": WRONG ANSWER.
// Known wrong solution of the spec: counting cells instead of playing: the first player
// is taken to win iff the number of whole cells is odd.
// Algorithm: find the whole cells; if their number is odd print 1 and the lowest rope
// that is a side of a whole cell, else 2.
// Complexity: O(N log N) time, O(N) memory.
// Verified: packager/judge/check-mutants.sh compares its output byte for byte with
// `jurybox solve netgame --engine parity` and requires the same verdict from
// `jurybox judge netgame` on the samples and every family.
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

int main() {
    read_net();
    int r = lowest_cuttable();
    if (cells.size() % 2 == 1 && r >= 0) printf("1\n%d\n", r + 1);
    else printf("2\n");
    return 0;
}
