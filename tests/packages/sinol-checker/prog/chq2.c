/* One too large everywhere: 50 % of every test. */
#include <stdio.h>
int main(void) {
    long long a, b;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    printf("%lld\n", a + b + 1);
    return 0;
}
