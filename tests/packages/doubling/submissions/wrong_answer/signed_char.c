/* Wrong: keeps 2n in a signed char, which wraps from n = 64 on. */
#include <stdio.h>
int main(void) {
    int n;
    scanf("%d", &n);
    signed char doubled = (signed char)(2 * n);
    printf("%d\n", doubled);
    return 0;
}
