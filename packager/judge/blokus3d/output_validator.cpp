// Output validator for blokus3d (docs: /work/shared/problems/blokus3d.md, "Output").
// Usage, Kattis protocol: `output_validator input answer feedbackdir < output`.
//
// Why a custom validator although the answer is exact: the output is one line per
// action, and a reply is read within its line (`NO`, or the K scores), as jurybox's
// reader does, so a reply with the wrong number of tokens is rejected at its own
// line. The default validator cannot express that: with `space_change_sensitive`
// it would also reject a correct output with a trailing space or without the blank
// lines between test cases; without it, it would accept every reply on one line.
//
// Accepts iff the output's non-empty lines, each split into tokens, equal the jury
// answer's, in order. A line is empty when it holds only white space as Rust's
// `is_ascii_whitespace` counts it (space, tab, '\n', form feed, '\r'), the same set
// separates tokens; blank lines anywhere are ignored. Tokens compare as strings:
// the jury writes canonical integers (no sign, no leading zero), so an equal string
// is an equal score and `012` or `+12` is rejected, as jurybox's reader rejects it.
// ---- Kattis output-validator plumbing (the same block in both checkers) ----
// `validator input answer feedbackdir [args] < output`: exit 42 accepted, 43
// rejected, the reason in feedbackdir/judgemessage.txt; exit 1 with the reason in
// feedbackdir/judgeerror.txt when the jury's own files are inconsistent. The
// contestant's output is read as testlib's checkers read it: tokens separated by
// spaces, tabs, '\r' and '\n'; any other byte (a NUL, a form feed, invalid UTF-8)
// belongs to a token, and such a token is never a well-formed answer. Nothing read
// from the output can crash the checker: tokens are compared as strings and numbers
// are range-checked digit by digit before they are converted.
#include <algorithm>
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

namespace {

// Rust's u8::is_ascii_whitespace, which jurybox's reader splits lines with.
bool blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\x0C' || c == '\r'; }

// A non-empty line: its number (from 1) and its tokens.
struct Line {
    long number;
    std::vector<std::string> tokens;
};

std::vector<Line> lines_of(const std::string& text) {
    std::vector<Line> lines;
    long number = 0;
    size_t start = 0;
    while (start <= text.size()) {
        size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        ++number;
        Line line{number, {}};
        size_t i = start;
        while (i < end) {
            if (blank(text[i])) {
                ++i;
                continue;
            }
            size_t from = i;
            while (i < end && !blank(text[i])) ++i;
            line.tokens.push_back(text.substr(from, i - from));
        }
        if (!line.tokens.empty()) lines.push_back(std::move(line));
        start = end + 1;
    }
    return lines;
}

std::string joined(const std::vector<std::string>& tokens) {
    std::string out;
    for (size_t i = 0; i < tokens.size() && i < 8; ++i) {
        if (i > 0) out += " ";
        out += kattis::shown(tokens[i]);
    }
    if (tokens.size() > 8) out += " ... (" + std::to_string(tokens.size()) + " tokens)";
    return out;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 4) {
        std::fprintf(stderr, "usage: %s input answer feedbackdir < output\n", argv[0]);
        return 1;
    }
    kattis::feedback_dir = argv[3];
    std::vector<Line> want = lines_of(kattis::read_file(argv[2]));
    if (want.empty()) kattis::judge_error("the jury's answer has no reply");
    std::vector<Line> got = lines_of(kattis::read_all(stdin));
    for (size_t i = 0; i < want.size(); ++i) {
        std::string reply = "reply " + std::to_string(i + 1) + " (the answer's line " + std::to_string(want[i].number) + ")";
        if (i >= got.size()) kattis::reject("expected " + reply + ", found end of output");
        if (got[i].tokens != want[i].tokens)
            kattis::reject("line " + std::to_string(got[i].number) + ": expected " + reply + " " + joined(want[i].tokens) + ", found " + joined(got[i].tokens));
    }
    if (got.size() > want.size())
        kattis::reject("line " + std::to_string(got[want.size()].number) + ": expected end of output (every action has its reply), found another line");
    kattis::accept("every reply matches");
}
