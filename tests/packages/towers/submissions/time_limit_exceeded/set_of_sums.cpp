// Too slow: the reachable heights in a std::set, each brick adding h to every
// one of them: about n * 10^5 insertions when the heights are many and distinct.
#include <cstdio>
#include <set>
#include <vector>
int main() {
    int n;
    if (std::scanf("%d", &n) != 1) return 1;
    std::set<long long> reach = {0};
    for (int i = 0; i < n; i++) {
        long long h;
        if (std::scanf("%lld", &h) != 1) return 1;
        std::vector<long long> now(reach.begin(), reach.end());
        for (long long s : now) reach.insert(s + h);
    }
    std::printf("%zu\n", reach.size() - 1);
}
