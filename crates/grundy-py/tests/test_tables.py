"""Tables as a scientist works with them: cells by their coordinates, iteration, shape,
NumPy and pandas (and without them), the notebook's view, and tables of partizan games
defined in Python."""

import html.parser

import pytest

import grundy
from grundy import Partizan, Sum
from test_partizan import cutcake, domineering, mirror, parts


def take(n):
    return [n - t for t in (1, 3, 4) if t <= n]


def two_piles(p):
    a, b = p
    return [(x, b) for x in range(a)] + [(a, y) for y in range(b)]


def empty_board(a, b):
    return ("." * b,) * a


def tables():
    """Tables of every kind, one and two parameters, most not starting at 0."""
    return [
        grundy.table("subtraction:1,3,4", range(5, 30)),
        grundy.table(take, range(3, 20)),
        grundy.table("0.77", range(10, 40), outcomes=True),
        grundy.table("wythoff", range(2, 7), range(3, 9)),
        grundy.table(two_piles, range(1, 6), range(2, 5)),
        grundy.table("wythoff", range(0, 4), range(1, 6), outcomes=True),
        grundy.table("domineering", range(1, 4), range(2, 5)),
        grundy.table("toads-and-frogs", range(1, 3), range(0, 3)),
    ]


def agrees(t, cell, *at):
    """Whether `cell` is the cell at `at` as value() and text() give it, by the table's kind."""
    if t.kind == "values":
        return type(cell) is int and cell == t.value(*at)
    if t.kind == "outcomes":
        return cell == t.text(*at) and cell in ("P", "N", "L", "R")
    return isinstance(cell, grundy.Cgt) and str(cell) == t.text(*at)


@pytest.mark.parametrize("t", tables(), ids=lambda t: f"{t.game}-{t.kind}")
def test_cells_shape_length_and_iteration(t):
    texts = t.texts()
    if t.columns is None:
        assert t.shape == (len(t.rows),) and len(t) == len(t.rows) == len(texts)
        cells = list(t)
        assert len(cells) == len(t)
        for i, n in enumerate(t.rows):
            assert agrees(t, t[n], n) and agrees(t, cells[i], n), n
        outside = [t.rows.start - 1, t.rows.stop] if t.rows.start else [t.rows.stop, -1]
    else:
        assert t.shape == (len(t.rows), len(t.columns)) and len(t) == len(t.rows)
        rows = list(t)
        assert len(rows) == len(t) and all(len(row) == len(t.columns) for row in rows)
        for i, a in enumerate(t.rows):
            for j, b in enumerate(t.columns):
                assert agrees(t, t[a, b], a, b) and agrees(t, rows[i][j], a, b), (a, b)
        assert [str(c) for row in rows for c in row] == texts
        a, b = t.rows.start, t.columns.start
        outside = [(t.rows.stop, b), (a, t.columns.stop), (a - 1, b), (a, -1), (2**70, b)]
    for key in outside:
        with pytest.raises(IndexError, match="outside the table"):
            t[key]


def test_cells_are_indexed_in_the_tables_coordinates():
    t = grundy.table("subtraction:1,3,4", range(5, 12))
    whole = grundy.table("subtraction:1,3,4", range(12))
    assert [t[n] for n in range(5, 12)] == whole.values().tolist()[5:]
    assert t[5] == whole[5] and next(iter(t)) == whole[5]
    grid = grundy.table("wythoff", range(3, 5), range(2, 4))
    assert grid[3, 2] == grundy.table("wythoff", range(5), range(5))[3, 2]
    assert list(grid) == [[grid[3, 2], grid[3, 3]], [grid[4, 2], grid[4, 3]]]


def test_bad_keys():
    line = grundy.table("subtraction:1,3,4", range(10))
    grid = grundy.table("wythoff", range(4), range(4))
    with pytest.raises(TypeError, match="slice"):
        line[2:5]
    with pytest.raises(TypeError, match="not str"):
        line["3"]
    with pytest.raises(TypeError, match="t\\[n\\]"):
        line[1, 2]
    with pytest.raises(TypeError, match="t\\[a, b\\]"):
        grid[1]
    with pytest.raises(TypeError):
        grid[1, 2, 3]
    with pytest.raises(IndexError):
        line[-1]    # no cell counts from the end: n is the parameter


def test_forms_cells_are_games():
    t = grundy.table("domineering", range(1, 4), range(1, 5))
    assert t[2, 2] == grundy.cgt("+-1") and t[2, 2].outcome_class == "N"
    assert t[1, 2] + t[2, 1] == 0    # a row of two beside a column of two
    assert all(str(t[a, b]) == t.text(a, b) for a in t.rows for b in t.columns)


def test_to_numpy():
    np = pytest.importorskip("numpy")
    for t in tables():
        array = t.to_numpy()
        assert array.shape == t.shape
        nested = [list(row) for row in t] if t.columns is not None else list(t)
        assert array.tolist() == nested
        if t.kind == "values":
            assert array.dtype == np.int64
        elif t.kind == "forms":
            assert array.dtype == object
        else:
            assert array.dtype.kind == "U"
    grid = grundy.table("wythoff", range(2, 7), range(3, 9))
    assert (grid.to_numpy() == np.asarray(grid.values()).reshape(grid.shape)).all()
    assert grid.to_numpy()[1, 2] == grid[3, 5]    # positions in the array, coordinates in t


def test_to_pandas():
    pytest.importorskip("pandas")
    line = grundy.table("subtraction:1,3,4", range(5, 30))
    series = line.to_pandas()
    assert list(series.index) == list(line.rows) and series.index.name == "n"
    assert series.name == line.game and all(series.loc[n] == line[n] for n in line.rows)
    for t in tables():
        if t.columns is None:
            assert t.to_pandas().tolist() == list(t)
            continue
        frame = t.to_pandas()
        assert frame.index.name == "a" and frame.columns.name == "b"
        assert list(frame.index) == list(t.rows) and list(frame.columns) == list(t.columns)
        for a in t.rows:
            for b in t.columns:
                assert frame.loc[a, b] == t[a, b], (t.game, a, b)


def test_without_numpy(without_numpy):
    t = grundy.table("wythoff", range(2, 5), range(3, 6))
    with pytest.raises(ImportError, match="pip install numpy"):
        t.to_numpy()
    with pytest.raises(ImportError, match="pip install pandas"):
        t.to_pandas()
    assert type(t.values()).__name__ == "array"
    assert t[2, 3] == t.value(2, 3) and len(list(t)) == 3


class Tags(html.parser.HTMLParser):
    """The elements of an HTML fragment, checked to nest, and the text of each."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.open, self.seen, self.text = [], [], {}

    def handle_starttag(self, tag, attrs):
        self.open.append(tag)
        self.seen.append(tag)

    def handle_endtag(self, tag):
        assert self.open and self.open[-1] == tag, (self.open, tag)
        self.open.pop()

    def handle_data(self, data):
        if self.open:
            self.text[self.open[-1]] = self.text.get(self.open[-1], "") + data


def parse(fragment):
    tags = Tags()
    tags.feed(fragment)
    tags.close()
    assert tags.open == [], tags.open
    return tags


@pytest.mark.parametrize("t", tables(), ids=lambda t: f"{t.game}-{t.kind}")
def test_notebook_view(t):
    view = t._repr_html_()
    tags = parse(view)
    assert tags.seen[:2] == ["div", "svg"]
    assert tags.seen.index("details") < tags.seen.index("summary") < tags.seen.index("pre")
    assert tags.text["summary"] == "table" and tags.text["pre"] == t.to_text()
    assert not hasattr(t, "_repr_png_") and not hasattr(t, "_repr_svg_")


def test_notebook_view_escapes_and_shortens():
    t = grundy.table(take, range(30), name="<b>take & co</b>")
    view = t._repr_html_()
    tags = parse(view)
    assert "b" not in tags.seen and "&lt;b&gt;take &amp; co" in view
    long = grundy.table("subtraction:1,3,4", range(20000))
    pre = parse(long._repr_html_()).text["pre"]
    assert pre.splitlines()[:1000] == long.to_text().splitlines()[:1000]
    assert pre.splitlines()[-1] == "... 1001 more lines: to_text() has them all"


def test_python_domineering_table_is_the_built_in_one():
    game = Partizan(domineering, key=mirror)
    t = grundy.table(game, range(1, 4), range(1, 5), position=empty_board)
    built_in = grundy.table("domineering", range(1, 4), range(1, 5))
    assert t.kind == "forms" and t.game == "domineering" and t.shape == built_in.shape
    assert t.texts() == built_in.texts() and t.forms() == built_in.forms()
    for a in t.rows:
        for b in t.columns:
            assert t[a, b] == built_in[a, b] == game.value(empty_board(a, b)), (a, b)
    outcomes = grundy.table(game, range(1, 4), range(1, 5), position=empty_board, outcomes=True)
    assert outcomes.kind == "outcomes" and outcomes.texts() == t.outcomes().texts()
    assert all(outcomes[a, b] == t[a, b].outcome_class for a in t.rows for b in t.columns)
    assert outcomes.texts() == built_in.outcomes().texts()


def test_partizan_table_of_pairs_and_of_one_parameter():
    cake = Partizan(cutcake, parts=parts)
    t = grundy.table(cake, range(1, 5), range(2, 6))    # positions: the pairs (w, h)
    assert all(t[w, h] == cake.value((w, h)) for w in t.rows for h in t.columns)
    assert t.game == "cutcake" and t.to_text().startswith("a\\b")
    # One parameter: Domineering on the 2 x n strips, the column a = 2 of the built-in table.
    strips = grundy.table(
        Partizan(domineering), range(1, 7), position=lambda n: empty_board(2, n), name="2 x n"
    )
    built_in = grundy.table("domineering", range(2, 3), range(1, 7))
    assert strips.kind == "forms" and strips.shape == (6,) and strips.game == "2 x n"
    assert strips.texts() == built_in.texts() and list(strips) == list(built_in)[0]
    assert [strips[n].outcome_class for n in strips.rows] == strips.outcomes().texts()
    # A sum of parts as a table's position.
    sums = grundy.table(cake, range(1, 4), position=lambda n: Sum((n, 1), (1, n)))
    assert all(sums[n] == cake.value((n, 1)) + cake.value((1, n)) == 0 for n in sums.rows)


def test_partizan_tables_have_pictures_and_patterns():
    game = Partizan(domineering, key=mirror)
    for t in [
        grundy.table(game, range(1, 4), range(1, 4), position=empty_board),
        grundy.table(game, range(1, 8), position=lambda n: empty_board(1, n)),
    ]:
        assert t.picture()[:4] == b"\x89PNG" and t.picture("svg").startswith("<svg")
        assert "<svg" in t._repr_html_()
        assert isinstance(t.patterns(), list)
    # One row of n cells: Right alone moves, -floor(n / 2), negative integers.
    row = grundy.table(game, range(1, 8), position=lambda n: empty_board(1, n))
    assert [str(c) for c in row] == ["0", "-1", "-1", "-2", "-2", "-3", "-3"]


def test_partizan_table_errors_and_budget():
    with pytest.raises(grundy.LimitError, match="limit="):
        grundy.table(Partizan(domineering, limit=10), range(1, 5), range(1, 5), position=empty_board)
    with pytest.raises(grundy.InputError, match="Partizan"):
        grundy.table(Partizan(domineering), range(1, 3), range(1, 3), limit=5)
    with pytest.raises(grundy.InputError, match="position="):
        grundy.table("domineering", range(1, 3), range(1, 3), position=empty_board)

    def broken(a, b):
        raise RuntimeError("no board")

    with pytest.raises(RuntimeError, match="no board"):
        grundy.table(Partizan(domineering), range(1, 3), range(1, 3), position=broken)
    # The size is checked before any position is made.
    with pytest.raises(grundy.LimitError, match="cells"):
        grundy.table(Partizan(domineering), range(1 << 20), range(1 << 20), position=broken)
    with pytest.raises(grundy.LimitError, match="cells"):
        grundy.table(take, range(1 << 40), position=broken)


def test_position_function_for_impartial_games():
    t = grundy.table(take, range(3, 10), position=lambda n: 2 * n)
    assert t.values().tolist() == grundy.values(take, range(6, 20, 2)).tolist()
    nim = grundy.table(lambda p: [(a, p[1]) for a in range(p[0])], range(4), range(3),
                       position=lambda a, b: (a + b, 0))
    assert all(nim[a, b] == a + b for a in range(4) for b in range(3))
