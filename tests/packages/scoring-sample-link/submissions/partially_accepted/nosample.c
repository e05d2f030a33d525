/* A plus B, wrong on the first sample only: the sample is linked into
 * group1 (testdata_tools' include_group), so group1 is lost with it;
 * group2 holds no copy of it.
 * @EXPECTED_GRADES@ WA AC */
#include <stdio.h>
int main(void) {
    long long a, b;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    printf("%lld\n", a == 1 && b == 2 ? 0 : a + b);
    return 0;
}
