/* n * n in 32 bits: right while |n| <= 46340, wrapped past it. */
#include <stdio.h>
int main(void) {
    int n;
    if (scanf("%d", &n) != 1) return 1;
    unsigned sq = (unsigned)n * (unsigned)n;
    printf("%lld\n", (long long)(int)sq);
    return 0;
}
