/* sinol's checker protocol: chqchk IN OUT ANS; stdout's first line OK or
   WRONG, the second a comment, the third the percentage of the points. */
#include <stdio.h>
int main(int argc, char **argv) {
    long long out, ans;
    FILE *o, *a;
    if (argc != 4) return 3;
    o = fopen(argv[2], "r");
    a = fopen(argv[3], "r");
    if (!o || !a || fscanf(a, "%lld", &ans) != 1) return 3;
    if (fscanf(o, "%lld", &out) != 1) { printf("WRONG\nno number\n"); return 0; }
    if (out == ans) printf("OK\n");
    else if (out == ans + 1) printf("OK\none too large\n50\n");
    else printf("WRONG\nexpected %lld, got %lld\n", ans, out);
    return 0;
}
