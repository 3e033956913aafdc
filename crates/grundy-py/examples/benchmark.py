"""Benchmark (not a test) of the package's performance targets.

1. A game defined in Python with about 10^6 positions: three heaps of at most HEAP counters
   (100: 1,030,301 positions, 9,089,091 moves); a move takes 1, 2 or 3 counters from one heap.
   Compares, in the same run:
     - the options loop: `for q in options(p): pass` once for every reachable position, the
       least any solver calling `options` must do (target: explore + solve <= 1.5x this);
       the same without iterating the result is shown too;
     - grundy.explore + solve (the engine calls `options` once per position);
     - a plain Python solver written as a user would: dict memo + queue, then retrograde
       analysis (target: the engine >= 5x faster).
2. With --rust: the same work from Python and from the command line (the Rust library), which
   must be within 10 % of each other on large inputs: solving a random graph with cycles read
   from a file (10^6 positions, 10^7 moves; `Graph.read(f).solve().counts()` against
   `grundy solve f --summary`), and catalogue calls (`grundy.octal(...).to_json()` against
   `grundy octal ... --format json`). The binary is GRUNDY_BIN, else target/release/grundy.

Each measurement is repeated --reps times, interleaved, and the least time is kept: wall time
and CPU time (the machine is shared, so CPU time is the steadier one; the command line's CPU
time is its process's, from `getrusage`).

    python crates/grundy-py/examples/benchmark.py [HEAP] [--reps R] [--rust] [--skip-plain]
"""

import argparse
import itertools
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections import deque
from pathlib import Path

import grundy

HEAP = 100
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


def positions():
    """Every reachable position (all of them are reachable from START)."""
    return itertools.product(range(HEAP + 1), repeat=3)


def options_loop():
    """Calls `options` once per reachable position and iterates its result."""
    for p in positions():
        for _ in options(p):
            pass


def calls_only():
    """Calls `options` once per reachable position, without looking at the result."""
    for p in positions():
        options(p)


def engine():
    graph = grundy.explore(options, START)
    t = time.perf_counter(), time.process_time()
    solution = graph.solve()
    solve_times = time.perf_counter() - t[0], time.process_time() - t[1]
    return solution.outcome(START), solve_times


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


class Times:
    """The least wall and CPU times of the runs of one measurement."""

    def __init__(self):
        self.wall = self.cpu = float("inf")

    def add(self, wall, cpu):
        self.wall = min(self.wall, wall)
        self.cpu = min(self.cpu, cpu)

    def timed(self, f):
        wall, cpu = time.perf_counter(), time.process_time()
        result = f()
        self.add(time.perf_counter() - wall, time.process_time() - cpu)
        return result

    def __str__(self):
        return f"{self.wall:6.2f} s wall {self.cpu:6.2f} s CPU"


def ratio(a, b):
    return f"{a.wall / b.wall:5.2f}x wall {a.cpu / b.cpu:5.2f}x CPU"


def python_game(reps, skip_plain):
    loop, calls, explore, solve, total, slow = (Times() for _ in range(6))
    answer = None
    for _ in range(reps):
        loop.timed(options_loop)
        calls.timed(calls_only)
        wall, cpu = time.perf_counter(), time.process_time()
        answer, (solve_wall, solve_cpu) = engine()
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        total.add(wall, cpu)
        explore.add(wall - solve_wall, cpu - solve_cpu)
        solve.add(solve_wall, solve_cpu)
    print(f"{(HEAP + 1) ** 3} positions, start {START}: {answer}; best of {reps} runs")
    print(f"options loop (call, iterate):  {loop}")
    print(f"  calls alone (no iteration):  {calls}")
    print(f"grundy explore + solve:        {total}  = {ratio(total, loop)} the options loop (target <= 1.5x)")
    print(f"  explore:                     {explore}  = {ratio(explore, loop)}")
    print(f"  solve:                       {solve}")
    if not skip_plain:
        plain_answer = slow.timed(plain)
        assert answer == plain_answer, (answer, plain_answer)
        print(f"plain Python solver (1 run):   {slow}  : the engine {ratio(slow, total)} faster (target >= 5x)")


def random_graph(path, n=10**6, m=10**7, seed=1):
    """A random graph with cycles in the text format (one move `u v` a line): 5 % of the
    positions terminal, the others with about m / (0.95 n) moves each, to positions drawn at
    random (as the Rust benchmark `solve_graph` draws them)."""
    rng = random.Random(seed)
    d = round(m / (0.95 * n))
    with open(path, "w") as f:
        for p in range(n):
            if rng.random() < 0.05:
                continue
            k = rng.randint(1, 2 * d - 1)
            f.write("".join(f"{p} {q}\n" for q in rng.choices(range(n), k=k)))


def child_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def command_line(binary, args):
    """Runs the binary; returns its output and its wall and CPU times."""
    wall, cpu = time.perf_counter(), child_cpu()
    out = subprocess.run([binary, *args], check=True, capture_output=True, text=True).stdout
    return out, time.perf_counter() - wall, child_cpu() - cpu


def against_rust(reps):
    binary = os.environ.get("GRUNDY_BIN") or str(Path(__file__).resolve().parents[3] / "target/release/grundy")
    if not Path(binary).exists():
        sys.exit(f"no binary {binary}: build it (cargo build --release -p grundy-cli) or set GRUNDY_BIN")
    with tempfile.TemporaryDirectory() as tmp:
        graph_file = Path(tmp) / "random.game"
        t = time.perf_counter()
        random_graph(graph_file)
        print(f"\nrandom graph with cycles written ({time.perf_counter() - t:.1f} s): "
              f"{graph_file.stat().st_size / 1e6:.0f} MB; best of {reps} runs")

        def solve_file():
            return grundy.Graph.read(str(graph_file)).solve().counts()

        cases = [
            ("read + solve, 10^6 positions, 10^7 moves", solve_file, ["solve", str(graph_file), "--summary"], None),
            ("octal 0.77 (Kayles) up to 2^22", lambda: grundy.octal("0.77", upto=1 << 22).to_json(),
             ["octal", "0.77", "--upto", str(1 << 22), "--format", "json"], "json"),
            ("octal grundy (Grundy's game) up to 2^18", lambda: grundy.octal("grundy", upto=1 << 18).to_json(),
             ["octal", "grundy", "--upto", str(1 << 18), "--format", "json"], "json"),
            ("octal 0.77 up to 10^6 with every value", lambda: grundy.octal("0.77", upto=10**6, values=True).to_json(),
             ["octal", "0.77", "--upto", str(10**6), "--values", "--format", "json"], "json"),
        ]
        for name, python, args, compare in cases:
            py, rust = Times(), Times()
            for _ in range(reps):
                answer = py.timed(python)
                out, wall, cpu = command_line(binary, args)
                rust.add(wall, cpu)
            if compare == "json":
                assert answer.strip() == out.strip(), name
            print(f"{name}:")
            print(f"  from Python:        {py}")
            print(f"  command line:       {rust}")
            print(f"  Python / Rust:      {ratio(py, rust)} (target <= 1.10x)")


def domineering(board):
    """Domineering on a tuple of rows: Left's (vertical) and Right's (horizontal) options."""
    h, w = len(board), len(board[0])
    free = [[c == "." for c in row] for row in board]

    def place(cells):
        rows = [list(r) for r in board]
        for i, j in cells:
            rows[i][j] = "#"
        return tuple("".join(r) for r in rows)

    left = [place(((i, j), (i + 1, j))) for i in range(h - 1) for j in range(w) if free[i][j] and free[i + 1][j]]
    right = [place(((i, j), (i, j + 1))) for i in range(h) for j in range(w - 1) if free[i][j] and free[i][j + 1]]
    return left, right


def mirror(board):
    """The least image of a board under the reflections (which swap nothing between the players)."""
    return min(board, board[::-1], tuple(r[::-1] for r in board), tuple(r[::-1] for r in board[::-1]))


def partizan_game(reps, rows=4, columns=5):
    """Domineering defined in Python on an empty board, valued by grundy.Partizan, against the
    options loop: each distinct position (up to reflection) has its options called once."""
    start = ("." * columns,) * rows

    def options_loop():
        seen = {mirror(start)}
        queue = [mirror(start)]
        while queue:
            left, right = domineering(queue.pop())
            for q in left + right:
                k = mirror(q)
                if k not in seen:
                    seen.add(k)
                    queue.append(k)
        return len(seen)

    def engine():
        game = grundy.Partizan(domineering, key=mirror)
        return game.value(start), game.positions

    loop, value = Times(), Times()
    for _ in range(reps):
        count = loop.timed(options_loop)
        form, asked = value.timed(engine)
    print(f"Domineering {rows} x {columns} in Python: {form}, {count} positions up to reflection ({asked} asked); best of {reps} runs")
    print(f"options loop (each position once): {loop}")
    print(f"grundy.Partizan value:             {value}  = {ratio(value, loop)} the options loop (target <= 3x)")


def main():
    global HEAP, START
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("heap", nargs="?", type=int, default=HEAP)
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--rust", action="store_true", help="also compare with the command line")
    parser.add_argument("--skip-plain", action="store_true", help="skip the plain Python solver")
    parser.add_argument("--partizan", action="store_true", help="only Domineering defined in Python")
    args = parser.parse_args()
    if args.partizan:
        return partizan_game(args.reps)
    HEAP = args.heap
    START = (HEAP, HEAP, HEAP)
    python_game(args.reps, args.skip_plain)
    if args.rust:
        against_rust(args.reps)


if __name__ == "__main__":
    main()
