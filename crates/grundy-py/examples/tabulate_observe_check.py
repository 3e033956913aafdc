"""Tabulate, observe, check: the first method for a new game, from Python.

1. Tabulate: the Sprague-Grundy values of small positions, computed by the engine from the
   rules written in Python.
2. Observe: the patterns the engine sees in the table (a period, a formula...).
3. Check: the observed pattern against the values of much larger positions.

Run: python crates/grundy-py/examples/tabulate_observe_check.py
"""

import re

import grundy


def take_134(n):
    """A subtraction game: take 1, 3 or 4 counters."""
    return [n - t for t in (1, 3, 4) if t <= n]


def kayles(n):
    """A splitting game: knock down one pin or two neighbours of a row of n pins; the rest of
    the row stands as two rows, a Sum of independent games."""
    return [grundy.Sum(a, n - t - a) for t in (1, 2) if t <= n for a in range(n - t + 1)]


def study(name, options, small, large):
    table = grundy.table(options, range(small), name=name)
    print(table)
    patterns = table.patterns()
    for p in patterns:
        print("observed:", p)
    period = next(re.search(r"period (\d+) from n = (\d+)", p) for p in patterns if "period" in p)
    length, start = int(period.group(1)), int(period.group(2))
    values = grundy.values(options, range(large))
    for n in range(start + length, large):
        assert values[n] == values[n - length], (name, n)
    print(f"checked: {name} has period {length} from n = {start} up to n = {large - 1}\n")


if __name__ == "__main__":
    study("take 1, 3 or 4", take_134, 40, 2000)
    study("Kayles", kayles, 150, 400)
