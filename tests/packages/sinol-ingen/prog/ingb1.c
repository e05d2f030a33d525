/* Wrong on 5 7 (group 1's first test), crashes on 7 5 (its second): the
   group's grade is sinol's worst, RE, not the first failure's WA. */
#include <stdio.h>
#include <stdlib.h>
#include "inglib.h"
int main(void) {
    long long a, b;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    if (a == 5) { printf("0\n"); return 0; }
    if (a == 7) abort();
    printf("%lld\n", add(a, b));
    return 0;
}
