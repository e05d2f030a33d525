// papercut mutant "cut-start": WRONG ANSWER.
// Known wrong solution of the spec: a move of the right length t on the right line
// that starts at the line's start, inside already-cut parts, and so covers fewer
// than t uncut units (the checker rejects it).
// Algorithm: group the cuts by line, sort and merge, Nim with the parity of the
// untouched lines; the move is [0, t] on the first line whose heap h has h^X < h.
// Complexity: O(k log k) time, O(k) memory.
// Verified: tests/cpp_mutants.rs (cargo test) compares its output byte for byte with
// `jurybox solve papercut --engine cut-start`, or requires the same verdict from the
// checker, on the samples and every family at stress and official sizes (inputs that
// engine declares too big for it left out).
#include <cstdio>
#include <cstdint>
#include <map>
#include <vector>
#include <algorithm>
using namespace std;
typedef long long ll;
typedef pair<int, ll> Line;  // (0 vertical x = c, 1 horizontal y = c); vertical lines sort first

ll n, m;
int k;
vector<Line> cutLine;          // per cut: its line
vector<pair<ll, ll>> cutSpan;  // per cut: [lo, hi) along its line
map<Line, vector<pair<ll, ll>>> touched;  // per touched line: merged cut intervals

ll length(const Line& l) { return l.first == 0 ? m : n; }

void read_input() {
    scanf("%lld %lld %d", &n, &m, &k);
    for (int i = 0; i < k; i++) {
        ll xb, yb, xe, ye;
        scanf("%lld %lld %lld %lld", &xb, &yb, &xe, &ye);
        if (xb == xe) cutLine.push_back({0, xb}), cutSpan.push_back({min(yb, ye), max(yb, ye)});
        else cutLine.push_back({1, yb}), cutSpan.push_back({min(xb, xe), max(xb, xe)});
        touched[cutLine.back()].push_back(cutSpan.back());
    }
    for (auto& [line, v] : touched) {  // sort and merge; touching intervals become one
        sort(v.begin(), v.end());
        vector<pair<ll, ll>> merged;
        for (auto [a, b] : v)
            if (!merged.empty() && a <= merged.back().second) merged.back().second = max(merged.back().second, b);
            else merged.push_back({a, b});
        v = merged;
    }
}

// the uncut length of a line
ll heap(const Line& l) {
    ll h = length(l);
    auto it = touched.find(l);
    if (it != touched.end())
        for (auto [a, b] : it->second) h -= b - a;
    return h;
}

ll touchedCount(int orientation) {
    ll c = 0;
    for (auto& e : touched) c += e.first.first == orientation;
    return c;
}

// what the solution believes: heaps of the touched lines, untouched counts, XOR
map<Line, ll> heaps;
ll untouchedV, untouchedH, X;

void right_heaps() {
    for (auto& e : touched) heaps[e.first] = heap(e.first);
    untouchedV = n - 1 - touchedCount(0);
    untouchedH = m - 1 - touchedCount(1);
}

void parity_xor() {  // untouched lines count once if there is an odd number of them
    X = 0;
    for (auto& e : heaps) X ^= e.second;
    if (untouchedV % 2 == 1) X ^= m;
    if (untouchedH % 2 == 1) X ^= n;
}

// answers from the belief: SECOND if X is 0, else a cut taking t = h - (h ^ X) from
// the first line whose believed heap h has h ^ X < h, from the line's start
// (skipping cut parts when skip is true)
void play(bool skip) {
    if (X == 0) {
        printf("SECOND\n");
        return;
    }
    Line line;
    ll h = 0;
    bool chosen = false;  // a believed heap may be negative
    for (auto& e : heaps)
        if ((e.second ^ X) < e.second) {
            line = e.first, h = e.second, chosen = true;
            break;
        }
    for (int o = 0; o < 2 && !chosen; o++) {
        ll len = o == 0 ? m : n, cnt = o == 0 ? untouchedV : untouchedH;
        if (cnt > 0 && (len ^ X) < len) {
            ll c = 1;
            while (heaps.count({o, c})) c++;
            line = {o, c}, h = len, chosen = true;
        }
    }
    if (!chosen) {
        printf("SECOND\n");
        return;
    }
    ll take = h - (h ^ X), len = length(line), end;
    if (!skip) end = take;
    else {
        ll pos = 0, need = take;
        bool found = false;
        auto it = touched.find(line);
        if (it != touched.end())
            for (auto [a, b] : it->second) {
                if (a - pos >= need) {
                    end = pos + need, found = true;
                    break;
                }
                need -= a - pos;
                pos = b;
            }
        if (!found) end = pos + need;
    }
    end = max(1LL, min(end, len));
    if (line.first == 0) printf("FIRST\n%lld 0 %lld %lld\n", line.second, line.second, end);
    else printf("FIRST\n0 %lld %lld %lld\n", line.second, end, line.second);
}

int main() {
    read_input();
    right_heaps();
    parity_xor();
    play(false);  // the bug: the cut does not skip cut parts
    return 0;
}
