/* Touches memory 4 MiB at a time until it is stopped (or 2 GiB is reached). */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(void) {
    for (int i = 0; i < 512; i++) {
        char *p = malloc(4 << 20);
        if (!p) return 2;
        memset(p, i, 4 << 20);
    }
    sleep(10);
    return 0;
}
