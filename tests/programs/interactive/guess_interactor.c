/* The jury's interactor of a guessing game, on either protocol.
 *
 * Input file: "N Q": the hidden number N in 1..1000 and the most questions Q.
 * The program prints a guess g per line; the reply is "higher" (N > g), "lower"
 * (N < g) or "correct". After "correct" nothing more may come.
 *
 * testlib:  guess_interactor INPUT OUTPUT            exit 0 ok, 1 wrong answer,
 *           (writes "found in K questions" to OUTPUT) 2 presentation error, 3 fail
 * Kattis:   guess_interactor INPUT ANSWER FEEDBACK_DIR   exit 42 accepted, 43 not
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int kattis;
static char feedback[4096];

static void verdict(int ok, int presentation, const char *why) {
    if (kattis) {
        FILE *f = fopen(feedback, "w");
        if (f) { fprintf(f, "%s\n", why); fclose(f); }
        exit(ok ? 42 : 43);
    }
    fprintf(stderr, "%s\n", why);
    exit(ok ? 0 : presentation ? 2 : 1);
}

int main(int argc, char **argv) {
    if (argc != 3 && argc != 4) { fprintf(stderr, "usage\n"); return 3; }
    kattis = argc == 4;
    if (kattis) snprintf(feedback, sizeof feedback, "%s/judgemessage.txt", argv[3]);
    FILE *in = fopen(argv[1], "r");
    long n, q;
    if (!in || fscanf(in, "%ld %ld", &n, &q) != 2) { fprintf(stderr, "bad input file\n"); return 3; }
    for (long asked = 1;; asked++) {
        long g;
        int got = scanf("%ld", &g);
        if (got == EOF) verdict(0, 1, "the program stopped before finding the number");
        if (got != 1) verdict(0, 1, "a guess must be a number");
        if (asked > q) {
            char why[100];
            snprintf(why, sizeof why, "more than %ld questions", q);
            verdict(0, 0, why);
        }
        if (g == n) {
            printf("correct\n");
            fflush(stdout);
            int c;
            while ((c = getchar()) != EOF)
                if (c != ' ' && c != '\n') verdict(0, 0, "output after the number was found");
            if (!kattis) {
                FILE *out = fopen(argv[2], "w");
                if (out) { fprintf(out, "found in %ld questions\n", asked); fclose(out); }
            }
            verdict(1, 0, "found");
        }
        printf(g < n ? "higher\n" : "lower\n");
        fflush(stdout);
    }
}
