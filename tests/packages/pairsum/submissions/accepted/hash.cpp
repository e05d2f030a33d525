// One pass with a hash map from value to its first index, O(n).
#include <cstdio>
#include <unordered_map>
int main() {
    int n;
    long long t;
    if (std::scanf("%d %lld", &n, &t) != 2) return 1;
    std::unordered_map<long long, int> first;
    for (int j = 1; j <= n; j++) {
        long long a;
        std::scanf("%lld", &a);
        auto it = first.find(t - a);
        if (it != first.end()) {
            std::printf("%d %d\n", it->second, j);
            return 0;
        }
        first.emplace(a, j);
    }
    std::printf("-1\n");
}
