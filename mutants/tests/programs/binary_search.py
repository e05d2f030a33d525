# For each query x, the number of array elements strictly less than x.
import sys


def lower_bound(v, x):
    lo, hi = 0, len(v)
    while lo < hi:
        mid = (lo + hi) // 2
        if v[mid] < x:
            lo = mid + 1
        else:
            hi = mid
    return lo


def main():
    n, q = map(int, input().split())
    v = sorted(map(int, input().split()))
    for _ in range(q):
        x = int(input())
        print(lower_bound(v, x) % 1_000_000_007)


main()
