struct A { virtual int f(int); virtual int g(); virtual ~A(); };
struct B : A { int f(int) override; int g() override; };
int A::f(int x) { return x; }
int A::g() { return 1; }
A::~A() {}
int B::f(int x) { return x + 1; }
int B::g() { return 2; }
int call(A *a) { return a->f(3) + a->g(); }
static int counter;
int use(int k) { counter += k; return counter; }
B *make() { return new B; }
