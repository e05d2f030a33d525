// k, then k space-separated words matching [a-z]{1,10}, then a YES or NO line (testlib style).
#include "testlib.h"

int main(int argc, char* argv[]) {
    registerValidation(argc, argv);
    int k = inf.readInt(1, 20, "k");
    inf.readEoln();
    inf.readTokens(k, "[a-z]{1,10}", "w");
    inf.readEoln();
    inf.readLine("YES|NO", "answer");
    inf.readEof();
}
