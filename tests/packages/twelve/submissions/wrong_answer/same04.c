/* Filed as wrong, but right: no test can catch it (survivor 04 of 12). */
#include <stdio.h>

int main(void) {
    int a, b;
    scanf("%d %d", &a, &b);
    printf("%d\n", b + a + 4 - 4);
    return 0;
}
