// kattis_checker.h: the Kattis output-validator plumbing of the output validators
// (checkers), shipped beside each one that includes it (`#include "kattis_checker.h"`).
// `validator input answer feedbackdir [args] < output`: exit 42 accepted, 43
// rejected, the reason in feedbackdir/judgemessage.txt; exit 1 with the reason in
// feedbackdir/judgeerror.txt when the jury's own files are inconsistent. The
// contestant's output is read as testlib's checkers read it: tokens separated by
// spaces, tabs, '\r' and '\n'; any other byte (a NUL, a form feed, invalid UTF-8)
// belongs to a token, and such a token is never a well-formed answer. Nothing read
// from the output can crash the checker: tokens are compared as strings and numbers
// are range-checked digit by digit before they are converted.
#pragma once
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace kattis {

std::string feedback_dir;

// Reads the arguments, `input answer feedbackdir [args]`, and keeps the feedback
// directory; exits 1 with the usage when one is missing.
inline void start(int argc, char** argv) {
    if (argc < 4) {
        std::fprintf(stderr, "usage: %s input answer feedbackdir < output\n", argv[0]);
        std::exit(1);
    }
    feedback_dir = argv[3];
}

[[noreturn]] inline void finish(int code, const char* file, const std::string& message) {
    std::string path = feedback_dir + "/" + file;
    if (FILE* f = std::fopen(path.c_str(), "a")) {
        std::fprintf(f, "%s\n", message.c_str());
        std::fclose(f);
    }
    std::fprintf(stderr, "%s\n", message.c_str());
    std::exit(code);
}
[[noreturn]] inline void accept(const std::string& why) { finish(42, "judgemessage.txt", why); }
[[noreturn]] inline void reject(const std::string& why) { finish(43, "judgemessage.txt", why); }
[[noreturn]] inline void judge_error(const std::string& why) { finish(1, "judgeerror.txt", why); }

inline std::string read_all(FILE* f) {
    std::string s;
    char buf[1 << 16];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) s.append(buf, n);
    return s;
}

inline std::string read_file(const char* path) {
    FILE* f = std::fopen(path, "rb");
    if (!f) judge_error(std::string("cannot open ") + path);
    std::string s = read_all(f);
    std::fclose(f);
    return s;
}

// Whitespace-separated tokens of a text.
struct Tokens {
    std::string s;
    size_t pos = 0;
    long count = 0;

    explicit Tokens(std::string text) : s(std::move(text)) {}

    static bool space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
    // The next token, or false at the end of the text.
    bool next(std::string& token) {
        while (pos < s.size() && space(s[pos])) ++pos;
        if (pos >= s.size()) return false;
        size_t start = pos;
        while (pos < s.size() && !space(s[pos])) ++pos;
        token = s.substr(start, pos - start);
        ++count;
        return true;
    }
    bool at_end() {
        while (pos < s.size() && space(s[pos])) ++pos;
        return pos >= s.size();
    }
};

// A token for a message: printable ASCII, cut at 40 characters.
inline std::string shown(const std::string& token) {
    std::string out = "'";
    for (size_t i = 0; i < token.size() && i < 40; ++i) {
        unsigned char c = static_cast<unsigned char>(token[i]);
        if (c >= 32 && c < 127) {
            out += static_cast<char>(c);
        } else {
            char hex[8];
            std::snprintf(hex, sizeof hex, "\\x%02x", c);
            out += hex;
        }
    }
    out += token.size() > 40 ? "...' (" + std::to_string(token.size()) + " bytes)" : "'";
    return out;
}

// A canonical decimal integer (optional '-', digits, no leading zero, no "-0",
// no '+') of at most 18 digits, so it fits in 64 bits; false otherwise.
inline bool integer(const std::string& token, long long& value) {
    size_t i = token.size() > 0 && token[0] == '-' ? 1 : 0;
    size_t digits = token.size() - i;
    if (digits == 0 || digits > 18) return false;
    for (size_t j = i; j < token.size(); ++j)
        if (token[j] < '0' || token[j] > '9') return false;
    if (digits > 1 && token[i] == '0') return false;
    if (i == 1 && token == "-0") return false;
    value = 0;
    for (size_t j = i; j < token.size(); ++j) value = value * 10 + (token[j] - '0');
    if (i == 1) value = -value;
    return true;
}

}  // namespace kattis
