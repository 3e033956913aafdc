"""Benchmark (not a test): a game defined in Python with about 10^6 positions.

Three heaps of at most 100 counters; a move takes 1, 2 or 3 counters from one heap. Compares
  - grundy.explore + solve (the engine calls `options` once per position),
  - merely calling `options` once per position in a Python loop (the floor: target <= 1.5x),
  - a plain Python solver: dict memo + queue, then retrograde analysis (target >= 5x slower).

    python crates/grundy-py/examples/benchmark.py [HEAP]
"""

import itertools
import sys
import time
from collections import deque

import grundy

HEAP = int(sys.argv[1]) if len(sys.argv) > 1 else 100
START = (HEAP, HEAP, HEAP)


def options(p):
    a, b, c = p
    out = []
    for t in (1, 2, 3):
        if a >= t:
            out.append((a - t, b, c))
        if b >= t:
            out.append((a, b - t, c))
        if c >= t:
            out.append((a, b, c - t))
    return out


def call_only():
    """Calls `options` once per position, and nothing else."""
    for p in itertools.product(range(HEAP + 1), repeat=3):
        options(p)


def engine():
    graph = grundy.explore(options, START)
    solution = graph.solve()
    return solution.outcome(START)


def plain():
    """Explores with a dict and a queue, then solves by retrograde analysis (win/loss)."""
    ids = {START: 0}
    moves = []
    queue = deque([START])
    while queue:
        p = queue.popleft()
        row = []
        for q in options(p):
            i = ids.get(q)
            if i is None:
                i = ids[q] = len(ids)
                queue.append(q)
            row.append(i)
        moves.append(row)
    n = len(moves)
    parents = [[] for _ in range(n)]
    for p, row in enumerate(moves):
        for q in row:
            parents[q].append(p)
    left = [len(row) for row in moves]
    outcome = [None] * n
    ready = deque(p for p in range(n) if left[p] == 0)
    for p in ready:
        outcome[p] = "loss"
    while ready:
        q = ready.popleft()
        for p in parents[q]:
            if outcome[p] is not None:
                continue
            if outcome[q] == "loss":
                outcome[p] = "win"
                ready.append(p)
            else:
                left[p] -= 1
                if left[p] == 0:
                    outcome[p] = "loss"
                    ready.append(p)
    return outcome[0]


def timed(f):
    t = time.perf_counter()
    result = f()
    return time.perf_counter() - t, result


def main():
    positions = (HEAP + 1) ** 3
    t_call, _ = timed(call_only)
    t_engine, answer = timed(engine)
    t_plain, plain_answer = timed(plain)
    assert answer == plain_answer, (answer, plain_answer)
    print(f"{positions} positions, start {START}: {answer}")
    print(f"options() once per position:  {t_call:6.2f} s")
    print(f"grundy explore + solve:       {t_engine:6.2f} s  ({t_engine / t_call:.2f}x the calls; target <= 1.5x)")
    print(f"plain Python solver:          {t_plain:6.2f} s  (engine {t_plain / t_engine:.1f}x faster; target >= 5x)")


if __name__ == "__main__":
    main()
