"""Games defined in Python, against plain-Python brute force."""

import functools
import itertools
import random

import pytest

import grundy


def nim_options(heaps):
    return [
        tuple(sorted(heaps[:i] + (k,) + heaps[i + 1 :]))
        for i, h in enumerate(heaps)
        for k in range(h)
    ]


def mex(values):
    m = 0
    while m in values:
        m += 1
    return m


@pytest.mark.parametrize("seed", range(5))
def test_nim_outcomes_and_remoteness_match_brute_force(seed):
    rng = random.Random(seed)
    start = tuple(sorted(rng.randint(0, 5) for _ in range(3)))
    g = grundy.explore(nim_options, start)
    s = g.solve()

    @functools.lru_cache(maxsize=None)
    def brute(p):
        """(wins, remoteness) by the definition: fastest win, slowest loss."""
        results = [brute(q) for q in nim_options(p)]
        losing = [r for w, r in results if not w]
        if losing:
            return True, 1 + min(losing)
        return False, 1 + max((r for _, r in results), default=-1)

    for i in range(len(g)):
        p = g.position(i)
        wins, remoteness = brute(p)
        assert s.outcome(p) == ("win" if wins else "loss")
        assert s.remoteness(p) == remoteness
        a, b, c = p
        assert wins == (a ^ b ^ c != 0)
    values = g.values()
    assert all(values[p] == functools.reduce(lambda x, y: x ^ y, p) for p in g.positions())


def kayles(n):
    """Knock down one pin or two neighbours: what is left stands as two rows."""
    return [grundy.Sum(a, n - t - a) for t in (1, 2) if t <= n for a in range(n - t + 1)]


def test_kayles_values_match_brute_force():
    @functools.lru_cache(maxsize=None)
    def brute(n):
        return mex({brute(a) ^ brute(n - t - a) for t in (1, 2) if t <= n for a in range(n - t + 1)})

    got = list(grundy.values(kayles, range(60)))
    assert got == [brute(n) for n in range(60)]
    # The period of Kayles (12, from 72 on) is visible in a table.
    assert list(grundy.table(kayles, range(100)).values()) == list(grundy.values(kayles, range(100)))


def test_values_of_a_loopy_game_come_from_its_graph():
    # 0 <-> 1, both -> 2: each may move back to the other forever, so neither has a finite value.
    moves = {0: [1, 2], 1: [0, 2], 2: [], 3: [0], 4: [5], 5: [4, 6], 6: []}
    assert list(grundy.values(lambda p: moves[p], [2])) == [0]
    with pytest.raises(grundy.InputError, match="no finite"):
        grundy.values(lambda p: moves[p], [0])
    # 4 -> 5 -> {4, 6}: 5 has value 1 (a move to 0, and to 4 whose only move returns to 5).
    assert list(grundy.values(lambda p: moves[p], [4, 5])) == [0, 1]
    # parts= that gives each position back whole splits nothing: still solved on its graph.
    assert list(grundy.values(lambda p: moves[p], [4, 5], parts=lambda p: [p])) == [0, 1]
    # A sum of loopy games has no value the memo can find.
    with pytest.raises(grundy.InputError, match="loopy"):
        grundy.values(lambda p: [grundy.Sum(p, p)] if p == 0 else [0], [1, 0])


def test_a_tuple_is_one_position_and_sums_are_explicit():
    # Two-pile Nim written with tuples: one game (a tuple never splits by itself).
    def nim2(p):
        a, b = p
        return [(x, b) for x in range(a)] + [(a, y) for y in range(b)]

    assert list(grundy.values(nim2, [(3, 3), (1, 2), (0, 0)])) == [0, 3, 0]
    # The same as a sum of two one-pile games, by a Sum or by parts=.
    pile = lambda n: range(n)
    assert list(grundy.values(pile, [grundy.Sum(3, 3), grundy.Sum(1, 2)])) == [0, 3]
    assert list(grundy.values(pile, [(3, 3), (1, 2)], parts=lambda p: p if isinstance(p, tuple) else [p])) == [0, 3]
    # A Sum inside a Sum is flattened; Sum() is nothing left.
    assert list(grundy.values(pile, [grundy.Sum(1, grundy.Sum(2, 3)), grundy.Sum()])) == [0, 0]
    assert repr(grundy.Sum(1, (2, 3))) == "Sum(1, (2, 3))"


def test_a_game_that_never_ends_stops_at_the_default_limit():
    assert grundy.DEFAULT_LIMIT == 10**7
    # Without a limit, the default one stops the game that counts up for ever.
    with pytest.raises(grundy.LimitError, match="10000000 positions"):
        grundy.explore(lambda n: [n + 1], 0)
    with pytest.raises(grundy.LimitError, match="limit="):
        grundy.explore(lambda n: [n + 1], 0, limit=10**4)
    with pytest.raises(grundy.LimitError, match="limit="):
        grundy.values(lambda n: [n + 1], [0], limit=10**4)


LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def line_made(board):
    return any(board[a] != "." and board[a] == board[b] == board[c] for a, b, c in LINES)


def ttt_options(board):
    mover = "x" if board.count("x") == board.count("o") else "o"
    return [board[:i] + mover + board[i + 1 :] for i, c in enumerate(board) if c == "."]


def ttt_result(board):
    if line_made(board):
        return "loss"  # the player who just moved made a line
    if "." not in board:
        return "draw"
    return None


def test_tictactoe_against_minimax():
    g = grundy.explore(ttt_options, "." * 9, result=ttt_result)
    assert len(g) == 5478
    s = g.solve()

    @functools.lru_cache(maxsize=None)
    def minimax(board):
        """+1 the mover wins, 0 draw, -1 loss."""
        r = ttt_result(board)
        if r is not None:
            return {"loss": -1, "draw": 0}[r]
        return max(-minimax(q) for q in ttt_options(board))

    names = {1: "win", 0: "draw", -1: "loss"}
    for board in g.positions():
        assert s.outcome(board) == names[minimax(board)]
    assert s.outcome("." * 9) == "draw"


def test_two_starts_and_players():
    # Player 1 takes 1, player 2 takes 1 or 2 (the library's example).
    def moves(p):
        n, who = p
        most = 1 if who == 1 else 2
        return [(n - t, 3 - who) for t in range(1, min(most, n) + 1)]

    g = grundy.explore(moves, (4, 1), (4, 2), player=lambda p: p[1])
    s = g.solve()
    assert s.outcome((4, 1)) == "loss" and s.outcome((4, 2)) == "win"


def test_an_exception_in_options_propagates_with_its_traceback():
    def options(n):
        if n == 3:
            raise ZeroDivisionError("no moves from 3")
        return [n - 1] if n else []

    with pytest.raises(ZeroDivisionError, match="no moves from 3") as e:
        grundy.explore(options, 10)
    assert any(entry.name == "options" for entry in e.traceback)
    with pytest.raises(ZeroDivisionError):
        grundy.values(options, [10])


def test_an_exception_in_result_propagates():
    def result(p):
        raise LookupError("result")

    with pytest.raises(LookupError):
        grundy.explore(lambda n: [], 0, result=result)


def test_unhashable_options_are_a_type_error():
    with pytest.raises(TypeError):
        grundy.explore(lambda p: [[1, 2]], 0)


def test_options_may_return_any_iterable():
    def gen(n):
        yield from (n - t for t in (1, 2) if t <= n)

    assert list(grundy.explore(gen, 5).solve().outcomes()) == list(
        grundy.explore(lambda n: [n - t for t in (1, 2) if t <= n], 5).solve().outcomes()
    )


def test_limit_stops_a_big_exploration():
    with pytest.raises(grundy.LimitError, match="position budget of 100 ran out.*limit=") as e:
        grundy.explore(lambda n: [n + 1], 0, limit=100)
    assert isinstance(e.value, MemoryError)
    with pytest.raises(grundy.LimitError):
        grundy.explore(lambda n: [n + 1], 0, memory=1 << 20)
    with pytest.raises(grundy.LimitError):
        grundy.values(lambda n: [n + 1], [0], limit=1000)


def test_bad_arguments():
    with pytest.raises(grundy.InputError, match="start"):
        grundy.explore(lambda n: [])
    with pytest.raises(grundy.InputError, match="expected"):
        grundy.explore(lambda n: [], 0, result=lambda p: "maybe")
    with pytest.raises(OverflowError):
        grundy.explore(lambda n: [], 0, limit=-1)
    with pytest.raises(TypeError):
        grundy.explore(lambda n: 5, 0)


def test_three_heaps_solution_is_the_xor_rule_mod_4():
    def options(p):
        return [p[:i] + (p[i] - t,) + p[i + 1 :] for i in range(3) for t in (1, 2, 3) if p[i] >= t]

    g = grundy.explore(options, (6, 5, 7))
    s = g.solve()
    for p in itertools.product(range(7), range(6), range(8)):
        a, b, c = p
        assert s.outcome(p) == ("loss" if (a % 4) ^ (b % 4) ^ (c % 4) == 0 else "win")


class Heap:
    """A heap whose instances all hash alike: positions must be told apart by ``==``."""

    def __init__(self, n):
        self.n = n

    def __hash__(self):
        return 7

    def __eq__(self, other):
        if self.n < 0 or other.n < 0:
            raise ArithmeticError("no negative heaps")
        return self.n == other.n


def test_positions_are_numbered_by_equality_not_identity():
    take = lambda p: [Heap(p.n - t) for t in (1, 2) if t <= p.n]
    g = grundy.explore(take, Heap(300))
    assert len(g) == 301 and g.move_count == 2 * 300 - 1
    s = g.solve()
    assert [s.outcome(Heap(n)) for n in range(6)] == ["loss", "win", "win"] * 2
    assert g.index(Heap(300)) == 0
    # Large ints and built strings are equal without being the same object.
    big = 10**20
    g = grundy.explore(lambda n: [n - t for t in (1, 2) if n - t >= big], big + 1000)
    assert len(g) == 1001 and g.solve().outcome(big + 999) == "loss"
    word = lambda w: [w[:-k] for k in (1, 2) if k <= len(w)]
    g = grundy.explore(word, "x" * 50)
    assert len(g) == 51 and g.solve().outcome("".join(["x"] * 3)) == "loss"
    with pytest.raises(grundy.PositionError):
        g.index("y")


def test_an_exception_in_eq_propagates():
    with pytest.raises(ArithmeticError, match="negative"):
        grundy.explore(lambda p: [Heap(p.n - 1)] if p.n > -1 else [], Heap(3))
