# Too slow: every run summed from scratch, O(n^3).
import sys

data = sys.stdin.read().split()
n = int(data[0])
a = [int(x) for x in data[1:1 + n]]
best = a[0]
for l in range(n):
    for r in range(l, n):
        best = max(best, sum(a[l:r + 1]))
print(best)
