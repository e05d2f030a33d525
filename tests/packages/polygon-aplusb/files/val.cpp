// Validator on testlib's protocol (exit 0: valid; 3 with a message: invalid),
// as strict as testlib's readers: "a b\n" and nothing else, |a|, |b| <= 10^9,
// and <= 100 in the group "small" (--testset NAME --group NAME, as Polygon passes).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include "aplusb.h"
[[noreturn]] static void invalid(const char* why) {
    fprintf(stderr, "invalid: %s\n", why);
    exit(3);
}
static long long read_int(long long limit) {
    std::string s;
    int c;
    while ((c = getchar()) != EOF && (c == '-' || (c >= '0' && c <= '9'))) s += (char)c;
    if (c != EOF) ungetc(c, stdin);
    if (s.empty() || s == "-") invalid("an integer expected");
    if ((s[0] == '0' && s.size() > 1) || (s[0] == '-' && (s[1] == '0' || s.size() > 11)) || s.size() > 10)
        invalid("an integer in canonical form expected");
    long long x = atoll(s.c_str());
    if (x < -limit || x > limit) invalid("an integer out of range");
    return x;
}
static void expect(int want, const char* what) {
    if (getchar() != want) invalid(what);
}
int main(int argc, char** argv) {
    std::string group;
    for (int i = 1; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--group")) group = argv[i + 1];
    long long limit = group == "small" ? SMALL_ABS : MAX_ABS;
    read_int(limit);
    expect(' ', "one space expected");
    read_int(limit);
    expect('\n', "end of line expected");
    if (getchar() != EOF) invalid("end of file expected");
    return 0;
}
