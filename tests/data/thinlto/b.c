extern int foo(int);
int h(int x) { return x * 2; }
int main(void) { return foo(1); }
