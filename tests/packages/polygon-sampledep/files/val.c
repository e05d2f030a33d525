/* Validator (testlib's protocol: exit 0 valid): two integers
 * 0 <= a, b <= 2000000000 on one line, at most 100 in group small
 * (Polygon passes --group NAME). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void reject(const char *why) {
    fprintf(stderr, "%s\n", why);
    exit(3);
}

static void number(int *c, long long max) {
    long long n = 0;
    int digits = 0;
    while (*c >= '0' && *c <= '9') {
        if (digits == 1 && n == 0) reject("a leading zero");
        n = n * 10 + (*c - '0');
        if (++digits > 10 || n > max) reject("a number out of range");
        *c = getchar();
    }
    if (digits == 0) reject("expected an integer");
}

int main(int argc, char **argv) {
    long long max = 2000000000LL;
    for (int i = 1; i + 1 < argc; i++)
        if (strcmp(argv[i], "--group") == 0 && strcmp(argv[i + 1], "small") == 0) max = 100;
    int c = getchar();
    number(&c, max);
    if (c != ' ') reject("expected one space");
    c = getchar();
    number(&c, max);
    if (c != '\n') reject("expected the end of the line");
    if (getchar() != EOF) reject("data after the last line");
    return 0;
}
