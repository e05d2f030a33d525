"""A random input; seeded from the clock (the bug), not from its argument."""
import random
import time

random.seed(time.time_ns())
n = random.randint(1, 10)
print(n)
print(*[random.randint(-10**9, 10**9) for _ in range(n)])
