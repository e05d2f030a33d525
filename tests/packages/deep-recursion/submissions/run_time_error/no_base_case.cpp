// The base case tests k == 1 only: fib(0) recurses into negative k for ever.
// Its stack outgrows any memory limit: the memory limit stops it (judged as a
// run-time error), however large the stack may grow.
#include <cstdio>
#include <map>

static const long long MOD = 1000000007;
static std::map<int, long long> memo;

long long fib(int k) {
    if (k == 1) return 1;
    auto it = memo.find(k);
    if (it != memo.end()) return it->second;
    long long a = fib(k - 1);
    long long b = fib(k - 2);
    return memo[k] = (a + b) % MOD;
}

int main() {
    int n;
    if (std::scanf("%d", &n) != 1) return 1;
    std::printf("%lld\n", fib(n));
}
