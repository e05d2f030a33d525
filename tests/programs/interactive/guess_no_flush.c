/* Binary search that never flushes: its first guess stays in its buffer while
 * it waits for the reply, and the interactor waits for the guess. */
#include <stdio.h>
#include <string.h>
int main(void) {
    int lo = 1, hi = 1000;
    char reply[16];
    setvbuf(stdout, NULL, _IOFBF, 1 << 16);
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        printf("%d\n", mid);
        if (scanf("%15s", reply) != 1) return 1;
        if (!strcmp(reply, "correct")) return 0;
        if (!strcmp(reply, "higher")) lo = mid + 1; else hi = mid - 1;
    }
    return 0;
}
