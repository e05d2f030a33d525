// Wrong: counts m*m pairs for v = K - v, then takes off m(m-1)/2 instead of
// m(m+1)/2 (the pairs i >= j).
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
        auto it = cnt.find(w);
        if (w >= v && it != cnt.end()) c += m * it->second;
        if (w == v) c -= m * (m - 1) / 2;
    }
    std::printf("%lld\n", c);
}
