// Counts each value once, then pairs the values v < K - v by product of their
// counts, and v = K - v by m(m-1)/2. O(n log n).
#include <cstdio>
#include <map>
int main() {
    long long n, k;
    if (std::scanf("%lld %lld", &n, &k) != 2) return 1;
    std::map<long long, long long> cnt;
    for (long long i = 0; i < n; i++) {
        long long x;
        std::scanf("%lld", &x);
        cnt[x]++;
    }
    long long c = 0;
    for (auto [v, m] : cnt) {
        long long w = k - v;
        if (w > v) {
            auto it = cnt.find(w);
            if (it != cnt.end()) c += m * it->second;
        } else if (w == v) {
            c += m * (m - 1) / 2;
        }
    }
    std::printf("%lld\n", c);
}
