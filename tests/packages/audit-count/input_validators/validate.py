#!/usr/bin/env python3
"""n, then integers on one line; their number is not checked against n."""
import re
import sys

data = sys.stdin.read()
if not re.fullmatch(r"[^\n]*\n[^\n]*\n", data):
    sys.exit(43)
first, second = data.split("\n")[:2]
if not re.fullmatch(r"[1-9][0-9]*", first) or not 1 <= int(first) <= 10:
    sys.exit(43)
for v in second.split(" "):
    if not re.fullmatch(r"-?(0|[1-9][0-9]*)", v) or v == "-0" or abs(int(v)) > 10**9:
        sys.exit(43)
sys.exit(42)
