// jurybox's recording reader: the core shared by jurybox's own testlib.h and
// validation.h (written for jurybox, not copied from either library).
//
// A validator built against these headers reads its input strictly, as the
// real libraries' validators do, and behaves as a validator (accept or reject
// with a message). When JURYBOX_GRAMMAR_RECORD names a file, it also writes
// one line per read to that file:
//
//   kind TAB line TAB call TAB offset TAB value TAB lo TAB hi TAB name TAB extra TAB tag
//
// kind is int, float, token, line, string, char, space, eoln or eof; line is
// the validator's source line of the call (__builtin_LINE at the call site);
// call tells apart calls on one line (the return address, as an offset from
// a fixed function of the binary); offset is the byte where the read began;
// extra is a pattern or a character set; tag is validation.h's tag (unique,
// increasing, ...) or empty. Tabs, newlines and
// backslashes in fields are written \t, \n and \\. The last line is
// "end TAB accept" or "end TAB reject TAB message".
#pragma once

#include <cerrno>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

namespace jurybox_record {

struct Site {
    int line;
};

inline Site here(int line = __builtin_LINE()) { return Site{line}; }

__attribute__((noinline)) inline void anchor() { __asm__ volatile(""); }

struct Recorder {
    std::string data;
    size_t pos = 0;
    FILE* out = nullptr;
    int reject_code = 1;
    int accept_code = 0;
    bool loaded = false;

    bool opened = false;

    // The recording file, opened when the validator registers.
    void open() {
        if (opened) return;
        opened = true;
        const char* path = std::getenv("JURYBOX_GRAMMAR_RECORD");
        if (path && *path) out = std::fopen(path, "w");
    }

    // The input, read at the first read call (a validator that reads its
    // input another way finds it untouched, and records nothing).
    void load() {
        open();
        if (loaded) return;
        loaded = true;
        std::ios_base::sync_with_stdio(false);
        char buf[1 << 16];
        size_t n;
        while ((n = fread(buf, 1, sizeof buf, stdin)) > 0) data.append(buf, n);
    }

    static std::string escape(const std::string& s) {
        std::string r;
        for (char c : s) {
            if (c == '\t') r += "\\t";
            else if (c == '\n') r += "\\n";
            else if (c == '\r') r += "\\r";
            else if (c == '\\') r += "\\\\";
            else r += c;
        }
        return r;
    }

    void event(const char* kind, Site site, long call, size_t offset, const std::string& value,
               const std::string& lo, const std::string& hi, const std::string& name,
               const std::string& extra, const std::string& tag = "") {
        if (!out) return;
        std::fprintf(out, "%s\t%d\t%ld\t%zu\t%s\t%s\t%s\t%s\t%s\t%s\n", kind, site.line, call, offset,
                     escape(value).c_str(), escape(lo).c_str(), escape(hi).c_str(),
                     escape(name).c_str(), escape(extra).c_str(), escape(tag).c_str());
    }

    [[noreturn]] void reject(const std::string& message) {
        if (out) {
            std::fprintf(out, "end\treject\t%s\n", escape(message).c_str());
            std::fclose(out);
            out = nullptr;
        }
        std::fprintf(stderr, "byte %zu: %s\n", pos, message.c_str());
        std::fflush(stderr);
        std::exit(reject_code);
    }

    [[noreturn]] void accept() {
        if (out) {
            std::fprintf(out, "end\taccept\n");
            std::fclose(out);
            out = nullptr;
        }
        std::exit(accept_code);
    }

    static bool blank(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

    bool at_eof() {
        load();
        return pos >= data.size();
    }

    int peek() {
        load();
        return pos < data.size() ? (unsigned char)data[pos] : -1;
    }

    // A maximal run of non-blank characters; none is an error.
    std::string token(const std::string& what) {
        load();
        size_t start = pos;
        while (pos < data.size() && !blank(data[pos])) pos++;
        if (pos == start) {
            if (start >= data.size()) reject("expected " + what + ", found the end of the input");
            reject("expected " + what + ", found a blank character");
        }
        return data.substr(start, pos - start);
    }

    // The rest of the line, its newline consumed when there is one.
    std::string rest_of_line(bool* had_newline) {
        load();
        size_t start = pos;
        while (pos < data.size() && data[pos] != '\n') pos++;
        std::string line = data.substr(start, pos - start);
        *had_newline = pos < data.size();
        if (*had_newline) pos++;
        return line;
    }

    void expect_char(char c, const char* what) {
        load();
        if (pos >= data.size()) reject(std::string("expected ") + what + ", found the end of the input");
        if (data[pos] != c) {
            char found[32];
            std::snprintf(found, sizeof found, "character code %d", (unsigned char)data[pos]);
            reject(std::string("expected ") + what + ", found " + found);
        }
        pos++;
    }

    void expect_eof() {
        load();
        if (pos < data.size()) reject("expected the end of the input, found more");
    }
};

inline Recorder& recorder() {
    static Recorder r;
    return r;
}

inline long call_of(void* ret) { return (long)((char*)ret - (char*)&anchor); }

// Integers written strictly: an optional '-', no leading zero, no "-0", in range.
inline bool parse_integer(const std::string& s, long long& v) {
    size_t i = 0;
    bool negative = false;
    if (i < s.size() && s[i] == '-') negative = true, i++;
    if (i == s.size()) return false;
    if (s[i] == '0' && (s.size() - i > 1 || negative)) return false;
    unsigned long long acc = 0;
    const unsigned long long limit = negative ? 9223372036854775808ULL : 9223372036854775807ULL;
    for (; i < s.size(); i++) {
        if (s[i] < '0' || s[i] > '9') return false;
        unsigned d = s[i] - '0';
        if (acc > (limit - d) / 10) return false;
        acc = acc * 10 + d;
    }
    v = negative ? (long long)(0ULL - acc) : (long long)acc;
    return true;
}

// A float: [-]digits[.digits][(e|E)[+-]digits], its decimals counted.
inline bool parse_real(const std::string& s, double& v, int* decimals, bool* exponent) {
    size_t i = 0;
    if (i < s.size() && s[i] == '-') i++;
    size_t digits = 0;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') i++, digits++;
    if (digits == 0) return false;
    *decimals = 0;
    if (i < s.size() && s[i] == '.') {
        i++;
        size_t d = 0;
        while (i < s.size() && s[i] >= '0' && s[i] <= '9') i++, d++;
        if (d == 0) return false;
        *decimals = (int)d;
    }
    *exponent = false;
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        *exponent = true;
        i++;
        if (i < s.size() && (s[i] == '+' || s[i] == '-')) i++;
        size_t d = 0;
        while (i < s.size() && s[i] >= '0' && s[i] <= '9') i++, d++;
        if (d == 0) return false;
    }
    if (i != s.size()) return false;
    errno = 0;
    v = std::strtod(s.c_str(), nullptr);
    return errno == 0 && std::isfinite(v);
}

inline std::string number_text(long long v) { return std::to_string(v); }

inline std::string number_text(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return buf;
}

}  // namespace jurybox_record
