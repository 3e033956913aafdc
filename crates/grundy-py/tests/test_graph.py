"""Position graphs: reading, solving, values, payoffs, bulk arrays, errors."""

import pytest

import grundy

CHAIN = "a b\nb c\n"


def test_parse_and_solve_a_chain():
    g = grundy.Graph.parse(CHAIN)
    assert len(g) == 3 and g.move_count == 2
    s = g.solve()
    assert [s.outcome(p) for p in "abc"] == ["loss", "win", "loss"]
    assert [s.remoteness(p) for p in "abc"] == [2, 1, 0]
    assert s.best("a") == "b" and s.best("c") is None
    assert s.line("a") == ["a", "b", "c"]
    assert s.counts() == (1, 2, 0)
    assert s["b"] == "win"


def test_bulk_results_are_arrays_by_index(int_arrays):
    s = grundy.Graph.parse(CHAIN).solve()
    outcomes = s.outcomes()
    assert int_arrays(outcomes) and int_arrays(s.remotenesses()) and int_arrays(s.best_moves())
    assert list(outcomes) == [-1, 1, -1] and outcomes.tolist() == [-1, 1, -1]
    assert list(s.remotenesses()) == [2, 1, 0]
    assert list(s.best_moves()) == [1, 2, -1]
    loopy = grundy.Graph.parse("x y\ny x\nx e\ny e\n")
    v = loopy.values().array()
    assert int_arrays(v) and v.tolist()[loopy.index("x")] == -1    # infinite
    p = grundy.Graph.parse("s t\nt a\nt b\na payoff=3\nb payoff=-2\n").payoffs().array()
    assert int_arrays(p) and -2 in p.tolist()
    take = lambda n: [n - t for t in (1, 3, 4) if t <= n]
    values = grundy.values(take, range(8))
    assert int_arrays(values) and values.tolist() == [0, 1, 0, 1, 2, 3, 2, 0]
    table = grundy.table(take, range(8)).values()
    assert int_arrays(table) and table.tolist() == values.tolist()


def test_numpy_results_own_their_memory():
    np = pytest.importorskip("numpy")
    a = grundy.Graph.parse(CHAIN).solve().outcomes()
    b = grundy.Graph.parse(CHAIN).solve().outcomes()
    a[0] = 7    # writable, and each call's array its own
    assert a.tolist() == [7, 1, -1] and b.tolist() == [-1, 1, -1]
    assert np.array_equal(b, [-1, 1, -1]) and (b == np.array([-1, 1, -1])).all()


def test_read_the_bundled_example(root):
    g = grundy.Graph.read(str(root / "examples" / "loopy.game"))
    s = g.solve()
    assert s.counts() == (4, 3, 2)
    assert s.outcome("start") == "win" and s.remoteness("start") == 3 and s.best("start") == "a"
    assert s.outcome("c") == "draw" and s.remoteness("c") is None


def test_misere_swaps_the_ends():
    s = grundy.Graph.parse(CHAIN).solve(misere=True)
    assert [s.outcome(p) for p in "abc"] == ["win", "loss", "win"]


def test_edges_with_integer_positions():
    g = grundy.Graph.from_edges([(2, 1), (2, 0), (1, 0)], n=4)
    assert len(g) == 4
    v = g.values()
    assert [v[p] for p in range(4)] == [0, 1, 2, 0]
    assert list(v.array()) == [0, 1, 2, 0]
    assert g.options(2) == [1, 0]


def test_numpy_edges_when_numpy_is_installed():
    np = pytest.importorskip("numpy")
    edges = np.array([[0, 1], [1, 2], [2, 0], [2, 3]], dtype=np.int32)
    from_array = grundy.Graph.from_edges(edges).solve()
    from_pairs = grundy.Graph.from_edges(edges.tolist()).solve()
    assert list(from_array.outcomes()) == list(from_pairs.outcomes())
    with pytest.raises(grundy.InputError, match="shape"):
        grundy.Graph.from_edges(np.zeros((3, 3), dtype=np.int64))


def test_loopy_values():
    g = grundy.Graph.parse("x y\ny x\nx e\ny e\none e\n")
    v = g.values()
    assert v.loopy
    assert v["x"] == "inf(0)" and v["one"] == 1 and v["e"] == 0
    assert v.array()[g.index("x")] == -1


def test_preferences_solve_each_player_to_move():
    # A cycle with a way out to a loss for the mover: with draw first, nobody leaves it.
    g = grundy.Graph.parse("a b\nb a\nb c\n")
    plain = g.solve()
    assert plain.outcome("a") == "loss"
    s = g.solve(prefer="draw,win,loss")
    assert len(s) == 2 * len(g)
    assert s.outcome("b@1") == "draw"


def test_payoffs():
    g = grundy.Graph.parse("s t\nt a\nt b\na payoff=3\nb payoff=-2\n")
    p = g.payoffs()
    assert p.value("s@1") == -2  # player 1 moves to t, player 2 picks b
    assert p.best("t@2") == "b@1"


def test_bad_input_raises_the_readers_message():
    with pytest.raises(grundy.InputError) as e:
        grundy.Graph.parse("a b c\n a")
    assert isinstance(e.value, ValueError) and isinstance(e.value, grundy.GameError)
    assert "<input>:1:5" in str(e.value)


def test_unknown_position_is_a_key_error():
    s = grundy.Graph.parse(CHAIN).solve()
    with pytest.raises(KeyError, match="no position 'z'"):
        s.outcome("z")
    with pytest.raises(IndexError):
        grundy.Graph.parse(CHAIN).position(7)


def test_bad_edges():
    with pytest.raises(grundy.InputError, match="not a pair"):
        grundy.Graph.from_edges([(0, -1)])
    with pytest.raises(grundy.InputError, match="not a pair of integers"):
        grundy.Graph.from_edges([(0, 1, 2)])
    with pytest.raises(grundy.InputError, match="not below n"):
        grundy.Graph.from_edges([(0, 5)], n=3)


def test_bad_preferences():
    with pytest.raises(grundy.InputError, match="prefer"):
        grundy.Graph.parse(CHAIN).solve(prefer="win,win,loss")
