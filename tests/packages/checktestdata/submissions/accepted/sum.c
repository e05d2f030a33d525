/* Adds the n numbers. */
#include <stdio.h>

int main(void) {
    int n;
    long long sum = 0, a;
    if (scanf("%d", &n) != 1) return 1;
    for (int i = 0; i < n; i++) {
        if (scanf("%lld", &a) != 1) return 1;
        sum += a;
    }
    printf("%lld\n", sum);
    return 0;
}
