/* Recurses N levels deep (N on stdin), each frame holding 64 bytes that are
   read after the call returns, so no compiler turns the recursion into a loop;
   prints N and a checksum. 300 000 levels need about 30 MiB of stack: accepted
   where the judge gives the stack all the memory, SIGSEGV under Linux's usual
   8 MiB; 10^9 levels outgrow any memory limit. */
#include <stdio.h>

static long long down(long long n) {
    volatile char frame[64];
    frame[0] = (char)(n & 0x7f);
    if (n == 0) return 0;
    return down(n - 1) + frame[0];
}

int main(void) {
    long long n;
    if (scanf("%lld", &n) != 1) return 2;
    printf("%lld %lld\n", n, down(n));
    return 0;
}
