/* The smallest k in [1, 10^9] with k * k >= x, for each query x, by bisection. */
#include <stdio.h>

static int enough(long long k, long long x) { return k * k >= x; }

int main(void) {
    int q;
    scanf("%d", &q);
    while (q--) {
        long long x, lo = 1, hi = 1000000000LL;
        scanf("%lld", &x);
        while (lo < hi) {
            long long mid = (lo + hi) / 2;
            if (enough(mid, x)) hi = mid;
            else lo = mid + 1;
        }
        printf("%lld\n", lo);
    }
    return 0;
}
