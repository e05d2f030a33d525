# Prints the name of the implementation that runs it: "pypy" under PyPy.
import sys

input()
print(sys.implementation.name)
