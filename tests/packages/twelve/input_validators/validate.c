/* Two integers 1 <= a, b <= 100 on one line. */
#include <stdio.h>

int main(void) {
    int a, b;
    char end;
    if (scanf("%d %d%c", &a, &b, &end) != 3 || end != '\n') return 43;
    if (a < 1 || a > 100 || b < 1 || b > 100) return 43;
    if (getchar() != EOF) return 43;
    return 42;
}
