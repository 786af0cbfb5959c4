struct A { virtual int f(int); virtual int g(); virtual ~A(); };
int call(A *a);
A *make();
int main() { return call(make()); }
