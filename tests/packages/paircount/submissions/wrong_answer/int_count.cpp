// Wrong: the answer in a 32-bit counter; n equal values a_i = K/2 make
// n(n-1)/2 pairs, past 2^31 for n > 65 536.
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
    int c = 0;
    for (auto [v, m] : cnt) {
        long long w = k - v;
        if (w > v) {
            auto it = cnt.find(w);
            if (it != cnt.end()) c += m * it->second;
        } else if (w == v) {
            c += m * (m - 1) / 2;
        }
    }
    std::printf("%d\n", c);
}
