// Interactor on testlib's protocol: interactor INPUT OUTPUT. Reads the
// secret from INPUT; answers each guess on stdin with "<", ">" or "=" on
// stdout; writes the number of guesses to OUTPUT. Exit 0 once guessed,
// 1 (wrong answer) on a guess that is no number or after 100 guesses.
#include <cstdio>
int main(int argc, char** argv) {
    if (argc < 3) return 3;
    FILE* in = fopen(argv[1], "r");
    FILE* out = fopen(argv[2], "w");
    int n;
    if (!in || !out || fscanf(in, "%d", &n) != 1) return 3;
    for (int asked = 1; asked <= 100; asked++) {
        int guess;
        if (scanf("%d", &guess) != 1) return 1;
        if (guess == n) {
            printf("=\n");
            fflush(stdout);
            fprintf(out, "%d\n", asked);
            return 0;
        }
        printf(n < guess ? "<\n" : ">\n");
        fflush(stdout);
    }
    return 1;
}
