/* Input validator (Kattis protocol): exit 42 when the input is one integer
 * 1..1000 without leading zeros on a line, 43 with the reason otherwise. */
#include <stdio.h>
#include <stdlib.h>

static void reject(const char *why) {
    fprintf(stderr, "%s\n", why);
    exit(43);
}

int main(void) {
    int c = getchar(), n = 0, digits = 0;
    while (c >= '0' && c <= '9') {
        if (digits == 1 && n == 0) reject("a leading zero");
        n = n * 10 + (c - '0');
        if (++digits > 4) reject("n is out of range");
        c = getchar();
    }
    if (digits == 0) reject("expected an integer");
    if (n < 1 || n > 1000) reject("n is out of range");
    if (c != '\n') reject("expected the end of the line");
    if (getchar() != EOF) reject("data after the last line");
    return 42;
}
