/* The grader's function, compiled beside each solution (extra_compilation_args). */
long long add(long long a, long long b);
