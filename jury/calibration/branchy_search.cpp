// jurybox calibrate: a branchy search. Backtracking over the placements of n
// queens with plain arrays and a test per square, so most time goes to
// branches the predictor cannot learn: what a search or a simulation costs.
// Reads n on stdin and prints the number of placements.
#include <cstdio>

static int n;
static bool column[32], rising[64], falling[64];

static long long place(int row) {
    if (row == n) return 1;
    long long count = 0;
    for (int c = 0; c < n; c++) {
        if (column[c] || rising[row + c] || falling[row - c + n]) continue;
        column[c] = rising[row + c] = falling[row - c + n] = true;
        count += place(row + 1);
        column[c] = rising[row + c] = falling[row - c + n] = false;
    }
    return count;
}

int main() {
    if (std::scanf("%d", &n) != 1 || n < 1 || n > 31) return 1;
    std::printf("%lld\n", place(0));
    return 0;
}
