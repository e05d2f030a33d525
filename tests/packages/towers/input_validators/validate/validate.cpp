// n, then n heights; their total is bounded, a rule checked after the reads.
#include "validation.h"

int main(int argc, char *argv[]) {
    InputValidator v(argc, argv);
    int n = v.read_integer("n", 1, 1000);
    v.newline();
    long long total = 0;
    for (int i = 0; i < n; i++) {
        if (i > 0) v.space();
        total += v.read_integer("h", 1, 1000000);
    }
    v.newline();
    if (total > 100000) v.WA("the heights sum to more than 10^5");
    return 0;
}
