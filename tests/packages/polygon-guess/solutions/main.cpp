// Binary search: at most 7 guesses.
#include <cstdio>
int main() {
    int lo = 1, hi = 100;
    char reply[4];
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        printf("%d\n", mid);
        fflush(stdout);
        if (scanf("%3s", reply) != 1 || reply[0] == '=') return 0;
        if (reply[0] == '<') hi = mid - 1; else lo = mid + 1;
    }
}
