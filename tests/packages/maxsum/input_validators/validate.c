/* Input validator (Kattis protocol), strict as testlib's readers: exit 42 when
 * the input is "n\n" then n integers on one line, single spaces, no leading
 * zeros or '+', within the limits; 43 with the reason on stderr otherwise. */
#include <stdio.h>
#include <stdlib.h>

static void reject(const char *why) {
    fprintf(stderr, "%s\n", why);
    exit(43);
}

/* Reads one integer in [lo, hi] followed by exactly `after`. */
static long long read_int(long long lo, long long hi, int after) {
    int c = getchar(), negative = 0;
    long long v = 0;
    if (c == '-') {
        negative = 1;
        c = getchar();
    }
    if (c < '0' || c > '9') reject("expected an integer");
    if (c == '0') {
        c = getchar();
        if (negative) reject("-0 is not an integer here");
    } else {
        while (c >= '0' && c <= '9') {
            v = v * 10 + (c - '0');
            if (v > 2000000000LL) reject("an integer is out of range");
            c = getchar();
        }
    }
    if (negative) v = -v;
    if (v < lo || v > hi) reject("an integer is out of range");
    if (c != after) reject(after == '\n' ? "expected the end of the line" : "expected a single space");
    return v;
}

int main(void) {
    long long n = read_int(1, 200000, '\n');
    for (long long i = 0; i < n; i++) read_int(-1000000000, 1000000000, i + 1 < n ? ' ' : '\n');
    if (getchar() != EOF) reject("data after the last line");
    return 42;
}
