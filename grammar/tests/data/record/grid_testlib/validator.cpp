// n rows of m cells, each '.' or '#', at least one '#' (testlib style).
#include "testlib.h"

int main(int argc, char* argv[]) {
    registerValidation(argc, argv);
    int n = inf.readInt(1, 50, "n"); inf.readSpace(); int m = inf.readInt(1, 50, "m");
    inf.readEoln();
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < m; j++) {
            char c = inf.readChar();
            ensuref(c == '.' || c == '#', "cell (%d, %d) is '%c'", i + 1, j + 1, c);
        }
        inf.readEoln();
    }
    inf.readEof();
}
