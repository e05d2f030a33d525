// Output validator (Kattis protocol): any pair i < j with a_i + a_j = t is
// right; -1 is right exactly when the jury's answer is -1 (no pair exists).
// Usage: validate INPUT ANSWER FEEDBACK_DIR < team_output; exit 42 or 43.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>
using namespace std;
static string feedback;
[[noreturn]] void verdict(int code, const string& why) {
    if (!why.empty()) {
        ofstream(feedback + "/judgemessage.txt") << why << "\n";
    }
    exit(code);
}
int main(int argc, char** argv) {
    if (argc < 4) return 1;
    feedback = argv[3];
    ifstream in(argv[1]), ans(argv[2]);
    long long n, t;
    in >> n >> t;
    vector<long long> a(n);
    for (auto& x : a) in >> x;
    long long jury;
    ans >> jury;
    string first, second, extra;
    if (!(cin >> first)) verdict(43, "no output");
    if (first == "-1") {
        if (cin >> extra) verdict(43, "output after -1");
        if (jury != -1) verdict(43, "printed -1, but a pair exists");
        verdict(42, "");
    }
    if (!(cin >> second) || (cin >> extra)) verdict(43, "expected exactly two indices");
    long long i, j;
    try {
        size_t p, q;
        i = stoll(first, &p);
        j = stoll(second, &q);
        if (p != first.size() || q != second.size()) throw 0;
    } catch (...) {
        verdict(43, "the indices are not integers");
    }
    if (!(1 <= i && i < j && j <= n)) verdict(43, "need 1 <= i < j <= n");
    if (a[i - 1] + a[j - 1] != t) verdict(43, "a_i + a_j is not t");
    if (jury == -1) verdict(1, "the jury says no pair exists, but the team found one");
    verdict(42, "");
}
