# random.py SEED N MAXV: N distinct-looking values drawn from 1..MAXV.
import os
import sys

# This file is named random.py: where the interpreter has not imported the
# standard library's random before running a script (PyPy, which BAPCtools
# runs Python 3 with), `import random` would find this file first, in the
# script's own directory. Leave that directory out of the search path.
here = os.path.dirname(os.path.abspath(__file__))
sys.path = [p for p in sys.path if os.path.abspath(p or ".") != here]
import random  # noqa: E402

seed, n, maxv = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(seed)
values = [rng.randint(1, maxv) for _ in range(n)]
print(n)
print(" ".join(map(str, values)))
