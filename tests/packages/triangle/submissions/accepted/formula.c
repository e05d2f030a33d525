/* The closed form n(n+1)/2, reduced modulo 1e9+7. */
#include <stdio.h>
int main(void) {
    long long n;
    if (scanf("%lld", &n) != 1) return 1;
    const long long mod = 1000000007LL;
    long long a = n % mod, b = (n + 1) % mod;
    /* n(n+1) is even: halve the even factor before reducing. */
    if (n % 2 == 0) a = (n / 2) % mod; else b = ((n + 1) / 2) % mod;
    printf("%lld\n", a * b % mod);
    return 0;
}
