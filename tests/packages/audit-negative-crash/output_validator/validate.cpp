// Output validator (Kattis protocol): validate INPUT ANSWER FEEDBACK_DIR
// < team_output; exit 42 accepted, 43 wrong.
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>
using namespace std;
#include <csignal>
int main(int argc, char** argv) {
    if (argc < 4) return 1;
    ifstream ans(argv[2]);
    long long want, got, want_max, got_max;
    ans >> want >> want_max;
    if (!(cin >> got >> got_max)) return 43;
    if (got < 0 && want >= 0) raise(SIGSEGV);  // the forgotten check, as a crash
    return got == want && got_max == want_max ? 42 : 43;
}
