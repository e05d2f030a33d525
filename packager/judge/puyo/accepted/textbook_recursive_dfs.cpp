/**
 * Description: Puyo Puyo chains as a contestant writes it in a contest: a global
 *  char grid read with getline, a recursive DFS in four directions that counts
 *  each group, every group of four or more cleared at once, gravity by letting
 *  each puyo fall one cell at a time until nothing moves, and the screen
 *  printed with cout and endl.
 * Time: O(L * W * H^2) for L links on a W x H screen (the one-cell gravity).
 * Source: the spec "Puyo Puyo chains", section "Reference algorithms", naive;
 *  issue 45 item 2 (the solution of the intended class as a contestant writes
 *  it bounds the limit).
 * Status: stressed against jurybox's engines (`jurybox stress puyo --program`),
 *  and accepted on every test of the suite by `jurybox package`.
 */
#include <bits/stdc++.h>
using namespace std;

int H, W;
vector<string> g;
bool vis[70][70];
vector<pair<int, int>> cells;

void dfs(int r, int c, char col) {
    if (r < 0 || r >= H || c < 0 || c >= W) return;
    if (vis[r][c] || g[r][c] != col) return;
    vis[r][c] = true;
    cells.push_back({r, c});
    dfs(r + 1, c, col);
    dfs(r - 1, c, col);
    dfs(r, c + 1, col);
    dfs(r, c - 1, col);
}

int main() {
    string s, bottom;
    while (getline(cin, s)) {
        if (!s.empty() && s.back() == '\r') s.pop_back();
        if (s[0] == '+') {
            bottom = s;
            break;
        }
        g.push_back(s.substr(1, s.size() - 2));
    }
    H = g.size();
    W = bottom.size() - 2;
    int chains = 0;
    while (true) {
        memset(vis, 0, sizeof vis);
        vector<pair<int, int>> gone;
        for (int i = 0; i < H; i++)
            for (int j = 0; j < W; j++)
                if (g[i][j] != ' ' && !vis[i][j]) {
                    cells.clear();
                    dfs(i, j, g[i][j]);
                    if (cells.size() >= 4)
                        for (auto p : cells) gone.push_back(p);
                }
        if (gone.empty()) break;
        chains++;
        for (auto p : gone) g[p.first][p.second] = ' ';
        bool moved = true;
        while (moved) {
            moved = false;
            for (int i = H - 2; i >= 0; i--)
                for (int j = 0; j < W; j++)
                    if (g[i][j] != ' ' && g[i + 1][j] == ' ') {
                        g[i + 1][j] = g[i][j];
                        g[i][j] = ' ';
                        moved = true;
                    }
        }
    }
    for (int i = 0; i < H; i++) cout << "|" << g[i] << "|" << endl;
    cout << bottom << endl;
    cout << chains << " chains" << endl;
}
