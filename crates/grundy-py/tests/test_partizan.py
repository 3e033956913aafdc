"""Partizan games defined in Python: canonical forms against the built-in rulesets and against
an independent brute force, sums by parts=, symmetry by key=, errors and limits."""

import collections
import functools
import itertools
import random

import pytest

import grundy
from grundy import Partizan, Sum


# Domineering on a board of rows: Left places vertical dominoes, Right horizontal ones.
def domineering(board):
    rows = [list(r) for r in board]
    h, w = len(rows), len(rows[0])

    def place(cells):
        new = [r[:] for r in rows]
        for i, j in cells:
            new[i][j] = "#"
        return tuple("".join(r) for r in new)

    free = lambda i, j: rows[i][j] == "."
    left = [place([(i, j), (i + 1, j)]) for i in range(h - 1) for j in range(w) if free(i, j) and free(i + 1, j)]
    right = [place([(i, j), (i, j + 1)]) for i in range(h) for j in range(w - 1) if free(i, j) and free(i, j + 1)]
    return left, right


def mirror(board):
    """The least of a board's images under the reflections, which swap nothing between the
    players."""
    images = [board, board[::-1], tuple(r[::-1] for r in board), tuple(r[::-1] for r in board[::-1])]
    return min(images)


def built_in(board):
    return grundy.catalogue("domineering", "|".join(board))["canonical_form"]


def test_domineering_in_python_gives_the_built_in_forms():
    game = Partizan(domineering)
    boards = [("." * w,) * h for h in range(1, 4) for w in range(1, 5)]
    rng = random.Random(7)
    for _ in range(40):
        h, w = rng.randint(1, 4), rng.randint(1, 4)
        boards.append(tuple("".join(rng.choice("..#") for _ in range(w)) for _ in range(h)))
    for board in boards:
        assert str(game.value(board)) == built_in(board), board


def test_symmetry_keys_value_each_class_once():
    plain, keyed = Partizan(domineering), Partizan(domineering, key=mirror)
    board = ("....",) * 3
    assert plain.value(board) == keyed.value(board)
    assert str(keyed.value(board)) == built_in(board)
    assert keyed.positions < plain.positions


# Cutcake: Left cuts a w x h cake along its height (w shrinks), Right along its width.
def cutcake(p):
    w, h = p
    return (
        [Sum((a, h), (w - a, h)) for a in range(1, w)],
        [Sum((w, b), (w, h - b)) for b in range(1, h)],
    )


def parts(p):
    return list(p) if isinstance(p, Sum) else [p]


@functools.lru_cache(maxsize=None)
def wins(cakes, left_moves):
    """Whether the player to move (Left if `left_moves`) wins the sum `cakes` (a sorted tuple of
    (w, h)), by the definition: some move leads to a position the opponent loses."""
    for i, (w, h) in enumerate(cakes):
        rest = cakes[:i] + cakes[i + 1 :]
        cuts = [((a, h), (w - a, h)) for a in range(1, w)] if left_moves else [((w, b), (w, h - b)) for b in range(1, h)]
        for x, y in cuts:
            if not wins(tuple(sorted(rest + (x, y))), not left_moves):
                return True
    return False


def outcome_class(cakes):
    cakes = tuple(sorted(cakes))
    return {(True, True): "N", (True, False): "L", (False, True): "R", (False, False): "P"}[
        (wins(cakes, True), wins(cakes, False))
    ]


def test_cutcake_against_brute_force():
    game = Partizan(cutcake, parts=parts)
    cakes = [(w, h) for w in range(1, 6) for h in range(1, 6)]
    for cake in cakes:
        v = game.value(cake)
        assert v.is_integer, (cake, v)    # Cutcake's values are integers (Winning Ways)
        assert v.outcome_class == outcome_class([cake]), cake
    for a, b in itertools.combinations(cakes[:12], 2):
        assert (game.value(a) + game.value(b)).outcome_class == outcome_class([a, b]), (a, b)
    # A sum given as one position is split by parts= and valued as the sum of its parts.
    assert game.value(Sum((3, 1), (1, 2))) == game.value((3, 1)) + game.value((1, 2))


def test_two_functions_or_one():
    both = Partizan(cutcake, parts=parts)
    apart = Partizan(lambda p: cutcake(p)[0], lambda p: cutcake(p)[1], parts=parts)
    assert [str(both.value((w, 2))) for w in range(1, 6)] == [str(apart.value((w, 2))) for w in range(1, 6)]
    assert both.values([(1, 1), (2, 1)]) == [0, 1]
    with pytest.raises(grundy.InputError, match="a pair"):
        Partizan(lambda p: [p]).value(3)


def test_errors_propagate_and_leave_the_game_sound():
    calls = {"n": 0}

    def flaky(p):
        calls["n"] += 1
        if calls["n"] == 5:
            raise RuntimeError("boom")
        return cutcake(p)

    game = Partizan(flaky, parts=parts)
    with pytest.raises(RuntimeError, match="boom"):
        game.value((4, 4))
    assert game.value((4, 4)) == Partizan(cutcake, parts=parts).value((4, 4))
    with pytest.raises(grundy.LimitError, match="limit="):
        Partizan(domineering, limit=10).value(("....",) * 4)
    with pytest.raises(TypeError):
        Partizan(lambda p: ([[1]], [])).value(0)    # an unhashable option
    # A cycle, or a game that goes on for ever, stops at the depth limit, not the stack's.
    with pytest.raises(grundy.InputError, match="cycle"):
        Partizan(lambda p: ([1 - p], [])).value(0)
    with pytest.raises(grundy.InputError, match="2000 moves"):
        Partizan(lambda p: ([p + 1], [p + 1])).value(0)
    # A long game within the limit is valued: a strip of n for Left alone is n.
    assert Partizan(lambda p: ([p - 1] if p else [], [])).value(1500) == 1500


def test_values_work_with_the_shared_games():
    game = Partizan(domineering)
    g = game.value(("..", ".."))
    assert g == grundy.cgt("{1|-1}") and g + grundy.cgt("-1") == grundy.cgt("{0|-2}")
    assert g.outcome_class == "N" and g.birthday == 2
    # A callback may itself use canonical forms.
    assert Partizan(lambda p: ([], []) if grundy.cgt("0") == 0 else None).value(0) == 0


def test_one_function_is_called_once_a_position():
    # Without right=, one call gives both players' options: it is made once a position, as
    # with two functions, and gives the same forms.
    calls = collections.Counter()

    def counted(board):
        calls[board] += 1
        return domineering(board)

    left_calls = collections.Counter()

    def left(board):
        left_calls[board] += 1
        return domineering(board)[0]

    board = ("....",) * 3
    one, two = Partizan(counted), Partizan(left, lambda b: domineering(b)[1])
    assert one.value(board) == two.value(board)
    assert calls and max(calls.values()) == 1 and calls == left_calls
    assert one.positions == len(calls)


def test_options_are_asked_once_a_position_whatever_their_type():
    # Cutcake's options are sums: each term is valued once, so its options are asked for
    # once, with or without parts=, with one function or two. Before, without parts=, each
    # distinct sum was a position of its own whose terms' options were asked again: 480,719
    # calls for the 12 cakes of (4, 3), and (4, 4) was not done in 90 s.
    for make in (
        lambda f: Partizan(f),
        lambda f: Partizan(f, parts=parts),
        lambda f: Partizan(lambda p: f(p)[0], lambda p: cutcake(p)[1]),
    ):
        calls = collections.Counter()

        def counted(p):
            calls[p] += 1
            return cutcake(p)

        game = make(counted)
        assert game.value((4, 3)) == 1 and len(calls) == 12
        assert game.value((9, 9)) == 0 and game.value((12, 5)) == 2
        reached = {(w, h) for w in range(1, 10) for h in range(1, 10)}
        reached |= {(w, h) for w in range(1, 13) for h in range(1, 6)}
        assert set(calls) == reached and max(calls.values()) == 1
        assert game.positions == len(reached)
    # A sum given as one position is the sum of its terms, valued once each.
    game = Partizan(cutcake)
    two = game.value((1, 2))
    assert game.value(Sum((3, 1), Sum((1, 2), (1, 2)))) == game.value((3, 1)) + two + two
    assert game.positions == 4    # (1, 2) and (3, 1), and the (1, 1) and (2, 1) they are cut into


def test_a_timeout_bounds_one_call_and_the_game_goes_on():
    game = Partizan(domineering)
    board = ("......",) * 5
    for call in (lambda: game.value(board, timeout=0), lambda: game.values([board], timeout=0.05)):
        with pytest.raises(grundy.LimitError, match="timeout="):
            call()
    # The next call has the game's own budget back: no deadline.
    assert str(game.value(("....",) * 3)) == built_in(("....",) * 3)
    assert game.value(("...",) * 3, timeout=float("inf")) == game.value(("...",) * 3)
    for bad in (-1, float("nan")):
        with pytest.raises(grundy.InputError, match="timeout="):
            game.value(board, timeout=bad)
