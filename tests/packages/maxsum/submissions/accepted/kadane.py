# Kadane's algorithm in Python.
import sys

def main():
    data = sys.stdin.buffer.read().split()
    n = int(data[0])
    best = None
    run = 0
    for i in range(n):
        a = int(data[1 + i])
        run = a if i == 0 or run < 0 else run + a
        if best is None or run > best:
            best = run
    print(best)

main()
