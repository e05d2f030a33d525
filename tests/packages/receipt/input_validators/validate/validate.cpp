// n and the total t, then n lines "dish price"; the prices sum to t, a rule
// checked after the reads that no grammar read from them knows.
#include "validation.h"

int main(int argc, char *argv[]) {
    InputValidator v(argc, argv);
    int n = v.read_integer("n", 1, 20);
    v.space();
    long long total = v.read_integer("t", 1, 20000);
    v.newline();
    long long sum = 0;
    for (int i = 0; i < n; i++) {
        v.read_string("dish", 1, 12, "abcdefghijklmnopqrstuvwxyz");
        v.space();
        sum += v.read_integer("price", 1, 1000);
        v.newline();
    }
    if (sum != total) v.WA("the prices do not sum to the total");
    return 0;
}
