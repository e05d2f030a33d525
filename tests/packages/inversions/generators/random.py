# random.py SEED N MAXV: N distinct-looking values drawn from 1..MAXV.
import random
import sys

seed, n, maxv = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(seed)
values = [rng.randint(1, maxv) for _ in range(n)]
print(n)
print(" ".join(map(str, values)))
