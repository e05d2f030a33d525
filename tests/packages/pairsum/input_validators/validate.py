#!/usr/bin/env python3
# Input validator (Kattis protocol): "n t\n" then n integers on one line.
import re
import sys

def fail(why):
    print(why, file=sys.stderr)
    sys.exit(43)

lines = sys.stdin.buffer.read().decode("ascii", errors="replace").split("\n")
if len(lines) != 3 or lines[2] != "":
    fail("expected two lines, each ending in a newline")
number = r"[1-9][0-9]*"
head = lines[0].split(" ")
if len(head) != 2 or not all(re.fullmatch(number, x) for x in head):
    fail("line 1: expected n and t")
n, t = map(int, head)
if not (1 <= n <= 100000 and 1 <= t <= 2 * 10**9):
    fail("line 1: n or t out of range")
values = lines[1].split(" ")
if len(values) != n or not all(re.fullmatch(number, x) for x in values):
    fail("line 2: expected n positive integers separated by single spaces")
if any(int(x) > 10**9 for x in values):
    fail("line 2: a value is out of range")
sys.exit(42)
