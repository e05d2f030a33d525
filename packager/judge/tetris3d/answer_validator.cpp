// Answer validator for tetris3d (spec "Tetris 3D", section "Output").
// Kattis / BAPCtools protocol: `validate INPUT < answer`, arguments after INPUT
// ignored; exit 42 if the answer is well formed for that input, 43 with
// "line L, column C: rule" on stderr if not. C++17 with strict_reader.h, no testlib.
//
// The answer is one line: the highest point, an integer h. Every block lands at
// least as high as its own height and at most as high as all heights stacked, so
// max w <= h <= sum of w (the input is the jury's, already validated).
#include "strict_reader.h"

int main(int argc, char** argv) {
    long long top = 0, sum = 0;
    {
        std::FILE* input = argc > 1 ? std::fopen(argv[1], "r") : nullptr;
        long long D, S, N;
        if (!input || std::fscanf(input, "%lld %lld %lld", &D, &S, &N) != 3) {
            std::fprintf(stderr, "cannot read the input file (argument 1)\n");
            return 1;
        }
        for (long long i = 0; i < N; ++i) {
            long long d, s, w, x, y;
            if (std::fscanf(input, "%lld %lld %lld %lld %lld", &d, &s, &w, &x, &y) != 5) {
                std::fprintf(stderr, "cannot read block %lld of the input file\n", i + 1);
                return 1;
            }
            top = top > w ? top : w;
            sum += w;
        }
        std::fclose(input);
    }
    strict::Reader in;
    in.uint("h", top, sum);
    in.eoln();
    in.eof();
    strict::valid();
}
