/* Input validator (Kattis protocol): two integers 0 <= a, b <= MAX on one
 * line, MAX given as the flag max=MAX (the group's constraint, 2000000000
 * when absent); exit 42 when valid, 43 with the reason otherwise. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void reject(const char *why) {
    fprintf(stderr, "%s\n", why);
    exit(43);
}

static long long number(int *c, long long max) {
    long long n = 0;
    int digits = 0;
    while (*c >= '0' && *c <= '9') {
        if (digits == 1 && n == 0) reject("a leading zero");
        n = n * 10 + (*c - '0');
        if (++digits > 10 || n > max) reject("a number out of range");
        *c = getchar();
    }
    if (digits == 0) reject("expected an integer");
    return n;
}

int main(int argc, char **argv) {
    long long max = 2000000000LL;
    for (int i = 1; i < argc; i++)
        if (strncmp(argv[i], "max=", 4) == 0) max = atoll(argv[i] + 4);
    int c = getchar();
    number(&c, max);
    if (c != ' ') reject("expected one space");
    c = getchar();
    number(&c, max);
    if (c != '\n') reject("expected the end of the line");
    if (getchar() != EOF) reject("data after the last line");
    return 42;
}
