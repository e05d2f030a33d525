// Wrong: counts equal values as inversions (a[i] >= a[j]).
#include <cstdio>
#include <vector>
using namespace std;
long long sort_count(vector<long long>& a, vector<long long>& tmp, int lo, int hi) {
    if (hi - lo < 2) return 0;
    int mid = (lo + hi) / 2;
    long long c = sort_count(a, tmp, lo, mid) + sort_count(a, tmp, mid, hi);
    int i = lo, j = mid, k = lo;
    while (i < mid || j < hi) {
        if (j == hi || (i < mid && a[i] < a[j])) tmp[k++] = a[i++];
        else { c += mid - i; tmp[k++] = a[j++]; }
    }
    for (int t = lo; t < hi; t++) a[t] = tmp[t];
    return c;
}
int main() {
    int n;
    scanf("%d", &n);
    vector<long long> a(n), tmp(n);
    for (auto& x : a) scanf("%lld", &x);
    printf("%lld\n", sort_count(a, tmp, 0, n));
}
