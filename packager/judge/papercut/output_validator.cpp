// Output validator (checker) for papercut (docs: /work/shared/problems/papercut.md,
// "The checker"). Usage, Kattis protocol: `output_validator input answer feedbackdir
// < contestant_output`.
//
// Every interior grid line is a Nim heap of its uncut length: this checker merges
// each touched line's cuts (64-bit arithmetic, never unit segments), XORs the heaps,
// and adds an untouched line's full length once when the count of untouched lines of
// that direction is odd. `SECOND` is accepted iff the XOR is 0; `FIRST xb yb xe ye`
// iff the move lies in [0, n] x [0, m], is axis-parallel with non-zero length, is not
// along the border, cuts at least one uncut unit, and leaves an XOR of 0 (end points
// in either order). Anything else is rejected with the reason.
// ---- Kattis output-validator plumbing (the same block in both checkers) ----
// `validator input answer feedbackdir [args] < output`: exit 42 accepted, 43
// rejected, the reason in feedbackdir/judgemessage.txt; exit 1 with the reason in
// feedbackdir/judgeerror.txt when the jury's own files are inconsistent. The
// contestant's output is read as testlib's checkers read it: tokens separated by
// spaces, tabs, '\r' and '\n'; any other byte (a NUL, a form feed, invalid UTF-8)
// belongs to a token, and such a token is never a well-formed answer. Nothing read
// from the output can crash the checker: tokens are compared as strings and numbers
// are range-checked digit by digit before they are converted.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace kattis {

std::string feedback_dir;

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
// ---- end of the plumbing ----

#include <algorithm>
#include <map>
#include <utility>

namespace {

using Line = std::pair<int, long long>;  // (0 vertical x = c, 1 horizontal y = c)
using Span = std::pair<long long, long long>;  // [lo, hi)

struct Sheet {
    long long n = 0, m = 0;
    std::map<Line, std::vector<Span>> cuts;  // merged, sorted, disjoint

    long long length(const Line& line) const { return line.first == 0 ? m : n; }

    long long covered(const Line& line, long long lo, long long hi) const {
        auto it = cuts.find(line);
        if (it == cuts.end()) return 0;
        long long total = 0;
        for (const Span& s : it->second) total += std::max(0LL, std::min(hi, s.second) - std::max(lo, s.first));
        return total;
    }
    long long heap(const Line& line) const { return length(line) - covered(line, 0, length(line)); }

    unsigned long long xor_of_heaps() const {
        unsigned long long x = 0;
        long long touched[2] = {0, 0};
        for (const auto& entry : cuts) {
            x ^= static_cast<unsigned long long>(heap(entry.first));
            ++touched[entry.first.first];
        }
        if (((n - 1) - touched[0]) % 2 == 1) x ^= static_cast<unsigned long long>(m);
        if (((m - 1) - touched[1]) % 2 == 1) x ^= static_cast<unsigned long long>(n);
        return x;
    }
};

}  // namespace

int main(int argc, char** argv) {
    if (argc < 4) {
        std::fprintf(stderr, "usage: %s input answer feedbackdir < output\n", argv[0]);
        return 1;
    }
    kattis::feedback_dir = argv[3];
    // The input is the jury's, checked by the input validator: read it plainly.
    kattis::Tokens input(kattis::read_file(argv[1]));
    std::string token;
    Sheet sheet;
    long long k = 0;
    long long* header[3] = {&sheet.n, &sheet.m, &k};
    for (long long* v : header)
        if (!input.next(token) || !kattis::integer(token, *v) || *v < 0) kattis::judge_error("the input's first line is unreadable");
    for (long long i = 0; i < k; ++i) {
        long long c[4];
        for (long long& v : c)
            if (!input.next(token) || !kattis::integer(token, v) || v < 0) kattis::judge_error("the input's cut " + std::to_string(i + 1) + " is unreadable");
        if (c[0] == c[2]) sheet.cuts[{0, c[0]}].push_back({std::min(c[1], c[3]), std::max(c[1], c[3])});
        else sheet.cuts[{1, c[1]}].push_back({std::min(c[0], c[2]), std::max(c[0], c[2])});
    }
    for (auto& entry : sheet.cuts) {
        std::vector<Span>& spans = entry.second;
        std::sort(spans.begin(), spans.end());
        std::vector<Span> merged;
        for (const Span& s : spans) {
            if (!merged.empty() && s.first <= merged.back().second) merged.back().second = std::max(merged.back().second, s.second);
            else merged.push_back(s);
        }
        spans = merged;
    }
    unsigned long long x = sheet.xor_of_heaps();

    // The jury's answer is trusted for nothing but checked for consistency.
    kattis::Tokens answer(kattis::read_file(argv[2]));
    if (!answer.next(token) || (token != "FIRST" && token != "SECOND")) kattis::judge_error("the jury's answer does not start with FIRST or SECOND");
    if ((token == "FIRST") != (x != 0))
        kattis::judge_error("the jury's answer says " + token + ", but the XOR of the heaps is " + std::to_string(x));

    kattis::Tokens out(kattis::read_all(stdin));
    if (!out.next(token)) kattis::reject("expected FIRST or SECOND, found end of output");
    if (token == "SECOND") {
        if (!out.at_end()) { out.next(token); kattis::reject("expected end of output after SECOND, found extra token " + kattis::shown(token)); }
        if (x != 0) kattis::reject("SECOND, but the first player wins: the XOR of the heaps is " + std::to_string(x));
        kattis::accept("SECOND: the XOR of the heaps is 0");
    }
    if (token != "FIRST") kattis::reject("expected FIRST or SECOND, found " + kattis::shown(token));
    long long mv[4];
    const char* names[4] = {"xb", "yb", "xe", "ye"};
    for (int i = 0; i < 4; ++i) {
        if (!out.next(token)) kattis::reject(std::string("expected ") + names[i] + ", found end of output");
        if (!kattis::integer(token, mv[i])) kattis::reject(std::string("expected ") + names[i] + " (an integer of at most 18 digits), found " + kattis::shown(token));
    }
    if (!out.at_end()) { out.next(token); kattis::reject("expected end of output, found extra token " + kattis::shown(token)); }
    std::string move = std::to_string(mv[0]) + " " + std::to_string(mv[1]) + " " + std::to_string(mv[2]) + " " + std::to_string(mv[3]);
    long long n = sheet.n, m = sheet.m;
    for (int i = 0; i < 4; ++i)
        if (mv[i] < 0 || mv[i] > (i % 2 == 0 ? n : m))
            kattis::reject("the move " + move + " leaves the sheet [0, " + std::to_string(n) + "] x [0, " + std::to_string(m) + "]");
    bool vertical = mv[0] == mv[2], horizontal = mv[1] == mv[3];
    if (vertical && horizontal) kattis::reject("the move " + move + " has zero length");
    if (!vertical && !horizontal) kattis::reject("the move " + move + " is neither vertical nor horizontal");
    if (vertical && (mv[0] == 0 || mv[0] == n)) kattis::reject("the move " + move + " lies along the border x = " + std::to_string(mv[0]));
    if (horizontal && (mv[1] == 0 || mv[1] == m)) kattis::reject("the move " + move + " lies along the border y = " + std::to_string(mv[1]));
    Line line = vertical ? Line{0, mv[0]} : Line{1, mv[1]};
    long long lo = vertical ? std::min(mv[1], mv[3]) : std::min(mv[0], mv[2]);
    long long hi = vertical ? std::max(mv[1], mv[3]) : std::max(mv[0], mv[2]);
    long long fresh = (hi - lo) - sheet.covered(line, lo, hi);
    if (fresh == 0) kattis::reject("the move " + move + " cuts nothing new: all of it is already cut");
    unsigned long long heap = static_cast<unsigned long long>(sheet.heap(line));
    unsigned long long after = x ^ heap ^ (heap - static_cast<unsigned long long>(fresh));
    if (after != 0)
        kattis::reject("the move " + move + " takes " + std::to_string(fresh) + " of the " + std::to_string(heap) + " uncut units of its line and leaves the XOR of the heaps at " + std::to_string(after) + ", not 0");
    kattis::accept("FIRST " + move + " leaves the XOR of the heaps at 0");
}
