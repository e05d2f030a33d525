// jurybox calibrate: memory-bound random access. A pointer chase through one
// cycle over 2^24 32-bit cells (64 MiB, past any core's cache), so each step
// waits on memory: what a 2-D segment tree or a large table costs. Reads the
// step count on stdin.
#include <cstdint>
#include <cstdio>
#include <vector>

int main() {
    long long steps;
    if (std::scanf("%lld", &steps) != 1) return 1;
    const std::uint32_t n = 1u << 24;
    std::vector<std::uint32_t> next(n);
    for (std::uint32_t i = 0; i < n; i++) next[i] = i;
    // Sattolo's shuffle: one cycle through every cell.
    std::uint64_t seed = 12345;
    for (std::uint32_t i = n - 1; i > 0; i--) {
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        std::uint32_t j = static_cast<std::uint32_t>((seed >> 33) % i);
        std::uint32_t t = next[i];
        next[i] = next[j];
        next[j] = t;
    }
    std::uint32_t at = 0;
    for (long long i = 0; i < steps; i++) at = next[at];
    std::printf("%u\n", at);
    return 0;
}
