# Crashes on long inputs: counts by recursion one element deep at a time,
# past Python's recursion limit once n passes about a thousand.
import sys

def count(a, i):
    if i == len(a):
        return 0
    return sum(1 for x in a[i + 1:] if x < a[i]) + count(a, i + 1)

data = sys.stdin.read().split()
n = int(data[0])
print(count([int(x) for x in data[1:1 + n]], 0))
