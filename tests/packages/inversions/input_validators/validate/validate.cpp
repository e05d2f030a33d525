// Input validator (Kattis protocol), strict as testlib's readers: exit 42 when
// the input is "n\n" and n integers on one line, single spaces, in range.
#include "strict.h"
int main() {
    long long n = read_int(1, 200000, '\n');
    for (long long i = 0; i < n; i++) read_int(1, 1000000000, i + 1 < n ? ' ' : '\n');
    expect_end();
    return 42;
}
