/**
 * Description: Puyo Puyo chains the plain way: a character grid; each link flood
 *  fills (iterative DFS, four directions) every unvisited puyo, marks the groups of
 *  four or more, clears them all at once, then compacts each column downwards.
 *  Reads any width and height (the extended limits): the screen is every line
 *  before the floor line `+---+`; a missing final newline is tolerated.
 * Time: O(L * W * H) for L links on a W x H screen.
 * Source: the spec "Puyo Puyo chains", section "Reference algorithms", naive.
 * Status: accepted by `jurybox judge` on the samples and on generated inputs of every
 *  family at official and stress sizes (tests/cpp_mutants.rs), and on
 *  every test of the suite by `jurybox package`, which sets the limit from its time.
 */
#include <bits/stdc++.h>
using namespace std;

int main() {
    vector<string> grid;  // cells only, top row first
    string line, floorLine;
    while (getline(cin, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (!line.empty() && line[0] == '+') {
            floorLine = line;
            break;
        }
        grid.push_back(line.substr(1, line.size() - 2));
    }
    int h = grid.size(), w = h ? grid[0].size() : (int)floorLine.size() - 2;
    const int dr[4] = {1, -1, 0, 0}, dc[4] = {0, 0, 1, -1};

    int links = 0;
    while (true) {
        vector<vector<bool>> seen(h, vector<bool>(w, false)), kill = seen;
        bool any = false;
        for (int r = 0; r < h; r++)
            for (int c = 0; c < w; c++) {
                if (grid[r][c] == ' ' || seen[r][c]) continue;
                char colour = grid[r][c];
                vector<pair<int, int>> group, stack = {{r, c}};
                seen[r][c] = true;
                while (!stack.empty()) {
                    auto [cr, cc] = stack.back();
                    stack.pop_back();
                    group.push_back({cr, cc});
                    for (int k = 0; k < 4; k++) {
                        int nr = cr + dr[k], nc = cc + dc[k];
                        if (nr < 0 || nr >= h || nc < 0 || nc >= w) continue;
                        if (seen[nr][nc] || grid[nr][nc] != colour) continue;
                        seen[nr][nc] = true;
                        stack.push_back({nr, nc});
                    }
                }
                if (group.size() >= 4) {
                    any = true;
                    for (auto [gr, gc] : group) kill[gr][gc] = true;
                }
            }
        if (!any) break;
        links++;
        for (int r = 0; r < h; r++)
            for (int c = 0; c < w; c++)
                if (kill[r][c]) grid[r][c] = ' ';
        // Gravity: every column keeps its puyos in order, packed onto the floor.
        for (int c = 0; c < w; c++) {
            int dst = h - 1;
            for (int r = h - 1; r >= 0; r--)
                if (grid[r][c] != ' ') {
                    char p = grid[r][c];
                    grid[r][c] = ' ';
                    grid[dst--][c] = p;
                }
        }
    }

    string out;
    for (int r = 0; r < h; r++) out += "|" + grid[r] + "|\n";
    out += "+" + string(w, '-') + "+\n";
    out += to_string(links) + " chains\n";
    fputs(out.c_str(), stdout);
}
