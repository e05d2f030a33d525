// Wrong: counts in a 32-bit int, which overflows past 2^31 - 1 inversions
// (n above about 65 000, values mostly decreasing).
#include <cstdio>
#include <vector>
using namespace std;
int sort_count(vector<int>& a, vector<int>& tmp, int lo, int hi) {
    if (hi - lo < 2) return 0;
    int mid = (lo + hi) / 2;
    int c = sort_count(a, tmp, lo, mid) + sort_count(a, tmp, mid, hi);
    int i = lo, j = mid, k = lo;
    while (i < mid || j < hi) {
        if (j == hi || (i < mid && a[i] <= a[j])) tmp[k++] = a[i++];
        else { c += mid - i; tmp[k++] = a[j++]; }
    }
    for (int t = lo; t < hi; t++) a[t] = tmp[t];
    return c;
}
int main() {
    int n;
    scanf("%d", &n);
    vector<int> a(n), tmp(n);
    for (auto& x : a) scanf("%d", &x);
    printf("%d\n", sort_count(a, tmp, 0, n));
}
