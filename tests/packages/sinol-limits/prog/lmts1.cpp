// Sleeps 3 s of wall clock on group 2's tests (a = 2), using no CPU:
// sinol-make stops it at its hard limit, 2 × the time limit rounded up to
// whole seconds, and says TL (its `vso` example's slow solutions wait so).
#include <cstdio>
#include <unistd.h>

int main() {
    long long a, b;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    if (a == 2) sleep(3);
    printf("%lld\n", a + b);
}
