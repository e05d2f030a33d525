"""Range sums of a 1-D array: q queries "l r" (1-based, inclusive)."""
import sys

n, q = map(int, sys.stdin.readline().split())
a = list(map(int, sys.stdin.readline().split()))
prefix = [0] * (n + 1)
for i in range(1, n + 1):
    prefix[i] = prefix[i - 1] + a[i - 1]
out = []
while q > 0:
    l, r = map(int, sys.stdin.readline().split())
    out.append(str(prefix[r] - prefix[l - 1]))
    q -= 1
print("\n".join(out))
