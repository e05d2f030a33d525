// n and K, then n values on one line.
#include "validation.h"

int main(int argc, char *argv[]) {
    InputValidator v(argc, argv);
    int n = v.read_integer("n", 1, 200000);
    v.space();
    v.read_integer("K", 1, 2000000000);
    v.newline();
    for (int i = 0; i < n; i++) {
        if (i > 0) v.space();
        v.read_integer("a", 1, 1000000000);
    }
    v.newline();
    return 0;
}
