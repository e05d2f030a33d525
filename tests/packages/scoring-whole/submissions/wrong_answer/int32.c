/* A plus B in 32-bit ints: right while the sum fits (group1's a, b <= 100),
 * wrong once it overflows (only group2's constraints let it). Its directory
 * alone says what it must do: a wrong answer somewhere. */
#include <stdio.h>
int main(void) {
    unsigned a, b;
    if (scanf("%u %u", &a, &b) != 2) return 1;
    printf("%d\n", (int)(a + b));
    return 0;
}
