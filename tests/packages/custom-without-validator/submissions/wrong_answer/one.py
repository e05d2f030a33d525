# 1 is no proper divisor greater than 1.
input()
print(1)
