/* Wrong on the example (1 2) only: under icpc the examples count. */
#include <stdio.h>
int main(void) {
    long long a, b;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    printf("%lld\n", a == 1 ? 0 : a + b);
    return 0;
}
