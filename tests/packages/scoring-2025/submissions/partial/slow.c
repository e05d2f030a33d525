/* A plus B by counting one by one: fast on the small group, far past any
 * limit on the large one (three times the work of the loop's first form, so
 * that b = 2*10^9 is well over the TLE line on a fast machine, not at it).
 * @EXPECTED_GRADES@ AC TLE */
#include <stdio.h>
int main(void) {
    long long a, b;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    volatile long long s = a;
    for (long long i = 0; i < b; i++) {
        s = s + 2;
        s = s - 1;
        s = s + 3;
        s = s - 3;
        s = s + 4;
        s = s - 4;
    }
    printf("%lld\n", (long long)s);
    return 0;
}
