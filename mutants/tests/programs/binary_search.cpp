// For each query x, the number of array elements strictly less than x, by a
// hand-written lower bound over the sorted array.
#include <algorithm>
#include <cstdio>
#include <functional>
#include <vector>
using namespace std;
typedef long long ll;

int lowerBound(const vector<ll>& v, ll x) {
    int lo = 0, hi = (int)v.size();
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (v[mid] < x)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

int main() {
    int n, q;
    scanf("%d %d", &n, &q);
    vector<ll> v(n);
    for (int i = 0; i < n; i++) scanf("%lld", &v[i]);
    sort(v.begin(), v.end(), less<ll>());
    while (q-- > 0) {
        ll x;
        scanf("%lld", &x);
        printf("%d\n", lowerBound(v, x));
    }
}
