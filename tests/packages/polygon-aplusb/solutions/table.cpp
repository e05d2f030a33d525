// Memory limit: a table of |a| + 1 values, 8 GB at the limit.
#include <cstdio>
#include <cstdlib>
#include <vector>
int main() {
    long long a, b;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    std::vector<long long> table(llabs(a) + 1, 1);
    printf("%lld\n", a + b + table[0] - 1);
}
