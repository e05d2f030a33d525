/* int32.c again, with a slip in its expectation: it is said to earn both
 * groups (a line copied from an accepted solution), yet its directory says
 * it must be wrong somewhere. No group may hold a test that fails it.
 * @EXPECTED_GRADES@ AC AC */
#include <stdio.h>
int main(void) {
    unsigned a, b;
    if (scanf("%u %u", &a, &b) != 2) return 1;
    printf("%d\n", (int)(a + b));
    return 0;
}
