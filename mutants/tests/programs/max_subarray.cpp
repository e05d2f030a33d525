/* The largest sum of a non-empty contiguous subarray (Kadane), with the range
 * that attains it: "l r best" on one line. */
#include <algorithm>
#include <iostream>
#include <vector>
using namespace std;

struct Best {
    long long sum;
    int l, r;
    bool operator<(const Best& o) const { return sum < o.sum; }
};

int main() {
    ios::sync_with_stdio(false);
    int n;
    cin >> n;
    vector<long long> a(n);
    for (auto& x : a) cin >> x;
    Best best{a[0], 0, 0};
    long long run = 0;
    int start = 0;
    for (int i = 0; i < n; i++) {
        if (run <= 0) {
            run = a[i];
            start = i;
        } else {
            run += a[i];
        }
        Best here{run, start, i};
        best = max<Best>(best, here);
    }
    cout << best.l + 1 << ' ' << best.r + 1 << ' ' << best.sum << '\n';
}
