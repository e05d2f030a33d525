// The sum and the maximum of n integers.
#include <cstdio>
int main() {
    int n;
    if (std::scanf("%d", &n) != 1) return 1;
    long long sum = 0, best = -(1LL << 62), a;
    for (int i = 0; i < n; i++) {
        if (std::scanf("%lld", &a) != 1) return 1;
        sum += a;
        if (a > best) best = a;
    }
    std::printf("%lld\n%lld\n", sum, best);
}
