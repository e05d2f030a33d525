// Answer validator for blokus3d (spec "Blokus 3D", section "Output").
// Kattis / BAPCtools protocol: `validate INPUT < answer`, arguments after INPUT
// ignored; exit 42 if the answer is well formed for that input, 43 with
// "line L, column C: rule" on stderr if not. C++17 with strict_reader.h, no testlib.
//
// The answer has one line per action of each test case, `NO` or the K scores in
// player order separated by single spaces (non-negative integers without leading
// zeros), and a blank line between the test cases' outputs.
#include "strict_reader.h"


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
