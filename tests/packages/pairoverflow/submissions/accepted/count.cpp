// Each value pairs with the earlier values K - value: O(n log n).
#include <cstdio>
#include <map>
int main() {
    int n;
    long long k;
    if (std::scanf("%d %lld", &n, &k) != 2) return 1;
    std::map<long long, long long> seen;
    long long c = 0;
    for (int i = 0; i < n; i++) {
        long long x;
        std::scanf("%lld", &x);
        c += seen[k - x];
        seen[x]++;
    }
    std::printf("%lld\n", c);
}
