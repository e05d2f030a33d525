// n, then n integers on one line (testlib style).
#include "testlib.h"

int main(int argc, char* argv[]) {
    registerValidation(argc, argv);
    int n = inf.readInt(1, 100000, "n");
    inf.readEoln();
    for (int i = 0; i < n; i++) {
        if (i > 0) inf.readSpace();
        inf.readLong(-1000000000LL, 1000000000LL, "a_i");
    }
    inf.readEoln();
    inf.readEof();
}
