// The memoised recursion, 300 000 calls deep on the largest test: about 40 MiB
// of stack. Accepted where the judge gives the stack the whole memory limit
// (Kattis, DOMjudge, BAPCtools); killed by SIGSEGV under Linux's usual 8 MiB.
#include <cstdio>
#include <vector>

static const long long MOD = 1000000007;
static std::vector<long long> memo;

long long fib(int k) {
    if (k < 2) return k;
    if (memo[k] >= 0) return memo[k];
    long long a = fib(k - 1);
    long long b = fib(k - 2);
    return memo[k] = (a + b) % MOD;
}

int main() {
    int n;
    if (std::scanf("%d", &n) != 1) return 1;
    memo.assign(n + 1, -1);
    std::printf("%lld\n", fib(n));
}
