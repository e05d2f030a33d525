// Run-time error: aborts on a negative a.
#include <cstdio>
#include <cstdlib>
int main() {
    long long a, b;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    if (a < 0) abort();
    printf("%lld\n", a + b);
}
