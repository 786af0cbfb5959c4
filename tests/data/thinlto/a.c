int g = 3;
static int s;
extern int h(int);
int foo(int x) { s += x; return h(x) + g; }
int bar(void) { return foo(2) + s; }
