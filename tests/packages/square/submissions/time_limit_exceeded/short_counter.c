/* Adds |n| to itself |n| times, counting with an unsigned short: right while
 * |n| <= 65535; past it the counter wraps before reaching |n| and the loop
 * never ends (the sum is volatile, so it cannot be assumed to end). */
#include <stdio.h>
int main(void) {
    long long n;
    if (scanf("%lld", &n) != 1) return 1;
    long long a = n < 0 ? -n : n;
    volatile long long sum = 0;
    for (unsigned short i = 0; i < a; i++) sum += a;
    printf("%lld\n", sum);
    return 0;
}
