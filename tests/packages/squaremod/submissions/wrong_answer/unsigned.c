/* n * n in unsigned 32 bits: wrong from n = 65536 on. Every input that shows
 * it also shows accepted/narrow.c wrong, so no test can catch it while the
 * accepted submissions disagree. */
#include <stdio.h>
int main(void) {
    unsigned n;
    if (scanf("%u", &n) != 1) return 1;
    printf("%u\n", n * n % 1000000007u);
    return 0;
}
