// Recurses 300 000 deep on group 2's tests (a = 2): some 30 MiB of stack,
// over the package's 16 MiB, within group 2's own 64 MiB, which the stack
// follows (as under oiejq and sio2, the whole memory limit of the test).
#include <cstdio>

static long long go(int n) {
    volatile char pad[64];
    pad[0] = (char)n;
    if (n == 0) return 0;
    return go(n - 1) + pad[0];
}

int main() {
    long long a, b;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    volatile long long sink = a == 2 ? go(300000) : 0;
    (void)sink;
    printf("%lld\n", a + b);
}
