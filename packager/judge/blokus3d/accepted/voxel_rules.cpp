// blokus3d intended solution "voxel_rules": the spec's reference algorithm, plainly.
// Algorithm: the plain voxel model: a column of colours per board cell; every rule
// checked literally on every action (the piece dropped to the lowest height where
// it overlaps nothing); scores counted from the columns' top cubes. The can-place
// test tries every unplaced piece x its distinct rotations x every location near
// the cubes the piece must touch (everywhere when it need touch none).
// Complexity: O(N * cubes * height) for the actions, plus O(11 * 24 * X * Y * cubes
// * height) per turn change for the can-place test; memory O(X * Y * height).
// Source: the spec "Blokus 3D", section "Reference algorithms" (naive); the
// program the mutants (mutants/*.patch) edit, each changing one rule switch.
// Status: accepted by `jurybox judge` on the samples and on generated inputs of every
// family at official and stress sizes (tests/cpp_mutants.rs), and on every
// test of the suite by `jurybox package`, which sets the limit from its time.
#include <array>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>
#include <algorithm>
using namespace std;
typedef array<int, 3> Cube;
typedef vector<Cube> Shape;

// The rules of the spec.
const bool MIRROR_IMAGES_ALIKE = false;
const bool ILLEGAL_PASSES_TURN = false;
const bool DROP_STUCK_PLAYERS = true;
const bool GAP_LOWEST_LAYER_ONLY = false;
const bool FIRST_PIECE_TOUCHES = true;

vector<pair<array<int, 3>, array<int, 3>>> rots;  // the 24 proper rotations: c -> sign[i] * c[perm[i]]
vector<Shape> canon;                              // the 11 pieces' canonical forms
vector<vector<Shape>> orients;                    // each piece's distinct orientations

Shape normalise(Shape s) {
    for (int i = 0; i < 3; i++) {
        int lo = 1 << 30;
        for (auto& c : s) lo = min(lo, c[i]);
        for (auto& c : s) c[i] -= lo;
    }
    sort(s.begin(), s.end());
    return s;
}

Shape rotate(const Shape& s, int r) {
    Shape t;
    for (auto& c : s) t.push_back({rots[r].second[0] * c[rots[r].first[0]], rots[r].second[1] * c[rots[r].first[1]],
                                   rots[r].second[2] * c[rots[r].first[2]]});
    return normalise(t);
}

Shape canonical(const Shape& s) {
    Shape best = rotate(s, 0);
    for (int r = 1; r < 24; r++) best = min(best, rotate(s, r));
    return best;
}

Shape mirror(Shape s) {
    for (auto& c : s) c[0] = -c[0];
    return normalise(s);
}

void init_pieces() {
    int perm[6][3] = {{0, 1, 2}, {1, 2, 0}, {2, 0, 1}, {0, 2, 1}, {2, 1, 0}, {1, 0, 2}};
    int parity[6] = {1, 1, 1, -1, -1, -1};
    for (int p = 0; p < 6; p++)
        for (int mask = 0; mask < 8; mask++) {
            array<int, 3> sg;
            for (int i = 0; i < 3; i++) sg[i] = mask >> i & 1 ? -1 : 1;
            if (parity[p] * sg[0] * sg[1] * sg[2] == 1) rots.push_back({{perm[p][0], perm[p][1], perm[p][2]}, sg});
        }
    // domino, I3, L3, I4, O4, T4, L4, S4, tripod, and the two screws (mirror images)
    vector<Shape> reps = {
        {{0, 0, 0}, {1, 0, 0}},
        {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}},
        {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}},
        {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {3, 0, 0}},
        {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}},
        {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {1, 1, 0}},
        {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {0, 1, 0}},
        {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {2, 1, 0}},
        {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}},
        {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {1, 1, 1}},
        {{1, 0, 0}, {0, 0, 0}, {0, 1, 0}, {0, 1, 1}},
    };
    for (auto& r : reps) {
        canon.push_back(canonical(r));
        vector<Shape> all;
        for (int i = 0; i < 24; i++) all.push_back(rotate(r, i));
        sort(all.begin(), all.end());
        all.erase(unique(all.begin(), all.end()), all.end());
        orients.push_back(all);
    }
}

// which of the 11 pieces a description is (-1: none)
int identify(const Shape& s) {
    if (s.size() < 2 || s.size() > 4) return -1;
    Shape c = canonical(s);
    for (int i = 0; i < 11; i++)
        if (canon[i] == c) return i;
    return -1;  // repeated or disconnected cubes are no piece either
}

int K, X, Y;
vector<char> open_;
vector<vector<unsigned char>> vox;  // per column x*Y+y, the colour at each height (0: none)
vector<array<bool, 11>> placed;
vector<bool> out_;
vector<vector<int>> cols;  // per player, then for everyone (index K): columns that got a cube
int current;               // -1: game over
bool anyCube;

int colour(int x, int y, int z) {
    if (x < 0 || y < 0 || z < 0 || x >= X || y >= Y) return 0;
    auto& c = vox[x * Y + y];
    return z < (int)c.size() ? c[z] : 0;
}

bool started(int p) {
    for (bool b : placed[p])
        if (b) return true;
    return false;
}

// rules 3 to 5 for player p placing shape at (x, y); the cubes' final positions in res
bool check(int p, const Shape& shape, int x, int y, Shape* res) {
    for (auto& c : shape) {
        int cx = x + c[0], cy = y + c[1];
        if (cx < 0 || cy < 0 || cx >= X || cy >= Y || !open_[cx * Y + cy]) return false;
    }
    int base = 0;
    for (;;) {
        bool hit = false;
        for (auto& c : shape) hit = hit || colour(x + c[0], y + c[1], base + c[2]);
        if (!hit) break;
        base++;
    }
    Shape cubes;
    for (auto& c : shape) cubes.push_back({x + c[0], y + c[1], base + c[2]});
    for (auto& c : cubes) {
        if (GAP_LOWEST_LAYER_ONLY && c[2] != base) continue;
        bool ok = c[2] == 0 || colour(c[0], c[1], c[2] - 1) ||
                  find(cubes.begin(), cubes.end(), Cube{c[0], c[1], c[2] - 1}) != cubes.end();
        if (!ok) return false;
    }
    auto touching = [&](int want) {  // want 0: any colour
        static const int d[6][3] = {{-1, 0, 0}, {1, 0, 0}, {0, -1, 0}, {0, 1, 0}, {0, 0, -1}, {0, 0, 1}};
        for (auto& c : cubes)
            for (auto& e : d) {
                int col = colour(c[0] + e[0], c[1] + e[1], c[2] + e[2]);
                if (col && (want == 0 || col == want)) return true;
            }
        return false;
    };
    if (!started(p)) {
        bool onBoard = false;
        for (auto& c : cubes) onBoard = onBoard || c[2] == 0;
        if (!onBoard) return false;
        if (anyCube && FIRST_PIECE_TOUCHES && !touching(0)) return false;
    } else if (!touching(p + 1))
        return false;
    if (res) *res = cubes;
    return true;
}

vector<int> stamp;
int stampNow;

// whether player q has a legal placement: every unplaced piece, every orientation,
// every location that can touch what it must touch (near the player's own cubes, or
// any cube for a first piece that must touch one; everywhere otherwise)
bool can_place(int q) {
    vector<pair<int, int>> anchors;
    if (!anyCube || (!started(q) && !FIRST_PIECE_TOUCHES)) {
        for (int x = 0; x < X; x++)
            for (int y = 0; y < Y; y++) anchors.push_back({x, y});
    } else {
        stampNow++;
        for (int cell : cols[started(q) ? q : K]) {
            int x = cell / Y, y = cell % Y;
            for (int ax = max(0, x - 4); ax <= min(X - 1, x + 1); ax++)
                for (int ay = max(0, y - 4); ay <= min(Y - 1, y + 1); ay++)
                    if (stamp[ax * Y + ay] != stampNow) stamp[ax * Y + ay] = stampNow, anchors.push_back({ax, ay});
        }
    }
    for (int piece = 0; piece < 11; piece++) {
        if (placed[q][piece]) continue;
        for (auto& s : orients[piece])
            for (auto [x, y] : anchors)
                if (check(q, s, x, y, nullptr)) return true;
    }
    return false;
}

// the turn goes to the first player from start on who is not out and can place
void turn_from(int start) {
    current = -1;
    for (int step = 0; step < K; step++) {
        int q = (start + step) % K;
        if (out_[q]) continue;
        bool finished = true;
        for (bool b : placed[q]) finished = finished && b;
        if (finished || (DROP_STUCK_PLAYERS && !can_place(q))) {
            out_[q] = true;
            continue;
        }
        current = q;
        return;
    }
}

enum { LEGAL, GAME_OVER, ILLEGAL };

int play(int player, const Shape& desc, int x, int y) {
    if (current < 0) return GAME_OVER;
    int p = current, result = ILLEGAL;
    Shape cubes;
    if (player == p + 1) {
        int piece = identify(desc);
        if (piece >= 0 && MIRROR_IMAGES_ALIKE) {
            int image = identify(mirror(desc));
            piece = min(piece, image);
        }
        if (piece >= 0 && !placed[p][piece] && check(p, desc, x, y, &cubes)) {
            for (auto& c : cubes) {
                auto& col = vox[c[0] * Y + c[1]];
                if ((int)col.size() <= c[2]) col.resize(c[2] + 1, 0);
                col[c[2]] = player;
                cols[p].push_back(c[0] * Y + c[1]);
                cols[K].push_back(c[0] * Y + c[1]);
            }
            placed[p][piece] = true;
            anyCube = true;
            turn_from(p + 1);
            return LEGAL;
        }
    }
    if (ILLEGAL_PASSES_TURN) turn_from(p + 1);
    return result;
}

int main() {
    ios::sync_with_stdio(false);
    init_pieces();
    string line;
    getline(cin, line);
    int T = stoi(line);
    for (int t = 0; t < T; t++) {
        while (getline(cin, line) && line.find_first_not_of(' ') == string::npos) {
        }
        int N;
        sscanf(line.c_str(), "%d %d %d %d", &N, &K, &X, &Y);
        open_.assign(X * Y, 0);
        for (int x = 0; x < X; x++) {
            getline(cin, line);
            for (int y = 0; y < Y; y++) open_[x * Y + y] = line[y] == '.';
        }
        vox.assign(X * Y, {});
        placed.assign(K, {});
        out_.assign(K, false);
        cols.assign(K + 1, {});
        stamp.assign(X * Y, 0);
        stampNow = 0;
        anyCube = false;
        turn_from(0);
        if (t > 0) cout << "\n";
        for (int i = 0; i < N; i++) {
            getline(cin, line);
            size_t at = line.find_first_not_of(' ');
            int player = stoi(line.substr(at));
            size_t open = line.find('{'), close = line.find('}');
            string digits;
            for (size_t j = open; j < close; j++)
                if (isdigit((unsigned char)line[j])) digits += line[j];
            Shape desc;
            for (size_t j = 0; j + 2 < digits.size(); j += 3) desc.push_back({digits[j] - '0', digits[j + 1] - '0', digits[j + 2] - '0'});
            int x, y;
            sscanf(line.c_str() + line.find('(', close) + 1, " %d , %d", &x, &y);
            if (play(player, desc, x, y) == LEGAL) {
                vector<int> score(K, 0);
                for (int p = 0; p < K; p++)
                    for (bool b : placed[p]) score[p] += b;
                for (auto& col : vox)
                    for (int z = (int)col.size() - 1; z >= 0; z--)
                        if (col[z]) {
                            score[col[z] - 1]++;
                            break;
                        }
                for (int p = 0; p < K; p++) cout << score[p] << (p + 1 < K ? " " : "\n");
            } else
                cout << "NO\n";
        }
    }
    return 0;
}
