typedef int (*fp)(int);
int add1(int x) { return x + 1; }
static int twice(int x) { return 2 * x; }
int apply(fp f, int v) { return f(v); }
int run(int v) { return apply(add1, v) + apply(twice, v); }
