# Too slow: every pair, O(n^2).
import sys

data = sys.stdin.buffer.read().split()
n, t = int(data[0]), int(data[1])
a = [int(x) for x in data[2:2 + n]]
for i in range(n):
    for j in range(i + 1, n):
        if a[i] + a[j] == t:
            print(i + 1, j + 1)
            sys.exit(0)
print(-1)
