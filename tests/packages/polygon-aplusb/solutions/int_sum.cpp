// Wrong: the sum of two values up to 10^9 overflows an int.
#include <cstdio>
int main() {
    int a, b;
    if (scanf("%d %d", &a, &b) != 2) return 1;
    int s = (int)((unsigned)a + (unsigned)b);
    printf("%d\n", s);
}
