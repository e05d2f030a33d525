// Checker on testlib's protocol: check INPUT OUTPUT ANSWER, OUTPUT the
// interactor's count of guesses, ANSWER the main solution's. Accepted within
// 7 guesses (a binary search's most), else wrong answer; 3 when the answer
// cannot be read (the jury's fault).
#include <cstdio>
int main(int argc, char** argv) {
    if (argc < 4) return 3;
    FILE* out = fopen(argv[2], "r");
    FILE* ans = fopen(argv[3], "r");
    int asked, best;
    if (!ans || fscanf(ans, "%d", &best) != 1) {
        fprintf(stderr, "the answer holds no count\n");
        return 3;
    }
    if (!out || fscanf(out, "%d", &asked) != 1) return 1;
    if (asked > 7) {
        fprintf(stderr, "%d guesses, more than 7 (the main solution: %d)\n", asked, best);
        return 1;
    }
}
