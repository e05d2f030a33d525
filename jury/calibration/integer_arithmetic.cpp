// jurybox calibrate: integer arithmetic. A dependent chain of 64-bit
// multiplications, shifts and modular reductions, all in registers: what a
// number-theory solution spends its time on. Reads the step count on stdin.
#include <cstdint>
#include <cstdio>

int main() {
    long long steps;
    if (std::scanf("%lld", &steps) != 1) return 1;
    const std::uint64_t mod = 1000000007ULL;
    std::uint64_t x = 88172645463325252ULL, acc = 1;
    for (long long i = 0; i < steps; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        acc = (acc * (x % mod + 1)) % mod;
    }
    std::printf("%llu\n", static_cast<unsigned long long>(acc));
    return 0;
}
