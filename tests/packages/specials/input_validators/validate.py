#!/usr/bin/env python3
# Input validator (Kattis protocol): n (1 <= n <= 20), then n dishes of 1 to
# 12 lowercase letters, one a line. Python, so that harden reads no grammar
# from it and searches by mutating the tests.
import re
import sys

def fail(why):
    print(why, file=sys.stderr)
    sys.exit(43)

lines = sys.stdin.buffer.read().decode("ascii", errors="replace").split("\n")
if not lines or not re.fullmatch(r"[1-9][0-9]*", lines[0]) or not 1 <= int(lines[0]) <= 20:
    fail("line 1: expected n, 1 <= n <= 20")
n = int(lines[0])
if len(lines) != n + 2 or lines[-1] != "":
    fail("expected n + 1 lines, each ending in a newline")
for i, dish in enumerate(lines[1:-1]):
    if not re.fullmatch(r"[a-z]{1,12}", dish):
        fail(f"line {i + 2}: expected 1 to 12 lowercase letters")
sys.exit(42)
