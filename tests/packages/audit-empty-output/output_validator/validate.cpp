// Output validator (Kattis protocol): validate INPUT ANSWER FEEDBACK_DIR
// < team_output; exit 42 accepted, 43 wrong.
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>
using namespace std;
int main(int argc, char** argv) {
    if (argc < 4) return 1;
    ifstream ans(argv[2]);
    long long want, got;
    while (cin >> got) {
        if (!(ans >> want) || got != want) return 43;
    }
    return 42;
}
