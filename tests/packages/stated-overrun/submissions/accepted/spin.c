/* Reads n, spins n units of 4 to 10 ms (the input decides its time), prints n. */
#include <stdio.h>

int main(void) {
    long n;
    if (scanf("%ld", &n) != 1) return 1;
    volatile long sink = 0;
    for (long i = 0; i < n * 10000000L; i++) sink += i;
    printf("%ld\n", n);
    return 0;
}
