// A validator that includes testlib.h but reads with scanf: nothing to record.
#include <cstdio>
#include "testlib.h"

int main(int argc, char* argv[]) {
    registerValidation(argc, argv);
    int n;
    if (std::scanf("%d", &n) != 1 || n < 1) quitf(_fail, "bad n");
    return 0;
}
