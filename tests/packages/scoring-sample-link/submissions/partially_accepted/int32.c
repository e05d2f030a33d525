/* A plus B in 32-bit ints: right while the sum fits (the small group),
 * wrong once it overflows (the large group).
 * @EXPECTED_GRADES@ AC WA */
#include <stdio.h>
int main(void) {
    unsigned a, b;
    if (scanf("%u %u", &a, &b) != 2) return 1;
    printf("%d\n", (int)(a + b));
    return 0;
}
