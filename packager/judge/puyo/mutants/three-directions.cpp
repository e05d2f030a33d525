// puyo mutant "three-directions": WRONG ANSWER.
// Known wrong solution of the spec: the flood fill searches in three directions
// only (right, down and left, never up: the source's golfed bug), so a concave group
// whose cells are reached only by climbing (a U's right arm) is split.
// Algorithm: a character grid; each link, flood fill from every unvisited puyo
// scanning top-down, clear every group of 4 or more at once, let puyos fall; repeat.
// Complexity: O(links * W * H) time, O(W * H) memory.
// Verified: packager/judge/check-mutants.sh compares its output byte for byte with
// `jurybox solve puyo --engine three-directions` on the samples and every family.
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
    const int dr[] = {1, 0, 0}, dc[] = {0, -1, 1};
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
        chains++;
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
