/* Adds each i as sixteen sixteenths: right answer, sixteen times the loop's work. */
#include <stdio.h>
int main(void) {
    long long n, sum = 0;
    if (scanf("%lld", &n) != 1) return 1;
    const long long mod = 1000000007LL;
    for (long long i = 1; i <= n; i++) {
        long long part = i * 16;
        for (volatile int k = 0; k < 16; k++) sum = (sum + part / 16) % mod;
        sum = (sum + mod - (15 * (i % mod)) % mod) % mod;
    }
    printf("%lld\n", sum);
    return 0;
}
