# Wrong: the values sliced from the first token on, so K is taken as a_1.
import sys
from collections import Counter

data = sys.stdin.read().split()
n, k = int(data[0]), int(data[1])
a = data[1 : 1 + n]
cnt = Counter(map(int, a))
c = 0
for v, m in cnt.items():
    w = k - v
    if w > v:
        c += m * cnt.get(w, 0)
    elif w == v:
        c += m * (m - 1) // 2
print(c)
