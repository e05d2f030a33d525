// Wrong: adds the absolute values, as if no number were negative.
#include <cstdio>
#include <cstdlib>
int main() {
    long long a, b;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    printf("%lld\n", llabs(a) + llabs(b));
}
