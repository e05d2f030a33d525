#!/usr/bin/env python3
# Input validator (Kattis protocol): "n\n" then n integers on one line,
# 1 <= n <= 1000, |a_i| <= 10^6.
import re
import sys

def fail(why):
    print(why, file=sys.stderr)
    sys.exit(43)

lines = sys.stdin.buffer.read().decode("ascii", errors="replace").split("\n")
if len(lines) != 3 or lines[2] != "":
    fail("expected two lines, each ending in a newline")
if not re.fullmatch(r"[1-9][0-9]*", lines[0]) or not 1 <= int(lines[0]) <= 1000:
    fail("line 1: expected n, 1 <= n <= 1000")
n = int(lines[0])
values = lines[1].split(" ")
if len(values) != n or not all(re.fullmatch(r"-?(0|[1-9][0-9]*)", x) and x != "-0" for x in values):
    fail("line 2: expected n integers separated by single spaces")
if any(abs(int(x)) > 10**6 for x in values):
    fail("line 2: a value is out of range")
sys.exit(42)
