// multigen K: writes K tests in one run, to the files "1" .. "K" of the working
// directory (as testlib's startTest(i) names them); test i is "i -i+1".
#include <cstdio>
#include <cstdlib>
#include <string>
#include "aplusb.h"
int main(int argc, char** argv) {
    if (argc < 2) return 3;
    int k = atoi(argv[1]);
    for (int i = 1; i <= k; i++) {
        FILE* f = fopen(std::to_string(i).c_str(), "w");
        if (!f) return 3;
        long long a = i % (SMALL_ABS + 1);
        fprintf(f, "%lld %lld\n", a, 1 - a);
        fclose(f);
    }
}
