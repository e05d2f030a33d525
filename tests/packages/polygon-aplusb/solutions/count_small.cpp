// Slow only where it does not matter here: counts up to |a| / 1000.
#include <cstdio>
#include <cstdlib>
int main() {
    long long a, b;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    volatile long long steps = 0;
    for (long long i = 0; i < llabs(a) / 1000; i++) steps = steps + 1;
    printf("%lld\n", a + b + (steps - steps));
}
