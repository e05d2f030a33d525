// Output validator (checker) for netgame (spec "Network game",
// section "The checker"). Usage, Kattis protocol: `output_validator input answer
// feedbackdir < contestant_output`.
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
#include "kattis_checker.h"

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
        // Values reached by a move, as bits: a component of at most 24 cells has a
        // value below 64 (a mex over at most 24 + 48 moves is at most 72; larger
        // values are kept apart so the mex stays right).
        unsigned long long reached = 0;
        bool beyond = false;
        auto reach = [&](int v) {
            if (v < 64) reached |= 1ull << v;
            else beyond = true;
        };
        for (size_t i = 0; i < neighbours.size(); ++i) {
            unsigned bit = 1u << i;
            if (!(state & bit)) continue;
            unsigned whole = neighbours[i] & state;
            if (__builtin_popcount(whole) < 4) reach(parts_value(state & ~bit));
            for (unsigned rest = whole & ~((bit << 1) - 1); rest; rest &= rest - 1)
                reach(parts_value(state & ~bit & ~(rest & (~rest + 1))));
        }
        int mex = 0;
        while (mex < 64 && (reached >> mex & 1)) ++mex;
        if (mex == 64 && beyond) kattis::judge_error("a Grundy value of 64 or more: beyond what this checker supports");
        memo[state] = mex;
        return mex;
    }
};

// The connected components of the whole net, each with its cells numbered for
// bitmasks once: a position after a cut is, per component, a subset of its cells,
// so the memo filled while valuing the whole net serves the position after the cut.
struct Game {
    std::vector<Component> components;
    std::vector<int> component_of, local_of;

    explicit Game(const Net& net) : component_of(net.cells.size(), -1), local_of(net.cells.size(), -1) {
        for (size_t start = 0; start < net.cells.size(); ++start) {
            if (component_of[start] >= 0) continue;
            int id = static_cast<int>(components.size());
            std::vector<int> cells{static_cast<int>(start)};
            component_of[start] = id;
            for (size_t i = 0; i < cells.size(); ++i)
                for (int d : net.across[cells[i]])
                    if (component_of[d] < 0) {
                        component_of[d] = id;
                        cells.push_back(d);
                    }
            if (cells.size() > 24) kattis::judge_error("a component of more than 24 whole cells: beyond the limits");
            for (size_t i = 0; i < cells.size(); ++i) local_of[cells[i]] = static_cast<int>(i);
            Component comp;
            for (int c : cells) {
                unsigned mask = 0;
                for (int d : net.across[c]) mask |= 1u << local_of[d];
                comp.neighbours.push_back(mask);
            }
            components.push_back(std::move(comp));
        }
    }

    // The Grundy value of the whole cells marked alive: XOR over the components.
    int value(const std::vector<bool>& alive) {
        std::vector<unsigned> masks(components.size(), 0);
        for (size_t c = 0; c < alive.size(); ++c)
            if (alive[c]) masks[component_of[c]] |= 1u << local_of[c];
        int total = 0;
        for (size_t i = 0; i < components.size(); ++i) total ^= components[i].parts_value(masks[i]);
        return total;
    }
};

}  // namespace

int main(int argc, char** argv) {
    kattis::start(argc, argv);
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
    // The output's shape first: a malformed output needs no search.
    kattis::Tokens out(kattis::read_all(stdin));
    if (!out.next(token)) kattis::reject("expected the verdict 1 or 2, found end of output");
    std::string verdict = token;
    if (verdict != "1" && verdict != "2") kattis::reject("expected the verdict 1 or 2, found " + kattis::shown(token));
    long long k = 0;
    if (verdict == "1") {
        if (!out.next(token)) kattis::reject("expected the number of a winning rope, found end of output");
        if (!kattis::integer(token, k)) {
            bool huge = token.size() > 18 && token[0] != '0' && token.find_first_not_of("-0123456789") == std::string::npos;
            if (huge) kattis::reject("rope number " + kattis::shown(token) + " is outside 1..=" + std::to_string(n));
            kattis::reject("expected the number of a rope (an integer), found " + kattis::shown(token));
        }
    }
    if (!out.at_end()) {
        out.next(token);
        kattis::reject("expected end of output, found extra token " + kattis::shown(token));
    }
    if (verdict == "1" && (k < 1 || k > n)) kattis::reject("rope number " + std::to_string(k) + " is outside 1..=" + std::to_string(n));

    Net net = build(ropes);
    if (verdict == "1" && net.borders[k - 1].empty())
        kattis::reject("rope " + std::to_string(k) + " (" + text[k - 1] + ") is a side of no whole cell, so it cannot be cut");
    Game game(net);
    std::vector<bool> all(net.cells.size(), true);
    bool first_wins = game.value(all) != 0;

    // The jury's answer is trusted for nothing but checked for consistency.
    kattis::Tokens answer(kattis::read_file(argv[2]));
    if (!answer.next(token) || (token != "1" && token != "2")) kattis::judge_error("the jury's answer does not start with 1 or 2");
    if ((token == "1") != first_wins)
        kattis::judge_error(std::string("the jury's answer says ") + token + ", but the search finds the first player " + (first_wins ? "wins" : "loses"));

    if (verdict == "2") {
        if (first_wins) kattis::reject("the answer says the first player loses, but the first player wins");
        kattis::accept("2: the first player loses");
    }
    std::vector<bool> alive = all;
    for (int c : net.borders[k - 1]) alive[c] = false;
    if (game.value(alive) != 0) kattis::reject("cutting rope " + std::to_string(k) + " does not win: the second player then wins");
    kattis::accept("cutting rope " + std::to_string(k) + " wins");
}
