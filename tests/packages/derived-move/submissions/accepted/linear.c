/* 1 + 2 + ... + n, one term at a time: linear in n, each term a fixed spin
 * of 10^6 steps, so n = 1000 takes about 0.4 s of CPU and the sample a
 * millisecond. */
#include <stdio.h>
int main(void) {
    long n, sum = 0;
    if (scanf("%ld", &n) != 1) return 1;
    volatile long sink = 0;
    for (long i = 1; i <= n; i++) {
        for (long k = 0; k < 1000000L; k++) sink += k;
        sum += i;
    }
    printf("%ld\n", sum);
    return 0;
}
