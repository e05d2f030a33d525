// Wrong: allows the empty run, so an all-negative array answers 0.
#include <cstdio>
int main() {
    int n;
    std::scanf("%d", &n);
    long long best = 0, run = 0;
    for (int i = 0; i < n; i++) {
        long long a;
        std::scanf("%lld", &a);
        run = run + a < 0 ? 0 : run + a;
        if (run > best) best = run;
    }
    std::printf("%lld\n", best);
}
