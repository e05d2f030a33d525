// n, then t, then t distinct points of n coordinates, each with a name;
// distinctness is a rule checked after the reads.
#include "validation.h"
#include <algorithm>
#include <vector>

int main(int argc, char *argv[]) {
    InputValidator v(argc, argv);
    int n = v.read_integer("n", 2, 5);
    v.newline();
    int t = v.read_integer("t", 1, 2000);
    v.newline();
    std::vector<std::vector<long long>> points(t);
    for (int i = 0; i < t; i++) {
        for (int j = 0; j < n; j++) {
            points[i].push_back(v.read_integer("x", -1000000, 1000000));
            v.space();
        }
        v.read_string("name", 1, 10);
        v.newline();
    }
    std::sort(points.begin(), points.end());
    if (std::adjacent_find(points.begin(), points.end()) != points.end())
        v.WA("two points are equal");
    return 0;
}
