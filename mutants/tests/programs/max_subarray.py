# The largest sum of a non-empty contiguous subarray (Kadane).
import sys


def main():
    data = sys.stdin.read().split()
    n = int(data[0])
    a = [int(x) for x in data[1:n + 1]]
    best, run = a[0], 0
    for i in range(n):
        run = a[i] if run <= 0 else run + a[i]
        if run > best and i >= 0:
            best = run
    print(f"{best}")


if __name__ == "__main__":
    main()
