// The sum of n integers (|a_i| <= 10^9, n <= 2 * 10^5): a 64-bit total.
#include <cstdio>

int main() {
    int n;
    if (scanf("%d", &n) != 1) return 1;
    long long total = 0;
    for (int i = 0; i < n; ++i) {
        long long a;
        scanf("%lld", &a);
        total += a;
    }
    printf("%lld\n", total);
    return 0;
}
