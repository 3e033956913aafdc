"""`progress=True`: a bar on stderr while long calls run, nothing without it; the same
answers either way."""

import grundy


def subtraction(n):
    return [n - t for t in (1, 3, 4) if t <= n]


def kayles(n):
    return [grundy.Sum(a, n - t - a) for t in (1, 2) if t <= n for a in range(n - t + 1)]


def two_piles(p):
    a, b = p
    return [(x, b) for x in range(a)] + [(a, y) for y in range(b)]


def quietly_and_with_a_bar(capfd, call):
    """The answer of `call(False)` and of `call(True)`, checking what each writes to stderr."""
    capfd.readouterr()
    quiet = call(False)
    assert capfd.readouterr().err == ""
    shown = call(True)
    err = capfd.readouterr().err
    assert err != "", "progress=True wrote nothing on stderr"
    return quiet, shown, err


def test_explore(capfd):
    def call(progress):
        g = grundy.explore(subtraction, 2000, progress=progress)
        return [g.solve().outcome(n) for n in range(2000)]

    quiet, shown, err = quietly_and_with_a_bar(capfd, call)
    assert quiet == shown
    assert "exploring" in err


def test_values(capfd):
    for game in (kayles, subtraction):
        quiet, shown, _ = quietly_and_with_a_bar(
            capfd,
            lambda progress: list(grundy.values(game, range(60), progress=progress)),
        )
        assert quiet == shown


def test_tables(capfd):
    for args, phase in [
        (("0.77", range(300)), "heaps"),
        (("domineering", range(1, 4), range(1, 4)), "tabulating"),
    ]:
        quiet, shown, err = quietly_and_with_a_bar(
            capfd, lambda progress: grundy.table(*args, progress=progress)
        )
        assert quiet.texts() == shown.texts() and quiet.kind == shown.kind
        assert phase in err
    quiet, shown, _ = quietly_and_with_a_bar(
        capfd, lambda progress: grundy.table(two_piles, range(8), range(8), progress=progress)
    )
    assert list(quiet.values()) == list(shown.values())
    # A partizan game defined in Python: a bar of the cells valued.
    cutcake = grundy.Partizan(
        lambda p: ([grundy.Sum((a, p[1]), (p[0] - a, p[1])) for a in range(1, p[0])],
                   [grundy.Sum((p[0], b), (p[0], p[1] - b)) for b in range(1, p[1])]),
        parts=lambda p: p if isinstance(p, grundy.Sum) else [p],
    )
    quiet, shown, err = quietly_and_with_a_bar(
        capfd, lambda progress: grundy.table(cutcake, range(1, 6), range(1, 6), progress=progress)
    )
    assert quiet.texts() == shown.texts() and "valuing" in err


def test_octal_and_catalogue(capfd):
    quiet, shown, _ = quietly_and_with_a_bar(
        capfd, lambda progress: grundy.octal("0.77", upto=5000, progress=progress).json
    )
    assert quiet == shown


def test_graph_read(capfd, tmp_path):
    path = tmp_path / "chain.txt"
    path.write_text("".join(f"{n} {n + 1}\n" for n in range(1000)))
    quiet, shown, err = quietly_and_with_a_bar(
        capfd, lambda progress: grundy.Graph.read(str(path), progress=progress).to_text()
    )
    assert quiet == shown


def test_the_bar_is_cleared_on_error(capfd):
    def broken(n):
        if n == 500:
            raise RuntimeError("no moves here")
        return [n + 1]

    capfd.readouterr()
    try:
        grundy.explore(broken, 0, progress=True)
    except RuntimeError:
        pass
    else:
        raise AssertionError("the error did not propagate")
    err = capfd.readouterr().err
    # Cleared: the last thing written erases the line.
    assert err.endswith("\x1b[2K") or err.endswith("\r")


def cutcake(cake):
    w, h = cake
    return (
        [grundy.Sum((a, h), (w - a, h)) for a in range(1, w)],
        [grundy.Sum((w, b), (w, h - b)) for b in range(1, h)],
    )


def test_partizan_values(capfd):
    parts = lambda p: p if isinstance(p, grundy.Sum) else [p]
    cakes = [(w, h) for w in range(1, 9) for h in range(1, 9)]

    def call(progress):
        # A new game each time: what one call memoised, the next would not ask for again.
        game = grundy.Partizan(cutcake, parts=parts)
        one = game.value((9, 9), progress=progress)
        return [one] + game.values(cakes, progress=progress), game.positions

    (quiet, asked), (shown, asked_again), err = quietly_and_with_a_bar(capfd, call)
    assert quiet == shown and asked == asked_again
    assert "valuing: positions" in err
    # The bar is gone after an error too, and the game still answers.
    game = grundy.Partizan(cutcake, parts=parts, limit=5)
    try:
        game.value((9, 9), progress=True)
    except grundy.LimitError:
        pass
    else:
        raise AssertionError("a limit of 5 positions is not enough for a 9 x 9 cake")
    capfd.readouterr()
    assert game.value((1, 1)) == 0 and capfd.readouterr().err == ""
