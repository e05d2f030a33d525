// netgame mutant "any-rope": WRONG ANSWER.
// Known wrong solution of the spec: treating any rope as cuttable: without the whole-cell
// check every rope is a move until it is cut, so any search plays exactly N moves
// and the verdict is the parity of N; the move printed is rope 1.
// Algorithm: print 1 and rope 1 if N is odd, else 2 (what the search reduces to).
// Complexity: O(N) time, O(1) memory.
// Verified: tests/cpp_mutants.rs (cargo test) compares its output byte for byte with
// `jurybox solve netgame --engine any-rope`, or requires the same verdict from the
// checker, on the samples and every family at stress and official sizes (inputs that
// engine declares too big for it left out).
#include <cstdio>

int main() {
    int n;
    scanf("%d", &n);
    if (n % 2 == 1) printf("1\n1\n");
    else printf("2\n");
    return 0;
}
