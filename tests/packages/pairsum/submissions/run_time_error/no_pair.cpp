// Crashes when the only pair is the last two elements: scans a window one too
// far and reads the vector out of range with .at().
#include <cstdio>
#include <vector>
int main() {
    int n;
    long long t;
    std::scanf("%d %lld", &n, &t);
    std::vector<long long> a(n);
    for (auto& x : a) std::scanf("%lld", &x);
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j <= n && j < i + 1 + 2000; j++)
            if (a.at(i) + a.at(j) == t) {
                std::printf("%d %d\n", i + 1, j + 1);
                return 0;
            }
    std::printf("-1\n");
}
