/**
 * Description: Paper-cutting game as a contestant writes it: every cut becomes
 *  a (orientation, line, from, to) tuple in one vector, sorted, so each line's
 *  cuts come together and in order; one sweep merges them and XORs each
 *  line's uncut length; the untouched lines of an orientation add its full
 *  length once when their count is odd. For the move, the first line (touched,
 *  then the first untouched) whose heap h has h ^ X < h is cut from 0, walking
 *  its merged parts until h - (h ^ X) uncut units are covered.
 * Time: O(k log k).
 * Source: the spec "Paper-cutting game", "Why it is Nim" and "Reference
 *  algorithms", fast; issue 45 item 2 (the solution of the intended class as a
 *  contestant writes it bounds the limit).
 * Status: stressed against jurybox's engines (`jurybox stress papercut
 *  --program`), and accepted on every test of the suite by `jurybox package`.
 */
#include <bits/stdc++.h>
using namespace std;
typedef long long ll;

ll n, m;
int k;
// For orientation o (0: x = line, 1: y = line): the touched lines and their merged parts.
map<ll, vector<pair<ll, ll>>> parts[2];

ll fullLength(int o) { return o == 0 ? m : n; }
ll lineCount(int o) { return o == 0 ? n - 1 : m - 1; }

ll heap(int o, ll line) {
    ll h = fullLength(o);
    if (parts[o].count(line))
        for (auto& p : parts[o][line]) h -= p.second - p.first;
    return h;
}

int main() {
    ios::sync_with_stdio(false);
    cin >> n >> m >> k;
    vector<array<ll, 4>> cuts;
    for (int i = 0; i < k; i++) {
        ll xb, yb, xe, ye;
        cin >> xb >> yb >> xe >> ye;
        if (xb == xe)
            cuts.push_back({0, xb, min(yb, ye), max(yb, ye)});
        else
            cuts.push_back({1, yb, min(xb, xe), max(xb, xe)});
    }
    sort(cuts.begin(), cuts.end());
    for (auto& c : cuts) {
        auto& v = parts[c[0]][c[1]];
        if (!v.empty() && c[2] <= v.back().second)
            v.back().second = max(v.back().second, c[3]);
        else
            v.push_back({c[2], c[3]});
    }
    ll X = 0;
    for (int o = 0; o < 2; o++) {
        for (auto& [line, v] : parts[o]) X ^= heap(o, line);
        ll untouched = lineCount(o) - (ll)parts[o].size();
        if (untouched % 2 == 1) X ^= fullLength(o);
    }
    if (X == 0) {
        cout << "SECOND" << endl;
        return 0;
    }
    for (int o = 0; o < 2; o++) {
        ll line = -1;
        for (auto& [l, v] : parts[o])
            if ((heap(o, l) ^ X) < heap(o, l)) {
                line = l;
                break;
            }
        ll untouched = lineCount(o) - (ll)parts[o].size();
        if (line < 0 && untouched > 0 && (fullLength(o) ^ X) < fullLength(o)) {
            line = 1;
            while (parts[o].count(line)) line++;
        }
        if (line < 0) continue;
        ll h = heap(o, line), take = h - (h ^ X), pos = 0;
        if (parts[o].count(line))
            for (auto& p : parts[o][line]) {
                if (p.first - pos >= take) break;
                take -= p.first - pos;
                pos = p.second;
            }
        ll end = pos + take;
        cout << "FIRST" << endl;
        if (o == 0)
            cout << line << " " << 0 << " " << line << " " << end << endl;
        else
            cout << 0 << " " << line << " " << end << " " << line << endl;
        return 0;
    }
}
