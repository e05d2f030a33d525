// Guesses 1, 2, 3, ...: right, but too many guesses for a large number.
#include <cstdio>
int main() {
    char reply[4];
    for (int g = 1; g <= 100; g++) {
        printf("%d\n", g);
        fflush(stdout);
        if (scanf("%3s", reply) != 1 || reply[0] == '=') return 0;
    }
}
