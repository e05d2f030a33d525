// puyo mutant "link-per-group": WRONG ANSWER.
// Known wrong solution of the spec: counting a link per removed group instead of
// per step (the final screen is right, the count too high).
// Algorithm: a character grid; each step, flood fill (four directions) from every
// unvisited puyo, clear every group of 4 or more at once, let puyos fall; repeat.
// Complexity: O(links * W * H) time, O(W * H) memory.
// Verified: tests/cpp_mutants.rs (cargo test) compares its output byte for byte with
// `jurybox solve puyo --engine link-per-group` on the samples and every family at
// stress and official sizes (inputs that engine declares too big for it left out).
#include <iostream>
#include <string>
#include <vector>
using namespace std;

int W, H;
vector<string> g;  // g[row][col], row 0 is the top, ' ' is empty

// every puyo falls to the floor or onto another puyo
void fall() {
    for (int c = 0; c < W; c++) {
        int to = H - 1;
        for (int r = H - 1; r >= 0; r--)
            if (g[r][c] != ' ') {
                char p = g[r][c];
                g[r][c] = ' ';
                g[to--][c] = p;
            }
    }
}

// every group of 4 or more, in scan order (top-down, left to right)
vector<vector<int>> groups() {
    const int dr[] = {-1, 1, 0, 0}, dc[] = {0, 0, -1, 1};
    const int dirs = sizeof dr / sizeof dr[0];
    vector<char> seen(W * H, 0);
    vector<vector<int>> out;
    for (int start = 0; start < W * H; start++) {
        if (seen[start] || g[start / W][start % W] == ' ') continue;
        char colour = g[start / W][start % W];
        vector<int> group = {start}, todo = {start};
        seen[start] = 1;
        while (!todo.empty()) {
            int i = todo.back();
            todo.pop_back();
            int r = i / W, c = i % W;
            for (int k = 0; k < dirs; k++) {
                int nr = r + dr[k], nc = c + dc[k];
                if (nr < 0 || nc < 0 || nr >= H || nc >= W) continue;
                int j = nr * W + nc;
                if (!seen[j] && g[nr][nc] == colour) {
                    seen[j] = 1;
                    group.push_back(j);
                    todo.push_back(j);
                }
            }
        }
        if (group.size() >= 4) out.push_back(group);
    }
    return out;
}

int resolve() {
    int chains = 0;
    for (;;) {
        auto gs = groups();
        if (gs.empty()) return chains;
        chains += gs.size();  // the bug: one link per group
        for (auto& gr : gs)
            for (int i : gr) g[i / W][i % W] = ' ';
        fall();
    }
}

int main() {
    string line;
    while (getline(cin, line)) {
        if (!line.empty() && line[0] == '+') break;
        g.push_back(line.substr(1, line.size() - 2));
    }
    H = g.size();
    W = H ? g[0].size() : 0;
    int chains = resolve();
    for (auto& r : g) cout << "|" << r << "|\n";
    cout << "+" << string(W, '-') << "+\n" << chains << " chains\n";
    return 0;
}
