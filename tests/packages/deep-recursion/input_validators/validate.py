# Input validator (Kattis protocol): one line with 0 <= n <= 300000, no
# leading zeros; exit 42 when valid, 43 with the reason otherwise.
import re
import sys

text = sys.stdin.read()
if not re.fullmatch(r"(0|[1-9][0-9]*)\n", text) or int(text) > 300000:
    print("expected one line with 0 <= n <= 300000", file=sys.stderr)
    sys.exit(43)
sys.exit(42)
