/* A correct tetris3d solution, O(N^2): each block lands on the highest earlier
   block whose footprint overlaps its own (open rectangles: touching edges do not
   overlap). With -DTOUCHING_BUG, blocks that only touch at an edge are taken to
   overlap: the classic wrong solution that stress must catch. */
#include <stdio.h>
#include <stdlib.h>

#ifdef TOUCHING_BUG
#define APART(a0, a1, b0, b1) ((a1) < (b0) || (b1) < (a0))
#else
#define APART(a0, a1, b0, b1) ((a1) <= (b0) || (b1) <= (a0))
#endif

int main(void) {
    long long D, S, N;
    if (scanf("%lld %lld %lld", &D, &S, &N) != 3) return 1;
    long long *x0 = malloc(N * sizeof *x0), *x1 = malloc(N * sizeof *x1);
    long long *y0 = malloc(N * sizeof *y0), *y1 = malloc(N * sizeof *y1);
    long long *top = malloc(N * sizeof *top);
    long long best = 0;
    for (long long i = 0; i < N; i++) {
        long long d, s, w, x, y;
        if (scanf("%lld %lld %lld %lld %lld", &d, &s, &w, &x, &y) != 5) return 1;
        x0[i] = x; x1[i] = x + d; y0[i] = y; y1[i] = y + s;
        long long base = 0;
        for (long long j = 0; j < i; j++)
            if (!APART(x0[i], x1[i], x0[j], x1[j]) && !APART(y0[i], y1[i], y0[j], y1[j]) && top[j] > base)
                base = top[j];
        top[i] = base + w;
        if (top[i] > best) best = top[i];
    }
    printf("%lld\n", best);
    return 0;
}
