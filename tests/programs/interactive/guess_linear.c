/* Asks 1, 2, 3, ...: right, but far too many questions for a large number. */
#include <stdio.h>
#include <string.h>
int main(void) {
    char reply[16];
    for (int g = 1; g <= 1000; g++) {
        printf("%d\n", g);
        fflush(stdout);
        if (scanf("%15s", reply) != 1) return 1;
        if (!strcmp(reply, "correct")) return 0;
    }
    return 0;
}
