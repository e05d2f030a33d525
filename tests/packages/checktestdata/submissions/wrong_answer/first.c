/* Prints the first number only. */
#include <stdio.h>

int main(void) {
    int n;
    long long a;
    if (scanf("%d %lld", &n, &a) != 2) return 1;
    printf("%lld\n", a);
    return 0;
}
