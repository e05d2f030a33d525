# Two pointers over the values sorted with their indices, O(n log n).
import sys

data = sys.stdin.buffer.read().split()
n, t = int(data[0]), int(data[1])
items = sorted((int(x), i + 1) for i, x in enumerate(data[2:2 + n]))
lo, hi = 0, n - 1
while lo < hi:
    s = items[lo][0] + items[hi][0]
    if s == t:
        i, j = sorted((items[lo][1], items[hi][1]))
        print(i, j)
        sys.exit(0)
    if s < t:
        lo += 1
    else:
        hi -= 1
print(-1)
