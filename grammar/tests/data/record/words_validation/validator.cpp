// n, then n distinct lowercase words of 1 to 10 letters, one per line (BAPCtools style).
#include "validation.h"

int main(int argc, char** argv) {
    InputValidator v(argc, argv);
    int n = v.read_integer("n", 1, 1000);
    v.newline();
    for (int i = 0; i < n; i++) {
        v.read_string("word", 1, 10, "abcdefghijklmnopqrstuvwxyz", Unique);
        v.newline();
    }
}
