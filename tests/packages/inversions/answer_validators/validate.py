# The answer is one line holding the number of inversions: an integer from 0 to
# n(n-1)/2 without sign or leading zeros. Called as `validate.py INPUT` with the
# answer on stdin; exit 42 when it is well formed, 43 otherwise.
import re
import sys

answer = sys.stdin.buffer.read()
with open(sys.argv[1], "rb") as f:
    n = int(f.readline())
match = re.fullmatch(rb"(0|[1-9][0-9]*)\n", answer)
if not match:
    print("expected one integer and a newline", file=sys.stderr)
    sys.exit(43)
if int(match.group(1)) > n * (n - 1) // 2:
    print("more inversions than pairs", file=sys.stderr)
    sys.exit(43)
sys.exit(42)
