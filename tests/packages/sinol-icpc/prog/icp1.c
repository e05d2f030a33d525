/* A plus B in int: wrong on group 2's large numbers. */
#include <stdio.h>
int main(void) {
    int a, b;
    if (scanf("%d %d", &a, &b) != 2) return 1;
    printf("%d\n", (int)((unsigned)a + (unsigned)b));
    return 0;
}
