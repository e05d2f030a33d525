// Answer validator for blokus3d (docs: /work/shared/problems/blokus3d.md, "Output").
// Kattis / BAPCtools protocol: `validate INPUT < answer`, arguments after INPUT
// ignored; exit 42 if the answer is well formed for that input, 43 with
// "line L, column C: rule" on stderr if not. Single-file C++17, no testlib.
//
// The answer has one line per action of each test case, `NO` or the K scores in
// player order separated by single spaces (non-negative integers without leading
// zeros), and a blank line between the test cases' outputs.
// ---- strict reader (the same block in every validator, so each file stands alone) ----
// testlib's strictness without testlib: the input is read whole, every byte is
// expected explicitly (single spaces, '\n' line ends, exactly one final newline,
// nothing after it), and the first broken rule is reported with its line and
// column, then the validator exits 43 (Kattis: invalid). Exit 42 means valid.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
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

}  // namespace strict
// ---- end of the strict reader ----


struct Case {
    long long n, k, x, y;
};

// The test cases' sizes, read loosely from the jury's own (validated) input.
std::vector<Case> read_cases(const char* path) {
    std::vector<Case> cases;
    std::FILE* file = path ? std::fopen(path, "rb") : nullptr;
    if (!file) {
        std::fprintf(stderr, "cannot read the input file (argument 1)\n");
        std::exit(1);
    }
    std::vector<std::string> lines;
    std::string line;
    for (int ch; (ch = std::fgetc(file)) != EOF;) {
        if (ch == '\n') {
            lines.push_back(line);
            line.clear();
        } else {
            line += static_cast<char>(ch);
        }
    }
    if (!line.empty()) lines.push_back(line);
    std::fclose(file);
    size_t at = 0;
    auto next = [&]() -> const std::string& {
        while (at < lines.size() && lines[at].find_first_not_of(" \t\r") == std::string::npos) ++at;
        if (at >= lines.size()) {
            std::fprintf(stderr, "the input file ends early\n");
            std::exit(1);
        }
        return lines[at++];
    };
    long long t = std::atoll(next().c_str());
    for (long long i = 0; i < t; ++i) {
        Case c{};
        if (std::sscanf(next().c_str(), "%lld %lld %lld %lld", &c.n, &c.k, &c.x, &c.y) != 4) {
            std::fprintf(stderr, "cannot read test case %lld's sizes in the input file\n", i + 1);
            std::exit(1);
        }
        for (long long r = 0; r < c.x + c.n; ++r) next();
        cases.push_back(c);
    }
    return cases;
}

int main(int argc, char** argv) {
    std::vector<Case> cases = read_cases(argc > 1 ? argv[1] : nullptr);
    strict::Reader in;
    for (size_t i = 0; i < cases.size(); ++i) {
        const Case& c = cases[i];
        if (i > 0) in.eoln();  // the blank line between test cases
        for (long long a = 0; a < c.n; ++a) {
            if (in.peek() == 'N') {
                in.byte('N', "NO");
                in.byte('O', "NO");
            } else {
                for (long long p = 0; p < c.k; ++p) {
                    if (p > 0) in.space();
                    in.uint("a score", 0, 1000000000);
                }
            }
            in.eoln();
        }
    }
    in.eof();
    strict::valid();
}
