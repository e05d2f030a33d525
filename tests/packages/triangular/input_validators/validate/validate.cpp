// One number n, 1 <= n <= 10^18.
#include "validation.h"

int main(int argc, char *argv[]) {
    InputValidator v(argc, argv);
    v.read_integer("n", 1, 1000000000000000000LL);
    v.newline();
    return 0;
}
