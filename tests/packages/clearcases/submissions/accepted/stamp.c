/* The number of distinct values of each case: a value is seen in this case
 * when its stamp is the case's number, so nothing is cleared between cases. */
#include <stdio.h>

static int stamp[1000001];

int main(void) {
    int t;
    if (scanf("%d", &t) != 1) return 1;
    for (int c = 1; c <= t; c++) {
        int n, distinct = 0;
        if (scanf("%d", &n) != 1) return 1;
        for (int i = 0; i < n; i++) {
            int a;
            if (scanf("%d", &a) != 1) return 1;
            if (stamp[a] != c) {
                stamp[a] = c;
                distinct++;
            }
        }
        printf("%d\n", distinct);
    }
    return 0;
}
