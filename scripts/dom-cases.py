#!/usr/bin/env python3
"""CFG update scripts for scripts/dom-oracle (updates mode) and
tests/analysis.rs: random small CFGs, then batches of edge changes with the
updates that describe them, shuffled and padded with pairs that cancel, so
that legalization, the incremental algorithms, their rebuild thresholds and
the order of children after each update are all exercised. Deterministic
(fixed seed)."""
import random

CASES = 250
rng = random.Random(19)


def rand_succs(n):
    k = rng.choice([0, 1, 1, 2, 2, 2, 3, 4])
    return [rng.randrange(n) for _ in range(k)]


def edges(succ):
    return {(a, b) for a, s in enumerate(succ) for b in s}


out = []
for case in range(CASES):
    n = rng.randint(2, 12)
    succ = [rand_succs(n) for _ in range(n)]
    if not succ[0]:
        succ[0] = [rng.randrange(1, n)]
    if rng.random() < 0.7:
        # A spine from the entry, so most blocks are reachable.
        for i in range(n - 1):
            if rng.random() < 0.6 and (i + 1) not in succ[i]:
                succ[i].append(i + 1)
    out.append(f"# case {case}")
    out.append(f"cfg {n}")
    for i, s in enumerate(succ):
        out.append(f"succ {i} : " + " ".join(map(str, s)))
    for _ in range(rng.randint(1, 4)):
        before = edges(succ)
        changed = rng.sample(range(n), rng.randint(1, min(n, 4 if rng.random() < 0.8 else n)))
        out.append("batch")
        for k in changed:
            if rng.random() < 0.5 and succ[k]:
                s = list(succ[k])
                if rng.random() < 0.5:
                    s.pop(rng.randrange(len(s)))
                else:
                    s.append(rng.randrange(n))
            else:
                s = rand_succs(n)
            succ[k] = s
            out.append(f"set {k} : " + " ".join(map(str, s)))
        after = edges(succ)
        ups = [f"+{a}.{b}" for (a, b) in sorted(after - before)]
        ups += [f"-{a}.{b}" for (a, b) in sorted(before - after)]
        rng.shuffle(ups)
        # Pairs that cancel: an existing edge deleted and re-inserted, or a
        # new edge inserted, deleted and inserted again.
        if ups and rng.random() < 0.3:
            i = rng.randrange(len(ups))
            u = ups[i]
            if u[0] == "+":
                ups[i:i + 1] = [u, "-" + u[1:], u]
        if after and rng.random() < 0.3:
            a, b = rng.choice(sorted(after & before)) if after & before else (None, None)
            if a is not None:
                ups += [f"-{a}.{b}", f"+{a}.{b}"]
        out.append("apply " + " ".join(ups))
    out.append("end")
print("\n".join(out))
