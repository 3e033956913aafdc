"""Search for games defined in Python: `grundy.search` against the solved graph of random
games and of tic-tac-toe, `Partizan.search` against canonical forms (Domineering, Cutcake)
and a brute force, lines of best moves, errors and limits."""

import functools
import random
import time

import pytest

import grundy
from grundy import Partizan, Sum, search

from test_partizan import cutcake, domineering, outcome_class, parts
from test_rules import ttt_options, ttt_result

FLIP = {"win": "loss", "loss": "win", "draw": "draw"}


def random_game(rng, n):
    """A random game without cycles on positions 0..n-1 (moves only to larger positions),
    some positions ending the game by a result."""
    moves = {p: sorted(rng.sample(range(p + 1, n), min(n - p - 1, rng.randint(0, 3)))) for p in range(n)}
    results = {p: rng.choice(["win", "loss", "draw"]) for p in range(n) if rng.random() < 0.15}
    return moves, results


def check_line(solution, found, start):
    """The line begins with the best move and each of its moves is a best move: the outcome
    for the player to move flips at each."""
    assert found["line"][:1] == ([found["best"]] if found["best"] is not None else [])
    outcome = solution.outcome(start)
    for q in found["line"]:
        outcome = FLIP[outcome]
        assert solution.outcome(q) == outcome, (start, q)


@pytest.mark.parametrize("seed", range(6))
def test_random_games_have_the_outcomes_of_their_graphs(seed):
    rng = random.Random(seed)
    for _ in range(40):
        moves, results = random_game(rng, rng.randint(1, 40))
        options, result = moves.__getitem__, results.get
        start = rng.randrange(len(moves))
        solution = grundy.explore(options, start, result=result).solve()
        found = search(options, start, result=result, table=rng.choice([0, 1 << 20]))
        assert found["outcome"] == solution.outcome(start)
        check_line(solution, found, start)


@pytest.mark.parametrize("seed", range(4))
def test_a_searcher_keeps_its_table_and_answers_every_position_as_its_graph(seed):
    rng = random.Random(100 + seed)
    for _ in range(10):
        moves, results = random_game(rng, rng.randint(1, 60))
        options, result = moves.__getitem__, results.get
        graph = grundy.explore(options, 0, result=result)
        solution = graph.solve()
        searcher = grundy.Searcher(options, result=result, table=rng.choice([0, 1 << 20]))
        # Every position in a random order, each search starting from what the others left.
        positions = graph.positions()
        for start in rng.sample(positions, len(positions)):
            found = searcher.search(start)
            assert found["outcome"] == solution.outcome(start), (seed, start)
            check_line(solution, found, start)


def test_a_searcher_stopped_or_failed_stays_right():
    take = lambda n: [n - t for t in (1, 3, 4) if t <= n]
    searcher = grundy.Searcher(take)
    with pytest.raises(grundy.LimitError, match="pass a larger limit="):
        searcher.search(5000, limit=100)
    assert searcher.search(5000)["outcome"] == ("loss" if 5000 % 7 in (0, 2) else "win")
    again = searcher.search(5000)
    assert again["nodes"] < 100
    # A function that raises part-way leaves positions without moves: the table is emptied,
    # and the next search is right.
    calls = []

    def flaky(n):
        calls.append(n)
        if len(calls) == 50:
            raise RuntimeError("flaky")
        return take(n)

    flaky_search = grundy.Searcher(flaky)
    with pytest.raises(RuntimeError, match="flaky"):
        flaky_search.search(300)
    for n in range(300, 280, -1):
        assert flaky_search.search(n)["outcome"] == ("loss" if n % 7 in (0, 2) else "win"), n
    assert "table=67108864" in repr(searcher) and searcher.table == 64 << 20


def test_tictactoe_is_a_draw_by_search():
    g = grundy.explore(ttt_options, "." * 9, result=ttt_result)
    s = g.solve()
    found = search(ttt_options, "." * 9, result=ttt_result)
    assert found["outcome"] == "draw"
    check_line(s, found, "." * 9)
    for board in random.Random(1).sample(g.positions(), 200):
        assert search(ttt_options, board, result=ttt_result)["outcome"] == s.outcome(board), board


def test_a_game_too_large_to_explore_is_searched():
    # Every position has 50 moves to larger numbers, for ever; a move to 37 ends the game
    # (the player to move there has lost). Exploring never ends; the search finds the move.
    options = lambda n: range(1, 51) if n == 0 else [n + 50 * i for i in range(1, 51)]
    result = lambda n: "loss" if n == 37 else None
    with pytest.raises(grundy.LimitError):
        grundy.explore(options, 0, result=result, limit=10_000)
    found = search(options, 0, result=result, limit=10_000)
    assert (found["outcome"], found["best"], found["line"]) == ("win", 37, [37])


def class_by_search(game, position, **options):
    found = game.search(position, **options)
    for side in ("left_first", "right_first"):
        play = found[side]
        # A line starts with the best move.
        assert play["line"][:1] == ([play["best"]] if play["best"] is not None else [])
    return found["outcome_class"]


def test_domineering_by_search_has_the_classes_of_canonical_forms():
    game = Partizan(domineering)
    rng = random.Random(5)
    boards = [("." * w,) * h for h in range(1, 5) for w in range(1, 5)]
    for _ in range(30):
        h, w = rng.randint(1, 4), rng.randint(1, 5)
        boards.append(tuple("".join(rng.choice("...#") for _ in range(w)) for _ in range(h)))
    for board in boards:
        truth = game.value(board).outcome_class
        for small in (0, 10):
            assert class_by_search(game, board, small=small) == truth, (board, small)


def test_a_winning_move_wins_by_canonical_form():
    game = Partizan(domineering)
    for board in [("....",) * 3, ("...",) * 4, ("..#.", "....", ".#..")]:
        for first, at_least in (("left", lambda v: v >= 0), ("right", lambda v: v <= 0)):
            found = game.search(board, first)
            assert found["outcome_class"] is None
            play = found[f"{first}_first"]
            if play["wins"]:
                assert at_least(game.value(play["best"])), (board, first)


def test_cutcake_sums_by_search_against_brute_force():
    game = Partizan(cutcake, parts=parts)
    rng = random.Random(3)
    for _ in range(25):
        cakes = [(rng.randint(1, 4), rng.randint(1, 4)) for _ in range(rng.randint(1, 3))]
        # The moves of a sum are moves in its terms; small=0 searches every cut.
        for small in (0, 4):
            assert class_by_search(game, Sum(*cakes), small=small) == outcome_class(cakes), cakes


def test_a_partizan_search_keeps_its_table_between_calls():
    game = Partizan(domineering)
    rng = random.Random(11)
    boards = [tuple("".join(rng.choice("...#") for _ in range(rng.randint(2, 5))) for _ in range(3)) for _ in range(40)]
    boards = [b for b in boards if len({len(r) for r in b}) == 1]
    truths = {b: Partizan(domineering).value(b).outcome_class for b in boards}
    # One game searched over and over, its table and regions kept: every class still right.
    for board in boards + boards[::-1]:
        assert class_by_search(game, board) == truths[board], board
    board = ("....",) * 4
    first = game.search(board)
    again = game.search(board)
    assert again["outcome_class"] == first["outcome_class"]
    assert again["nodes"] <= first["nodes"]
    # A deadline is the call's own: a later call without one is not stopped by it.
    game.search(("...",) * 3, timeout=0.2)
    time.sleep(0.3)
    assert game.search(("....",) * 5)["outcome_class"] == "R"
    # A function that raises drops the kept search: the next answers are right.
    calls = []

    def flaky(b):
        calls.append(b)
        if len(calls) == 30:
            raise RuntimeError("flaky")
        return domineering(b)

    shaky = Partizan(flaky)
    with pytest.raises(RuntimeError, match="flaky"):
        for board in boards:
            shaky.search(board)
    for board in boards:
        assert class_by_search(shaky, board) == truths[board], board


def test_bad_arguments_and_endless_games():
    game = Partizan(domineering)
    with pytest.raises(grundy.InputError, match="first="):
        game.search(("..",), "up")
    with pytest.raises(grundy.InputError, match="timeout="):
        search(lambda n: [], 0, timeout=-1.0)
    with pytest.raises(grundy.InputError, match="timeout="):
        search(lambda n: [], 0, timeout=float("nan"))
    # A time too long to measure is no limit.
    for forever in (float("inf"), 1e300):
        assert search(lambda n: [n - 1] if n else [], 3, timeout=forever)["outcome"] == "win"
    # A game that never ends, with and without cycles: the depth budget stops the first.
    with pytest.raises(grundy.LimitError, match="depth budget of 20000 moves.*depth="):
        Partizan(lambda p: ([p + 1], [p + 1])).search(0)
    with pytest.raises(grundy.InputError, match="depth="):
        search(lambda n: [], 0, depth=0)
    with pytest.raises(grundy.InputError, match="cycle"):
        search(lambda n: [(n + 1) % 5], 0)


def test_limits_stop_a_search():
    def kayles(n):
        return [Sum(a, n - t - a) for t in (1, 2) if t <= n for a in range(n - t + 1)]

    whole = lambda p: [Sum(*p[:i], *q, *p[i + 1 :]) for i, x in enumerate(p) for q in [tuple(o) for o in kayles(x)]]
    with pytest.raises(grundy.LimitError, match="limit="):
        search(whole, (40, 41, 42), limit=5_000)
    with pytest.raises(grundy.LimitError, match="timeout="):
        search(whole, (40, 41, 42), limit=10**9, timeout=0.2)
    with pytest.raises(grundy.LimitError, match="timeout="):
        Partizan(domineering).search(("......",) * 6, timeout=0.0)


def test_an_exception_in_a_function_propagates():
    def options(n):
        if n == 3:
            raise ValueError("no moves from 3")
        return [n - 1] if n else []

    with pytest.raises(ValueError, match="no moves from 3"):
        search(options, 10)

    def left(board):
        raise KeyError("left")

    with pytest.raises(KeyError):
        Partizan(left, lambda b: []).search(0)
    # The game still works after the error.
    assert search(lambda n: [n - 1] if n else [], 4)["outcome"] == "loss"


def test_the_depth_is_a_budget_that_can_be_raised():
    # Take 1, 3 or 4: the player to move loses at 0 and 2 modulo 7, and a search follows
    # lines of up to n moves before it proves it.
    take = lambda n: [n - t for t in (1, 3, 4) if t <= n]
    with pytest.raises(grundy.LimitError, match="depth budget of 100 moves.*pass a larger depth="):
        search(take, 1000, depth=100)
    assert search(take, 30_002, depth=30_002)["outcome"] == "loss"
    with pytest.raises(grundy.LimitError, match="depth budget of 20000 moves"):
        search(take, 30_002)
    line = Partizan(lambda p: ([p - 1] if p else [], [p - 1] if p else []))
    with pytest.raises(grundy.LimitError, match="pass a larger depth="):
        line.search(30_000, "left", small=0)
    assert line.search(30_000, "left", small=0, depth=30_001)["left_first"]["wins"] is False
    # The stack a depth takes counts against the memory budget.
    with pytest.raises(grundy.LimitError, match="memory=.*smaller depth="):
        search(take, 10, memory=10 << 20, table=1 << 20, depth=10**6)
