/* Filed as wrong, but right: no test can catch it (survivor 12 of 12). */
#include <stdio.h>

int main(void) {
    int a, b;
    scanf("%d %d", &a, &b);
    printf("%d\n", b + a + 12 - 12);
    return 0;
}
