/* A plus B through the grader's add: the model solution. */
#include <stdio.h>
#include "inglib.h"
int main(void) {
    long long a, b;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    printf("%lld\n", add(a, b));
    return 0;
}
