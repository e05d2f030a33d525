/* Filed as wrong, but right: no test can catch it (survivor 05 of 12). */
#include <stdio.h>

int main(void) {
    int a, b;
    scanf("%d %d", &a, &b);
    printf("%d\n", b + a + 5 - 5);
    return 0;
}
