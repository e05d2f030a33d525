#include <stdio.h>
int main(void) {
    int n;
    scanf("%d", &n);
    printf("%d\n", 2 * n);
    return 0;
}
