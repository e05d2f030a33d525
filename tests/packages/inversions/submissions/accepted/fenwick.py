# A Fenwick tree over the ranks of the values, O(n log n).
import sys

def main():
    data = sys.stdin.buffer.read().split()
    n = int(data[0])
    a = list(map(int, data[1:1 + n]))
    ranks = {v: i + 1 for i, v in enumerate(sorted(set(a)))}
    tree = [0] * (len(ranks) + 1)
    count = 0
    for seen, v in enumerate(a):
        r = ranks[v]
        i, at_most = r, 0
        while i > 0:
            at_most += tree[i]
            i -= i & -i
        count += seen - at_most
        i = r
        while i < len(tree):
            tree[i] += 1
            i += i & -i
    print(count)

main()
