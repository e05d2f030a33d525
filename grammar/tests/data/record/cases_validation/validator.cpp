// T test cases, each n and then n values between 1 and n (BAPCtools style).
#include "validation.h"

int main(int argc, char** argv) {
    InputValidator v(argc, argv);
    int t = v.read_integer("t", 1, 100);
    v.newline();
    for (int c = 0; c < t; c++) {
        int n = v.read_integer("n", 1, 1000);
        v.newline();
        v.read_integers("a", n, 1, n);
    }
}
