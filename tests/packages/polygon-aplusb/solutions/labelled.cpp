// Presentation error: the sum with a label before it.
#include <cstdio>
int main() {
    long long a, b;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    printf("sum: %lld\n", a + b);
}
