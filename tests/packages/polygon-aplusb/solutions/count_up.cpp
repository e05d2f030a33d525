// Too slow: counts up to 4 (|a| + |b|) one by one.
#include <cstdio>
#include <cstdlib>
int main() {
    long long a, b;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    volatile long long steps = 0;
    for (long long i = 0; i < 4 * (llabs(a) + llabs(b)); i++) steps = steps + 1;
    printf("%lld\n", a + b + (steps - steps));
}
