// strict_reader.h: the strict reader of the input and answer validators, shipped
// beside each validator that includes it (`#include "strict_reader.h"`).
// testlib's strictness without testlib: the input is read whole, every byte is
// expected explicitly (single spaces, '\n' line ends, exactly one final newline,
// nothing after it), and the first broken rule is reported with its line and
// column, then the validator exits 43 (Kattis: invalid). Exit 42 means valid.
#pragma once
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

namespace strict {

struct Reader {
    std::string s;
    size_t pos = 0;
    long line = 1;
    size_t line_start = 0;

    Reader() {
        char buf[1 << 16];
        size_t n;
        while ((n = std::fread(buf, 1, sizeof buf, stdin)) > 0) s.append(buf, n);
    }

    long column() const { return static_cast<long>(pos - line_start) + 1; }
    int peek() const { return pos < s.size() ? static_cast<unsigned char>(s[pos]) : -1; }

    [[noreturn]] static void fail_at(long line, long column, const std::string& rule) {
        std::fprintf(stderr, "line %ld, column %ld: %s\n", line, column, rule.c_str());
        std::exit(43);
    }
    [[noreturn]] void fail(const std::string& rule) const { fail_at(line, column(), rule); }

    // Names the byte found where something else was expected.
    static std::string describe(int b) {
        if (b < 0) return "end of input";
        if (b == '\n') return "end of line";
        if (b == '\r') return "'\\r' (lines must end in '\\n' alone)";
        if (b == '\t') return "a tab";
        if (b == ' ') return "a space";
        if (b > 32 && b < 127) return std::string("'") + static_cast<char>(b) + "'";
        char hex[16];
        std::snprintf(hex, sizeof hex, "byte 0x%02x", b);
        return hex;
    }
    [[noreturn]] void expected(const std::string& what) const {
        fail("expected " + what + ", found " + describe(peek()));
    }

    void advance() {
        if (s[pos] == '\n') {
            ++line;
            line_start = pos + 1;
        }
        ++pos;
    }
    void byte(char c, const std::string& what) {
        if (peek() != static_cast<unsigned char>(c)) expected(what);
        advance();
    }
    void space() { byte(' ', "a single space"); }
    void eoln() { byte('\n', "end of line ('\\n')"); }
    void eof() {
        if (pos != s.size()) expected("end of input (nothing may follow the last line's '\\n')");
    }

    // An unsigned decimal integer in [lo, hi]: digits only (no sign), no leading
    // zero; the error points at the token's first digit.
    long long uint(const std::string& what, long long lo, long long hi) {
        long tl = line, tc = column();
        size_t start = pos;
        long long v = 0;
        bool big = false;
        while (peek() >= '0' && peek() <= '9') {
            if (v >= 100000000000000000LL) big = true; else v = v * 10 + (peek() - '0');
            advance();
        }
        size_t len = pos - start;
        if (len == 0) fail_at(tl, tc, "expected " + what + " (a non-negative integer), found " + describe(peek()));
        if (len > 1 && s[start] == '0') fail_at(tl, tc, what + " has a leading zero");
        if (big || v > hi) fail_at(tl, tc, what + " = " + s.substr(start, len > 30 ? 30 : len) + (len > 30 ? "..." : "") + " exceeds the limit " + std::to_string(hi));
        if (v < lo) fail_at(tl, tc, what + " = " + std::to_string(v) + " is below the minimum " + std::to_string(lo));
        return v;
    }
};

[[noreturn]] inline void valid() { std::exit(42); }

// A test group's constraints, given as the validator's arguments (Kattis:
// `input_validator_flags` in the group's testdata.yaml): each `max_SIZE=VALUE`
// bounds one of the input's sizes, named as `jurybox validate PROBLEM` prints
// them (`max_N=500`, `max_cells=10`). With no arguments nothing is bounded
// beyond the problem's own limits. An argument that is not such a bound on a
// size this validator knows is the jury's mistake: it is named on stderr and
// the validator exits 1 (neither valid nor invalid).
struct GroupBounds {
    std::vector<std::pair<std::string, long long>> max;

    GroupBounds(int argc, char** argv, const std::vector<std::string>& sizes) {
        for (int i = 1; i < argc; ++i) {
            std::string arg = argv[i];
            size_t eq = arg.find('=');
            std::string name = eq == std::string::npos || arg.compare(0, 4, "max_") != 0 ? "" : arg.substr(4, eq - 4);
            std::string value = eq == std::string::npos ? "" : arg.substr(eq + 1);
            bool digits = !value.empty() && value.size() <= 18 && value.find_first_not_of("0123456789") == std::string::npos;
            if (std::find(sizes.begin(), sizes.end(), name) == sizes.end() || !digits) {
                std::string known;
                for (const std::string& s : sizes) known += (known.empty() ? "" : ", ") + s;
                std::fprintf(stderr, "validator argument '%s' is not a test group's bound: expected max_SIZE=VALUE, SIZE one of %s, VALUE a non-negative integer\n", arg.c_str(), known.c_str());
                std::exit(1);
            }
            max.emplace_back(name, std::atoll(value.c_str()));
        }
    }

    // Fails at (line, column) when `value` of `size` exceeds this group's bound.
    void check(const std::string& size, long long value, long line, long column) const {
        for (const auto& bound : max)
            if (bound.first == size && value > bound.second)
                Reader::fail_at(line, column, size + " = " + std::to_string(value) + " is outside this test group's constraint " + size + " <= " + std::to_string(bound.second) + " (validator argument max_" + size + "=" + std::to_string(bound.second) + ")");
    }
};

}  // namespace strict
