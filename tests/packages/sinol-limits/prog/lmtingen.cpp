// Writes the tests into its working directory, as sinol-make gen runs it.
// sinol-make builds an ingen with -D_INGEN: built without, it fails.
#ifndef _INGEN
#error "the ingen must be built with -D_INGEN, as sinol-make builds it"
#endif
#include <cstdio>

int main() {
    const char *names[] = {"lmt1a.in", "lmt1b.in", "lmt2a.in", "lmt2b.in"};
    const char *tests[] = {"1 1\n", "1 2\n", "2 1\n", "2 2\n"};
    for (int i = 0; i < 4; i++) {
        FILE *f = fopen(names[i], "w");
        if (!f) return 1;
        fputs(tests[i], f);
        fclose(f);
    }
}
