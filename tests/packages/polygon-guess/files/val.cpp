// Validator on testlib's protocol (exit 0 valid, 3 invalid): one integer
// 1..100 and a newline.
#include <cstdio>
int main() {
    int n;
    char end;
    if (scanf("%d%c", &n, &end) != 2 || end != '\n' || n < 1 || n > 100) {
        fprintf(stderr, "invalid: one integer 1..100 expected\n");
        return 3;
    }
    if (getchar() != EOF) {
        fprintf(stderr, "invalid: extra input\n");
        return 3;
    }
}
