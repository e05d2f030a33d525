/* Counts the moves to the right in a 16-bit counter: right while fewer
 * than 32768 (every test here), wrong above, which only n >= 32768 allows. */
#include <stdio.h>
static char moves[200001];
int main(void) {
    int n;
    if (scanf("%d %200000s", &n, moves) != 2) return 1;
    short right = 0;
    for (int i = 0; i < n; i++)
        if (moves[i] == '>') right++;
    printf("%d\n", right);
    return 0;
}
