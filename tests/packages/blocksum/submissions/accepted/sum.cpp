// Sums n integers eight at a time while eight are left (the loop unrolled by
// hand, as a tuned solution might be), then one at a time. O(n).
#include <cstdio>
int main() {
    int n;
    if (std::scanf("%d", &n) != 1)
        return 1;
    static long long a[1000];
    for (int i = 0; i < n; i++) std::scanf("%lld", &a[i]);
    long long s = 0;
    int i = 0;
    for (; i + 8 <= n; i += 8)
        s += a[i] + a[i + 1] + a[i + 2] + a[i + 3] + a[i + 4] + a[i + 5] + a[i + 6] + a[i + 7];
    for (; i < n; i++) s += a[i];
    std::printf("%lld\n", s);
}
