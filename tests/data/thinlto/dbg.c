#include <stdio.h>
struct point { int x, y; };
static struct point origin = {0, 0};
const char *names[] = {"a", "b"};
int dist(struct point p) { return p.x * p.x + p.y * p.y; }
void show(int k) { printf("%s %d\n", names[k & 1], dist(origin)); }
__attribute__((alias("show"))) void show_alias(int);
