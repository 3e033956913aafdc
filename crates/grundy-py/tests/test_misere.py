"""grundy.MisereGame and grundy.MisereQuotient: misère canonical forms and misère quotients,
checked against plain misère searches written here, which know nothing of forms or quotients:
the outcome of random sums of game trees, and of random sums of heaps of four take-and-break
codes with every winning move the quotient gives; the census; the published examples; and
bad input."""

import functools
import random

import pytest

import grundy
from grundy import MisereGame, MisereQuotient


# A plain misère search: a position is won by the player to move when it has no move (the
# opponent moved last, and lost) or some move leads to a lost position.

def misere_wins(position, moves):
    """Whether the player to move wins `position` in misère play, `moves(position)` giving its
    options (the positions must be hashable and canonical: equal positions, equal keys)."""

    @functools.lru_cache(maxsize=None)
    def wins(p):
        options = moves(p)
        return not options or any(not wins(q) for q in options)

    return wins(position)


# Game trees: a game is the sorted tuple of its options, each a game.

def random_tree(rng, depth):
    if depth == 0:
        return ()
    count = rng.choice([0, 1, 1, 2, 2, 3])
    return tuple(sorted(random_tree(rng, rng.randint(0, depth - 1)) for _ in range(count)))


def tree_sum_moves(position):
    """The options of a sum of trees (a sorted tuple of trees): one tree replaced by one of its
    options."""
    out = set()
    for i, tree in enumerate(position):
        rest = position[:i] + position[i + 1:]
        for option in tree:
            out.add(tuple(sorted(rest + (option,))))
    return list(out)


def tree_outcome(trees):
    position = tuple(sorted(trees))
    return "N" if misere_wins(position, tree_sum_moves) else "P"


def as_game(tree):
    return MisereGame.of(as_game(option) for option in tree)


def mex(values):
    values = set(values)
    return next(n for n in range(len(values) + 1) if n not in values)


def normal_value(tree):
    return mex(normal_value(o) for o in tree)


def misere_value(tree):
    return 1 if not tree else mex(misere_value(o) for o in tree)


def nim_tree(n):
    return tuple(nim_tree(k) for k in range(n))


def test_misere_game_sums_have_the_outcome_of_a_search_of_their_trees():
    rng = random.Random(29)
    for _ in range(400):
        trees = [random_tree(rng, rng.randint(1, 4)) for _ in range(rng.randint(1, 3))]
        total = sum(as_game(t) for t in trees)
        assert isinstance(total, MisereGame)
        assert total.outcome == tree_outcome(trees), (trees, total)


def test_misere_game_values_are_those_of_its_tree():
    rng = random.Random(30)
    for _ in range(300):
        tree = random_tree(rng, rng.randint(0, 5))
        g = as_game(tree)
        assert g.normal_value == normal_value(tree)
        assert g.misere_value == misere_value(tree)
        assert g.outcome == ("P" if misere_value(tree) == 0 else "N")
        # A form is the game of its options, and reads back from its notation.
        assert MisereGame.of(g.options) == g
        assert MisereGame(str(g)) == g and MisereGame(repr(g)) == g
        assert all(o.birthday < g.birthday for o in g.options)


def test_genus_terms_are_misere_values_with_heaps_of_two_added():
    rng = random.Random(31)
    two = MisereGame.nim(2)
    for _ in range(150):
        g = as_game(random_tree(rng, rng.randint(0, 4)))
        base, gammas = g.genus_terms
        assert base == g.normal_value
        total = g
        for n in range(len(gammas) + 3):
            # Past the written terms the sequence alternates between its last two.
            expected = gammas[n] if n < len(gammas) else gammas[len(gammas) - 2 + (n - len(gammas)) % 2]
            assert total.misere_value == expected, (g, n)
            total = total + two
        assert g.genus.startswith(f"{base}^")


def test_nim_heaps_and_texts():
    for n in range(6):
        assert MisereGame.nim(n) == MisereGame(n) == MisereGame(str(n)) == as_game(nim_tree(n))
        assert MisereGame(n).is_nimber and MisereGame(n).birthday == n
    assert MisereGame("2") + MisereGame("2") == MisereGame("32")
    assert MisereGame(1) + MisereGame(1) == MisereGame(0)            # * + * = 0
    assert MisereGame.of([1]) == MisereGame(0)                        # {*} = 0 (the proviso)
    assert MisereGame.of([2]) != MisereGame(0) and str(MisereGame.of([2])) == "2#"
    assert MisereGame.of([0, 2]) == MisereGame(1)                     # *2 reverses through *
    assert str(MisereGame("*[(2#1)21]")) == "(2#1)21" and repr(MisereGame(12)) == "*[&12;]"
    assert MisereGame(0).outcome == "N" and MisereGame(1).outcome == "P"
    assert 1 + MisereGame(1) == MisereGame(0) and MisereGame(2) + "2" == MisereGame("32")
    # Equal games hash equal; a game equals no other kind of object.
    names = {MisereGame("32"): "two twos"}
    assert names[MisereGame(2) + MisereGame(2)] == "two twos"
    assert MisereGame(2) != 2 and MisereGame(0) != "0"


def test_genus_and_phyla_of_the_literature():
    # Conway (On Numbers and Games, ch. 12) and Winning Ways (ch. 13).
    genus = lambda word: MisereGame(word).genus
    assert [genus("0"), genus("1"), genus("2"), genus("32")] == ["0^120", "1^031", "2^20", "0^02"]
    assert genus("2#1") == "2^1420" and MisereGame("2#1").genus_kind == "restless"
    assert MisereGame("2#").phylum == "tame" and MisereGame("2#").is_tame
    assert MisereGame("2#1").phylum == "restless" and not MisereGame("2#1").is_tame
    assert MisereGame("2#0").phylum == "restive" and genus("2#0") == "1^20"
    assert MisereGame(3).genus_terms == (3, [3, 1])


def test_the_census():
    counts = [len(grundy.misere_census(day)) for day in range(5)]
    assert counts == [1, 2, 3, 5, 22]
    assert [str(g) for g in grundy.misere_census(3)] == ["0", "1", "2", "2#", "3"]
    day4 = grundy.misere_census(4)
    assert len(set(day4)) == 22 and all(g.birthday <= 4 for g in day4)
    # Of the 22 games born by day 4, 14 are tame, 4 restive and 4 restless.
    phyla = [g.phylum for g in day4]
    assert (phyla.count("tame"), phyla.count("restive"), phyla.count("restless")) == (14, 4, 4)


def test_misere_game_bad_input():
    for text in ["(21", "2x", "", "#", "&12"]:
        with pytest.raises(grundy.InputError):
            MisereGame(text)
    with pytest.raises(ValueError, match="nim heap"):
        MisereGame(-1)
    with pytest.raises(grundy.InputError):
        MisereGame.nim(2**40)
    with pytest.raises(TypeError):
        MisereGame(1.5)
    with pytest.raises(TypeError):
        MisereGame.of([MisereGame(1), object()])
    with pytest.raises(TypeError):
        MisereGame(1) + 1.5
    with pytest.raises(grundy.LimitError, match="day 6"):
        grundy.misere_census(6)
    with pytest.raises(grundy.InputError):
        grundy.misere_census(-1)


# Take-and-break codes: the moves of a heap, and a plain search of sums of heaps.

def code_moves(code):
    """The options of a heap of n in the code "d0.d1d2...", each a sorted tuple of the heaps
    it leaves: removing j tokens, digit bit 1 lets the heap go, bit 2 leaves one heap, bit 4
    two."""
    before, after = code.split(".")
    digits = [int(before or "0")] + [int(d, 16) for d in after]

    @functools.lru_cache(maxsize=None)
    def moves(n):
        out = set()
        for j, d in enumerate(digits):
            rest = n - j
            if rest < 0:
                continue
            if d & 1 and rest == 0 and j > 0:
                out.add(())
            if d & 2 and rest > 0 and j > 0:
                out.add((rest,))
            if d & 4:
                for a in range(1, rest // 2 + 1):
                    out.add((rest - a, a))
        return sorted(out)

    return moves


def heap_sum_moves(moves):
    """The options of a sum of heaps (a sorted tuple): one heap replaced by what a move leaves;
    heaps without a move are dropped, so equal sums are one key."""

    def sum_moves(position):
        out = set()
        for i, h in enumerate(position):
            if i > 0 and position[i - 1] == h:
                continue
            rest = position[:i] + position[i + 1:]
            for leaves in moves(h):
                out.add(tuple(sorted(rest + tuple(x for x in leaves if moves(x)))))
        return list(out)

    return sum_moves


def played(heaps, move):
    """The heaps after `move` = (heap, leaves)."""
    heap, leaves = move
    rest = list(heaps)
    rest.remove(heap)
    return rest + list(leaves)


@pytest.mark.parametrize("code", ["0.75", "0.77", "0.07", "0.137"])
def test_quotient_outcomes_and_winning_moves_match_a_search(code):
    upto = 20
    q = MisereQuotient(code, upto=upto)
    moves = code_moves(code)
    search = heap_sum_moves(moves)

    def outcome(heaps):
        key = tuple(sorted(h for h in heaps if moves(h)))
        return "N" if misere_wins(key, search) else "P"

    rng = random.Random(code)
    checked = moves_checked = 0
    while checked < 250:
        heaps = [rng.randint(0, 12) for _ in range(rng.randint(1, 4))]
        if sum(heaps) > 24:
            continue
        checked += 1
        expected = outcome(heaps)
        assert q.outcome(heaps) == expected, heaps
        assert q.is_p(q.element_of_sum(heaps)) == (expected == "P")
        winning = q.winning_moves(heaps)
        if expected == "P":
            assert winning == []
        elif any(moves(h) for h in heaps):
            assert winning, heaps
        for move in winning:
            assert move[1] in [tuple(sorted(m, reverse=True)) for m in moves(move[0])]
            assert outcome(played(heaps, move)) == "P", (heaps, move)
            moves_checked += 1
    assert moves_checked > 100
    # Each heap's element, and sums' elements as products of them.
    assert len(q.elements) == upto + 1
    for _ in range(100):
        a, b = rng.randint(0, upto), rng.randint(0, upto)
        assert q.element_of_sum([a, b]) == q.product(q.element(a), q.element(b))


def test_a_quotient_defined_in_python_is_that_of_its_code():
    def kayles(n):
        return [(a, n - t - a) if a and n - t - a else (max(a, n - t - a),) if n > t else ()
                for t in (1, 2) if t <= n for a in range(n - t + 1)]

    mine = MisereQuotient.from_options(kayles, 20)
    code = MisereQuotient("0.77", upto=20)
    assert mine.elements == code.elements and mine.presentation == code.presentation
    assert mine.p_portion == code.p_portion and mine.order == code.order == 24
    assert mine.game == "test_a_quotient_defined_in_python_is_that_of_its_code.<locals>.kayles"


def test_the_quotient_of_misere_nim_and_of_0_75():
    nim = MisereQuotient.from_options(lambda n: [(k,) if k else () for k in range(n)], 3)
    assert (nim.order, len(nim.p_portion)) == (6, 2)
    assert nim.presentation == "<a, b | a^2 = 1, b^3 = b>"
    assert nim.outcome([1]) == "P" and nim.outcome([1, 1]) == "N" and nim.outcome([2, 2]) == "P"
    # Siegel's R8 for 0.75 (Plambeck and Siegel 2008).
    q = MisereQuotient("0.75")
    assert q.upto == 30 and q.order == 8 and q.p_portion == ["a", "c^2"]
    assert q.presentation == "<a, b, c | a^2 = 1, ab = bc, b^2 = c^2, ac^2 = c^3, bc^2 = b, c^4 = c^2>"
    assert q.generators == [("a", 1), ("b", 2), ("c", 5)]
    assert q.relations[0] == ("a^2", "1") and q.growth == [(1, 2), (2, 6), (5, 8)]
    assert q.periodicity == {
        "status": "proven", "preperiod": 8, "period": 2,
        "text": "elements periodic, proven: period 2 from heap 8 (the periodicity theorem applies)",
    }
    assert sorted(q.all_elements) == sorted(set(q.all_elements)) and len(q.all_elements) == 8
    # Words multiply as the relations say, whatever word names an element.
    assert q.product("a", "a") == "1" and q.product("ab", "1") == q.product("b", "c") == "bc"
    assert q.product("b", "c a") == "b"                               # abc = bc^2 = b
    assert q.product("c^4", "1") == "c^2" and q.product("c^1000001", "1") == "c^3"
    # 100,000 heaps at once, each winning move a P-position.
    rng = random.Random(75)
    heaps = [rng.randint(0, 30) for _ in range(100_000)]
    for move in q.winning_moves(heaps):
        assert q.outcome(played(heaps, move)) == "P"
    assert q.element_of_sum([]) == "1" and q.outcome([]) == "N" and q.winning_moves([]) == []
    assert q.outcome(range(4)) == q.outcome((0, 1, 2, 3))


def test_quotient_bad_input():
    q = MisereQuotient("0.75", upto=10)
    with pytest.raises(grundy.InputError, match="beyond the quotient"):
        q.outcome([3, 11])
    with pytest.raises(grundy.InputError, match="beyond the quotient"):
        q.element(11)
    with pytest.raises(grundy.InputError):
        q.winning_moves([-1])
    with pytest.raises(TypeError):
        q.outcome("3,5")
    with pytest.raises(TypeError):
        q.outcome(5)
    with pytest.raises(TypeError):
        q.outcome([1.5])
    with pytest.raises(grundy.InputError, match="no generator is named"):
        q.product("z", "a")
    with pytest.raises(grundy.InputError):
        q.product("a^", "a")
    with pytest.raises(grundy.InputError):
        q.is_p("")
    for code in ["0.x", "", "0.8"]:          # 8: a move that leaves three heaps
        with pytest.raises(grundy.InputError):
            MisereQuotient(code)
    for bad in [{"upto": 2001}, {"upto": -1}, {"sums": 0}, {"memory": 0}]:
        with pytest.raises(grundy.InputError):
            MisereQuotient("0.75", **bad)
    with pytest.raises(grundy.LimitError, match="sums="):
        MisereQuotient("0.35", upto=13, sums=1000)
    nim = lambda n: [(k,) if k else () for k in range(n)]
    with pytest.raises(grundy.InputError, match="leaves a heap of 3"):
        MisereQuotient.from_options(lambda n: nim(n) + ([(3,)] if n == 3 else []), 3)
    with pytest.raises(grundy.InputError, match="leaves a heap of 0"):
        MisereQuotient.from_options(lambda n: [(0,)] if n else [], 3)
    with pytest.raises(grundy.InputError):
        MisereQuotient.from_options(lambda n: [(-1,)] if n else [], 3)
    with pytest.raises(TypeError):
        MisereQuotient.from_options(lambda n: [("a",)], 3)
    with pytest.raises(TypeError):
        MisereQuotient.from_options(lambda n: 5, 3)
    with pytest.raises(ZeroDivisionError):
        MisereQuotient.from_options(lambda n: [1 / 0], 3)
    with pytest.raises(TypeError):
        q.outcome([True])                  # a bool is not a heap
    with pytest.raises(TypeError):
        MisereGame(True)

    class Index:                           # an integer that is not an int, as NumPy's are
        def __init__(self, n):
            self.n = n

        def __index__(self):
            return self.n

    assert q.outcome([Index(2), Index(2)]) == q.outcome([2, 2]) and q.element(Index(5)) == "c"
    assert MisereGame(Index(3)) == MisereGame(3)
    # One int is one heap.
    assert MisereQuotient.from_options(lambda n: [n - 1] if n > 1 else [()] if n else [], 4).order == 2


@pytest.mark.parametrize("code", ["0.75", "0.07", "0.137"])
def test_a_quotient_says_what_the_catalogue_says(code):
    # The command line's `misere-quotient` family, through the catalogue: the same quotient,
    # the same words for its elements, the same outcome letters.
    heaps = [3, 5, 7, 8]
    report = grundy.catalogue("misere-quotient", code, upto=20, sum=heaps, elements=True).json
    q = MisereQuotient(code, upto=20)
    assert (q.game, q.upto, q.order) == (report["game"], report["upto"], report["order"])
    assert q.p_portion == report["p_portion"] and q.presentation == report["presentation"]
    assert q.generators == [(g["name"], g["heap"]) for g in report["generators"]]
    assert q.growth == [(g["heap"], g["order"]) for g in report["growth"]]
    assert q.elements == report["elements"]
    periodicity = {k: v for k, v in q.periodicity.items() if k not in ("text", "needed")}
    assert periodicity == {k: v for k, v in report["periodicity"].items() if k != "needed"}
    answer = report["sum"]
    assert q.element_of_sum(heaps) == answer["element"] and q.outcome(heaps) == answer["outcome"]
    assert q.winning_moves(heaps) == [(m["heap"], tuple(m["leaves"])) for m in answer["winning_moves"]]


def test_tables_of_quotient_elements_are_the_quotient_s():
    t = grundy.table("misere:0.77", range(96))
    q = MisereQuotient("0.77", 95)
    assert t.kind == "elements" and t.game == "misère 0.77 (Kayles)"
    assert [t[n] for n in range(96)] == [q.element(n) for n in range(96)]
    assert t.forms() == q.all_elements
    outcomes = grundy.table("misere:0.77", range(96), outcomes=True)
    assert [outcomes[n] == "P" for n in range(96)] == [q.is_p(q.element(n)) for n in range(96)]
    assert outcomes[0] == "N" and outcomes[1] == "P"
    # A quotient that needs more sums names the call that computes it with more.
    with pytest.raises(grundy.LimitError) as refused:
        grundy.table("misere:0.35", range(21))
    message = str(refused.value)
    assert message.startswith("misère 0.35: the quotient needed more than 300000 sums"), message
    assert message.endswith(
        ": compute it with more sums: catalogue('misere-quotient', '0.35', upto=20, sums=N)"
    ), message
