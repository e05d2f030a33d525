// Wrong: two pointers on the sorted values; the loop that counts the copies
// of a[i] has the condition i - 1 > i, so a[i] counts once.
#include <algorithm>
#include <cstdio>
#include <vector>
int main() {
    long long n, k;
    if (std::scanf("%lld %lld", &n, &k) != 2) return 1;
    std::vector<long long> a(n);
    for (auto &x : a) std::scanf("%lld", &x);
    std::sort(a.begin(), a.end());
    long long c = 0, i = 0, j = n - 1;
    while (i < j) {
        long long s = a[i] + a[j];
        if (s < k) {
            i++;
        } else if (s > k) {
            j--;
        } else if (a[i] == a[j]) {
            long long m = j - i + 1;
            c += m * (m - 1) / 2;
            break;
        } else {
            long long x = 1, p = j;
            while (i - 1 > i && a[i + x] == a[i]) x++;
            while (p - 1 > i && a[p - 1] == a[j]) p--;
            c += x * (j - p + 1);
            i += x;
            j = p - 1;
        }
    }
    std::printf("%lld\n", c);
}
