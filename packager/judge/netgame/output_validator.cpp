// Output validator (checker) for netgame (docs: /work/shared/problems/netgame.md,
// "The checker"). Usage, Kattis protocol: `output_validator input answer feedbackdir
// < contestant_output`.
//
// Accepts `2` iff the first player loses, and `1 k` iff 1 <= k <= N, rope k is a side
// of a whole cell and the position after cutting it is lost for the player to move.
// Anything else (a missing or extra token, a number out of range, garbage) is
// rejected with the reason. The game is decided here by a search of its own: the
// whole cells split into connected components; a component's Grundy value is the mex
// over its moves (remove one cell with fewer than four whole neighbours, or two
// neighbours through their shared rope), memoised on the bitmask of its cells, a
// state split into its connected parts whose values are XORed. At most 24 cells per
// component (the spec's limits; 50 ropes make at most 20 cells).
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
#include <algorithm>

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

#include <map>
#include <tuple>
#include <unordered_map>

namespace {

using Edge = std::tuple<bool, long long, long long>;  // (vertical, lower x, lower y)

struct Net {
    std::vector<std::pair<long long, long long>> cells;  // lower-left corners
    std::vector<std::vector<int>> across;                // whole neighbours of each cell
    std::vector<std::vector<int>> borders;               // whole cells of each rope
};

Net build(const std::vector<Edge>& ropes) {
    std::map<Edge, int> index;
    for (size_t i = 0; i < ropes.size(); ++i) index[ropes[i]] = static_cast<int>(i);
    auto sides = [&](long long x, long long y) {
        return std::vector<Edge>{{false, x, y}, {false, x, y + 1}, {true, x, y}, {true, x + 1, y}};
    };
    Net net;
    std::map<std::pair<long long, long long>, int> cell_id;
    for (const Edge& e : ropes) {
        if (std::get<0>(e)) continue;
        long long x = std::get<1>(e), y = std::get<2>(e);
        for (long long cy : {y, y - 1}) {
            if (cy < 0 || cell_id.count({x, cy})) continue;
            bool whole = true;
            for (const Edge& s : sides(x, cy)) whole = whole && index.count(s);
            if (whole) {
                cell_id[{x, cy}] = static_cast<int>(net.cells.size());
                net.cells.push_back({x, cy});
            }
        }
    }
    net.across.assign(net.cells.size(), {});
    net.borders.assign(ropes.size(), {});
    for (size_t c = 0; c < net.cells.size(); ++c) {
        long long x = net.cells[c].first, y = net.cells[c].second;
        for (const Edge& s : sides(x, y)) net.borders[index[s]].push_back(static_cast<int>(c));
        const std::pair<long long, long long> near[4] = {{x - 1, y}, {x + 1, y}, {x, y - 1}, {x, y + 1}};
        for (const auto& p : near) {
            auto it = cell_id.find(p);
            if (it != cell_id.end()) net.across[c].push_back(it->second);
        }
    }
    return net;
}

// One connected component, its cells numbered 0..size-1 for bitmasks.
struct Component {
    std::vector<unsigned> neighbours;
    std::unordered_map<unsigned, int> memo;

    int parts_value(unsigned state) {
        int total = 0;
        while (state) {
            unsigned part = state & (~state + 1), frontier = part;
            while (frontier) {
                int i = __builtin_ctz(frontier);
                frontier &= frontier - 1;
                unsigned grown = neighbours[i] & state & ~part;
                part |= grown;
                frontier |= grown;
            }
            state &= ~part;
            total ^= connected_value(part);
        }
        return total;
    }

    int connected_value(unsigned state) {
        auto it = memo.find(state);
        if (it != memo.end()) return it->second;
        std::vector<bool> reached(64, false);
        for (size_t i = 0; i < neighbours.size(); ++i) {
            unsigned bit = 1u << i;
            if (!(state & bit)) continue;
            unsigned whole = neighbours[i] & state;
            if (__builtin_popcount(whole) < 4) {
                int v = parts_value(state & ~bit);
                if (v < 64) reached[v] = true;
            }
            for (size_t j = i + 1; j < neighbours.size(); ++j)
                if (whole & (1u << j)) {
                    int v = parts_value(state & ~bit & ~(1u << j));
                    if (v < 64) reached[v] = true;
                }
        }
        int mex = 0;
        while (reached[mex]) ++mex;
        memo[state] = mex;
        return mex;
    }
};

// The Grundy value of the whole cells marked alive.
int position_value(const Net& net, const std::vector<bool>& alive) {
    std::vector<bool> seen(net.cells.size(), false);
    int total = 0;
    for (size_t start = 0; start < net.cells.size(); ++start) {
        if (!alive[start] || seen[start]) continue;
        std::vector<int> cells{static_cast<int>(start)};
        seen[start] = true;
        for (size_t i = 0; i < cells.size(); ++i)
            for (int d : net.across[cells[i]])
                if (alive[d] && !seen[d]) {
                    seen[d] = true;
                    cells.push_back(d);
                }
        if (cells.size() > 24) kattis::judge_error("a component of more than 24 whole cells: beyond the limits");
        std::map<int, int> local;
        for (size_t i = 0; i < cells.size(); ++i) local[cells[i]] = static_cast<int>(i);
        Component comp;
        for (int c : cells) {
            unsigned mask = 0;
            for (int d : net.across[c])
                if (local.count(d)) mask |= 1u << local[d];
            comp.neighbours.push_back(mask);
        }
        total ^= comp.parts_value(static_cast<unsigned>((1ull << cells.size()) - 1));
    }
    return total;
}

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
    long long n = 0;
    if (!input.next(token) || !kattis::integer(token, n) || n < 1) kattis::judge_error("the input has no rope count");
    std::vector<Edge> ropes;
    std::vector<std::string> text;
    for (long long i = 0; i < n; ++i) {
        long long c[4];
        for (long long& v : c)
            if (!input.next(token) || !kattis::integer(token, v) || v < 0) kattis::judge_error("the input's rope " + std::to_string(i + 1) + " is unreadable");
        ropes.push_back(Edge{c[0] == c[2], std::min(c[0], c[2]), std::min(c[1], c[3])});
        text.push_back(std::to_string(c[0]) + " " + std::to_string(c[1]) + " " + std::to_string(c[2]) + " " + std::to_string(c[3]));
    }
    Net net = build(ropes);
    std::vector<bool> all(net.cells.size(), true);
    bool first_wins = position_value(net, all) != 0;

    // The jury's answer is trusted for nothing but checked for consistency.
    kattis::Tokens answer(kattis::read_file(argv[2]));
    if (!answer.next(token) || (token != "1" && token != "2")) kattis::judge_error("the jury's answer does not start with 1 or 2");
    if ((token == "1") != first_wins)
        kattis::judge_error(std::string("the jury's answer says ") + token + ", but the search finds the first player " + (first_wins ? "wins" : "loses"));

    kattis::Tokens out(kattis::read_all(stdin));
    if (!out.next(token)) kattis::reject("expected the verdict 1 or 2, found end of output");
    if (token == "2") {
        if (!out.at_end()) { out.next(token); kattis::reject("expected end of output after 2, found extra token " + kattis::shown(token)); }
        if (first_wins) kattis::reject("the answer says the first player loses, but the first player wins");
        kattis::accept("2: the first player loses");
    }
    if (token != "1") kattis::reject("expected the verdict 1 or 2, found " + kattis::shown(token));
    if (!out.next(token)) kattis::reject("expected the number of a winning rope, found end of output");
    long long k = 0;
    if (!kattis::integer(token, k)) {
        bool digits = !token.empty();
        for (char c : token) digits = digits && c >= '0' && c <= '9';
        kattis::reject(std::string(digits && token.size() > 18 && token[0] != '0' ? "rope number " : "expected the number of a rope (an integer), found ") + kattis::shown(token) + (digits && token.size() > 18 && token[0] != '0' ? " is outside 1..=" + std::to_string(n) : ""));
    }
    if (!out.at_end()) { out.next(token); kattis::reject("expected end of output, found extra token " + kattis::shown(token)); }
    if (k < 1 || k > n) kattis::reject("rope number " + std::to_string(k) + " is outside 1..=" + std::to_string(n));
    const std::vector<int>& gone = net.borders[k - 1];
    if (gone.empty()) kattis::reject("rope " + std::to_string(k) + " (" + text[k - 1] + ") is a side of no whole cell, so it cannot be cut");
    std::vector<bool> alive = all;
    for (int c : gone) alive[c] = false;
    if (position_value(net, alive) != 0) kattis::reject("cutting rope " + std::to_string(k) + " does not win: the second player then wins");
    kattis::accept("cutting rope " + std::to_string(k) + " wins");
}
