// Kadane's algorithm, O(n), sums in 64 bits.
#include <cstdio>
int main() {
    int n;
    if (std::scanf("%d", &n) != 1) return 1;
    long long best = 0, run = 0;
    for (int i = 0; i < n; i++) {
        long long a;
        std::scanf("%lld", &a);
        run = (i == 0 || run < 0) ? a : run + a;
        if (i == 0 || run > best) best = run;
    }
    std::printf("%lld\n", best);
}
