// Touches 40 MiB on group 2's tests: within group 2's own memory_limits
// (64 MiB), over the package's memory_limit (16 MiB).
#include <cstdio>
#include <vector>

int main() {
    long long a, b;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    if (a == 2) {
        std::vector<char> v(40 << 20);
        for (size_t i = 0; i < v.size(); i += 4096) v[i] = (char)i;
        volatile char sink = v[v.size() - 4096];
        (void)sink;
    }
    printf("%lld\n", a + b);
}
