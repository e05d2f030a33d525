// Checker on testlib's protocol: check INPUT OUTPUT ANSWER; exit 0 ok, 1 wrong
// answer, 2 presentation error (the output is not one integer), 3 failure.
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
static int verdict(int code, const char* why) {
    fprintf(stderr, "%s\n", why);
    return code;
}
static bool integer(const std::string& s) {
    size_t i = s[0] == '-' ? 1 : 0;
    if (i == s.size() || s.size() > 20) return false;
    for (; i < s.size(); i++)
        if (s[i] < '0' || s[i] > '9') return false;
    return true;
}
int main(int argc, char** argv) {
    if (argc < 4) return verdict(3, "usage: check INPUT OUTPUT ANSWER");
    std::ifstream out(argv[2]), ans(argv[3]);
    std::string jury, team, extra;
    if (!(ans >> jury) || !integer(jury)) return verdict(3, "the answer is not an integer");
    if (!(out >> team)) return verdict(2, "no output");
    if (!integer(team)) return verdict(2, "the output is not an integer");
    if (out >> extra) return verdict(2, "more than one token");
    if (atoll(team.c_str()) != atoll(jury.c_str())) return verdict(1, "wrong sum");
    return verdict(0, "ok");
}
