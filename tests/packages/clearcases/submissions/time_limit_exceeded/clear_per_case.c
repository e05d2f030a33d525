/* Right, but clears the whole table of values before every case: four
 * megabytes per case, so an input of many small cases takes it seconds. */
#include <stdio.h>
#include <string.h>

static int seen[1000001];

int main(void) {
    int t;
    if (scanf("%d", &t) != 1) return 1;
    while (t--) {
        int n, distinct = 0;
        if (scanf("%d", &n) != 1) return 1;
        memset(seen, 0, sizeof seen);
        for (int i = 0; i < n; i++) {
            int a;
            if (scanf("%d", &a) != 1) return 1;
            if (!seen[a]) {
                seen[a] = 1;
                distinct++;
            }
        }
        printf("%d\n", distinct);
    }
    return 0;
}
