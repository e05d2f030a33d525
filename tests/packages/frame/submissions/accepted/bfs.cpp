// Every person's walk to the nearest door (4-neighbour steps, nothing in the
// way: the Manhattan distance), summed. One breadth-first search from every
// door at once: O(n m).
#include <cstdio>
#include <queue>
#include <string>
#include <vector>
int main() {
    int n, m;
    if (std::scanf("%d %d", &n, &m) != 2) return 1;
    std::vector<std::string> rows(n);
    static char buffer[512];
    for (int i = 0; i < n; i++) {
        if (std::scanf("%511s", buffer) != 1) return 1;
        rows[i] = buffer;
    }
    std::vector<int> dist(n * m, -1);
    std::queue<int> queue;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            if (rows[i][j] == 'D') {
                dist[i * m + j] = 0;
                queue.push(i * m + j);
            }
    const int di[] = {1, -1, 0, 0}, dj[] = {0, 0, 1, -1};
    while (!queue.empty()) {
        int at = queue.front();
        queue.pop();
        for (int k = 0; k < 4; k++) {
            int i = at / m + di[k], j = at % m + dj[k];
            if (i < 0 || i >= n || j < 0 || j >= m || dist[i * m + j] >= 0) continue;
            dist[i * m + j] = dist[at] + 1;
            queue.push(i * m + j);
        }
    }
    long long total = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            if (rows[i][j] == 'P') total += dist[i * m + j];
    std::printf("%lld\n", total);
}
