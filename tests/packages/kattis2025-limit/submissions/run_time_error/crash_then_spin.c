/* Crashes on n = 1 (the first test in run order); elsewhere it is correct but
 * spins eight times as long as accepted/spin.c: a run after its first failure,
 * slow, which must not set a legacy package's limit. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    long n;
    if (scanf("%ld", &n) != 1) return 1;
    if (n == 1) abort();
    volatile long sink = 0;
    for (long i = 0; i < 8 * n * 10000000L; i++) sink += i;
    printf("%ld\n", n);
    return 0;
}
