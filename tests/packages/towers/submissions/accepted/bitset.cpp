// Reachable heights as a bitset: n shifts of 10^6 bits, about 1.6 * 10^7 words.
#include <bitset>
#include <cstdio>
static std::bitset<1000001> reach;
int main() {
    int n;
    if (std::scanf("%d", &n) != 1) return 1;
    reach[0] = 1;
    for (int i = 0; i < n; i++) {
        int h;
        if (std::scanf("%d", &h) != 1) return 1;
        reach |= reach << h;
    }
    std::printf("%zu\n", reach.count() - 1);
}
