// A strict reader for input validators: integers without sign, leading zeros or
// spaces around them, each followed by exactly the separator given.
#include <cstdio>
#include <cstdlib>
inline void reject(const char* why) {
    std::fprintf(stderr, "%s\n", why);
    std::exit(43);
}
inline long long read_int(long long lo, long long hi, char after) {
    int c = std::getchar();
    if (c < '0' || c > '9') reject("expected a digit");
    if (c == '0') {
        c = std::getchar();
        if (c >= '0' && c <= '9') reject("leading zero");
        if (c != after) reject("wrong separator");
        if (lo > 0) reject("value out of range");
        return 0;
    }
    long long v = 0;
    while (c >= '0' && c <= '9') {
        v = v * 10 + (c - '0');
        if (v > hi) reject("value out of range");
        c = std::getchar();
    }
    if (v < lo) reject("value out of range");
    if (c != after) reject("wrong separator");
    return v;
}
inline void expect_end() {
    if (std::getchar() != EOF) reject("trailing data");
}
