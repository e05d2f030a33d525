// Spins 0.4 s of CPU on test 2a alone: within the package's time_limit
// (1000 ms), over 2a's own time_limits (100 ms).
#include <cstdio>
#include <ctime>

int main() {
    long long a, b;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    if (a == 2 && b == 1) {
        volatile unsigned long spin = 0;
        while (clock() < CLOCKS_PER_SEC / 10 * 4) spin = spin + 1;
    }
    printf("%lld\n", a + b);
}
