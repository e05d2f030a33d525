# Counts each value, then pairs v < K - v and v = K - v. O(n).
import sys
from collections import Counter

data = sys.stdin.read().split()
n, k = int(data[0]), int(data[1])
a = data[2 : 2 + n]
cnt = Counter(map(int, a))
c = 0
for v, m in cnt.items():
    w = k - v
    if w > v:
        c += m * cnt.get(w, 0)
    elif w == v:
        c += m * (m - 1) // 2
print(c)
