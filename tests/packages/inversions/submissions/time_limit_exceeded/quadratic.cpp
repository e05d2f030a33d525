// Too slow: every pair, O(n^2).
#include <cstdio>
#include <vector>
int main() {
    int n;
    std::scanf("%d", &n);
    std::vector<long long> a(n);
    for (auto& x : a) std::scanf("%lld", &x);
    long long c = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) c += a[i] > a[j];
    std::printf("%lld\n", c);
}
