/**
 * Description: Network game by Sprague-Grundy over components of whole cells. In
 *  cell terms a move removes two edge-adjacent whole cells (their shared rope) or one
 *  whole cell with fewer than four whole neighbours (a side it shares with no whole
 *  cell). A component's Grundy value is the mex, over its moves, of the XOR of the
 *  values of the pieces left; values are memoised in a hash map keyed by the shape's
 *  canonical form (the least of its 8 symmetric images, each translated to the
 *  origin and sorted). The winning rope is the first, in input order, that borders a
 *  whole cell and leaves a total XOR of 0.
 * Time: exponential in the largest component (at most 24 cells), linear in N
 *  otherwise (plus hashing).
 * Source: the spec "Network game", section "Reference algorithms", fast.
 * Status: accepted by `jurybox judge` on the samples and on generated inputs of every
 *  family at official and stress sizes (tests/cpp_mutants.rs), and on
 *  every test of the suite by `jurybox package`, which sets the limit from its time.
 */
#include <bits/stdc++.h>
using namespace std;
typedef long long ll;
typedef pair<int, int> Cell;

const int DX[4] = {1, -1, 0, 0}, DY[4] = {0, 0, 1, -1};

unordered_map<string, int> memo;

int grundy(const vector<Cell>& shape);

// The canonical key of a shape: the least encoding among its 8 symmetric images.
string canonical(const vector<Cell>& shape) {
    string best;
    for (int t = 0; t < 8; t++) {
        vector<Cell> img;
        for (auto [x, y] : shape) {
            int a = x, b = y;
            if (t & 1) a = -a;
            if (t & 2) b = -b;
            if (t & 4) swap(a, b);
            img.push_back({a, b});
        }
        int mx = INT_MAX, my = INT_MAX;
        for (auto [a, b] : img) mx = min(mx, a), my = min(my, b);
        for (auto& [a, b] : img) a -= mx, b -= my;
        sort(img.begin(), img.end());
        string key;
        for (auto [a, b] : img) key += char(a), key += char(b);
        if (t == 0 || key < best) best = key;
    }
    return best;
}

// The XOR of the Grundy values of the connected pieces of `cells`.
int piecesValue(const set<Cell>& cells) {
    set<Cell> left = cells;
    int value = 0;
    while (!left.empty()) {
        vector<Cell> piece = {*left.begin()};
        left.erase(left.begin());
        for (size_t i = 0; i < piece.size(); i++)
            for (int k = 0; k < 4; k++) {
                Cell n = {piece[i].first + DX[k], piece[i].second + DY[k]};
                auto it = left.find(n);
                if (it != left.end()) {
                    left.erase(it);
                    piece.push_back(n);
                }
            }
        value ^= grundy(piece);
    }
    return value;
}

int grundy(const vector<Cell>& shape) {
    string key = canonical(shape);
    auto it = memo.find(key);
    if (it != memo.end()) return it->second;
    set<Cell> all(shape.begin(), shape.end());
    set<int> options;
    for (Cell c : shape) {
        int whole = 0;
        for (int k = 0; k < 4; k++) {
            Cell n = {c.first + DX[k], c.second + DY[k]};
            if (!all.count(n)) continue;
            whole++;
            if (k == 0 || k == 2) {  // each shared rope once
                set<Cell> rest = all;
                rest.erase(c);
                rest.erase(n);
                options.insert(piecesValue(rest));
            }
        }
        if (whole < 4) {
            set<Cell> rest = all;
            rest.erase(c);
            options.insert(piecesValue(rest));
        }
    }
    int g = 0;
    while (options.count(g)) g++;
    memo[key] = g;
    return g;
}

int main() {
    int n;
    if (scanf("%d", &n) != 1) return 1;
    // A rope is stored by its lower-left end point and its direction.
    vector<array<ll, 3>> ropes(n);  // x, y, 0 = horizontal / 1 = vertical
    set<array<ll, 3>> have;
    for (auto& r : ropes) {
        ll x1, y1, x2, y2;
        if (scanf("%lld %lld %lld %lld", &x1, &y1, &x2, &y2) != 4) return 1;
        r = {min(x1, x2), min(y1, y2), y1 == y2 ? 0LL : 1LL};
        have.insert(r);
    }
    auto isWhole = [&](ll x, ll y) {
        return have.count({x, y, 0}) && have.count({x, y + 1, 0}) && have.count({x, y, 1}) &&
               have.count({x + 1, y, 1});
    };
    // The cells on the two sides of each rope.
    auto sides = [](const array<ll, 3>& r) {
        if (r[2] == 0) return array<pair<ll, ll>, 2>{{{r[0], r[1]}, {r[0], r[1] - 1}}};
        return array<pair<ll, ll>, 2>{{{r[0], r[1]}, {r[0] - 1, r[1]}}};
    };
    set<pair<ll, ll>> whole;
    for (auto& r : ropes)
        for (auto c : sides(r))
            if (isWhole(c.first, c.second)) whole.insert(c);

    // Components of whole cells, their Grundy values and the total.
    map<pair<ll, ll>, int> compOf;
    vector<vector<pair<ll, ll>>> comps;
    vector<int> value;
    int total = 0;
    for (auto start : whole) {
        if (compOf.count(start)) continue;
        int id = comps.size();
        vector<pair<ll, ll>> comp = {start};
        compOf[start] = id;
        for (size_t i = 0; i < comp.size(); i++)
            for (int k = 0; k < 4; k++) {
                pair<ll, ll> nb = {comp[i].first + DX[k], comp[i].second + DY[k]};
                if (whole.count(nb) && !compOf.count(nb)) {
                    compOf[nb] = id;
                    comp.push_back(nb);
                }
            }
        vector<Cell> local;
        for (auto [x, y] : comp) local.push_back({int(x - start.first), int(y - start.second)});
        comps.push_back(comp);
        value.push_back(grundy(local));
        total ^= value.back();
    }
    if (total == 0) {
        puts("2");
        return 0;
    }
    for (int i = 0; i < n; i++) {
        vector<pair<ll, ll>> cut;
        for (auto c : sides(ropes[i]))
            if (whole.count(c)) cut.push_back(c);
        if (cut.empty()) continue;
        int id = compOf[cut[0]];
        set<Cell> rest;
        pair<ll, ll> o = comps[id][0];
        for (auto c : comps[id])
            if (find(cut.begin(), cut.end(), c) == cut.end())
                rest.insert({int(c.first - o.first), int(c.second - o.second)});
        if ((total ^ value[id] ^ piecesValue(rest)) == 0) {
            printf("1\n%d\n", i + 1);
            return 0;
        }
    }
    return 1;  // unreachable: a non-zero total always has a winning move
}
