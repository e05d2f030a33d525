/* 1 + 2 + ... + n as a count of the pairs j <= i <= n: quadratic in n, each
 * pair a spin of 10^4 steps, so n = 1000 takes about seven times the linear
 * submission's time (2.8 s of CPU), yet any n whose linear time keeps a 0.1 s
 * limit (n up to about 130) takes under its 0.15 s line. */
#include <stdio.h>
int main(void) {
    long n, sum = 0;
    if (scanf("%ld", &n) != 1) return 1;
    volatile long sink = 0;
    for (long i = 1; i <= n; i++) {
        for (long j = 1; j <= i; j++) {
            for (long k = 0; k < 10000L; k++) sink += k;
            sum += 1;
        }
    }
    printf("%ld\n", sum);
    return 0;
}
