#!/usr/bin/env python3
"""n, then n integers; checks both lines but not that the input ends."""
import re
import sys

data = sys.stdin.read()
lines = data.split("\n")
if len(lines) < 3 or not re.fullmatch(r"[1-9][0-9]*", lines[0]):
    sys.exit(43)
n = int(lines[0])
values = lines[1].split(" ")
if not 1 <= n <= 10 or len(values) != n:
    sys.exit(43)
for v in values:
    if not re.fullmatch(r"-?(0|[1-9][0-9]*)", v) or v == "-0" or abs(int(v)) > 10**9:
        sys.exit(43)
sys.exit(42)
