/* A plus B on standard input and output: the judge gives it nothing there,
 * and reads its answer from sum.out, which it never writes. */
#include <stdio.h>
int main(void) {
    long long a = 0, b = 0;
    if (scanf("%lld %lld", &a, &b) != 2) return 0;
    printf("%lld\n", a + b);
    return 0;
}
