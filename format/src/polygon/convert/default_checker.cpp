// The Kattis default output validator's comparison as a checker on testlib's
// protocol, written by jurybox when it converts a Kattis package to Polygon:
//   check INPUT OUTPUT ANSWER    exit 0: accepted, 1: wrong answer, 3: failure.
// Tokens are compared one by one; with a tolerance, two numbers match when
// their absolute or relative difference is within it. The flags below are the
// package's own, set by the conversion.
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>

static const bool CASE_SENSITIVE = false;
static const bool SPACE_SENSITIVE = false;
static const double TOLERANCE = -1.0;

static std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

static bool number(const std::string& s, double& x) {
    char* end = nullptr;
    x = std::strtod(s.c_str(), &end);
    return !s.empty() && end == s.c_str() + s.size() && std::isfinite(x);
}

static bool same(const std::string& out, const std::string& ans) {
    double a, b;
    if (TOLERANCE >= 0 && number(out, a) && number(ans, b)) {
        double diff = std::fabs(a - b);
        return diff <= TOLERANCE || diff <= TOLERANCE * std::fabs(b);
    }
    return CASE_SENSITIVE ? out == ans : lower(out) == lower(ans);
}

static int verdict(int code, const std::string& why) {
    std::cerr << why << "\n";
    return code;
}

int main(int argc, char** argv) {
    if (argc < 4) return verdict(3, "usage: check INPUT OUTPUT ANSWER");
    std::ifstream out(argv[2], std::ios::binary), ans(argv[3], std::ios::binary);
    if (!out || !ans) return verdict(3, "cannot open the output or the answer");
    if (SPACE_SENSITIVE && TOLERANCE < 0) {
        std::string o((std::istreambuf_iterator<char>(out)), std::istreambuf_iterator<char>());
        std::string a((std::istreambuf_iterator<char>(ans)), std::istreambuf_iterator<char>());
        if (CASE_SENSITIVE ? o == a : lower(o) == lower(a)) return verdict(0, "ok");
        return verdict(1, "the output differs from the answer");
    }
    std::string o, a;
    for (long long token = 1;; ++token) {
        bool has_o = static_cast<bool>(out >> o), has_a = static_cast<bool>(ans >> a);
        if (!has_o && !has_a) return verdict(0, "ok");
        if (!has_a) return verdict(1, "more tokens than the answer at token " + std::to_string(token));
        if (!has_o) return verdict(1, "fewer tokens than the answer: token " + std::to_string(token) + " missing");
        if (!same(o, a)) return verdict(1, "token " + std::to_string(token) + ": '" + o + "' where '" + a + "' was expected");
    }
}
