# Holds 40 MiB on every test (over the package's 16 MiB, within Python's
# own 256 MiB) and spends 1 s of CPU on group 2's (a = 2: over the
# package's 500 ms, within Python's own 5 s on group 2).
import time

a, b = map(int, input().split())
held = bytearray(40 << 20)
for i in range(0, len(held), 4096):
    held[i] = 1
if a == 2:
    while time.process_time() < 1.0:
        pass
print(a + b)
