// Output validator for blokus3d (spec "Blokus 3D", section "Output").
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
#include "kattis_checker.h"

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
    kattis::start(argc, argv);
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
