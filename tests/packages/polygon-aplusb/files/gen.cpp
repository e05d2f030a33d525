// gen MAXABS SEED: prints "a b" with |a|, |b| <= MAXABS, a pure function of
// its arguments (a 64-bit linear congruential generator seeded with SEED).
#include <cstdio>
#include <cstdlib>
#include "aplusb.h"
static unsigned long long state;
static long long next_in(long long m) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (long long)((state >> 11) % (unsigned long long)(2 * m + 1)) - m;
}
int main(int argc, char** argv) {
    if (argc < 3) return 3;
    long long m = atoll(argv[1]);
    if (m < 0 || m > MAX_ABS) return 3;
    state = strtoull(argv[2], nullptr, 10);
    long long a = next_in(m), b = next_in(m);
    printf("%lld %lld\n", a, b);
}
