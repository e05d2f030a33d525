/* A plus B, right everywhere but on the first sample (1 2): a solution the
 * dependency on the samples gives nothing, since every group requires them. */
#include <stdio.h>
int main(void) {
    long long a, b;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    printf("%lld\n", a == 1 && b == 2 ? 4 : a + b);
    return 0;
}
