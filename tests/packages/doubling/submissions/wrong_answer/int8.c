/* Wrong: the same bug as signed_char.c in other words (int8_t): one test that
 * catches one catches the other, and is added to the package once. */
#include <stdint.h>
#include <stdio.h>
int main(void) {
    int n;
    scanf("%d", &n);
    int8_t doubled = (int8_t)(2 * n);
    printf("%d\n", (int)doubled);
    return 0;
}
