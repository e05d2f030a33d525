// The largest k with k(k+1)/2 <= n, by binary search in 128-bit integers.
#include <cstdio>

int main() {
    long long n;
    if (scanf("%lld", &n) != 1) return 1;
    long long lo = 0, hi = 2000000000LL;
    while (lo < hi) {
        long long mid = lo + (hi - lo + 1) / 2;
        if ((__int128)mid * (mid + 1) / 2 <= n) lo = mid;
        else hi = mid - 1;
    }
    printf("%lld\n", lo);
    return 0;
}
