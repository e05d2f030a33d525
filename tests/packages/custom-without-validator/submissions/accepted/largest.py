# Prints the largest proper divisor: right, but not the divisor in the .ans.
n = int(input())
print(max(d for d in range(1, n) if n % d == 0))
