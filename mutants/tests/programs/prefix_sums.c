/* Range sums of a 1-D array: q queries "l r" (1-based, inclusive). */
#include <stdio.h>
#include <stdlib.h>

#define MAXN 200005

static long long prefix[MAXN];

int main(void) {
    int n, q;
    if (scanf("%d %d", &n, &q) != 2) return 1;
    for (int i = 1; i <= n; i++) {
        long long a;
        scanf("%lld", &a);
        prefix[i] = prefix[i - 1] + a;
    }
    while (q-- > 0) {
        int l, r;
        scanf("%d %d", &l, &r);
        if (l < 1 || r > n || l > r) {
            puts("invalid");
            continue;
        }
        printf("%lld\n", prefix[r] - prefix[l - 1]);
    }
    return 0;
}
