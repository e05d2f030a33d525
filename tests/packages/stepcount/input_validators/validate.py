#!/usr/bin/env python3
# Input validator (Kattis protocol): "n\n", then a line of exactly n moves,
# each '<' or '>', 1 <= n <= 200000.
import re
import sys

def fail(why):
    print(why, file=sys.stderr)
    sys.exit(43)

lines = sys.stdin.buffer.read().decode("ascii", errors="replace").split("\n")
if len(lines) != 3 or lines[2] != "":
    fail("expected two lines, each ending in a newline")
if not re.fullmatch(r"[1-9][0-9]*", lines[0]) or not 1 <= int(lines[0]) <= 200000:
    fail("line 1: expected n, 1 <= n <= 200000")
if not re.fullmatch(r"[<>]*", lines[1]) or len(lines[1]) != int(lines[0]):
    fail("line 2: expected exactly n moves, each '<' or '>'")
sys.exit(42)
