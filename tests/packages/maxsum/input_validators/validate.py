#!/usr/bin/env python3
# Input validator (Kattis protocol): exit 42 when the input is exactly
# "n\n" then n integers on one line, single spaces, within the limits.
import re
import sys

def fail(why):
    print(why, file=sys.stderr)
    sys.exit(43)

data = sys.stdin.buffer.read().decode("ascii", errors="replace")
lines = data.split("\n")
if len(lines) != 3 or lines[2] != "":
    fail("expected exactly two lines, each ending in a newline")
number = r"(0|-?[1-9][0-9]*)"
if not re.fullmatch(number, lines[0]):
    fail("line 1: n is not an integer")
n = int(lines[0])
if not 1 <= n <= 200000:
    fail("line 1: n out of range")
tokens = lines[1].split(" ")
if len(tokens) != n or not all(re.fullmatch(number, t) for t in tokens):
    fail("line 2: expected n integers separated by single spaces")
if any(abs(int(t)) > 10**9 for t in tokens):
    fail("line 2: a value is out of range")
sys.exit(42)
