#!/usr/bin/env python3
"""CFG update scripts for scripts/dom-oracle (updates mode) and
tests/analysis.rs: the CFGs of LLVM's DominatorTreeBatchUpdatesTest, and
random small CFGs with batches of edge changes and the updates that
describe them, shuffled and padded with pairs that cancel, so
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


def llvm_case(name, arcs, updates, extra=()):
    """One of LLVM's DominatorTreeBatchUpdatesTest CFGs: blocks in order of
    first mention (updates' new blocks last), arcs in order, then all the
    updates applied to the CFG and given to applyUpdates in one batch."""
    names = []
    for a, b in list(arcs) + [e for _, e in updates] + list(extra):
        for x in (a, b):
            if x not in names:
                names.append(x)
    ix = {x: i for i, x in enumerate(names)}
    succ = [[] for _ in names]
    for a, b in arcs:
        succ[ix[a]].append(ix[b])
    lines = [f"# case {name}", f"cfg {len(names)}"]
    lines += [f"succ {i} : " + " ".join(map(str, s)) for i, s in enumerate(succ)]
    changed = []
    for kind, (a, b) in updates:
        if kind == "+":
            succ[ix[a]].append(ix[b])
        else:
            succ[ix[a]].remove(ix[b])
        if ix[a] not in changed:
            changed.append(ix[a])
    lines.append("batch")
    lines += [f"set {k} : " + " ".join(map(str, succ[k])) for k in changed]
    lines.append("apply " + " ".join(f"{k}{ix[a]}.{ix[b]}" for k, (a, b) in updates))
    lines.append("end")
    return lines


I, D = "+", "-"
ID_ARCS = [("1", "2"), ("2", "3"), ("3", "4"), ("4", "5"), ("5", "6"), ("5", "7"),
           ("3", "8"), ("8", "9"), ("9", "10"), ("8", "11"), ("11", "12")]
ID_UPDATES = [(I, ("2", "4")), (I, ("12", "10")), (I, ("10", "9")), (I, ("7", "6")),
              (I, ("7", "5")), (D, ("3", "8")), (I, ("10", "7")), (I, ("2", "8")),
              (D, ("3", "4")), (D, ("8", "9")), (D, ("11", "12"))]

out = []
out += llvm_case("SingleInsertion", [("A", "B")], [(I, ("B", "C"))])
out += llvm_case("SingleDeletion", [("A", "B"), ("B", "C")], [(D, ("B", "C"))])
out += llvm_case("FewInsertion", [("A", "B")],
                 [(I, ("B", "C")), (I, ("C", "B")), (I, ("C", "D")), (I, ("D", "E"))])
out += llvm_case("FewDeletions", [("A", "B"), ("B", "C"), ("B", "D"), ("D", "E"), ("C", "B")],
                 [(D, ("B", "C")), (D, ("C", "B")), (D, ("B", "D")), (D, ("D", "E"))])
out += llvm_case("InsertDelete", ID_ARCS, ID_UPDATES)
for k in range(8):
    ups = list(ID_UPDATES)
    rng.shuffle(ups)
    out += llvm_case(f"InsertDeleteShuffled{k}", ID_ARCS, ups)
out += llvm_case("InfiniteLoop",
                 [("1", "2"), ("2", "3"), ("3", "6"), ("3", "5"), ("4", "5"), ("5", "2"),
                  ("6", "3"), ("6", "4")],
                 [(I, ("N", "5")), (I, ("3", "N")), (D, ("3", "5"))])
out += llvm_case("DeadBlocks",
                 [("1", "2"), ("2", "3"), ("3", "4"), ("3", "7"), ("4", "4"), ("5", "6"),
                  ("5", "7"), ("6", "7"), ("7", "2"), ("7", "8")],
                 [(D, ("6", "7")), (D, ("5", "7")), (D, ("5", "6")), (I, ("N", "8")),
                  (I, ("7", "N")), (D, ("7", "8"))])
out += llvm_case("InfiniteLoop2",
                 [("1", "2"), ("2", "6"), ("2", "3"), ("3", "4"), ("4", "5"), ("4", "6"),
                  ("5", "4"), ("6", "2")],
                 [(I, ("N", "6")), (I, ("4", "N")), (D, ("4", "6"))])
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
