// tetris3d mutant "closed": WRONG ANSWER.
// Known wrong solution of the spec: treating footprints as closed rectangles, so
// blocks whose footprints only touch along an edge or a corner stop each other.
// Algorithm: the O(N^2) pair scan over earlier blocks with the closed test.
// Complexity: O(N^2) time, O(N) memory.
// Verified: packager/judge/check-mutants.sh compares its output byte for byte with
// `jurybox solve tetris3d --engine closed` on the samples and every family.
#include <cstdio>
#include <vector>
#include <algorithm>
using namespace std;

int main() {
    long long D, S;
    int n;
    if (scanf("%lld %lld %d", &D, &S, &n) != 3) return 1;
    vector<long long> d(n), s(n), w(n), x(n), y(n), top(n);
    long long best = 0;
    for (int i = 0; i < n; i++) {
        scanf("%lld %lld %lld %lld %lld", &d[i], &s[i], &w[i], &x[i], &y[i]);
        long long base = 0;
        for (int j = 0; j < i; j++) {
            // the bug: <= instead of <, so touching footprints count as overlapping
            if (x[j] <= x[i] + d[i] && x[i] <= x[j] + d[j] &&
                y[j] <= y[i] + s[i] && y[i] <= y[j] + s[j])
                base = max(base, top[j]);
        }
        top[i] = base + w[i];
        best = max(best, top[i]);
    }
    printf("%lld\n", best);
    return 0;
}
