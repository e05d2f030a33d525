# The number of moves to the right: the intended solution.
input()
print(input().count(">"))
