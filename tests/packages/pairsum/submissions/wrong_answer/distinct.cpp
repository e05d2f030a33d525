// Wrong: skips pairs of equal values (t = 2x with x twice), so it answers -1
// when that is the only kind of pair.
#include <cstdio>
#include <map>
#include <vector>
int main() {
    int n;
    long long t;
    std::scanf("%d %lld", &n, &t);
    std::vector<long long> a(n + 1);
    std::map<long long, int> at;
    for (int j = 1; j <= n; j++) {
        std::scanf("%lld", &a[j]);
        at[a[j]] = j;
    }
    for (int i = 1; i <= n; i++) {
        auto it = at.find(t - a[i]);
        if (it != at.end() && it->second > i && a[i] != t - a[i]) {
            std::printf("%d %d\n", i, it->second);
            return 0;
        }
    }
    std::printf("-1\n");
}
