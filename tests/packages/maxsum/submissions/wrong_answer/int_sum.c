/* Wrong: sums in 32-bit int, which overflows past 2^31. */
#include <stdio.h>
int main(void) {
    int n;
    scanf("%d", &n);
    int best = 0, run = 0;
    for (int i = 0; i < n; i++) {
        int a;
        scanf("%d", &a);
        run = (i == 0 || run < 0) ? a : run + a;
        if (i == 0 || run > best) best = run;
    }
    printf("%d\n", best);
    return 0;
}
