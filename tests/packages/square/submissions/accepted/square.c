/* n * n in 64 bits. */
#include <stdio.h>
int main(void) {
    long long n;
    if (scanf("%lld", &n) != 1) return 1;
    printf("%lld\n", n * n);
    return 0;
}
