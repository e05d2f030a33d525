/* Spends 1 s of CPU on group 2's tests (a = 2): over the package's 500 ms,
 * the limit of a C solution. */
#include <stdio.h>
#include <time.h>

int main(void) {
    long long a, b;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    if (a == 2) {
        volatile unsigned long spin = 0;
        while (clock() < CLOCKS_PER_SEC) spin++;
    }
    printf("%lld\n", a + b);
    return 0;
}
