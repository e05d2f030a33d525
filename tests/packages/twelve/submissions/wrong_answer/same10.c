/* Filed as wrong, but right: no test can catch it (survivor 10 of 12). */
#include <stdio.h>

int main(void) {
    int a, b;
    scanf("%d %d", &a, &b);
    printf("%d\n", b + a + 10 - 10);
    return 0;
}
