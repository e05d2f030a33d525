# Always answers CPython's name.
input()
print("cpython")
