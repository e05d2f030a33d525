// Too slow: for each person, every cell of the grid scanned for doors,
// O(people * n * m): about 6 * 10^10 steps on a 500 x 500 grid full of
// people, a few thousand on the samples.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>
int main() {
    int n, m;
    if (std::scanf("%d %d", &n, &m) != 2) return 1;
    std::vector<std::string> rows(n);
    static char buffer[512];
    for (int i = 0; i < n; i++) {
        if (std::scanf("%511s", buffer) != 1) return 1;
        rows[i] = buffer;
    }
    long long total = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++) {
            if (rows[i][j] != 'P') continue;
            int best = 1 << 30;
            for (int a = 0; a < n; a++)
                for (int b = 0; b < m; b++)
                    if (rows[a][b] == 'D') {
                        int d = std::abs(a - i) + std::abs(b - j);
                        if (d < best) best = d;
                    }
            total += best;
        }
    std::printf("%lld\n", total);
}
