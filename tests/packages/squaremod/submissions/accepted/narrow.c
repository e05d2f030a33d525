/* Marked accepted, but n * n in 32 bits: wrong from n = 46341 on, which the
 * package's data (n <= 40000) never reaches. The jury's own mistake that
 * harden must name: on a large valid input the accepted submissions disagree. */
#include <stdio.h>
int main(void) {
    int n;
    if (scanf("%d", &n) != 1) return 1;
    int square = (int)((unsigned)n * (unsigned)n);
    printf("%d\n", (int)(((long long)square % 1000000007LL + 1000000007LL) % 1000000007LL));
    return 0;
}
