// Not finished: never run.
int main() { return 0; }
