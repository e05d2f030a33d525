/* Prints the number it reads: the one accepted submission, a run of a
 * millisecond, so the derivation's limit is its one step and the stated
 * 0.75 s is what is judged with. */
#include <stdio.h>

int main(void) {
    long n;
    if (scanf("%ld", &n) != 1) return 1;
    printf("%ld\n", n);
    return 0;
}
