// gen N: the test whose secret number is N.
#include <cstdio>
#include <cstdlib>
int main(int argc, char** argv) {
    if (argc < 2) return 3;
    printf("%d\n", atoi(argv[1]));
}
