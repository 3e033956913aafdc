"""grundy: solve two-player games of perfect information.

Position graphs (``Graph.parse``, ``Graph.read``, ``Graph.from_edges``), games defined in
Python (``explore``, ``values``, ``Sum``, and ``search`` for one position too large to explore), tables and their patterns (``table``), the command line's
catalogue (``catalogue``, ``octal``), nimbers (``Nimber``), partizan games in canonical
form (``cgt``, and ``Partizan`` for a partizan game defined in Python), loopy partizan games
(``loopy``, ``loopy_ruleset``), and misère play of impartial games (``MisereGame``, ``misere_census``, ``MisereQuotient``).
Long calls take ``timeout=``; operations on games (``Cgt``, ``MisereGame``) are bounded by
``with grundy.timeout(seconds):``, and Ctrl-C stops any of them.

>>> import grundy
>>> g = grundy.explore(lambda n: [n - t for t in (1, 3, 4) if t <= n], 10)
>>> g.solve().outcome(7)
'loss'
>>> grundy.values(lambda n: [n - t for t in (1, 3, 4) if t <= n], range(8)).tolist()
[0, 1, 0, 1, 2, 3, 2, 0]
"""

from ._errors import GameError, InputError, LimitError, PositionError
from ._grundy import (
    DEFAULT_LIMIT,
    __version__,
    Cgt,
    Graph,
    LoopyGame,
    MisereGame,
    MisereQuotient,
    Nimber,
    Partizan,
    Payoffs,
    Report,
    Solution,
    Table,
    Values,
    catalogue,
    cgt,
    compound,
    explore,
    families,
    loopy,
    loopy_ruleset,
    loopy_rulesets,
    misere_census,
    search,
    Searcher,
    strong,
    strong_check,
    table,
    timeout,
    values,
)


class Sum(tuple):
    """A position that is the sum of independent positions: ``Sum(2, 3)`` is a game of 2 beside
    a game of 3, ``Sum()`` nothing left. An option of a game given to ``values`` (or
    ``table``) that is a ``Sum`` is valued as the XOR of its parts' values, and a position of
    a ``Partizan`` game that is one as the sum of its terms' canonical forms, each term once;
    any other position, a tuple included, is one game.

    >>> kayles = lambda n: [Sum(a, n - t - a) for t in (1, 2) if t <= n for a in range(n - t + 1)]
    >>> grundy.values(kayles, range(6)).tolist()
    [0, 1, 2, 3, 1, 4]
    """

    __slots__ = ()

    def __new__(cls, *parts):
        return super().__new__(cls, parts)

    def __repr__(self):
        return "Sum(" + ", ".join(map(repr, self)) + ")"


def octal(code, upto=None, **options):
    """The take-and-break game of an octal code (``"0.77"``, ``"0.07"``) or of its name
    (``"kayles"``, ``"dawsons-kayles"``, ``"grundy"``, ``"splittles:1,3"``):
    its values up to ``upto``, rare values and period, as ``grundy octal CODE`` reports them.
    ``progress=True`` shows a progress bar on stderr while the values are computed;
    ``memory=`` bounds their bytes and ``timeout=`` their seconds, as for ``catalogue``.

    >>> grundy.octal("0.77", upto=100)["periodicity"]["period"]
    12
    """
    return catalogue("octal", code, upto=upto, **options)


__all__ = [
    "__version__",
    "DEFAULT_LIMIT",
    "Cgt",
    "GameError",
    "Graph",
    "InputError",
    "LimitError",
    "LoopyGame",
    "MisereGame",
    "MisereQuotient",
    "Nimber",
    "Partizan",
    "Payoffs",
    "PositionError",
    "Report",
    "Searcher",
    "Solution",
    "Sum",
    "Table",
    "Values",
    "catalogue",
    "cgt",
    "compound",
    "explore",
    "families",
    "loopy",
    "loopy_ruleset",
    "loopy_rulesets",
    "misere_census",
    "octal",
    "search",
    "strong",
    "strong_check",
    "table",
    "timeout",
    "values",
]
