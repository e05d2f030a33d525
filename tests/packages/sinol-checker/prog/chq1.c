/* One too large on group 1 (a < 10): the checker's 50 %. */
#include <stdio.h>
int main(void) {
    long long a, b;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    printf("%lld\n", a + b + (a < 10));
    return 0;
}
