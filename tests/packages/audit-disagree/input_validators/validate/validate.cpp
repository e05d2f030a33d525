// n, then n integers a_i; BAPCtools' validation.h (jurybox's own stand-in is
// put beside it by the test, see the README).
#include "validation.h"
#include <climits>

int main(int argc, char *argv[]) {
    InputValidator v(argc, argv);
    int n = v.read_integer("n", 1, 100);
    v.newline();
    for (int i = 0; i < n; i++) {
        if (i > 0) v.space();
        v.read_integer("a", -1000000000, 1000000000);
    }
    v.newline();
    return 0;
}
