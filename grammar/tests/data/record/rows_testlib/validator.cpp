// n rows of exactly m cells each, read as tokens of a pattern made from m (testlib style).
#include "testlib.h"

int main(int argc, char* argv[]) {
    registerValidation(argc, argv);
    int n = inf.readInt(1, 30, "n");
    inf.readSpace();
    int m = inf.readInt(1, 30, "m");
    inf.readEoln();
    for (int i = 0; i < n; i++) {
        inf.readToken(format("[.#]{%d}", m), "row");
        inf.readEoln();
    }
    inf.readEof();
}
