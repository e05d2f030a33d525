# Crashes on long inputs: recurses one element deep at a time before it
# counts, so past Python's recursion limit (n above about a thousand) it
# fails at once; below it, it is a correct O(n^2) count.
import sys

def count(a, i):
    if i == len(a):
        return 0
    rest = count(a, i + 1)
    return rest + sum(1 for x in a[i + 1:] if x < a[i])

data = sys.stdin.read().split()
n = int(data[0])
print(count([int(x) for x in data[1:1 + n]], 0))
