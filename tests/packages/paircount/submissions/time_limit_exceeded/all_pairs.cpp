// Too slow: every pair, O(n^2): 2 * 10^10 pairs for the largest n.
#include <cstdio>
#include <vector>
int main() {
    long long n, k;
    if (std::scanf("%lld %lld", &n, &k) != 2) return 1;
    std::vector<long long> a(n);
    for (auto &x : a) std::scanf("%lld", &x);
    long long c = 0;
    for (long long i = 0; i < n; i++)
        for (long long j = i + 1; j < n; j++)
            if (a[i] + a[j] == k) c++;
    std::printf("%lld\n", c);
}
