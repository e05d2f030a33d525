/* Adds 1..n one by one: correct, and slow enough on n = 5e7 to set the limit. */
#include <stdio.h>
int main(void) {
    long long n, sum = 0;
    if (scanf("%lld", &n) != 1) return 1;
    const long long mod = 1000000007LL;
    for (long long i = 1; i <= n; i++) sum = (sum + i) % mod;
    printf("%lld\n", sum);
    return 0;
}
