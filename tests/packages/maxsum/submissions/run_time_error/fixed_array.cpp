// Crashes: keeps the prefix sums in a fixed array of 64 and checks its index.
#include <cstdio>
#include <cstdlib>
long long prefix[64];
int main() {
    int n;
    std::scanf("%d", &n);
    if (n >= 64) std::abort();
    for (int i = 0; i < n; i++) {
        long long a;
        std::scanf("%lld", &a);
        prefix[i + 1] = prefix[i] + a;
    }
    long long best = prefix[1], low = 0;
    for (int i = 1; i <= n; i++) {
        if (prefix[i] - low > best) best = prefix[i] - low;
        if (prefix[i] < low) low = prefix[i];
    }
    std::printf("%lld\n", best);
}
