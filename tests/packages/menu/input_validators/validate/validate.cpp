// n, then n dishes of 1 to 12 lowercase letters, one a line.
#include "validation.h"

int main(int argc, char *argv[]) {
    InputValidator v(argc, argv);
    int n = v.read_integer("n", 1, 20);
    v.newline();
    for (int i = 0; i < n; i++) {
        v.read_string("dish", 1, 12, "abcdefghijklmnopqrstuvwxyz");
        v.newline();
    }
    return 0;
}
