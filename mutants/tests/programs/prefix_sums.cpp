// Range sums over a grid of H rows and W columns: q queries "r1 c1 r2 c2"
// (1-based, inclusive), answered from 2-D prefix sums.
#include <cstdio>
#include <vector>

int main() {
    int H, W, q;
    scanf("%d %d %d", &H, &W, &q);
    std::vector<std::vector<long long>> p(H + 1, std::vector<long long>(W + 1, 0));
    for (int r = 1; r <= H; r++)
        for (int c = 1; c <= W; c++) {
            long long v;
            scanf("%lld", &v);
            p[r][c] = v + p[r - 1][c] + p[r][c - 1] - p[r - 1][c - 1];
        }
    while (q--) {
        int r1, c1, r2, c2;
        scanf("%d %d %d %d", &r1, &c1, &r2, &c2);
        long long s = p[r2][c2] - p[r1 - 1][c2] - p[r2][c1 - 1] + p[r1 - 1][c1 - 1];
        printf("%lld\n", s % 1000000007LL >= 0 ? s : -s);
    }
    return 0;
}
