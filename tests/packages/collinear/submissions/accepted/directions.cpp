// The most points on one line: from each point, the others grouped by their
// direction (divided by the gcd, the first non-zero part positive).
// O(t^2 n log t).
#include <array>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <numeric>
#include <vector>
using Dir = std::array<long long, 5>;

Dir direction(const std::vector<long long> &a, const std::vector<long long> &b, int n) {
    Dir d{};
    long long g = 0;
    for (int k = 0; k < n; k++) {
        d[k] = b[k] - a[k];
        g = std::gcd(g, std::llabs(d[k]));
    }
    int sign = 0;
    for (int k = 0; k < n && sign == 0; k++)
        if (d[k] != 0) sign = d[k] > 0 ? 1 : -1;
    for (int k = 0; k < n; k++) d[k] = d[k] / g * sign;
    return d;
}

int main() {
    int n, t;
    if (std::scanf("%d %d", &n, &t) != 2) return 1;
    std::vector<std::vector<long long>> p(t, std::vector<long long>(n));
    char name[16];
    for (auto &point : p) {
        for (auto &x : point)
            if (std::scanf("%lld", &x) != 1) return 1;
        if (std::scanf("%15s", name) != 1) return 1;
    }
    int best = 1;
    for (int i = 0; i < t; i++) {
        std::map<Dir, int> count;
        for (int j = i + 1; j < t; j++) {
            int c = ++count[direction(p[i], p[j], n)];
            if (c + 1 > best) best = c + 1;
        }
    }
    std::printf("%d\n", best);
}
